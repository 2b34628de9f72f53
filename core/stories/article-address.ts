/**
 * Article addresses: /article/{slug}-{short id}, where the short id is the last 8 hex digits
 * of the story id with dashes removed (reader spec sections 2 and 5).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG_WITH_SHORT_ID = /^(.+)-([0-9a-f]{8})$/i;
const SAFE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/i;

/** Country words a slug may end with, in the order they are tried. */
export const SLUG_COUNTRY_WORDS = ['jamaica', 'barbados', 'trinidad', 'caribbean', 'bahamas', 'grenada', 'haiti', 'dominica'] as const;
const SLUG_MAX_WORDS = 6;
const SHORT_ID_LENGTH = 8;

export type ArticleId =
  | { kind: 'missing' }
  | { kind: 'invalid'; raw: string }
  | { kind: 'uuid'; id: string }
  | { kind: 'slug-short-id'; slug: string; shortId: string }
  | { kind: 'slug'; slug: string };

export function parseArticleId(raw: string | null | undefined): ArticleId {
  const value = (raw ?? '').trim();
  if (value === '') return { kind: 'missing' };
  if (UUID.test(value)) return { kind: 'uuid', id: value.toLowerCase() };
  // Anything that is not a plain dash-separated slug cannot name a story: answer "not found"
  // without asking the database.
  if (!SAFE_SLUG.test(value) || value.length > 200) return { kind: 'invalid', raw: value };
  const match = SLUG_WITH_SHORT_ID.exec(value);
  if (match) return { kind: 'slug-short-id', slug: match[1]!.toLowerCase(), shortId: match[2]!.toLowerCase() };
  return { kind: 'slug', slug: value.toLowerCase() };
}

export function shortId(id: string): string {
  return id.replace(/-/g, '').slice(-SHORT_ID_LENGTH).toLowerCase();
}

/**
 * Builds a slug from a title: lower-case; accents folded to plain letters (so "Régime" keeps its
 * word); characters other than letters, digits, spaces and dashes dropped; whitespace and dashes
 * collapsed; only words longer than 2 characters; at most 6 words; then one country word when
 * the story's topics (region and tags) name one and the title words do not already hold it.
 */
export function buildSlug(title: string, topics: readonly string[] = []): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .split(/[\s-]+/)
    .filter((word) => word.length > 2)
    .slice(0, SLUG_MAX_WORDS);
  const topicWords = new Set(topics.flatMap((topic) => topic.toLowerCase().split(/[^a-z]+/)));
  const country = SLUG_COUNTRY_WORDS.find((word) => topicWords.has(word));
  if (country && !words.includes(country)) words.push(country);
  return words.join('-');
}

/** The topics a slug draws its country word from. */
export function slugTopics(story: { region: string; tags: readonly string[] }): string[] {
  return [story.region, ...story.tags];
}

/** The SEO address of a story; null when the story has no id (the caller logs and does nothing). */
export function articlePath(story: { id?: string | null; slug?: string | null; title: string; region: string; tags?: readonly string[] }): string | null {
  if (!story.id) return null;
  const slug = story.slug || buildSlug(story.title, slugTopics({ region: story.region, tags: story.tags ?? [] })) || 'story';
  return `/article/${slug}-${shortId(story.id)}`;
}
