import type { Knex } from 'knex';
import { stripHtml } from '../../nlp/analyse';
import { storyCountry } from '../../nlp/gazetteer';
import { insertStory } from '../../stories/story-repository';
import { auditEntry } from '../../stories/story';
import { CHANNELS, notify } from '../../db/notify';
import { emptyStats, retryDelayMs, type StageContext, type StageStats } from '../types';
import { claimRawItems, holdsRawItemLease } from '../work/leases';
import { saveStory } from '../work/save-story';
import { centralFirst, loadRawItems, outletsOf, loadStorySources, type SourceItem } from '../work/story-sources';
import type { AiProvider } from '../summarise/provider';
import { eventFeatures, type EventFeatures } from './event-features';
import {
  chooseEventStory,
  CLUSTER_PARAMS,
  fit,
  makeIdf,
  MIN_CORPUS,
  misfits,
  storyAgreement,
  withVector,
  type ClusterParams,
  type Idf,
  type Scored,
} from './event-clustering';
import { entityKeysOf } from './story-entities';
import { linkStorm } from './storm-link';

/**
 * Stage 1, cluster: each pending source item joins the open story about the same event, or starts one
 * (the rule: event-clustering.ts). Then the story it joined is re-checked: a member that no longer fits
 * the rest leaves it for a story of its own, and an open story that turns out to report the same event
 * merges with it, so the first item's accidents do not decide. Decisions need a consistent view of the
 * open stories, so they are made one item at a time under a transaction-scoped advisory lock; claiming,
 * and the slow stages after this one, run in parallel across workers. A story whose sources change is
 * queued for a new summary.
 */

const CLUSTER_LOCK = 3_600_001;
const DOCS_TERM = '__docs__';
/** Stories compared per item: found by shared distinctive terms in the time window, most recent first. */
const MAX_CANDIDATES = 30;
/** Words in more than this share of items are too common to find candidate stories by. */
const COMMON_SHARE = 0.05;
const COMMON_MARK = '__common__';

/** `ai`: a provider whose sameEvent confirms borderline joins (counted as aiConfirmations). */
export type ClusterOptions = { limit?: number; windowHours?: number; ai?: AiProvider };
export type ClusterStats = StageStats & { aiConfirmations: number };
/** A join whose fit is under join + BORDERLINE is put to the model when one can tell. */
const BORDERLINE = 0.1;
const MAX_CONFIRMATIONS = 2;

export async function clusterItems(ctx: StageContext, options: ClusterOptions = {}): Promise<ClusterStats> {
  const stats: ClusterStats = { ...emptyStats(), aiConfirmations: 0 };
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  ctx.onProgress?.({ stage: 'cluster', status: 'started' });
  stats.processed += await refreshCarriers(ctx);
  while (stats.processed + stats.failed < limit) {
    const ids = await claimRawItems(ctx.db, {
      workerId: ctx.workerId,
      leaseMs: ctx.leaseMs,
      limit: Math.min(ctx.batchSize, limit - stats.processed - stats.failed),
    });
    if (ids.length === 0) break;
    await clusterBatch(ctx, ids, options, stats);
  }
  ctx.onProgress?.({ stage: 'cluster', status: 'finished', processed: stats.processed, failed: stats.failed });
  return stats;
}

/** Clusters items this worker claimed; items whose lease another worker took over are skipped. */
export async function clusterClaimed(ctx: StageContext, ids: readonly string[], options: ClusterOptions = {}): Promise<ClusterStats> {
  return clusterBatch(ctx, ids, options, { ...emptyStats(), aiConfirmations: 0 });
}

/** Adds to the run's running totals, so progress counts up across batches. */
async function clusterBatch(ctx: StageContext, ids: readonly string[], options: ClusterOptions, stats: ClusterStats): Promise<ClusterStats> {
  const params: ClusterParams = { ...CLUSTER_PARAMS, ...(options.windowHours ? { windowHours: options.windowHours } : {}) };
  for (const item of await loadRawItems(ctx.db, ids)) {
    try {
      const refused = options.ai?.sameEvent ? await refusedByModel(ctx, item, featuresOf(item), params, options.ai, stats) : new Set<string>();
      if (await assignItem(ctx, item, params, refused)) stats.processed++;
    } catch (error) {
      stats.failed++;
      await failItem(ctx, item.id, error);
    }
    ctx.onProgress?.({ stage: 'cluster', status: 'progress', processed: stats.processed, failed: stats.failed });
  }
  return stats;
}

function featuresOf(item: {
  title: string;
  summary: string;
  text: string;
  outlet: string;
  region: string | null;
  publishedAt: string | null;
  createdAt: string;
}): EventFeatures {
  return eventFeatures({
    title: item.title,
    summary: item.summary,
    text: item.text,
    outlet: item.outlet,
    outletRegion: item.region,
    publishedAt: item.publishedAt,
    createdAt: item.createdAt,
  });
}

/**
 * Terms that index an item and find its candidate stories: its words and institutions (word pairs and
 * figures only score). Words in more than COMMON_SHARE of all items find everything and narrow nothing.
 */
function keysOf(features: Pick<EventFeatures, 'terms'>, idf: Idf, common = idf(COMMON_MARK)): string[] {
  return Object.keys(features.terms).filter((t) => !t.includes('_') && idf(t) > common);
}

type StoredMember = EventFeatures & { id: string; storyId: string; keys?: string[] };

/** The members of these stories with the features clustering compared (computed from the text for items clustered before they were kept). */
async function loadMembers(trx: Knex, storyIds: readonly string[]): Promise<StoredMember[]> {
  if (storyIds.length === 0) return [];
  const rows = await trx('raw_feeds')
    .select('id', 'story_id', 'outlet', 'title', 'summary', 'content', 'published_at', 'created_at', 'outlet_region', 'cluster_features')
    .whereIn('story_id', storyIds as string[]);
  return rows.map((r: Record<string, unknown>) => {
    const stored = (typeof r.cluster_features === 'string' ? JSON.parse(r.cluster_features) : r.cluster_features) as EventFeatures | null;
    const features =
      stored ??
      featuresOf({
        title: r.title as string,
        summary: stripHtml((r.summary as string) ?? ''),
        text: stripHtml((r.content as string) ?? ''),
        outlet: r.outlet as string,
        region: (r.outlet_region as string | null) ?? null,
        publishedAt: r.published_at ? new Date(r.published_at as string).toISOString() : null,
        createdAt: new Date(r.created_at as string).toISOString(),
      });
    return { ...features, id: r.id as string, storyId: r.story_id as string };
  });
}

/** Document frequencies of these terms, and how many items have been counted. */
async function idfFor(trx: Knex, terms: Iterable<string>): Promise<Idf> {
  const list = [...new Set([...terms, DOCS_TERM])];
  const rows = await trx.raw('select term, df from cluster_term_stats where term = any(?::text[])', [list]);
  const df = new Map<string, number>((rows.rows as { term: string; df: number }[]).map((r) => [r.term, Number(r.df)]));
  const docs = df.get(DOCS_TERM) ?? 0;
  // A marker term as common as COMMON_SHARE of the corpus: keysOf compares against its IDF.
  df.set(COMMON_MARK, Math.ceil(Math.max(docs, MIN_CORPUS) * COMMON_SHARE));
  return makeIdf(df, docs);
}

type Decision = {
  candidates: { id: string; status: string; published_at: string | null }[];
  groups: Group[];
  self: Scored;
  idf: Idf;
  keys: string[];
  chosen: { id: string; fit: number } | null;
};

/** Finds the item's candidate stories and the one it joins (stories in `refused` excepted: a model said they tell another event). */
async function decide(db: Knex, item: SourceItem, features: EventFeatures, params: ClusterParams, refused: ReadonlySet<string>): Promise<Decision> {
  const windowMs = params.windowHours * 3_600_000;
  const itemIdf = await idfFor(db, Object.keys(features.terms));
  const keys = keysOf(features, itemIdf);
  const candidates = (await db('synced_content')
    .select('id', 'status', 'published_at')
    .whereRaw('cluster_keys && ?::text[]', [keys])
    .where('last_item_at', '>=', new Date(features.time - windowMs).toISOString())
    .where('first_item_at', '<=', new Date(features.time + windowMs).toISOString())
    .orderBy('last_item_at', 'desc')
    .limit(MAX_CANDIDATES)) as Decision['candidates'];
  const members = await loadMembers(
    db,
    candidates.map((c) => c.id),
  );
  const idf = await idfFor(db, [...Object.keys(features.terms), ...members.flatMap((m) => Object.keys(m.terms))]);
  const scored = members.map((m) => ({ ...withVector(m, idf), storyId: m.storyId }));
  const self: Scored = withVector({ ...features, id: item.id }, idf);
  const groups = candidates.map((c) => ({ id: c.id, members: scored.filter((m) => m.storyId === c.id) }));
  const chosen = chooseEventStory(
    self,
    groups.filter((g) => !refused.has(g.id)),
    params,
  );
  return { candidates, groups, self, idf, keys, chosen };
}

/**
 * With a provider that can tell (sameEvent), a borderline join (fit under join + BORDERLINE) is put to
 * the model in one short call before the decision is made; a "no" leaves the item to the next best
 * story or a story of its own. Asked outside the clustering lock, so a slow model holds up no one; a
 * model that fails or times out leaves the rule's decision.
 */
async function refusedByModel(
  ctx: StageContext,
  item: SourceItem,
  features: EventFeatures,
  params: ClusterParams,
  ai: AiProvider,
  counts: { aiConfirmations: number },
): Promise<Set<string>> {
  const refused = new Set<string>();
  for (let asked = 0; asked < MAX_CONFIRMATIONS; asked++) {
    const { chosen } = await decide(ctx.db, item, features, params, refused);
    if (!chosen || chosen.fit >= params.join + BORDERLINE) break;
    const story = centralFirst(await loadStorySources(ctx.db, chosen.id));
    counts.aiConfirmations++;
    try {
      const brief = (s: SourceItem) => ({ outlet: s.outlet, title: s.title, lead: s.summary || s.text.slice(0, 600), publishedAt: s.publishedAt });
      const answer = await ai.sameEvent!({ report: brief(item), story: story.map(brief) });
      ctx.logger.debug({ item: item.id, story: chosen.id, fit: chosen.fit, same: answer.same }, 'cluster: borderline join put to the model');
      if (answer.same) break;
      refused.add(chosen.id);
    } catch (error) {
      ctx.logger.warn(
        { item: item.id, err: error instanceof Error ? error.message : String(error) },
        'cluster: the model could not confirm a borderline join; the rule decides',
      );
      break;
    }
  }
  return refused;
}

async function assignItem(ctx: StageContext, item: SourceItem, params: ClusterParams, refused: ReadonlySet<string> = new Set()): Promise<boolean> {
  const features = featuresOf(item);
  return ctx.db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [CLUSTER_LOCK]);
    if (!(await holdsRawItemLease(trx, item.id, ctx.workerId))) return false; // taken over after our lease ran out
    const { candidates, groups, self, idf, keys, chosen } = await decide(trx, item, features, params, refused);
    const now = ctx.clock();
    let storyId: string;
    let status: 'clustered' | 'processed' = 'clustered';
    if (chosen) {
      storyId = chosen.id;
      const story = await trx('synced_content').select('source_list', 'pipeline_next', 'entities', 'cluster_keys').where('id', storyId).forUpdate().first();
      const itemOutlets = outletsOf([item]);
      const newOutlets = itemOutlets.filter((o) => !(story.source_list as string[]).includes(o));
      const sourceList = [...(story.source_list as string[]), ...newOutlets];
      // A new outlet means new facts to weigh: regenerate the layers. Another item from an outlet
      // already counted just joins (its story is re-summarised only if it was still waiting anyway).
      const regenerate = newOutlets.length > 0;
      if (!regenerate && story.pipeline_next !== 'summarise') status = 'processed';
      await saveStory(trx, storyId, {
        patch: { source_list: sourceList, source_count: sourceList.length },
        work: {
          entities: [...new Set([...((story.entities as string[]) ?? []), ...entityKeysOf(item)])].sort(),
          cluster_keys: [...new Set([...((story.cluster_keys as string[]) ?? []), ...keys])],
          first_item_at: trx.raw('least(first_item_at, ?::timestamptz)', [new Date(features.time).toISOString()]) as unknown as string,
          last_item_at: trx.raw('greatest(last_item_at, ?::timestamptz)', [new Date(features.time).toISOString()]) as unknown as string,
          ...(regenerate ? requeue(trx) : {}),
        },
        audit: auditEntry('source_added', ctx.actor, now, {
          details: `${item.outlet}: ${item.title} (item ${item.id}; fit ${chosen.fit.toFixed(2)}${regenerate ? '; new outlet, layers to regenerate' : ''})`,
        }),
      });
    } else {
      storyId = await startStory(trx, ctx, item, features, keys, `from ${item.outlet}: ${item.title} (item ${item.id})`);
    }
    await trx('raw_feeds')
      .where('id', item.id)
      .update({
        story_id: storyId,
        cluster_features: JSON.stringify(features),
        cluster_fit: chosen?.fit ?? null,
        processing_status: status,
        processing_error: null,
        lease_owner: null,
        lease_expires_at: null,
        next_attempt_at: null,
        processed_at: status === 'processed' ? trx.fn.now() : null,
        updated_at: trx.fn.now(),
      });
    await linkStorm(trx, storyId, item, new Date(features.time));
    await trx.raw(
      `insert into cluster_term_stats (term, df) select t, 1 from unnest(?::text[]) as t
       on conflict (term) do update set df = cluster_term_stats.df + 1`,
      [[...Object.keys(features.terms), DOCS_TERM]],
    );
    if (chosen) {
      const story = [...groups.find((g) => g.id === chosen.id)!.members, self];
      await recheckStory(
        trx,
        ctx,
        { id: chosen.id, members: story },
        groups.filter((g) => g.id !== chosen.id && g.members.length > 0),
        candidates,
        params,
        idf,
      );
    }
    return true;
  });
}

/** Work columns that queue a story whose sources changed for new layers. */
function requeue(trx: Knex) {
  return { pipeline_next: 'summarise' as const, sources_version: trx.raw('sources_version + 1'), work_attempts: 0, work_error: null, next_attempt_at: null };
}

async function startStory(trx: Knex, ctx: StageContext, item: SourceItem, features: EventFeatures, keys: string[], details: string): Promise<string> {
  const outlets = outletsOf([item]);
  const story = await insertStory(trx, {
    title: item.title,
    summary: firstSentences(item.summary || item.text),
    region: storyCountry([{ title: item.title, lead: item.summary || item.text.slice(0, 600), body: item.text, outletRegion: item.region }], features.country),
    source_list: outlets,
    source_count: outlets.length,
    pipeline_stage: 'ingested',
    status: 'draft',
    audit_log: [auditEntry('story_created', ctx.actor, ctx.clock(), { details })],
  });
  const iso = new Date(features.time).toISOString();
  await trx('synced_content')
    .where('id', story.id)
    .update({
      pipeline_next: 'summarise',
      entities: entityKeysOf(item),
      cluster_keys: keys,
      first_item_at: iso,
      last_item_at: iso,
      sources_version: 1,
    });
  await notify(trx, CHANNELS.storyUpdated, { id: story.id });
  return story.id;
}

type Group = { id: string; members: Scored[] };

/**
 * A story re-checked after it grew: members that no longer fit the rest leave it (each starts a story
 * of its own and is summarised again), and an open story whose members agree with this one's as one
 * event merges into it (into the published one if only one of the two is published; two published
 * stories are left apart, since both have public addresses). Members' fits are kept for centrality.
 */
async function recheckStory(
  trx: Knex,
  ctx: StageContext,
  story: Group,
  others: Group[],
  rows: { id: string; published_at: string | null }[],
  params: ClusterParams,
  idf: Idf,
): Promise<void> {
  const published = (id: string) => rows.find((r) => r.id === id)?.published_at != null;
  let members = story.members;
  const leaving = misfits(members, params);
  if (leaving.length > 0) {
    for (const m of leaving) {
      const [source] = await loadRawItems(trx, [m.id]);
      if (!source) continue;
      const newId = await startStory(trx, ctx, source, m, keysOf(m, idf), `left story ${story.id}: it no longer fit the story's other reports (item ${m.id})`);
      await trx('raw_feeds')
        .where('id', m.id)
        .update({ story_id: newId, cluster_fit: null, processing_status: 'clustered', processed_at: null, updated_at: trx.fn.now() });
    }
    members = members.filter((m) => !leaving.some((l) => l.id === m.id));
    await refreshSources(trx, ctx, story.id, `${leaving.length} report(s) left: they no longer fit the story's other reports`);
  }
  for (const other of others) {
    if (storyAgreement(members, other.members, params) < params.merge) continue;
    if (published(story.id) && published(other.id)) {
      ctx.logger.info({ story: story.id, other: other.id }, 'cluster: two published stories report one event; left apart');
      continue;
    }
    const [keep, gone] = published(other.id) ? [other, { id: story.id, members }] : [{ id: story.id, members }, other];
    await trx('raw_feeds')
      .where('story_id', gone.id)
      .update({ story_id: keep.id, processing_status: 'clustered', processed_at: null, updated_at: trx.fn.now() });
    const goneRow = await trx('synced_content').select('entities', 'cluster_keys', 'first_item_at', 'last_item_at').where('id', gone.id).first();
    await trx('synced_content')
      .where('id', keep.id)
      .update({
        entities: trx.raw('(select array(select distinct unnest(entities || ?::text[]) order by 1))', [goneRow?.entities ?? []]),
        cluster_keys: trx.raw('(select array(select distinct unnest(cluster_keys || ?::text[])))', [goneRow?.cluster_keys ?? []]),
        first_item_at: trx.raw('least(first_item_at, ?::timestamptz)', [goneRow?.first_item_at ?? null]),
        last_item_at: trx.raw('greatest(last_item_at, ?::timestamptz)', [goneRow?.last_item_at ?? null]),
      });
    await trx('synced_content').where('id', gone.id).del();
    await notify(trx, CHANNELS.storyUpdated, { id: gone.id });
    await refreshSources(trx, ctx, keep.id, `merged story ${gone.id}: its reports tell the same event`);
    members = [...keep.members, ...gone.members];
    story = { id: keep.id, members };
  }
  for (const m of members)
    await trx('raw_feeds')
      .where('id', m.id)
      .update({ cluster_fit: fit(m, members, params) });
}

/** A story's outlets recounted from its items (and their carriers) after members left or joined, and its layers queued again. */
async function refreshSources(trx: Knex, ctx: StageContext, id: string, details: string): Promise<void> {
  const outlets = outletsOf(await loadStorySources(trx, id));
  await saveStory(trx, id, {
    patch: { source_list: outlets, source_count: outlets.length },
    work: requeue(trx),
    audit: auditEntry('sources_changed', ctx.actor, ctx.clock(), { details }),
  });
}

async function failItem(ctx: StageContext, id: string, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  ctx.logger.warn({ item: id, err: message }, 'cluster: item failed; it will be retried');
  const row = await ctx.db('raw_feeds').select('attempts').where('id', id).first();
  await ctx
    .db('raw_feeds')
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
        work: requeue(trx),
        audit: auditEntry('source_added', ctx.actor, ctx.clock(), { details: `also carried by ${added.join(', ')}; layers to regenerate` }),
      });
      updated++;
    });
  }
  return updated;
}

function firstSentences(text: string): string {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return trimmed.length > 400 ? `${trimmed.slice(0, 397)}…` : trimmed;
}
