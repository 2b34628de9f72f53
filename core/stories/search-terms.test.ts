import { describe, expect, it } from 'vitest';
import { englishSearchTerms } from './search-terms';

describe('englishSearchTerms: storm types and countries in the site’s four languages', () => {
  const cases: [string, string, string][] = [
    ['en', 'hurricane Haiti', 'hurricane Haiti'],
    ['en', 'tropical storm Jamaica', 'tropical storm Jamaica'],
    ['es', 'huracán Haití', 'hurricane Haiti'],
    ['es', 'tormenta tropical Jamaica', 'tropical storm Jamaica'],
    ['es', 'huracán República Dominicana', 'hurricane Dominican Republic'],
    ['fr', 'ouragan Haïti', 'hurricane Haiti'],
    ['fr', 'tempête tropicale Jamaïque', 'tropical storm Jamaica'],
    ['fr', 'ouragan République dominicaine', 'hurricane Dominican Republic'],
    ['nl', 'orkaan Haïti', 'hurricane Haiti'],
    ['nl', 'tropische storm Jamaica', 'tropical storm Jamaica'],
    ['nl', 'orkaan Dominicaanse Republiek', 'hurricane Dominican Republic'],
  ];
  it.each(cases)('%s: "%s" searches "%s"', (_language, query, expected) => {
    expect(englishSearchTerms(query)).toBe(expected);
  });

  it('leaves quoted phrases, "or" and excluded words as typed, and other words alone', () => {
    expect(englishSearchTerms('"huracán Keron" or orkaan -ouragan')).toBe('"huracán Keron" or hurricane -ouragan');
    expect(englishSearchTerms('Keron')).toBe('Keron');
    expect(englishSearchTerms('budget debate')).toBe('budget debate');
  });
});
