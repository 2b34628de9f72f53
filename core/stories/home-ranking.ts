/**
 * Home ranking (reader spec section 9): featured stories first by ascending featured_priority;
 * the rest by score = max(0, base - age in days + featured bonus), base 10 for Jamaica and 5
 * otherwise, featured bonus 100 - 10 × priority. Ties go to the newer story.
 * The story repository runs the same rule in SQL; a test holds the two together.
 */

export type RankableStory = {
  id: string;
  region: string;
  published_at: string | null;
  is_featured: boolean;
  featured_priority: number;
  feature_expires_at: string | null;
};

export type Ranking = { score: number; featured: boolean; reason: string };

const DAY_MS = 86_400_000;
export const JAMAICA_BASE = 10;
export const DEFAULT_BASE = 5;

/** A feature with an expiry in the past no longer counts. */
export function isFeaturedNow(story: Pick<RankableStory, 'is_featured' | 'feature_expires_at'>, now: Date): boolean {
  if (!story.is_featured) return false;
  return story.feature_expires_at === null || new Date(story.feature_expires_at).getTime() > now.getTime();
}

export function ageInDays(publishedAt: string | null, now: Date): number {
  if (!publishedAt) return Number.POSITIVE_INFINITY;
  return (now.getTime() - new Date(publishedAt).getTime()) / DAY_MS;
}

export function rankStory(story: RankableStory, now: Date): Ranking {
  const featured = isFeaturedNow(story, now);
  const base = /jamaica/i.test(story.region) ? JAMAICA_BASE : DEFAULT_BASE;
  const age = ageInDays(story.published_at, now);
  const bonus = featured ? 100 - 10 * story.featured_priority : 0;
  const score = Math.max(0, base - age + bonus);
  const parts = [`base ${base}${base === JAMAICA_BASE ? ' (Jamaica)' : ''}`, `age ${Number.isFinite(age) ? age.toFixed(1) : 'unknown'} days`];
  if (featured) parts.push(`featured priority ${story.featured_priority} (bonus ${bonus})`);
  return { score, featured, reason: parts.join(', ') };
}

export function compareForHome(a: RankableStory, b: RankableStory, now: Date): number {
  const ra = rankStory(a, now);
  const rb = rankStory(b, now);
  if (ra.featured !== rb.featured) return ra.featured ? -1 : 1;
  if (ra.featured && a.featured_priority !== b.featured_priority) return a.featured_priority - b.featured_priority;
  if (ra.score !== rb.score) return rb.score - ra.score;
  const ta = a.published_at ? new Date(a.published_at).getTime() : 0;
  const tb = b.published_at ? new Date(b.published_at).getTime() : 0;
  if (ta !== tb) return tb - ta;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export function rankHomeStories<T extends RankableStory>(stories: readonly T[], now: Date): (T & { ranking: Ranking })[] {
  return [...stories].sort((a, b) => compareForHome(a, b, now)).map((story) => ({ ...story, ranking: rankStory(story, now) }));
}
