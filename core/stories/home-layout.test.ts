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
    expect(buildHomeLayout([])).toEqual({ lead: null, latest: [], categories: [], moreNews: [] });
    const layout = buildHomeLayout([s('a'), s('b')]);
    expect(layout.lead?.id).toBe('a');
    expect(layout.latest.map((x) => x.id)).toEqual(['b']);
    expect(layout.categories).toEqual([]); // no block without stories
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
    const blocks = Object.fromEntries(buildCategoryBlocks(pool).blocks.map((b) => [b.key, b.stories.map((x) => x.id)]));
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
    expect(blocks.blocks.find((b) => b.key === 'technology')?.stories.map((x) => x.id)).toEqual(['t']);
  });
});

describe('category blocks when the pool runs short', () => {
  it('leaves out blocks with no story instead of showing them empty', () => {
    // 15 stories: the pool (7-14) is two culture stories and six unmatched ones.
    const ranked = Array.from({ length: 15 }, (_, i) => s(`s${i}`, i === 7 || i === 8 ? `Music festival ${i}` : `Ferry timetable ${i}`));
    const layout = buildHomeLayout(ranked);
    expect(layout.categories.every((c) => c.stories.length > 0)).toBe(true);
    // Culture takes its two; the six unmatched top up business, politics and technology (spec order); three blocks stay out.
    expect(layout.categories.map((c) => c.key)).toEqual(['business', 'politics', 'technology', 'culture']);
    expect(layout.categories.find((c) => c.key === 'culture')?.stories.map((x) => x.id)).toEqual(['s7', 's8']);
  });

  it('fills an empty block from later stories matching its keywords, and takes them out of More News', () => {
    const titles: Record<number, string> = { 20: 'Cricket: Windies squad named', 23: 'Football league restarts', 25: 'Athletics trials' };
    const ranked = Array.from({ length: 30 }, (_, i) => s(`s${i}`, titles[i] ?? (i >= 7 && i < 15 ? `NHT grant ${i}` : `Ferry timetable ${i}`)));
    const layout = buildHomeLayout(ranked);
    const sports = layout.categories.find((c) => c.key === 'sports');
    expect(sports?.stories.map((x) => x.id)).toEqual(['s20', 's23']);
    expect(layout.moreNews.map((x) => x.id)).not.toContain('s20');
    expect(layout.moreNews.map((x) => x.id)).not.toContain('s23');
    expect(layout.moreNews.map((x) => x.id)).toContain('s25'); // "athletics" is not a block keyword
    // No story shows twice, and none of the first 30 drops off the page.
    const shown = [layout.lead!, ...layout.latest, ...layout.categories.flatMap((c) => c.stories), ...layout.moreNews].map((x) => x.id);
    expect(new Set(shown).size).toBe(shown.length);
    expect(new Set(shown)).toEqual(new Set(ranked.map((x) => x.id)));
  });

  it('puts pool stories that no block took at the head of More News', () => {
    // Eight business stories in the pool: business takes two, the other six match a category so are not top-ups.
    const ranked = Array.from({ length: 17 }, (_, i) => s(`s${i}`, i >= 7 && i < 15 ? `Economic outlook ${i}` : `Ferry timetable ${i}`));
    const layout = buildHomeLayout(ranked);
    expect(layout.categories.map((c) => [c.key, c.stories.map((x) => x.id)])).toEqual([['business', ['s7', 's8']]]);
    expect(layout.moreNews.map((x) => x.id)).toEqual(['s9', 's10', 's11', 's12', 's13', 's14', 's15', 's16']);
  });
});

describe('isVerified', () => {
  it.each([
    [0, false],
    [1, false],
    [2, true],
    [5, true],
  ])('%i sources → %s', (n, expected) => {
    expect(isVerified({ source_count: n })).toBe(expected);
  });
});
