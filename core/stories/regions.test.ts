import { describe, expect, it } from 'vitest';
import { isRegionVisible, regionCoordinates } from './regions';

describe('isRegionVisible', () => {
  it.each([
    ['Jamaica', true],
    ['Kingston, Jamaica', true],
    ['trinidad and tobago', true],
    ['Caribbean', true],
    ['West Indies', true],
    ['Trinidad', false], // the rule names "Trinidad and Tobago"
    ['Guyana', false],
    ['', false],
    [null, false],
  ])('%s → %s', (region, expected) => {
    expect(isRegionVisible(region)).toBe(expected);
  });
});

describe('regionCoordinates', () => {
  it('falls back to the Caribbean', () => {
    expect(regionCoordinates('Guyana')).toEqual(regionCoordinates('Caribbean'));
    expect(regionCoordinates('Jamaica').lat).toBeCloseTo(18.11, 1);
  });
});
