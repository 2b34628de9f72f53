import type { StorySource } from './story';

/**
 * Who carried a story, counted the way the fact-check counts independence (fact-check/independence.ts):
 * every outlet that ran it, the owner groups and home countries behind them, how many independent
 * voices that makes (wire copy, a re-published release, an item another outlet carried, or a sister
 * title of one group count once), and what is missing: the blindspots a reader should know of.
 */

export type CoverageOutlet = {
  name: string;
  owner_group: string;
  kind: string;
  /** The outlet's home country or area ("Caribbean" for regional outlets), when known. */
  region: string | null;
  /** Null for an independent voice; else the outlet it counts with, and why. */
  counted_with: string | null;
  link: SourceLink | null;
};

export type SourceLink = 'carried' | 'owner_group' | 'same_outlet' | 'copy';

export type Blindspot =
  { code: 'single_voice' } | { code: 'single_owner_group'; owner_group: string } | { code: 'official_only' } | { code: 'no_local_outlet'; country: string };

export type Coverage = {
  outlets: CoverageOutlet[];
  owner_groups: string[];
  countries: string[];
  independent_voices: number;
  blindspots: Blindspot[];
};

/** Areas that are not one country: a story about them has no "local" outlet to miss. */
const NOT_A_COUNTRY = new Set(['caribbean', 'international', 'world', 'diaspora', '']);

export function describeCoverage(story: { region: string; sources: readonly StorySource[] }): Coverage {
  // One row per outlet: an outlet with several items on the story is listed once, independent if any of its items is.
  const byOutlet = new Map<string, CoverageOutlet>();
  for (const s of story.sources) {
    const row: CoverageOutlet = {
      name: s.outlet,
      owner_group: s.owner_group || s.outlet,
      kind: s.kind || 'press',
      region: typeof s.region === 'string' && s.region ? s.region : null,
      counted_with: s.independent === false && s.counted_as && s.counted_as !== s.outlet ? s.counted_as : null,
      link: s.independent === false ? ((s.link as SourceLink | undefined) ?? null) : null,
    };
    const seen = byOutlet.get(s.outlet);
    if (!seen || (seen.counted_with && !row.counted_with)) byOutlet.set(s.outlet, row);
  }
  const outlets = [...byOutlet.values()];
  const owner_groups = [...new Set(outlets.map((o) => o.owner_group))];
  const countries = [...new Set(outlets.map((o) => o.region).filter((r): r is string => r !== null))];
  const independent_voices = outlets.filter((o) => !o.counted_with).length;

  const blindspots: Blindspot[] = [];
  if (outlets.length > 0 && independent_voices < 2) blindspots.push({ code: 'single_voice' });
  if (outlets.length > 1 && owner_groups.length === 1) blindspots.push({ code: 'single_owner_group', owner_group: owner_groups[0]! });
  if (outlets.length > 0 && outlets.every((o) => o.kind === 'official')) blindspots.push({ code: 'official_only' });
  const country = story.region.trim();
  if (!NOT_A_COUNTRY.has(country.toLowerCase()) && countries.length > 0 && !countries.some((c) => c.toLowerCase() === country.toLowerCase())) {
    blindspots.push({ code: 'no_local_outlet', country });
  }
  return { outlets, owner_groups, countries, independent_voices, blindspots };
}
