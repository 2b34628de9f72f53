import { describe, expect, it } from 'vitest';
import { lexRankScores, lexRankSummary } from './lexrank';

describe('LexRank baseline', () => {
  // A hub linked to two sentences that share nothing: p(hub) solves p = 0.05 + 0.85 (p/3 + (1-p)/2), so 0.41606.
  const star = ['alpha beta gamma delta', 'alpha beta', 'gamma delta'];

  it('gives the stationary scores computed by hand', () => {
    const [hub, a, b] = lexRankScores(star);
    expect(hub).toBeCloseTo(0.41606, 4);
    expect(a).toBeCloseTo(0.29197, 4);
    expect(b).toBeCloseTo(0.29197, 4);
  });

  it('takes the best-ranked sentences within the word budget, leaving out near-repeats', () => {
    expect(lexRankSummary(star, { maxSentences: 1 })).toEqual(['alpha beta gamma delta']);
    expect(lexRankSummary(star, { maxSentences: 3, maxWords: 4 })).toEqual(['alpha beta gamma delta']);
    expect(lexRankSummary(['one two three', 'one two three', 'four five six'], { maxSentences: 2 })).toEqual(['one two three', 'four five six']);
  });
});
