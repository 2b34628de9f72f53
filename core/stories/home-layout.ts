/** The home page layout (reader spec sections 2 and 9). Positions are 0-based here. */

export const LATEST_COUNT = 6;
export const CATEGORY_POOL_START = 7;
export const CATEGORY_POOL_END = 15; // positions 7 to 14: 8 stories
export const MORE_NEWS_START = 15;
export const TRENDING_SCORE = 7;
export const TRENDING_WINDOW = 3;
export const STORIES_PER_BLOCK = 2;

export const CATEGORY_BLOCKS = [
  { key: 'business', label: 'Business', keywords: ['business', 'economic', 'nht'] },
  { key: 'politics', label: 'Politics', keywords: ['politics', 'government', 'election'] },
  { key: 'technology', label: 'Technology', keywords: ['tech', 'digital', 'cyber'] },
  { key: 'weather', label: 'Weather & Climate', keywords: ['weather', 'storm', 'hurricane'] },
  { key: 'sports', label: 'Sports', keywords: ['sport', 'cricket', 'football'] },
  { key: 'culture', label: 'Culture & Society', keywords: ['culture', 'music', 'festival'] },
] as const;

export type CategoryKey = (typeof CATEGORY_BLOCKS)[number]['key'];

type LayoutStory = { id: string; title: string; source_count: number; ranking?: { score: number } };

export type HomeLayout<T> = {
  lead: T | null;
  latest: (T & { trending: boolean })[];
  /** Only blocks with stories, in block order. */
  categories: { key: CategoryKey; label: string; stories: T[] }[];
  /**
   * The first stories of More News (position 15 onward, after any pool story no block took, less
   * the later stories a block took); the rest come by page.
   */
  moreNews: T[];
};

export function isVerified(story: { source_count: number }): boolean {
  return story.source_count >= 2;
}

/** TRENDING: one of the first three of the latest six, with a score above 7. */
export function isTrending(story: { ranking?: { score: number } }, indexInLatest: number): boolean {
  return indexInLatest < TRENDING_WINDOW && (story.ranking?.score ?? 0) > TRENDING_SCORE;
}

function matchesCategory(title: string, keywords: readonly string[]): boolean {
  const lower = title.toLowerCase();
  return keywords.some((keyword) => lower.includes(keyword));
}

/**
 * Category blocks of up to 2 stories from positions 7-14 (the spec's rule): each block first takes
 * stories whose title matches its keywords (a story sits in one block only), then blocks still
 * short are topped up, in block order, from pool stories that matched no category.
 *
 * When the pool runs out (a quiet day, few stories published), a block left empty takes up to 2
 * stories matching its keywords from the later stories (`later`, position 15 onward), so a Sports
 * block can show the sports story at position 20 rather than vanish; a block with no story even
 * then is left out (never shown as an empty box). Pool stories no block took are returned in
 * `unplaced` (they go at the head of More News, so no story drops off the page) and later stories a
 * block took in `taken` (they leave More News, so no story shows twice).
 */
export function buildCategoryBlocks<T extends LayoutStory>(
  pool: readonly T[],
  later: readonly T[] = [],
): { blocks: HomeLayout<T>['categories']; unplaced: T[]; taken: Set<string> } {
  const used = new Set<string>();
  const blocks = CATEGORY_BLOCKS.map((block) => {
    const stories = pool.filter((s) => !used.has(s.id) && matchesCategory(s.title, block.keywords)).slice(0, STORIES_PER_BLOCK);
    stories.forEach((s) => used.add(s.id));
    return { key: block.key, label: block.label, stories };
  });
  const unmatched = pool.filter((s) => !CATEGORY_BLOCKS.some((block) => matchesCategory(s.title, block.keywords)));
  for (const block of blocks) {
    while (block.stories.length < STORIES_PER_BLOCK) {
      const next = unmatched.find((s) => !used.has(s.id));
      if (!next) break;
      used.add(next.id);
      block.stories.push(next);
    }
  }
  const taken = new Set<string>();
  for (const block of blocks) {
    if (block.stories.length > 0) continue;
    const keywords = CATEGORY_BLOCKS.find((b) => b.key === block.key)!.keywords;
    block.stories = later.filter((s) => !taken.has(s.id) && matchesCategory(s.title, keywords)).slice(0, STORIES_PER_BLOCK);
    block.stories.forEach((s) => taken.add(s.id));
  }
  return { blocks: blocks.filter((block) => block.stories.length > 0), unplaced: pool.filter((s) => !used.has(s.id)), taken };
}

/** Lays out stories already in home order. */
export function buildHomeLayout<T extends LayoutStory>(ranked: readonly T[]): HomeLayout<T> {
  const later = ranked.slice(MORE_NEWS_START);
  const { blocks, unplaced, taken } = buildCategoryBlocks(ranked.slice(CATEGORY_POOL_START, CATEGORY_POOL_END), later);
  return {
    lead: ranked[0] ?? null,
    latest: ranked.slice(1, 1 + LATEST_COUNT).map((story, index) => ({ ...story, trending: isTrending(story, index) })),
    categories: blocks,
    moreNews: [...unplaced, ...later.filter((s) => !taken.has(s.id))],
  };
}
