import { describe, expect, it } from 'vitest';
import { buildCategoryBlocks, buildHomeLayout, isTrending, isVerified } from './home-layout';

const s = (id: string, title = `Story ${id}`, score = 0, source_count = 1) => ({ id, title, source_count, ranking: { score } });

describe('buildHomeLayout', () => {
  it('places lead, 6 latest, 8 in the category pool and More News from position 15', () => {
    const ranked = Array.from({ length: 20 }, (_, i) => s(`s${i}`));
    const layout = buildHomeLayout(ranked);
    expect(layout.lead?.id).toBe('s0');
    expect(layout.latest.map((x) => x.id)).toEqual(['s1', 's2', 's3', 's4', 's5', 's6']);
    const inBlocks = layout.categories.flatMap((c) => c.stories.map((x) => x.id));
    expect(new Set(inBlocks)).toEqual(new Set(['s7', 's8', 's9', 's10', 's11', 's12', 's13', 's14']));
    expect(layout.moreNews.map((x) => x.id)).toEqual(['s15', 's16', 's17', 's18', 's19']);
  });
  it('handles an empty list and a short list', () => {
    expect(buildHomeLayout([])).toEqual({ lead: null, latest: [], categories: expect.any(Array), moreNews: [] });
    const layout = buildHomeLayout([s('a'), s('b')]);
    expect(layout.lead?.id).toBe('a');
    expect(layout.latest.map((x) => x.id)).toEqual(['b']);
    expect(layout.categories.every((c) => c.stories.length === 0)).toBe(true);
  });
  it('marks TRENDING only among the first three of the latest six, when the score exceeds 7', () => {
    const ranked = [s('lead', 'x', 9), s('a', 'x', 7.5), s('b', 'x', 7), s('c', 'x', 9), s('d', 'x', 9.9)];
    expect(buildHomeLayout(ranked).latest.map((x) => x.trending)).toEqual([true, false, true, false]);
    expect(isTrending({ ranking: { score: 8 } }, 3)).toBe(false);
  });
});

describe('buildCategoryBlocks', () => {
  it('matches title keywords per block, one block per story, then tops up from unmatched stories', () => {
    const pool = [
      s('1', 'NHT housing grants rise'), // business (nht)
      s('2', 'Election date set by government'), // politics
      s('3', 'Cricket: West Indies win'), // sports
      s('4', 'Hurricane season outlook'), // weather
      s('5', 'Economic growth and storm costs'), // business first (block order), not weather too
      s('6', 'Reggae festival draws crowds'), // culture
      s('7', 'Ferry schedule changes'), // unmatched
      s('8', 'School term begins'), // unmatched
    ];
    const blocks = Object.fromEntries(buildCategoryBlocks(pool).map((b) => [b.key, b.stories.map((x) => x.id)]));
    expect(blocks).toEqual({
      business: ['1', '5'],
      politics: ['2', '7'],
      technology: ['8'],
      weather: ['4'],
      sports: ['3'],
      culture: ['6'],
    });
  });
  it('keyword matching is case-insensitive and by substring (tech matches Technology)', () => {
    const blocks = buildCategoryBlocks([s('t', 'TECHNOLOGY week opens')]);
    expect(blocks.find((b) => b.key === 'technology')?.stories.map((x) => x.id)).toEqual(['t']);
  });
});

describe('isVerified', () => {
  it.each([[0, false], [1, false], [2, true], [5, true]])('%i sources → %s', (n, expected) => {
    expect(isVerified({ source_count: n })).toBe(expected);
  });
});
