import { describe, expect, it } from 'vitest';
import { bcubedQuality, pairwiseQuality } from './quality';

const truth = new Map([
  ['a1', 'A'],
  ['a2', 'A'],
  ['a3', 'A'],
  ['b1', 'B'],
  ['c1', 'C'],
]);

describe('clustering quality measures', () => {
  it('scores a perfect clustering 1 on every measure', () => {
    const predicted = new Map([
      ['a1', 'x'],
      ['a2', 'x'],
      ['a3', 'x'],
      ['b1', 'y'],
      ['c1', 'z'],
    ]);
    expect(pairwiseQuality(predicted, truth)).toMatchObject({ precision: 1, recall: 1, f1: 1 });
    expect(bcubedQuality(predicted, truth)).toMatchObject({ precision: 1, recall: 1, f1: 1 });
  });

  it('charges a wrong merge to precision and a split to recall', () => {
    // b1 wrongly joins the A story; a3 is split off on its own.
    const predicted = new Map([
      ['a1', 'x'],
      ['a2', 'x'],
      ['b1', 'x'],
      ['a3', 'y'],
      ['c1', 'z'],
    ]);
    const pair = pairwiseQuality(predicted, truth);
    expect(pair.precision).toBeCloseTo(1 / 3); // a1-a2 right; a1-b1, a2-b1 wrong
    expect(pair.recall).toBeCloseTo(1 / 3); // of a1-a2, a1-a3, a2-a3 only a1-a2 kept
    const b3 = bcubedQuality(predicted, truth);
    // precision per item: a1 2/3, a2 2/3, b1 1/3, a3 1, c1 1 → 11/15
    expect(b3.precision).toBeCloseTo(11 / 15);
    // recall per item: a1 2/3, a2 2/3, a3 1/3, b1 1, c1 1 → 11/15
    expect(b3.recall).toBeCloseTo(11 / 15);
  });
});
