import { describe, expect, it } from 'vitest';
import { searchableQuery } from './search-query';

describe('searchableQuery', () => {
  it.each([
    ['kingston harbour', 'kingston harbour'],
    ['"kingston harbour" -fire', '"kingston harbour" -fire'],
    ['water or power', 'water or power'],
    ['COVID-19', 'COVID 19'],
    ['---kingston', '-kingston'],
    ['kingston ' + '-'.repeat(50), 'kingston'],
    ['a' + '-!'.repeat(60), 'a'],
    ['-(-(-(-(-(-x', 'x'],
    ['Saint-Martin Pointe-à-Pitre', 'Saint Martin Pointe à Pitre'],
  ])('%j → %j', (raw, expected) => expect(searchableQuery(raw)).toBe(expected));

  it.each(['-'.repeat(50), '!!!', '', '   ', '- - - - -', '&|!()', ':*', '"', '\u0000'])('%j has nothing searchable', (raw) => {
    expect(searchableQuery(raw)).toBeNull();
  });
});
