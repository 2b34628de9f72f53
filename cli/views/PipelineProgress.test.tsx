import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger';
import type { ProgressEvent } from '../../core/pipeline/types';
import { FakeTerminal, inkDrawsLive } from '../../test/helpers/fake-terminal';
import { HeldLogs } from '../held-logs';
import { initialPipelineProgress, PipelineProgress, progressReporter, reducePipelineProgress } from './PipelineProgress';

const run: ProgressEvent[] = [
  { stage: 'cluster', status: 'started' },
  { stage: 'cluster', status: 'progress', processed: 40 },
  { stage: 'cluster', status: 'finished', processed: 78 },
  { stage: 'summarise', status: 'started' },
  { stage: 'summarise', status: 'progress', processed: 3 },
];

describe('pipeline progress', () => {
  it('shows finished stages once and the running one live with its counts', () => {
    const state = run.reduce(reducePipelineProgress, initialPipelineProgress());
    const { lastFrame, unmount } = render(<PipelineProgress state={state} />);
    expect(lastFrame()).toContain('✓ Cluster source items into stories: 78 done');
    expect(lastFrame()).toContain('▸ Summarise (five layers): 3 done');
    unmount();
  });

  it('draws on a terminal even when the run never yields to the event loop between stages', async () => {
    const terminal = new FakeTerminal();
    const reporter = progressReporter({ stream: terminal as unknown as NodeJS.WriteStream });
    // The offline pipeline is CPU-bound and the embedded database answers in microtasks: events
    // arrive back to back, with no timer or I/O turn in between.
    reporter.onProgress({ stage: 'cluster', status: 'started' });
    if (inkDrawsLive) expect(terminal.text).toContain('▸ Cluster source items into stories: 0 done');
    for (const event of run.slice(1)) reporter.onProgress(event);
    reporter.onProgress({ stage: 'summarise', status: 'finished', processed: 54, failed: 1 });
    reporter.onProgress({ stage: 'publish', status: 'failed', message: 'database went away' });
    await reporter.done();
    expect(terminal.text).toContain('✓ Cluster source items into stories: 78 done');
    expect(terminal.text).toContain('✓ Summarise (five layers): 54 done, 1 failed');
    expect(terminal.text).toContain('✗ Publish (gate + auto-publish): 0 done (database went away)');
  });

  it('prints one line per finished stage when not on a terminal, nothing with --json', async () => {
    const pipe = Object.assign(new FakeTerminal(), { isTTY: false });
    const reporter = progressReporter({ stream: pipe as unknown as NodeJS.WriteStream });
    for (const event of run) reporter.onProgress(event);
    await reporter.done();
    expect(pipe.writes).toEqual(['✓ Cluster source items into stories: 78 done\n']);
    const quiet = new FakeTerminal();
    const json = progressReporter({ json: true, stream: quiet as unknown as NodeJS.WriteStream });
    json.onProgress(run[0]!);
    await json.done();
    expect(quiet.writes).toEqual([]);
  });

  it('holds log lines while the view draws and prints them after it', async () => {
    const terminal = new FakeTerminal();
    const held = new HeldLogs();
    const logger = createLogger('info', held);
    const reporter = progressReporter({ stream: terminal as unknown as NodeJS.WriteStream, logs: held });
    reporter.onProgress({ stage: 'cluster', status: 'started' });
    logger.warn('item failed');
    reporter.onProgress({ stage: 'cluster', status: 'finished', processed: 2 });
    await reporter.done();
    const log = terminal.writes.findIndex((w) => w.includes('item failed'));
    expect(log).toBe(terminal.writes.length - 1);
    expect(terminal.writes.slice(0, log).join('')).toContain('Cluster source items into stories: 2 done');
  });
});
