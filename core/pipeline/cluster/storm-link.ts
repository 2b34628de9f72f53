import type { Knex } from 'knex';

/**
 * A report that names a storm NHC is tracking (or tracked in the last two weeks) is linked to it: its
 * story gets the storm's id and name, and its storm type when it has none (alerts match on it).
 * Names match as whole words in the title or lead, as written or in capitals ("Keron", "KERON").
 */

const RECENT_DAYS = 14;

export type StormRef = { id: string; name: string; classification: string };

export async function stormNamedIn(db: Knex, text: string, at: Date): Promise<StormRef | null> {
  const since = new Date(at.getTime() - RECENT_DAYS * 86_400_000).toISOString();
  const storms = (await db('storms')
    .select('id', 'name', 'classification')
    .where('last_update_at', '>=', since)
    .orderBy('last_update_at', 'desc')) as StormRef[];
  return (
    storms.find(
      (s) => s.name.trim().length > 1 && new RegExp(`(?<![\\p{L}])(${escape(s.name)}|${escape(s.name.toUpperCase())})(?![\\p{L}])`, 'u').test(text),
    ) ?? null
  );
}

/** NHC's classification codes as the storm types alerts know. */
export function stormTypeOf(classification: string): string | null {
  const code = classification.toUpperCase();
  if (code === 'HU' || code === 'MH' || /HURRICANE/.test(code)) return 'Hurricane';
  if (code === 'TS' || /TROPICAL STORM/.test(code)) return 'Tropical Storm';
  if (code === 'TD' || /DEPRESSION/.test(code)) return 'Depression';
  return null;
}

export async function linkStorm(trx: Knex, storyId: string, item: { title: string; summary: string; text: string }, at: Date): Promise<void> {
  const storm = await stormNamedIn(trx, `${item.title}\n${(item.summary || item.text).slice(0, 1_000)}`, at);
  if (!storm) return;
  await trx('synced_content')
    .where('id', storyId)
    .whereNull('storm_id')
    .update({ storm_id: storm.id, storm_name: storm.name, storm_type: trx.raw('coalesce(storm_type, ?)', [stormTypeOf(storm.classification)]) });
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
