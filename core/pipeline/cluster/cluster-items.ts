import type { Knex } from 'knex';
import { mainCountry } from '../../nlp/gazetteer';
import { insertStory } from '../../stories/story-repository';
import { auditEntry } from '../../stories/story';
import { CHANNELS, notify } from '../../db/notify';
import { emptyStats, retryDelayMs, type StageContext, type StageStats } from '../types';
import { claimRawItems, holdsRawItemLease } from '../work/leases';
import { saveStory } from '../work/save-story';
import { loadRawItems, outletsOf, loadStorySources, type SourceItem } from '../work/story-sources';
import { itemFeatures, retrievalKeys, storyKeys, type Features } from './features';
import { chooseStory, makeIdf, mergeFeatures, JOIN_THRESHOLD, WINDOW_HOURS, type StoryFeatures } from './similarity';

/**
 * Stage 1, cluster: each pending source item joins the open story about the same event, or starts one.
 * Clustering decisions need a consistent view of the open stories, so they are made one item at a time
 * under a transaction-scoped advisory lock (a few milliseconds each); claiming, and the slow stages
 * after this one, run in parallel across workers. A story whose outlets grow is queued for a new summary.
 */

const CLUSTER_LOCK = 3_600_001;
const DOCS_TERM = '__docs__';
const MAX_CANDIDATES = 100;

export type ClusterOptions = { limit?: number; windowHours?: number; threshold?: number };

export async function clusterItems(ctx: StageContext, options: ClusterOptions = {}): Promise<StageStats> {
  const stats = emptyStats();
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  ctx.onProgress?.({ stage: 'cluster', status: 'started' });
  stats.processed += await refreshCarriers(ctx);
  while (stats.processed + stats.failed < limit) {
    const ids = await claimRawItems(ctx.db, { workerId: ctx.workerId, leaseMs: ctx.leaseMs, limit: Math.min(ctx.batchSize, limit - stats.processed - stats.failed) });
    if (ids.length === 0) break;
    const batch = await clusterClaimed(ctx, ids, options);
    stats.processed += batch.processed;
    stats.failed += batch.failed;
  }
  ctx.onProgress?.({ stage: 'cluster', status: 'finished', processed: stats.processed, failed: stats.failed });
  return stats;
}

/** Clusters items this worker claimed; items whose lease another worker took over are skipped. */
export async function clusterClaimed(ctx: StageContext, ids: readonly string[], options: ClusterOptions = {}): Promise<StageStats> {
  const stats = emptyStats();
  for (const item of await loadRawItems(ctx.db, ids)) {
    try {
      if (await assignItem(ctx, item, itemFeatures(item), options)) stats.processed++;
    } catch (error) {
      stats.failed++;
      await failItem(ctx, item.id, error);
    }
    ctx.onProgress?.({ stage: 'cluster', status: 'progress', processed: stats.processed, failed: stats.failed });
  }
  return stats;
}

async function assignItem(ctx: StageContext, item: SourceItem, features: Features, options: ClusterOptions): Promise<boolean> {
  const now = ctx.clock();
  const windowHours = options.windowHours ?? WINDOW_HOURS;
  return ctx.db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [CLUSTER_LOCK]);
    if (!(await holdsRawItemLease(trx, item.id, ctx.workerId))) return false; // taken over after our lease ran out
    const terms = Object.keys(features.terms);
    const dfRows = await trx('cluster_term_stats').select('term', 'df').whereIn('term', [...terms, DOCS_TERM]);
    const df = new Map<string, number>(dfRows.map((r: { term: string; df: number }) => [r.term, Number(r.df)]));
    const idf = makeIdf(df, df.get(DOCS_TERM) ?? 0);
    const keys = retrievalKeys(features, idf);
    const windowMs = windowHours * 3_600_000;
    const candidates = keys.length === 0 ? [] : await trx('synced_content')
      .select('id', 'cluster_terms', 'entities', 'first_item_at', 'last_item_at', 'source_list')
      .whereRaw('cluster_keys && ?::text[]', [keys])
      .where('last_item_at', '>=', new Date(features.time - windowMs).toISOString())
      .where('first_item_at', '<=', new Date(features.time + windowMs).toISOString())
      .orderBy('last_item_at', 'desc')
      .limit(MAX_CANDIDATES);
    const stories: (StoryFeatures & { source_list: string[] })[] = candidates.map((c: Record<string, unknown>) => ({
      id: c.id as string,
      terms: parse(c.cluster_terms) as Record<string, number>,
      entities: (c.entities as string[]) ?? [],
      firstTime: new Date(c.first_item_at as string).getTime(),
      lastTime: new Date(c.last_item_at as string).getTime(),
      source_list: (c.source_list as string[]) ?? [],
    }));
    const chosen = chooseStory(features, stories, idf, { threshold: options.threshold ?? JOIN_THRESHOLD, windowHours });
    const itemOutlets = outletsOf([item]);
    let storyId: string;
    let status: 'clustered' | 'processed' = 'clustered';
    if (chosen) {
      const story = stories.find((s) => s.id === chosen.story.id)!;
      const merged = mergeFeatures(story, features);
      const newOutlets = itemOutlets.filter((o) => !story.source_list.includes(o));
      const sourceList = [...story.source_list, ...newOutlets];
      // Locked, so a summary being committed for this story is either seen whole (and this item is
      // already covered) or waits for this item to be in (and marks it processed with the others).
      const current = await trx('synced_content').select('pipeline_next').where('id', story.id).forUpdate().first();
      // A new outlet means new facts to weigh: regenerate the layers. Another item from an outlet
      // already counted just joins (its story is re-summarised only if it was still waiting anyway).
      const regenerate = newOutlets.length > 0;
      if (!regenerate && current?.pipeline_next !== 'summarise') status = 'processed';
      await saveStory(trx, story.id, {
        patch: { source_list: sourceList, source_count: sourceList.length },
        work: {
          cluster_terms: JSON.stringify(merged.terms),
          entities: merged.entities,
          cluster_keys: storyKeys(merged),
          first_item_at: new Date(merged.firstTime).toISOString(),
          last_item_at: new Date(merged.lastTime).toISOString(),
          ...(regenerate ? { pipeline_next: 'summarise', sources_version: trx.raw('sources_version + 1'), work_attempts: 0, work_error: null, next_attempt_at: null } : {}),
        },
        audit: auditEntry('source_added', ctx.actor, now, {
          details: `${item.outlet}: ${item.title} (item ${item.id}; score ${chosen.match.score.toFixed(2)}${regenerate ? '; new outlet, layers to regenerate' : ''})`,
        }),
      });
      storyId = story.id;
    } else {
      const story = await insertStory(trx, {
        title: item.title,
        summary: firstSentences(item.summary || item.text),
        region: mainCountry(features.places) ?? item.region ?? 'Caribbean',
        source_list: itemOutlets,
        source_count: itemOutlets.length,
        pipeline_stage: 'ingested',
        status: 'draft',
        audit_log: [auditEntry('story_created', ctx.actor, now, { details: `from ${item.outlet}: ${item.title} (item ${item.id})` })],
      });
      const iso = new Date(features.time).toISOString();
      await trx('synced_content').where('id', story.id).update({
        pipeline_next: 'summarise',
        cluster_terms: JSON.stringify(features.terms),
        entities: features.entities,
        cluster_keys: storyKeys(features),
        first_item_at: iso,
        last_item_at: iso,
        sources_version: 1,
      });
      await notify(trx, CHANNELS.storyUpdated, { id: story.id });
      storyId = story.id;
    }
    await trx('raw_feeds').where('id', item.id).update({
      story_id: storyId,
      processing_status: status,
      processing_error: null,
      lease_owner: null,
      lease_expires_at: null,
      next_attempt_at: null,
      processed_at: status === 'processed' ? trx.fn.now() : null,
      updated_at: trx.fn.now(),
    });
    await trx.raw(
      `insert into cluster_term_stats (term, df) select t, 1 from unnest(?::text[]) as t
       on conflict (term) do update set df = cluster_term_stats.df + 1`,
      [[...terms, DOCS_TERM]],
    );
    return true;
  });
}

async function failItem(ctx: StageContext, id: string, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  ctx.logger.warn({ item: id, err: message }, 'cluster: item failed; it will be retried');
  const row = await ctx.db('raw_feeds').select('attempts').where('id', id).first();
  await ctx.db('raw_feeds')
    .where({ id, lease_owner: ctx.workerId })
    .update({
      processing_status: 'failed',
      processing_error: `cluster: ${message}`.slice(0, 1000),
      lease_owner: null,
      lease_expires_at: null,
      next_attempt_at: ctx.db.raw(`now() + (? * interval '1 millisecond')`, [retryDelayMs(Number(row?.attempts ?? 1))]),
      updated_at: ctx.db.fn.now(),
    });
}

/**
 * Outlets recorded later as also carrying an item already in a story (ingest's raw_item_carriers)
 * count as sources too: add them, and regenerate the story's layers.
 */
async function refreshCarriers(ctx: StageContext): Promise<number> {
  const rows = await ctx.db.raw(`
    select distinct r.story_id from raw_item_carriers c
      join raw_feeds r on r.id = c.raw_feed_id
      join synced_content s on s.id = r.story_id
     where c.first_seen_at > now() - interval '14 days' and not (c.outlet = any(s.source_list))
     limit 200`);
  let updated = 0;
  for (const { story_id: id } of rows.rows as { story_id: string }[]) {
    await ctx.db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?)', [CLUSTER_LOCK]);
      const story = await trx('synced_content').select('source_list').where('id', id).forUpdate().first();
      const outlets = outletsOf(await loadStorySources(trx, id));
      const added = outlets.filter((o) => !(story.source_list as string[]).includes(o));
      if (added.length === 0) return;
      const sourceList = [...(story.source_list as string[]), ...added];
      await saveStory(trx, id, {
        patch: { source_list: sourceList, source_count: sourceList.length },
        work: { pipeline_next: 'summarise', sources_version: trx.raw('sources_version + 1'), work_attempts: 0, work_error: null, next_attempt_at: null },
        audit: auditEntry('source_added', ctx.actor, ctx.clock(), { details: `also carried by ${added.join(', ')}; layers to regenerate` }),
      });
      updated++;
    });
  }
  return updated;
}

function parse(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : (value ?? {});
}

function firstSentences(text: string): string {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return trimmed.length > 400 ? `${trimmed.slice(0, 397)}…` : trimmed;
}
