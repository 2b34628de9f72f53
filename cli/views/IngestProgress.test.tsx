import { render } from 'ink-testing-library';
import { createLogger } from '../../core/logger';
import { FakeTerminal } from '../../test/helpers/fake-terminal';
import { HeldLogs } from '../held-logs';
import { describe, expect, it } from 'vitest';
import type { FeedRunResult, IngestProgress } from '../../core/ingest/ingest-feeds';
import { bar, IngestProgressView, initialProgress, reduceProgress, withIngestProgress } from './IngestProgress';

const result = (outlet: string, status: FeedRunResult['status'], itemsNew = 0, duplicates = 0): FeedRunResult => ({
  feedId: 1,
  outlet,
  url: `https://${outlet}.example/feed`,
  status,
  httpStatus: status === 'failed' ? 500 : 200,
  itemsNew,
  duplicates,
  carried: 0,
  itemsSkipped: 0,
});

const events: IngestProgress[] = [
  { type: 'start', totalDue: 3 },
  { type: 'batch-start', batch: 1, size: 2 },
  { type: 'feed-done', batch: 1, result: result('ledger', 'fetched', 12, 1) },
  { type: 'feed-done', batch: 1, result: result('broken', 'failed') },
  { type: 'batch-done', batch: 1 },
  { type: 'batch-start', batch: 2, size: 1 },
];

describe('ingest progress view', () => {
  it('keeps one bar per batch: finished batches with totals, the running one live', () => {
    const state = events.reduce(reduceProgress, initialProgress());
    expect(state.finished).toEqual([expect.objectContaining({ batch: 1, done: 2, itemsNew: 12, duplicates: 1, failed: 1 })]);
    expect(state.batches).toEqual([expect.objectContaining({ batch: 2, size: 1, done: 0 })]);
    expect(state.failures.map((f) => f.outlet)).toEqual(['broken']);

    const { lastFrame, unmount } = render(<IngestProgressView state={state} />);
    const frame = lastFrame()!;
    expect(frame).toContain('✓ batch 1');
    expect(frame).toContain('2/2 feeds');
    expect(frame).toContain('12 new');
    expect(frame).toContain('1 failed');
    expect(frame).toContain('▸ batch 2');
    expect(frame).toContain('0/1 feeds');
    unmount();
  });

  it('draws proportional bars', () => {
    expect(bar(0, 4, 8)).toBe('░░░░░░░░');
    expect(bar(2, 4, 8)).toBe('████░░░░');
    expect(bar(4, 4, 8)).toBe('████████');
    expect(bar(0, 0, 4)).toBe('████');
  });
});

describe('ingest progress on a terminal', () => {
  it('never mixes JSON log lines into the progress display: they are held, then printed after the bar ends', async () => {
    const terminal = new FakeTerminal();
    const held = new HeldLogs();
    const logger = createLogger('info', held);
    const stats = await withIngestProgress(
      async (onProgress) => {
        onProgress({ type: 'start', totalDue: 2 });
        onProgress({ type: 'batch-start', batch: 1, size: 2 });
        logger.warn({ outlet: 'broken' }, 'feed failed');
        onProgress({ type: 'feed-done', batch: 1, result: result('broken', 'failed') });
        logger.warn({ guid: 'x' }, 'item skipped');
        onProgress({ type: 'feed-done', batch: 1, result: result('ledger', 'fetched', 3) });
        onProgress({ type: 'batch-done', batch: 1 });
        return { feeds: 2, fetched: 1, notModified: 0, failed: 1, itemsNew: 3, duplicates: 0, carried: 0, itemsSkipped: 1, durationMs: 5, results: [] };
      },
      { stream: terminal as unknown as NodeJS.WriteStream, logs: held },
    );
    expect(stats.itemsNew).toBe(3);
    const firstLog = terminal.writes.findIndex((w) => w.includes('"level"'));
    const lastFrame = terminal.writes.findLastIndex((w) => w.includes('batch 1'));
    expect(lastFrame).toBeGreaterThanOrEqual(0);
    expect(firstLog).toBeGreaterThan(lastFrame);
    expect(terminal.writes.slice(firstLog).map((w) => JSON.parse(w).msg)).toEqual(['feed failed', 'item skipped']);
    // Once the view is gone, lines go straight through.
    logger.warn('after the bar');
    expect(terminal.writes.at(-1)).toContain('after the bar');
  });
});
