import { describe, expect, it } from 'vitest';
import { buildCategoryBlocks, buildHomeLayout, isTrending, isVerified } from './home-layout';

const s = (id: string, title = `Story ${id}`, score = 0, source_count = 1) => ({ id, title, source_count, ranking: { score } });

describe('buildHomeLayout', () => {
  it('places lead, 6 latest, 8 in the category pool and More News from position 15', () => {
    const ranked = Array.from({ length: 20 }, (_, i) => s(`s${i}`));
    const layout = buildHomeLayout(ranked);
    expect(layout.lead?.id).toBe('s0');
    expect(layout.latest.map((x) => x.id)).toEqual(['s1', 's2', 's3', 's4', 's5', 's6']);
    // "Story sN" is no section's topic: the pool's stories lead More News instead of filling blocks.
    expect(layout.categories).toEqual([]);
    expect(layout.moreNews.map((x) => x.id)).toEqual(Array.from({ length: 13 }, (_, i) => `s${i + 7}`));
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

const TOPICAL: Record<string, string> = {
  business: 'Bank of Jamaica holds policy rate as inflation eases',
  politics: 'Prime minister calls snap general election',
  technology: 'Hackers breach ministry email system in cyber attack',
  weather: 'Tropical storm warning for the Windward Islands',
  sports: 'Reggae Boyz beat Costa Rica in World Cup qualifier',
  culture: 'Reggae Sumfest festival announces headliners',
};

describe('buildCategoryBlocks', () => {
  it('files pool stories by their topic, one block per story, and never tops a block up with another topic', () => {
    const pool = [
      s('1', 'Sagicor profit rises on insurance sales'), // business
      s('2', 'Opposition tables no-confidence motion in Parliament'), // politics
      s('3', 'Windies call up uncapped fast bowler for England Tests'), // sports (the old keywords: business top-up)
      s('4', 'Hurricane season outlook: 20 named storms expected'), // weather
      s('5', 'Stock exchange index closes at record high'), // business
      s('6', 'Reggae festival draws crowds to Montego Bay'), // culture
      s('7', 'Two men held after Laventille shooting'), // none: no block
      s('8', 'Dengue cases climb, health ministry warns'), // none: no block
    ];
    const { blocks, unplaced } = buildCategoryBlocks(pool);
    expect(Object.fromEntries(blocks.map((b) => [b.key, b.stories.map((x) => x.id)]))).toEqual({
      business: ['1', '5'],
      politics: ['2'],
      weather: ['4'],
      sports: ['3'],
      culture: ['6'],
    });
    expect(unplaced.map((x) => x.id)).toEqual(['7', '8']);
  });
  it('reads the summary and tags too, not the title alone', () => {
    const story = {
      ...s('t', 'A new era begins at the Oval'),
      summary: 'West Indies named their Test squad, with two uncapped fast bowlers.',
      tags: ['cricket'],
    };
    expect(buildCategoryBlocks([story]).blocks.map((b) => b.key)).toEqual(['sports']);
  });
  it('can fill every block', () => {
    const pool = Object.values(TOPICAL).map((title, i) => s(`p${i}`, title));
    expect(buildCategoryBlocks(pool).blocks.map((b) => [b.key, b.stories.length])).toEqual([
      ['business', 1],
      ['politics', 1],
      ['technology', 1],
      ['weather', 1],
      ['sports', 1],
      ['culture', 1],
    ]);
  });
});

describe('category blocks when the pool runs short', () => {
  it('leaves out blocks with no story instead of showing them empty (or filling them with another topic)', () => {
    // 15 stories: the pool (7-14) is two culture stories and six of no section.
    const ranked = Array.from({ length: 15 }, (_, i) => s(`s${i}`, i === 7 || i === 8 ? `Calypso Monarch festival final ${i}` : `Ferry timetable ${i}`));
    const layout = buildHomeLayout(ranked);
    expect(layout.categories.map((c) => c.key)).toEqual(['culture']);
    expect(layout.categories[0]?.stories.map((x) => x.id)).toEqual(['s7', 's8']);
    expect(layout.moreNews.map((x) => x.id)).toEqual(['s9', 's10', 's11', 's12', 's13', 's14']);
  });

  it('fills a short block from later stories of its own topic, and takes them out of More News', () => {
    const titles: Record<number, string> = {
      20: 'Cricket: Windies squad named for Australia tour',
      23: 'Football league restarts with derby at Sabina Park',
      25: 'Athletics: sprinter sets national 100m record',
    };
    const ranked = Array.from({ length: 30 }, (_, i) => s(`s${i}`, titles[i] ?? (i >= 7 && i < 15 ? `${TOPICAL.business} ${i}` : `Ferry timetable ${i}`)));
    const layout = buildHomeLayout(ranked);
    const sports = layout.categories.find((c) => c.key === 'sports');
    expect(sports?.stories.map((x) => x.id)).toEqual(['s20', 's23']);
    expect(layout.moreNews.map((x) => x.id)).not.toContain('s20');
    expect(layout.moreNews.map((x) => x.id)).not.toContain('s23');
    expect(layout.moreNews.map((x) => x.id)).toContain('s25'); // the block holds two
    // No story shows twice, and none of the first 30 drops off the page.
    const shown = [layout.lead!, ...layout.latest, ...layout.categories.flatMap((c) => c.stories), ...layout.moreNews].map((x) => x.id);
    expect(new Set(shown).size).toBe(shown.length);
    expect(new Set(shown)).toEqual(new Set(ranked.map((x) => x.id)));
  });

  it('puts pool stories that no block took at the head of More News', () => {
    const ranked = Array.from({ length: 17 }, (_, i) => s(`s${i}`, i >= 7 && i < 15 ? `${TOPICAL.business} ${i}` : `Ferry timetable ${i}`));
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
