import type { Knex } from 'knex';

/**
 * The language a story is written in, from its items' languages (the item's own, else its
 * feed's; none means English): the writer prefers English reports, so a story is in another
 * language only when all its items are.
 */
export function storyLanguageOf(itemLanguages: readonly (string | null | undefined)[]): string {
  const codes = new Set(itemLanguages.map((l) => (l ?? 'en').trim().slice(0, 2).toLowerCase() || 'en'));
  return codes.size === 1 ? [...codes][0]! : 'en';
}

export async function storyItemLanguages(db: Knex, storyId: string): Promise<(string | null)[]> {
  const rows = await db('raw_feeds as r')
    .leftJoin('feeds as f', 'f.id', 'r.feed_id')
    .where('r.story_id', storyId)
    .select(db.raw('coalesce(r.language, f.language) as language'));
  return rows.map((r: { language: string | null }) => r.language);
}
