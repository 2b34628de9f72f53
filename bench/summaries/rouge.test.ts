import { describe, expect, it } from 'vitest';
import { rouge, tokenise } from './rouge';

describe('ROUGE as the bench computes it', () => {
  it('tokenises lower case on letters and digits and stems words of four letters or more', () => {
    expect(tokenise('The BOJ raised rates to 7.5%.')).toEqual(['the', 'boj', 'rais', 'rate', 'to', '7', '5']);
  });

  it('matches hand-computed F1 (unigrams 5/6, bigrams 3/5, LCS 5/6)', () => {
    const s = rouge('the cat sat on the mat', 'the cat was on the mat');
    expect(s.rouge1).toBeCloseTo(5 / 6, 6);
    expect(s.rouge2).toBeCloseTo(3 / 5, 6);
    expect(s.rougeL).toBeCloseTo(5 / 6, 6);
  });

  it('counts inflections as one word after stemming, and scores an empty text 0', () => {
    expect(rouge('Bank raises rates', 'bank raised rate').rouge1).toBe(1);
    expect(rouge('', 'bank raised rate')).toEqual({ rouge1: 0, rouge2: 0, rougeL: 0 });
  });
});
