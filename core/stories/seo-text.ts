/** Page titles, meta descriptions and keywords (reader spec sections 5 and 9). */

export const SITE_NAME = 'C360 Caribbean Intelligence';
export const SITE_SHORT_NAME = 'C360';
export const TITLE_LIMIT = 60;
export const TITLE_CUT = 50;
export const DESCRIPTION_LIMIT = 150;
export const MAX_TOPIC_KEYWORDS = 3;

/** The fixed topic list keywords are drawn from, in priority order. */
export const TOPIC_KEYWORDS = [
  'housing',
  'economy',
  'government',
  'tourism',
  'hurricane',
  'election',
  'crime',
  'education',
  'health',
  'climate',
  'energy',
  'trade',
  'agriculture',
  'cricket',
  'football',
  'culture',
  'music',
  'technology',
  'finance',
  'investment',
  'remittances',
  'diaspora',
  'migration',
  'infrastructure',
  'water',
  'fisheries',
] as const;

/** "<title> | <site name>", cut to fit; the site name is the page language's (server/pages/head-text.ts), English by default. */
export function pageTitle(title: string | null | undefined, siteName: string = SITE_NAME): string {
  const text = (title ?? '').trim();
  if (text === '') return siteName;
  const full = `${text} | ${siteName}`;
  if (full.length <= TITLE_LIMIT) return full;
  return `${text.slice(0, TITLE_CUT)}... | ${SITE_SHORT_NAME}`;
}

export function metaDescription(summary: string | null | undefined, region: string | null | undefined): string {
  const text = (summary ?? '').replace(/\s+/g, ' ').trim();
  if (text === '') return `Verified, multi-source news and analysis from ${region?.trim() || 'the Caribbean'} by ${SITE_SHORT_NAME}.`;
  return text.length > DESCRIPTION_LIMIT ? `${text.slice(0, DESCRIPTION_LIMIT)}...` : text;
}

/** Up to 3 topics from the fixed list found in the story's text, plus its region unless Caribbean. */
export function topicKeywords(story: { title: string; summary?: string | null; tags?: readonly string[]; region?: string | null }): string[] {
  const text = [story.title, story.summary ?? '', ...(story.tags ?? [])].join(' ').toLowerCase();
  const found: string[] = TOPIC_KEYWORDS.filter((word) => new RegExp(`\\b${word}`).test(text)).slice(0, MAX_TOPIC_KEYWORDS);
  const region = story.region?.trim();
  if (region && region.toLowerCase() !== 'caribbean') found.push(region);
  return found;
}
