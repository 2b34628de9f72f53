import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { FeedRunResult, IngestProgress } from '../../core/ingest/ingest-feeds';
import { bar, IngestProgressView, initialProgress, reduceProgress } from './IngestProgress';

const result = (outlet: string, status: FeedRunResult['status'], itemsNew = 0, duplicates = 0): FeedRunResult => ({
  feedId: 1, outlet, url: `https://${outlet}.example/feed`, status, httpStatus: status === 'failed' ? 500 : 200, itemsNew, duplicates, carried: 0, itemsSkipped: 0,
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
