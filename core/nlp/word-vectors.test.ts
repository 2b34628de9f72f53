import { describe, expect, it } from 'vitest';
import { meaningOf, meaningSimilarity } from './word-vectors';

describe('what a text is about', () => {
  it('points one way for one subject told in other words, another way for another subject', () => {
    const strike = meaningOf('Dockworkers walk off the job, halting container terminals at the port');
    const sameInOtherWords = meaningOf('Longshore union strike shuts down shipping at the harbour');
    const rates = meaningOf('Central bank cuts its key interest rate as inflation eases');
    expect(meaningSimilarity(strike, sameInOtherWords)).toBeGreaterThan(meaningSimilarity(strike, rates) + 0.2);
    expect(meaningSimilarity(strike, strike)).toBeCloseTo(1, 2);
  });

  it('has none for a text without a word it knows, and none counts as the same subject (no push to join)', () => {
    expect(meaningOf('Xqzvt blorfen 的 新闻')).toEqual([]);
    expect(meaningSimilarity([], meaningOf('A storm nears the islands'))).toBe(1);
    expect(meaningSimilarity(undefined, meaningOf('A storm nears the islands'))).toBe(1);
  });

  it('stays linear on a long text and gives unit-length directions rounded for storage', () => {
    const long = 'The minister said the budget would raise spending on schools and hospitals. '.repeat(5_000);
    const started = performance.now();
    const m = meaningOf(long);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(Math.hypot(...m)).toBeCloseTo(1, 2);
    expect(m.every((x) => Math.round(x * 1000) / 1000 === x)).toBe(true);
  });
});
