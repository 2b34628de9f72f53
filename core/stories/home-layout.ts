import { storySections } from './sections';

/** The home page layout (reader spec sections 2 and 9). Positions are 0-based here. */

export const LATEST_COUNT = 6;
export const CATEGORY_POOL_START = 7;
export const CATEGORY_POOL_END = 15; // positions 7 to 14: 8 stories
export const MORE_NEWS_START = 15;
export const TRENDING_SCORE = 7;
export const TRENDING_WINDOW = 3;
export const STORIES_PER_BLOCK = 2;

export const CATEGORY_BLOCKS = [
  { key: 'business', label: 'Business' },
  { key: 'politics', label: 'Politics' },
  { key: 'technology', label: 'Technology' },
  { key: 'weather', label: 'Weather & Climate' },
  { key: 'sports', label: 'Sports' },
  { key: 'culture', label: 'Culture & Society' },
] as const;

export type CategoryKey = (typeof CATEGORY_BLOCKS)[number]['key'];

type LayoutStory = {
  id: string;
  title: string;
  summary?: string;
  tags?: readonly string[];
  source_count: number;
  ranking?: { score: number };
};

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

/** The story's sections, most likely first, as its section pages file it (the topic classifier). */
function sectionsOf(story: LayoutStory): readonly string[] {
  return storySections({ title: story.title, summary: story.summary ?? '', tags: story.tags ?? [] });
}

/**
 * Category blocks of up to 2 stories from positions 7-14 (the spec's pool), filed by topic as the
 * section pages are: each block first takes pool stories whose main section is its own (a story
 * sits in one block only), then, if still short, those whose second section is its own. A block
 * is never topped up with a story of another topic or of none: it shows fewer stories rather than
 * a wrong one.
 *
 * A block still short (a quiet day, or no story of its topic in the pool) takes stories of its
 * topic from the later stories (`later`, position 15 onward), so a Sports block can show the sports
 * story at position 20 rather than vanish; a block with no story even then is left out (never
 * shown as an empty box). Pool stories no block took are returned in `unplaced` (they go at the
 * head of More News, so no story drops off the page) and later stories a block took in `taken`
 * (they leave More News, so no story shows twice).
 */
export function buildCategoryBlocks<T extends LayoutStory>(
  pool: readonly T[],
  later: readonly T[] = [],
): { blocks: HomeLayout<T>['categories']; unplaced: T[]; taken: Set<string> } {
  const sections = new Map<string, readonly string[]>([...pool, ...later].map((s) => [s.id, sectionsOf(s)]));
  const used = new Set<string>();
  const blocks = CATEGORY_BLOCKS.map((block) => ({ key: block.key, label: block.label, stories: [] as T[] }));
  const fill = (candidates: readonly T[], fits: (sections: readonly string[], key: string) => boolean) => {
    for (const block of blocks) {
      for (const story of candidates) {
        if (block.stories.length >= STORIES_PER_BLOCK) break;
        if (used.has(story.id) || !fits(sections.get(story.id)!, block.key)) continue;
        used.add(story.id);
        block.stories.push(story);
      }
    }
  };
  fill(pool, (s, key) => s[0] === key);
  fill(pool, (s, key) => s.includes(key));
  const placed = new Set(used);
  fill(later, (s, key) => s.includes(key));
  const taken = new Set(later.filter((s) => used.has(s.id)).map((s) => s.id));
  return { blocks: blocks.filter((block) => block.stories.length > 0), unplaced: pool.filter((s) => !placed.has(s.id)), taken };
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
