import { NO_STORMS, stormTier, TIER_ORDER, type StormContext, type StormTier } from './storm-news';

/**
 * Home ranking (reader spec section 9): featured stories first by ascending featured_priority;
 * the rest by score = max(0, base - age in days + featured bonus), base 10 for Jamaica and 5
 * otherwise, featured bonus 100 - 10 × priority. Ties go to the newer story.
 *
 * While a storm threatens a covered country (core/stories/storm-news.ts), its stories of the last
 * 48 hours rank right after the editors' priority-1 features and before everything else: first
 * those about a country under its watch or warning, then the others linked to it, each by score.
 * An editor's priority-1 feature stays the lead (an explicit, human choice of lead, which can
 * itself be a storm story or a bigger event the storm link does not know); lower priorities,
 * which only keep a story prominent, rank below the storm's news.
 *
 * Groups, in order: 0 featured priority 1; 1 storm stories; 2 other featured; 3 the rest by score.
 * The story repository runs the same rule in SQL; a test holds the two together.
 */

export type RankableStory = {
  id: string;
  region: string;
  published_at: string | null;
  is_featured: boolean;
  featured_priority: number;
  feature_expires_at: string | null;
  title?: string;
  summary?: string | null;
  storm_id?: string | null;
};

export type Ranking = { score: number; featured: boolean; storm: StormTier | null; reason: string };

const DAY_MS = 86_400_000;
export const JAMAICA_BASE = 10;
export const DEFAULT_BASE = 5;
/** Featured stories at or above this priority (1 is the top) keep their place above a storm's stories. */
export const LEAD_PRIORITY = 1;

/** A feature with an expiry in the past no longer counts. */
export function isFeaturedNow(story: Pick<RankableStory, 'is_featured' | 'feature_expires_at'>, now: Date): boolean {
  if (!story.is_featured) return false;
  return story.feature_expires_at === null || new Date(story.feature_expires_at).getTime() > now.getTime();
}

export function ageInDays(publishedAt: string | null, now: Date): number {
  if (!publishedAt) return Number.POSITIVE_INFINITY;
  return (now.getTime() - new Date(publishedAt).getTime()) / DAY_MS;
}

export function rankStory(story: RankableStory, now: Date, storms: StormContext = NO_STORMS): Ranking {
  const featured = isFeaturedNow(story, now);
  const base = /jamaica/i.test(story.region) ? JAMAICA_BASE : DEFAULT_BASE;
  const age = ageInDays(story.published_at, now);
  const bonus = featured ? 100 - 10 * story.featured_priority : 0;
  const score = Math.max(0, base - age + bonus);
  const storm = stormTier({ ...story, title: story.title ?? '' }, storms, now);
  const parts = [`base ${base}${base === JAMAICA_BASE ? ' (Jamaica)' : ''}`, `age ${Number.isFinite(age) ? age.toFixed(1) : 'unknown'} days`];
  if (featured) parts.push(`featured priority ${story.featured_priority} (bonus ${bonus})`);
  if (storm) parts.push(`storm ${storm.storm.name}: ${storm.tier === 'warned' ? 'about a country under its watch or warning' : 'linked to it'}`);
  return { score, featured, storm: storm?.tier ?? null, reason: parts.join(', ') };
}

/** The story's group on the home page (see above). */
export function homeGroup(story: Pick<RankableStory, 'featured_priority'>, ranking: Ranking): 0 | 1 | 2 | 3 {
  if (ranking.featured && story.featured_priority <= LEAD_PRIORITY) return 0;
  if (ranking.storm) return 1;
  return ranking.featured ? 2 : 3;
}

export function compareForHome(a: RankableStory, b: RankableStory, now: Date, storms: StormContext = NO_STORMS): number {
  const ra = rankStory(a, now, storms);
  const rb = rankStory(b, now, storms);
  const ga = homeGroup(a, ra);
  const gb = homeGroup(b, rb);
  if (ga !== gb) return ga - gb;
  if ((ga === 0 || ga === 2) && a.featured_priority !== b.featured_priority) return a.featured_priority - b.featured_priority;
  if (ga === 1 && ra.storm !== rb.storm) return TIER_ORDER[ra.storm!] - TIER_ORDER[rb.storm!];
  if (ra.score !== rb.score) return rb.score - ra.score;
  const ta = a.published_at ? new Date(a.published_at).getTime() : 0;
  const tb = b.published_at ? new Date(b.published_at).getTime() : 0;
  if (ta !== tb) return tb - ta;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export function rankHomeStories<T extends RankableStory>(stories: readonly T[], now: Date, storms: StormContext = NO_STORMS): (T & { ranking: Ranking })[] {
  return [...stories].sort((a, b) => compareForHome(a, b, now, storms)).map((story) => ({ ...story, ranking: rankStory(story, now, storms) }));
}
