import type { Knex } from 'knex';

/**
 * A report that names a storm NHC is tracking (or tracked in the last two weeks) is linked to it: its
 * story gets the storm's id and name, and its storm type when it has none (alerts match on it).
 * Names match as whole words in the title or lead, as written or in capitals ("Keron", "KERON").
 */

const RECENT_DAYS = 14;

export type StormRef = { id: string; name: string; classification: string };

/** NHC's classification codes as the storm types alerts know. */
export function stormTypeOf(classification: string): string | null {
  const code = classification.toUpperCase();
  if (code === 'HU' || code === 'MH' || /HURRICANE/.test(code)) return 'Hurricane';
  if (code === 'TS' || /TROPICAL STORM/.test(code)) return 'Tropical Storm';
  if (code === 'TD' || /DEPRESSION/.test(code)) return 'Depression';
  return null;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The storms a batch's reports may name, loaded once: returns, for a story's new reports, the first
 * storm one of them names in its title or lead (with its storm type), or null.
 */
export async function stormMatcher(
  db: Knex,
  at: Date,
): Promise<(items: readonly { title: string; summary: string; text: string }[]) => (StormRef & { type: string | null }) | null> {
  const since = new Date(at.getTime() - RECENT_DAYS * 86_400_000).toISOString();
  const storms = (
    (await db('storms').select('id', 'name', 'classification').where('last_update_at', '>=', since).orderBy('last_update_at', 'desc')) as StormRef[]
  )
    .filter((s) => s.name.trim().length > 1)
    .map((s) => ({ ...s, re: new RegExp(`(?<![\\p{L}])(${escape(s.name)}|${escape(s.name.toUpperCase())})(?![\\p{L}])`, 'u') }));
  return (items) => {
    for (const item of items) {
      const text = `${item.title}\n${(item.summary || item.text).slice(0, 1_000)}`;
      const storm = storms.find((s) => s.re.test(text));
      if (storm) return { id: storm.id, name: storm.name, classification: storm.classification, type: stormTypeOf(storm.classification) };
    }
    return null;
  };
}
