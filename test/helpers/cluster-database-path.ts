import type { Knex } from 'knex';
import { silentLogger } from '../../core/logger';
import { clusterItems, featuresOf, newClusterCache, type ClusterCache } from '../../core/pipeline/cluster/cluster-items';
import type { Member } from '../../core/pipeline/cluster/event-clustering';
import type { StageContext } from '../../core/pipeline/types';
import { loadRawItems } from '../../core/pipeline/work/story-sources';
import { insertRawItems } from '../factories/raw-items';

/**
 * Labelled reports through the path `c360 cluster` and the workers take: stored as ingest stores them
 * (created in publication order, text as the content), clustered by clusterItems, read back as
 * item → story. `restartEvery`: a fresh worker (a fresh copy of the open stories, loaded from the
 * database) after that many items, to show a reload changes nothing. Shared by bench:clustering and
 * the one-answer test.
 */

export type PathItem = { id: string; outlet: string; region?: string | null; published_at: string; title: string; summary?: string; text?: string };

export function pathContext(db: Knex, workerId = 'bench'): StageContext {
  return { db, clock: () => new Date(), logger: silentLogger, actor: 'bench:clustering', workerId, leaseMs: 600_000, batchSize: 200 };
}

export async function storeItems(db: Knex, items: readonly PathItem[]): Promise<Map<string, string>> {
  const ordered = [...items].sort((a, b) => a.published_at.localeCompare(b.published_at) || a.id.localeCompare(b.id));
  const ids = await insertRawItems(
    db,
    ordered.map((i, k) => ({
      outlet: i.outlet,
      title: i.title,
      summary: i.summary ?? '',
      content: i.text ?? '',
      url: `https://example.test/${k}`,
      published_at: i.published_at,
      created_at: new Date(Date.parse(i.published_at) + (k % 1000)).toISOString(),
    })),
  );
  if (ordered.some((i) => i.region))
    for (let k = 0; k < ordered.length; k++) if (ordered[k]!.region) await db('raw_feeds').where('id', ids[k]!).update({ outlet_region: ordered[k]!.region });
  return new Map(ids.map((id, k) => [id, ordered[k]!.id]));
}

export async function clusterThroughDatabase(
  db: Knex,
  options: { restartEvery?: number; workerId?: string; cache?: ClusterCache } = {},
): Promise<{ processed: number }> {
  let processed = 0;
  if (!options.restartEvery) return { processed: (await clusterItems(pathContext(db, options.workerId), {}, options.cache ?? newClusterCache())).processed };
  for (;;) {
    const stats = await clusterItems(pathContext(db, options.workerId), { limit: options.restartEvery }, newClusterCache());
    if (stats.processed + stats.failed === 0) return { processed };
    processed += stats.processed;
  }
}

/** item (the caller's id) → story, as stored. */
export async function storedAssignment(db: Knex, idOf: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  const rows = (await db('raw_feeds').select('id', 'story_id')) as { id: string; story_id: string | null }[];
  return new Map(rows.filter((r) => idOf.has(r.id)).map((r) => [idOf.get(r.id)!, r.story_id ?? `none:${r.id}`]));
}

/** The stored items as the stage read them, as members for the in-memory rule (the caller's ids). */
export async function storedMembers(db: Knex, idOf: ReadonlyMap<string, string>): Promise<Member[]> {
  const items = await loadRawItems(db, [...idOf.keys()]);
  return items.map((i) => ({ id: idOf.get(i.id)!, ...featuresOf(i) }));
}

/** A partition as a comparable string: each story's sorted members, stories sorted. */
export function partitionOf(assignment: ReadonlyMap<string, string>): string[] {
  const groups = new Map<string, string[]>();
  for (const [item, story] of assignment) groups.set(story, [...(groups.get(story) ?? []), item]);
  return [...groups.values()].map((g) => g.sort().join(' ')).sort();
}
