/**
 * News judgement during a storm: which storms threaten the countries the site covers, which
 * stories are about them, and which stories are BREAKING. Pure rules; the storm context is read by
 * core/storms/storm-threat.ts and the story repository runs the same story rule in SQL (see
 * stormTierSql there; a test holds the two together).
 */

/** A watch or warning in force for a covered country. */
export type ThreatAlert = { type: 'warning' | 'watch'; hazard: string; region: string };

/**
 * An active (or developing) storm with a fresh advisory that threatens a covered country: a watch
 * or warning is in force for one, or NHC's position puts it at high threat to one.
 */
export type ThreateningStorm = {
  id: string;
  name: string;
  classification: string;
  category: number;
  windSpeed: number;
  location: { lat: number; lng: number };
  threatLevel: 'high' | 'moderate' | 'low';
  advisoryNumber: string | null;
  advisoryAt: string;
  /** Covered countries under a watch or warning from this storm, warnings first. */
  regions: string[];
  alerts: ThreatAlert[];
  /** The nearest threatened covered country (centre to centre), or NHC's nearest region. */
  nearest: { region: string; distanceKm: number } | null;
};

export type StormContext = { storms: ThreateningStorm[] };
export const NO_STORMS: StormContext = { storms: [] };

/** A storm story is raised (and can be breaking through its storm) while published this recently. */
export const STORM_STORY_HOURS = 48;
/** A story that is not about a storm is breaking while published this recently, with urgency above the threshold. */
export const BREAKING_HOURS = 24;
/** The spec's headline threshold: urgency above 80. */
export const BREAKING_URGENCY = 80;

/**
 * warned: the story is about the storm (linked to it, or names it, "hurricane" or "tropical storm")
 * and concerns a covered country under one of its watches or warnings (its region or title names
 * the country). linked: linked to the storm, but about a country not under its alerts (a watch
 * lifted for Barbados as the storm moves away).
 */
export type StormTier = 'warned' | 'linked';
export const TIER_ORDER: Record<StormTier, number> = { warned: 0, linked: 1 };

export type StormStory = {
  title: string;
  summary?: string | null;
  region: string;
  published_at: string | null;
  storm_id?: string | null;
};

const HOUR_MS = 3_600_000;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The alternatives of a whole-word pattern; JS writes the word boundary \b, PostgreSQL \y. */
export function mentionWords(storm: Pick<ThreateningStorm, 'name'>): string[] {
  const name = storm.name.trim();
  return [...(name.length > 1 ? [name] : []), 'hurricane', 'tropical storm'];
}

export function wordPattern(words: readonly string[], dialect: 'js' | 'pg'): string {
  const boundary = dialect === 'js' ? '\\b' : '\\y';
  return `${boundary}(${words.map(escapeRegex).join('|')})${boundary}`;
}

function publishedWithin(story: Pick<StormStory, 'published_at'>, now: Date, hours: number): boolean {
  if (!story.published_at) return false;
  return now.getTime() - new Date(story.published_at).getTime() < hours * HOUR_MS;
}

const compiled = new WeakMap<ThreateningStorm, { mention: RegExp; regions: RegExp | null }>();
function patterns(storm: ThreateningStorm): { mention: RegExp; regions: RegExp | null } {
  let found = compiled.get(storm);
  if (!found) {
    found = {
      mention: new RegExp(wordPattern(mentionWords(storm), 'js'), 'i'),
      regions: storm.regions.length > 0 ? new RegExp(wordPattern(storm.regions, 'js'), 'i') : null,
    };
    compiled.set(storm, found);
  }
  return found;
}

/** The story's tier for one storm context: the best over the threatening storms, or null. */
export function stormTier(story: StormStory, context: StormContext, now: Date): { tier: StormTier; storm: ThreateningStorm } | null {
  if (context.storms.length === 0 || !publishedWithin(story, now, STORM_STORY_HOURS)) return null;
  let linked: ThreateningStorm | null = null;
  for (const storm of context.storms) {
    const isLinked = Boolean(story.storm_id) && story.storm_id === storm.id;
    const { mention, regions } = patterns(storm);
    if (!isLinked && !mention.test(`${story.title} ${story.summary ?? ''}`)) continue;
    if (regions && (regions.test(story.region) || regions.test(story.title))) return { tier: 'warned', storm };
    if (isLinked && !linked) linked = storm;
  }
  return linked ? { tier: 'linked', storm: linked } : null;
}

/**
 * BREAKING. A story is breaking when
 * (a) it is about a hurricane or tropical-storm watch or warning in force for a covered country:
 *     a threatening storm (active or developing, fresh advisory, see core/storms/storm-threat.ts)
 *     has a watch or warning in force for a country the story concerns, the story is linked to
 *     that storm or names it ("hurricane", "tropical storm" or its name), and it was published in
 *     the last 48 hours; its urgency does not matter; or
 * (b) otherwise, its urgency is above 80 (the spec's headline threshold) and it was published in
 *     the last 24 hours.
 * When the storm dissipates (inactive) or its alerts expire, (a) no longer applies.
 */
export function isBreaking(story: StormStory & { urgency: number }, context: StormContext, now: Date): boolean {
  if (stormTier(story, context, now)?.tier === 'warned') return true;
  return story.urgency > BREAKING_URGENCY && publishedWithin(story, now, BREAKING_HOURS);
}
