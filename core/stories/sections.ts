import { classifyTopics } from './topic-classifier';

/** Section pages (reader spec sections 2 and 9). */

/**
 * The spec's substring keywords: no longer how stories are filed (see storySections), kept as the
 * baseline bench:sections measures the topic classifier against.
 */
export const SECTION_KEYWORDS = {
  business: ['business', 'economic', 'trade', 'finance', 'commerce', 'investment'],
  politics: ['politics', 'political', 'government', 'election', 'policy', 'minister'],
  weather: ['weather', 'storm', 'hurricane', 'climate', 'tropical'],
  sports: ['sports', 'cricket', 'football', 'athletics', 'games'],
  culture: ['culture', 'cultural', 'festival', 'music', 'art', 'heritage'],
  technology: ['technology', 'tech', 'digital', 'innovation', 'internet'],
} as const;

export type KeywordSection = keyof typeof SECTION_KEYWORDS;
export const KEYWORD_SECTIONS = Object.keys(SECTION_KEYWORDS) as KeywordSection[];
export const SECTION_NAV = ['latest', ...KEYWORD_SECTIONS] as const;
export const LATEST_SECTION_SIZE = 20;
export const SECTION_PAGE_SIZE = 20;

export type SectionQuery =
  { kind: 'latest'; section: 'latest' | 'caribbean' } | { kind: 'keyword'; section: KeywordSection } | { kind: 'unknown'; section: string };

export function parseSection(raw: string | null | undefined): SectionQuery {
  const section = (raw ?? '').trim().toLowerCase();
  if (section === 'latest' || section === 'caribbean') return { kind: 'latest', section };
  if ((KEYWORD_SECTIONS as string[]).includes(section)) return { kind: 'keyword', section: section as KeywordSection };
  return { kind: 'unknown', section };
}

/** Keywords match as substrings of the tags, title and summary joined, case-insensitively. */
export function matchesSection(story: { title: string; summary: string; tags: readonly string[] }, section: KeywordSection): boolean {
  const text = [story.tags.join(' '), story.title, story.summary].join(' ').toLowerCase();
  return SECTION_KEYWORDS[section].some((keyword) => text.includes(keyword));
}

/** Every section the substring keywords would give (the old rule; bench:sections' baseline). */
export function keywordSections(story: { title: string; summary: string; tags: readonly string[] }): KeywordSection[] {
  return KEYWORD_SECTIONS.filter((section) => matchesSection(story, section));
}

/**
 * The sections a story belongs to, most likely first: 0 to 2 of them, as the topic classifier
 * reads its title, lead and tags (a story it cannot place confidently gets none rather than a
 * wrong one). Stored with the story so SQL filters on an index.
 */
export function storySections(story: { title: string; summary: string; tags: readonly string[] }): KeywordSection[] {
  return classifyTopics(story);
}

export function sectionHeading(query: SectionQuery): string {
  if (query.kind === 'latest') return 'Latest Caribbean Intelligence';
  return query.section.charAt(0).toUpperCase() + query.section.slice(1);
}

export function sectionSubtitle(query: SectionQuery): string {
  if (query.kind === 'latest') return 'The most recent analysis from across the Caribbean';
  return `Latest analysis from the Caribbean ${query.section} sector`;
}

export function storiesFoundLine(count: number): string {
  return `${count} ${count === 1 ? 'story' : 'stories'} found`;
}

/** '1 source' / 'n sources'. */
export function sourceCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'source' : 'sources'}`;
}
