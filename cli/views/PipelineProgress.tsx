import { Box, render, Static, Text } from 'ink';
import type { ProgressEvent, StageName } from '../../core/pipeline/types';
import type { HeldLogs } from '../held-logs';

/**
 * Progress per pipeline stage on a terminal: finished stages move into <Static> (printed once), the
 * running one shows its counts live. The reducer is pure so the behaviour is testable without a terminal.
 */

export const STAGE_LABELS: Record<StageName, string> = {
  cluster: 'Cluster source items into stories',
  summarise: 'Summarise (five layers)',
  fact_check: 'Fact-check and score',
  patterns: 'Detect patterns and signals',
  enrich: 'Enrich with external data',
  publish: 'Publish (gate + auto-publish)',
};

type StageLine = { stage: StageName; status: 'running' | 'finished' | 'failed'; processed: number; failed: number; message?: string };
export type PipelineProgressState = { finished: StageLine[]; running: StageLine | null };

export function initialPipelineProgress(): PipelineProgressState {
  return { finished: [], running: null };
}

export function reducePipelineProgress(state: PipelineProgressState, event: ProgressEvent): PipelineProgressState {
  const line: StageLine = { stage: event.stage, status: 'running', processed: event.processed ?? 0, failed: event.failed ?? 0, message: event.message };
  switch (event.status) {
    case 'started':
      return { ...state, running: line };
    case 'progress':
      return { ...state, running: { ...line, message: state.running?.message } };
    case 'finished':
    case 'failed':
      return { finished: [...state.finished, { ...line, status: event.status }], running: null };
  }
}

export function describeStage(line: StageLine): string {
  return `${STAGE_LABELS[line.stage]}: ${line.processed} done${line.failed ? `, ${line.failed} failed` : ''}${line.message ? ` (${line.message})` : ''}`;
}

function Line({ line }: { line: StageLine }) {
  const mark = line.status === 'running' ? '▸' : line.status === 'failed' ? '✗' : '✓';
  const color = line.status === 'running' ? 'cyan' : line.status === 'failed' ? 'red' : 'green';
  return (
    <Text>
      <Text color={color}>{mark} </Text>
      {describeStage(line)}
    </Text>
  );
}

export function PipelineProgress({ state }: { state: PipelineProgressState }) {
  return (
    <Box flexDirection="column">
      <Static items={state.finished}>{(line, i) => <Line key={i} line={line} />}</Static>
      {state.running ? <Line line={state.running} /> : null}
    </Box>
  );
}

/**
 * Gives an onProgress callback for a run: an Ink view on a TTY (stderr), one line per finished
 * stage otherwise, nothing with --json. Call done() when the run ends.
 *
 * The view is redrawn with rerender() from the callback itself, as the ingest view is: the offline
 * pipeline is CPU-bound and the embedded database answers in microtasks, so a view waiting for
 * React effects or timers to fire would draw nothing until the run was over.
 */
export function progressReporter(options: { json?: boolean; stream?: NodeJS.WriteStream; logs?: HeldLogs }): {
  onProgress: (event: ProgressEvent) => void;
  done: () => Promise<void>;
} {
  const stream = options.stream ?? process.stderr;
  let state = initialPipelineProgress();
  if (options.json) return { onProgress: () => {}, done: async () => {} };
  if (!stream.isTTY) {
    return {
      onProgress: (event) => {
        state = reducePipelineProgress(state, event);
        if (event.status === 'finished' || event.status === 'failed')
          stream.write(`${event.status === 'failed' ? '✗' : '✓'} ${describeStage(state.finished.at(-1)!)}\n`);
      },
      done: async () => {},
    };
  }
  const instance = render(<PipelineProgress state={state} />, { stdout: stream, patchConsole: false });
  let last = 0;
  return {
    onProgress: (event) => {
      state = reducePipelineProgress(state, event);
      const now = Date.now();
      // Counts redraw at most ten times a second; stage boundaries always.
      if (event.status !== 'progress' || now - last > 100) {
        last = now;
        instance.rerender(<PipelineProgress state={state} />);
      }
    },
    done: async () => {
      instance.rerender(<PipelineProgress state={state} />);
      instance.unmount();
      await instance.waitUntilExit();
      // Log lines held while the view drew are printed after it, never between its frames.
      options.logs?.release(stream);
    },
  };
}
