import { Box, render, Static, Text } from 'ink';
import type { FeedRunResult, IngestProgress, IngestStats } from '../../core/ingest/ingest-feeds';
import type { HeldLogs } from '../held-logs';

/**
 * Live ingest progress on a terminal: one bar per feed batch. Finished batches move into <Static>
 * (printed once, never redrawn); the running batch shows its bar and the feeds that just finished.
 */

type Batch = { batch: number; size: number; done: number; itemsNew: number; duplicates: number; failed: number; notModified: number; last?: FeedRunResult };
export type ProgressState = { totalDue: number | null; batches: Batch[]; finished: Batch[]; failures: FeedRunResult[] };

export function initialProgress(): ProgressState {
  return { totalDue: null, batches: [], finished: [], failures: [] };
}

/** Pure reducer, so the view's behaviour is testable without a terminal. */
export function reduceProgress(state: ProgressState, event: IngestProgress): ProgressState {
  switch (event.type) {
    case 'start':
      return { ...state, totalDue: event.totalDue };
    case 'batch-start':
      return {
        ...state,
        batches: [...state.batches, { batch: event.batch, size: event.size, done: 0, itemsNew: 0, duplicates: 0, failed: 0, notModified: 0 }],
      };
    case 'feed-done': {
      const r = event.result;
      return {
        ...state,
        failures: r.status === 'failed' ? [...state.failures, r] : state.failures,
        batches: state.batches.map((b) =>
          b.batch === event.batch
            ? {
                ...b,
                done: b.done + 1,
                itemsNew: b.itemsNew + r.itemsNew,
                duplicates: b.duplicates + r.duplicates,
                failed: b.failed + (r.status === 'failed' ? 1 : 0),
                notModified: b.notModified + (r.status === 'not_modified' ? 1 : 0),
                last: r,
              }
            : b,
        ),
      };
    }
    case 'batch-done': {
      const done = state.batches.find((b) => b.batch === event.batch);
      return { ...state, batches: state.batches.filter((b) => b.batch !== event.batch), finished: done ? [...state.finished, done] : state.finished };
    }
  }
}

export function bar(done: number, total: number, width = 24): string {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `${'█'.repeat(filled)}${'░'.repeat(Math.max(0, width - filled))}`;
}

function BatchLine({ batch, live }: { batch: Batch; live: boolean }) {
  return (
    <Box>
      <Text color={live ? 'cyan' : 'green'}>
        {live ? '▸' : '✓'} batch {batch.batch}{' '}
      </Text>
      <Text>{bar(batch.done, batch.size)} </Text>
      <Text>
        {batch.done}/{batch.size} feeds · <Text color="green">{batch.itemsNew} new</Text> · {batch.duplicates} dup · {batch.notModified} not modified
        {batch.failed ? <Text color="red"> · {batch.failed} failed</Text> : null}
      </Text>
    </Box>
  );
}

export function IngestProgressView({ state }: { state: ProgressState }) {
  return (
    <Box flexDirection="column">
      <Static items={state.finished}>{(b) => <BatchLine key={b.batch} batch={b} live={false} />}</Static>
      {state.batches.map((b) => (
        <Box key={b.batch} flexDirection="column">
          <BatchLine batch={b} live />
          {b.last ? (
            <Text dimColor>
              {' '}
              last: {b.last.outlet} ({b.last.status}
              {b.last.itemsNew ? `, ${b.last.itemsNew} new` : ''})
            </Text>
          ) : null}
        </Box>
      ))}
      {state.totalDue !== null && state.finished.length === 0 && state.batches.length === 0 ? <Text dimColor>{state.totalDue} feed(s) due…</Text> : null}
    </Box>
  );
}

/**
 * Renders live progress while `run` works; returns its result after the last frame is drawn. Log
 * lines held meanwhile (see HeldLogs) are printed once the view has ended, never between frames.
 */
export async function withIngestProgress(
  run: (onProgress: (event: IngestProgress) => void) => Promise<IngestStats>,
  options: { stream?: NodeJS.WriteStream; logs?: HeldLogs } = {},
): Promise<IngestStats> {
  const stream = options.stream ?? process.stderr;
  let state = initialProgress();
  const instance = render(<IngestProgressView state={state} />, { stdout: stream, patchConsole: false });
  try {
    return await run((event) => {
      state = reduceProgress(state, event);
      instance.rerender(<IngestProgressView state={state} />);
    });
  } finally {
    instance.rerender(<IngestProgressView state={state} />);
    instance.unmount();
    await instance.waitUntilExit();
    options.logs?.release(stream);
  }
}
