import { describe, expect, it } from 'vitest';
import { confidencePercent, estimateRemaining, formatDuration, runHealth, SENTIMENT_TONE, tagsShown, URGENCY_TONE } from './progress';

describe('progress overlay rules', () => {
  it('formats durations as seconds or "Xm Ys"', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(59.4)).toBe('59s');
    expect(formatDuration(60)).toBe('1m 0s');
    expect(formatDuration(125)).toBe('2m 5s');
  });

  it('shows the estimate only after 5 s and only under 300 s', () => {
    expect(estimateRemaining(4_000, 50)).toBeNull();
    expect(estimateRemaining(10_000, 50)).toBe('10s');
    expect(estimateRemaining(60_000, 25)).toBe('3m 0s');
    expect(estimateRemaining(200_000, 40)).toBeNull(); // 300 s left
    expect(estimateRemaining(10_000, 0)).toBeNull();
    expect(estimateRemaining(10_000, 100)).toBeNull();
  });

  it('health, tags, confidence and the spec colours', () => {
    expect(runHealth({ status: 'succeeded', failed: 0 })).toEqual({ label: 'Healthy', tone: 'green' });
    expect(runHealth({ status: 'succeeded', failed: 2 })).toEqual({ label: 'Degraded', tone: 'yellow' });
    expect(runHealth({ status: 'failed', failed: 0 })).toEqual({ label: 'Failing', tone: 'red' });
    expect(tagsShown(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b'], more: 2 });
    expect(tagsShown(['a'])).toEqual({ shown: ['a'], more: 0 });
    expect(confidencePercent({ truth_score: 0.834, fact_check_score: 0.5 })).toBe(83);
    expect(confidencePercent({ truth_score: null, fact_check_score: 0.5 })).toBe(50);
    expect(confidencePercent({ truth_score: null, fact_check_score: null })).toBeNull();
    expect([SENTIMENT_TONE(0.31), SENTIMENT_TONE(0.3), SENTIMENT_TONE(-0.3), SENTIMENT_TONE(-0.31)]).toEqual(['green', 'yellow', 'red', 'red']);
    expect([URGENCY_TONE(81), URGENCY_TONE(80), URGENCY_TONE(61), URGENCY_TONE(60)]).toEqual(['red', 'yellow', 'yellow', 'green']);
  });
});
