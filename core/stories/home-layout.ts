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
  categories: { key: CategoryKey; label: string; stories: T[] }[];
  /** The first stories of More News (position 15 onward); the rest come by page. */
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
 * Six blocks of up to 2 stories from positions 7-14: each block first takes stories whose title
 * matches its keywords (a story sits in one block only), then blocks still short are topped up, in
 * block order, from pool stories that matched no category.
 */
export function buildCategoryBlocks<T extends LayoutStory>(pool: readonly T[]): HomeLayout<T>['categories'] {
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
  return blocks;
}

/** Lays out stories already in home order. */
export function buildHomeLayout<T extends LayoutStory>(ranked: readonly T[]): HomeLayout<T> {
  return {
    lead: ranked[0] ?? null,
    latest: ranked.slice(1, 1 + LATEST_COUNT).map((story, index) => ({ ...story, trending: isTrending(story, index) })),
    categories: buildCategoryBlocks(ranked.slice(CATEGORY_POOL_START, CATEGORY_POOL_END)),
    moreNews: ranked.slice(MORE_NEWS_START),
  };
}
