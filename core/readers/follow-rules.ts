import { z } from 'zod';
import { KEYWORD_SECTIONS, type KeywordSection } from '../stories/sections';

/**
 * What a reader can follow: islands (the places the site covers, one key each) and topics (the
 * site's keyword sections). A story belongs to the island its region names, read by the same
 * patterns, in the same order, as the `c360_region_key` SQL function that indexes stories
 * (migrations/20261126000310): a test keeps the two in step.
 */

export const FOLLOW_REGIONS = [
  { key: 'jamaica', label: 'Jamaica', pattern: /jamaica/i },
  { key: 'barbados', label: 'Barbados', pattern: /barbados/i },
  { key: 'trinidad-and-tobago', label: 'Trinidad and Tobago', pattern: /trinidad|tobago/i },
  { key: 'bahamas', label: 'Bahamas', pattern: /bahamas/i },
  { key: 'cuba', label: 'Cuba', pattern: /cuba/i },
  { key: 'dominican-republic', label: 'Dominican Republic', pattern: /dominican republic/i },
  { key: 'haiti', label: 'Haiti', pattern: /haiti/i },
  { key: 'puerto-rico', label: 'Puerto Rico', pattern: /puerto rico/i },
  { key: 'antigua-and-barbuda', label: 'Antigua and Barbuda', pattern: /antigua|barbuda/i },
  { key: 'saint-lucia', label: 'Saint Lucia', pattern: /lucia/i },
  { key: 'saint-vincent-and-the-grenadines', label: 'Saint Vincent and the Grenadines', pattern: /grenadines|vincent/i },
  { key: 'grenada', label: 'Grenada', pattern: /grenada/i },
  { key: 'dominica', label: 'Dominica', pattern: /dominica/i },
  { key: 'saint-kitts-and-nevis', label: 'Saint Kitts and Nevis', pattern: /kitts|nevis/i },
  { key: 'caribbean', label: 'Regional', pattern: /caribbean|west indies/i },
] as const;

export type FollowRegion = (typeof FOLLOW_REGIONS)[number]['key'];
export const FOLLOW_REGION_KEYS = FOLLOW_REGIONS.map((r) => r.key) as [FollowRegion, ...FollowRegion[]];
export type FollowTopic = KeywordSection;
export const FOLLOW_TOPICS = KEYWORD_SECTIONS as [FollowTopic, ...FollowTopic[]];

/** The island a story's region names, or null (the first pattern that matches wins). */
export function regionKey(region: string | null | undefined): FollowRegion | null {
  const value = region ?? '';
  return FOLLOW_REGIONS.find((r) => r.pattern.test(value))?.key ?? null;
}

export function regionLabel(key: string): string {
  return FOLLOW_REGIONS.find((r) => r.key === key)?.label ?? key;
}

export type Follows = { regions: FollowRegion[]; topics: FollowTopic[] };

const unique = <T>(values: T[]) => [...new Set(values)];

export const followsSchema = z
  .object({
    regions: z.array(z.enum(FOLLOW_REGION_KEYS)).max(FOLLOW_REGION_KEYS.length).default([]).transform(unique),
    topics: z.array(z.enum(FOLLOW_TOPICS)).max(FOLLOW_TOPICS.length).default([]).transform(unique),
  })
  .strict();

/** Whether a story is about what the reader follows: its island, or one of its sections. */
export function storyMatchesFollows(follows: Follows, story: { region: string; sections: readonly string[] }): boolean {
  const key = regionKey(story.region);
  if (key && follows.regions.includes(key)) return true;
  return story.sections.some((s) => (follows.topics as string[]).includes(s));
}
