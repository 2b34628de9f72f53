import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { stripHtml } from '../../nlp/analyse';
import { storyCountry } from '../../nlp/gazetteer';
import { insertStories } from '../../stories/story-repository';
import { auditEntry, type AuditEntry } from '../../stories/story';
import { CHANNELS, notify } from '../../db/notify';
import { createTimeSlicer } from '../../event-loop';
import { emptyStats, retryDelayMs, type StageContext, type StageStats } from '../types';
import { claimRawItems, lockClustering } from '../work/leases';
import { saveStories, saveStory, type StoryChange } from '../work/save-story';
import { loadRawItems, outletsOf, loadStoriesSources, loadStorySources, type SourceItem } from '../work/story-sources';
import type { AiProvider } from '../summarise/provider';
import { eventFeatures, type EventFeatures } from './event-features';
import { CLUSTER_PARAMS, countedKeys, type ClusterParams } from './event-clustering';
import { ClusterEngine, inClusterOrder, type Change, type EngineMember, type Prepared } from './cluster-engine';
import { entityKeysOf } from './story-entities';
import { stormMatcher } from './storm-link';

/**
 * Stage 1, cluster: each pending source item joins the open story about the same event, or starts one,
 * by the rule in cluster-engine.ts, the very engine bench:clustering measures. A batch is decided under
 * one transaction-scoped advisory lock against the engine's copy of the open stories in the window: the
 * copy is loaded from the database once and kept between batches while no other worker has changed
 * clustering (cluster_state.generation), so a batch costs a few queries, not a few per item. Features
 * are read from the text before the lock, so workers share that work. The engine's changes (joins, new
 * stories, members that left, merges) are then written in a handful of statements.
 */

const DOCS_TERM = '__docs__';
/** Items claimed per batch when the caller allows it: the lock and the reload are paid once per batch. */
const CLAIM = 200;
/** Past this many stories in memory the engine is reloaded with the window alone. */
const MAX_ENGINE_STORIES = 50_000;

/** `ai`: a provider whose sameEvent confirms borderline joins (counted as aiConfirmations). */
export type ClusterOptions = { limit?: number; windowHours?: number; ai?: AiProvider };
export type ClusterStats = StageStats & { aiConfirmations: number };
/** A join whose fit (a mean probability of one event) is under this is put to the model when one can tell. */
const CONFIDENT = 0.75;
/** Below the join bar but at this fit or above, a pair is a near miss worth one question to the model. */
const ASK_FROM = 0.25;
const MAX_CONFIRMATIONS = 2;
/** Reports of a story shown to the model: its most recent ones. */
const STORY_BRIEFS = 6;

/** A worker's copy of the clustering state, kept between batches (and cycles) while it is current. */
export type ClusterCache = { engine?: ClusterEngine; generation?: number; since?: number; until?: number; windowHours?: number; checkedAt?: string };
export const newClusterCache = (): ClusterCache => ({});

export async function clusterItems(ctx: StageContext, options: ClusterOptions = {}, cache: ClusterCache = newClusterCache()): Promise<ClusterStats> {
  const stats: ClusterStats = { ...emptyStats(), aiConfirmations: 0 };
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  ctx.onProgress?.({ stage: 'cluster', status: 'started' });
  stats.processed += await refreshCarriers(ctx);
  while (stats.processed + stats.failed < limit) {
    const ids = await claimRawItems(ctx.db, {
      workerId: ctx.workerId,
      leaseMs: ctx.leaseMs,
      limit: Math.min(Math.max(ctx.batchSize, CLAIM), limit - stats.processed - stats.failed),
    });
    if (ids.length === 0) break;
    await clusterBatch(ctx, ids, options, stats, cache);
  }
  ctx.onProgress?.({ stage: 'cluster', status: 'finished', processed: stats.processed, failed: stats.failed });
  return stats;
}

/** Clusters items this worker claimed; items whose lease another worker took over are skipped. */
export async function clusterClaimed(
  ctx: StageContext,
  ids: readonly string[],
  options: ClusterOptions = {},
  cache = newClusterCache(),
): Promise<ClusterStats> {
  return clusterBatch(ctx, ids, options, { ...emptyStats(), aiConfirmations: 0 }, cache);
}

type Pending = { item: SourceItem; features: EventFeatures };

/**
 * One transaction for the batch; if it fails (a bad item, a story deleted under it), the copy is dropped
 * and each item is tried alone, so one bad item fails alone and is retried later.
 */
async function clusterBatch(
  ctx: StageContext,
  ids: readonly string[],
  options: ClusterOptions,
  stats: ClusterStats,
  cache: ClusterCache,
): Promise<ClusterStats> {
  const params: ClusterParams = { ...CLUSTER_PARAMS, ...(options.windowHours ? { windowHours: options.windowHours } : {}) };
  const pending: Pending[] = [];
  const slice = createTimeSlicer();
  for (const item of await loadRawItems(ctx.db, ids)) {
    await slice();
    try {
      pending.push({ item, features: featuresOf(item) });
    } catch (error) {
      stats.failed++;
      await failItem(ctx, item.id, error);
    }
  }
  const ordered = inClusterOrder(pending.map((p) => ({ ...p, id: p.item.id, time: p.features.time })));
  try {
    const done = await decideAndWrite(ctx, ordered, params, options.ai, cache, stats);
    stats.processed += done;
  } catch (error) {
    ctx.logger.debug({ err: error instanceof Error ? error.message : String(error) }, 'cluster: batch failed; items are tried one by one');
    clearCache(cache);
    for (const p of ordered) {
      try {
        stats.processed += await decideAndWrite(ctx, [p], params, options.ai, cache, stats);
      } catch (itemError) {
        clearCache(cache);
        stats.failed++;
        await failItem(ctx, p.item.id, itemError);
      }
    }
  }
  ctx.onProgress?.({ stage: 'cluster', status: 'progress', processed: stats.processed, failed: stats.failed });
  return stats;
}

function clearCache(cache: ClusterCache): void {
  delete cache.engine;
  delete cache.generation;
}

/** A stored source item's features, as every clustering path reads them. */
export function featuresOf(item: Pick<SourceItem, 'title' | 'summary' | 'text' | 'outlet' | 'region' | 'publishedAt' | 'createdAt'>): EventFeatures {
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

/** What is kept of an item's features: enough to score it again without its text (terms are only counted once). */
type StoredFeatures = Omit<EventFeatures, 'terms'> & {
  vector?: Record<string, number>;
  wordNorm?: number;
  nameWeights?: Record<string, number>;
  keys?: string[];
  headWeights?: Record<string, number>;
  terms?: Record<string, number>;
};

function storedFeatures(m: EngineMember): string {
  const { terms: _terms, vector, nameWeights, keys, id: _id, ...rest } = m;
  return JSON.stringify({ ...rest, vector: Object.fromEntries(vector), nameWeights: Object.fromEntries(nameWeights), keys });
}

async function decideAndWrite(
  ctx: StageContext,
  batch: readonly Pending[],
  params: ClusterParams,
  ai: AiProvider | undefined,
  cache: ClusterCache,
  counts: { aiConfirmations: number },
): Promise<number> {
  if (batch.length === 0) return 0;
  return ctx.db.transaction(async (trx) => {
    await lockClustering(trx);
    const held = new Set(
      (
        (await trx('raw_feeds')
          .select('id')
          .whereIn(
            'id',
            batch.map((p) => p.item.id),
          )
          .where('lease_owner', ctx.workerId)
          .whereNull('story_id')
          .forUpdate()) as { id: string }[]
      ).map((r) => r.id),
    );
    const items = batch.filter((p) => held.has(p.item.id)); // others were taken over after our lease ran out
    if (items.length === 0) return 0;
    // Items far apart in time (a feed dated 1970 among today's news) are decided against their own
    // windows: one stray date never loads the whole archive.
    for (const run of timeRuns(items, params)) {
      const engine = await syncEngine(
        trx,
        cache,
        params,
        [run[0]!.features.time, run.at(-1)!.features.time],
        run.flatMap((p) => countedKeys(p.features)),
      );
      const changes: Change[] = [];
      const members = new Map<string, EngineMember>();
      const inBatch = new Map(run.map((p) => [p.item.id, p.item]));
      // Inside the transaction too: the server's cached answers and /healthz need no query.
      const slice = createTimeSlicer();
      for (const { item, features } of run) {
        await slice();
        const prepared = engine.prepare({ ...features, id: item.id });
        members.set(item.id, prepared.member);
        const target = ai?.sameEvent ? await confirmWithModel(trx, ctx, engine, prepared, item, ai, counts, inBatch) : engine.choose(prepared);
        changes.push(...engine.place(prepared, target?.id ?? null));
      }
      await writeChanges(trx, ctx, engine, changes, run, members);
    }
    const [row] = (await trx('cluster_state').where('id', 1).increment('generation', 1).returning('generation')) as { generation: string | number }[];
    cache.generation = Number(row!.generation);
    return items.length;
  });
}

/**
 * The engine, current: kept if no other worker has clustered since (same generation) and its window
 * starts early enough for this batch (extended forward when the batch reaches past its end); otherwise
 * loaded again from the stored stories and features. Stories
 * published since the last look are marked (a merge never removes a published address), and the
 * document frequencies of the batch's terms are read.
 */
async function syncEngine(
  trx: Knex,
  cache: ClusterCache,
  params: ClusterParams,
  [earliest, latest]: readonly [number, number],
  terms: readonly string[],
): Promise<ClusterEngine> {
  const state = (await trx('cluster_state').select('generation').where('id', 1).first()) as { generation: string | number } | undefined;
  const generation = Number(state?.generation ?? 0);
  const windowMs = params.windowHours * 3_600_000;
  const now = (await trx.raw('select now() as now')).rows[0].now as Date;
  const since = earliest - windowMs;
  // Recent items need every story up to now (and the cache stays good as news arrives); old ones only their window.
  const until = latest + windowMs >= new Date(now).getTime() - windowMs ? Infinity : latest + windowMs;
  let engine = cache.engine;
  if (
    !engine ||
    cache.generation !== generation ||
    cache.windowHours !== params.windowHours ||
    (cache.since ?? Infinity) > since ||
    // a jump past the copy's window (a stray date, then today's news): today's window is read afresh
    (cache.until ?? Infinity) < since ||
    engine.size > MAX_ENGINE_STORIES
  ) {
    engine = new ClusterEngine(params, randomUUID);
    await addStories(trx, engine, { since, until }, terms);
    Object.assign(cache, { engine, generation, since, until, windowHours: params.windowHours });
  } else {
    const published = (await trx('synced_content')
      .select('id')
      .where('published_at', '>=', new Date(new Date(cache.checkedAt ?? 0).getTime() - 60_000).toISOString())) as { id: string }[];
    for (const { id } of published) engine.markPublished(id);
    // A backlog of older items moves its window forward batch by batch: only the stories begun after the
    // copy's end are read (the copy holds every other story of the window, unchanged: same generation),
    // with the batch's counts.
    if ((cache.until ?? Infinity) < until) {
      await addStories(trx, engine, { since, after: cache.until!, until }, terms);
      cache.until = until;
    } else await loadCounts(trx, engine, terms);
  }
  cache.checkedAt = new Date(now).toISOString();
  return engine;
}

async function loadCounts(trx: Knex, engine: ClusterEngine, terms: Iterable<string>): Promise<void> {
  const missing = [...new Set(terms)].filter((t) => !engine.knowsCount(t));
  const rows = (await trx.raw('select term, df from cluster_term_stats where term = any(?::text[])', [[...missing, DOCS_TERM]])).rows as {
    term: string;
    df: number;
  }[];
  const found = new Map(rows.map((r) => [r.term, Number(r.df)]));
  const docs = found.get(DOCS_TERM) ?? 0;
  found.delete(DOCS_TERM);
  // Terms never counted are known to be 0, so they are not asked for again.
  engine.setCounts([...missing.map((t) => [t, found.get(t) ?? 0] as const)], docs);
}

/**
 * Adds to the engine the stories with a report between `since` and `until` (begun after `after`, when
 * given), with their members' stored vectors.
 */
async function addStories(
  trx: Knex,
  engine: ClusterEngine,
  { since, until, after }: { since: number; until: number; after?: number },
  terms: readonly string[],
): Promise<void> {
  const stories = (await trx('synced_content')
    .select('id', 'published_at')
    .where('last_item_at', '>=', new Date(since).toISOString())
    .modify((q) => {
      if (Number.isFinite(until)) q.where('first_item_at', '<=', new Date(until).toISOString());
      if (after !== undefined) q.where('first_item_at', '>', new Date(after).toISOString());
    })
    .orderBy([{ column: 'cluster_seq' }, { column: 'id' }])) as { id: string; published_at: unknown }[];
  const rows = stories.length
    ? ((
        await trx.raw(
          // The text only where no features were kept (items clustered before they were): a story of thousands of long reports loads its vectors, not its articles.
          `select r.id, r.story_id, r.cluster_features, r.title, r.summary,
                  case when r.cluster_features is null or r.cluster_features->'vector' is null or r.cluster_features->'headWeights' is null
                       or r.cluster_features->'meaning' is null then left(r.content, 4000) end as content,
                  r.outlet, r.outlet_region, r.published_at, r.created_at
           from raw_feeds r where r.story_id = any(?::uuid[])`,
          [stories.map((s) => s.id)],
        )
      ).rows as Record<string, unknown>[])
    : [];
  const legacy: { row: Record<string, unknown>; features: EventFeatures }[] = [];
  const byStory = new Map<string, EngineMember[]>();
  const slice = createTimeSlicer();
  for (const r of rows) {
    await slice();
    const stored = (typeof r.cluster_features === 'string' ? JSON.parse(r.cluster_features) : r.cluster_features) as StoredFeatures | null;
    // Features kept before titles were compared (no headWeights) are made again from the text, as older ones are.
    if (stored?.vector && stored.keys && stored.nameWeights && stored.wordNorm !== undefined && stored.headWeights) {
      const member: EngineMember = {
        ...stored,
        // Kept before meanings were: read from the text once.
        meaning: stored.meaning ?? featuresOfRow(r).meaning,
        terms: {},
        id: r.id as string,
        vector: new Map(Object.entries(stored.vector)),
        wordNorm: stored.wordNorm,
        nameWeights: new Map(Object.entries(stored.nameWeights)),
        headWeights: stored.headWeights,
        keys: stored.keys,
      };
      push(byStory, r.story_id as string, member);
    } else {
      legacy.push({ row: r, features: stored?.terms && stored.names && stored.titleWords ? (stored as EventFeatures) : featuresOfRow(r) });
    }
  }
  // Items clustered before vectors were kept: scored with today's counts.
  await loadCounts(trx, engine, [...terms, ...legacy.flatMap((l) => countedKeys(l.features))]);
  for (const { row, features } of legacy) {
    await slice();
    const member = engine.memberOf({ ...features, id: row.id as string });
    push(byStory, row.story_id as string, member);
  }
  for (const s of stories) {
    await slice();
    const members = byStory.get(s.id);
    if (members?.length && !engine.storyOf(s.id)) engine.loadStory({ id: s.id, published: s.published_at != null, members });
  }
}

/** Consecutive items (in time order) no further apart than a window from their run's first one. */
function timeRuns<T extends { features: { time: number } }>(items: readonly T[], params: ClusterParams): T[][] {
  const span = params.windowHours * 3_600_000;
  const runs: T[][] = [];
  for (const item of items) {
    const run = runs.at(-1);
    if (run && item.features.time - run[0]!.features.time <= span) run.push(item);
    else runs.push([item]);
  }
  return runs;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function featuresOfRow(r: Record<string, unknown>): EventFeatures {
  return featuresOf({
    title: r.title as string,
    summary: stripHtml((r.summary as string) ?? ''),
    text: stripHtml((r.content as string) ?? ''),
    outlet: r.outlet as string,
    region: (r.outlet_region as string | null) ?? null,
    publishedAt: r.published_at ? new Date(r.published_at as string).toISOString() : null,
    createdAt: new Date(r.created_at as string).toISOString(),
  });
}

/**
 * With a provider that can tell (sameEvent), a borderline pair (fit from ASK_FROM up to CONFIDENT) is put
 * to the model in one short call, at most MAX_CONFIRMATIONS per item: a "yes" joins (also a near miss
 * the rule alone would turn away), a "no" leaves the item to the next best story or a story of its own.
 * A model that fails or times out leaves the rule's decision.
 */
async function confirmWithModel(
  trx: Knex,
  ctx: StageContext,
  engine: ClusterEngine,
  prepared: Prepared,
  item: SourceItem,
  ai: AiProvider,
  counts: { aiConfirmations: number },
  inBatch: ReadonlyMap<string, SourceItem>,
): Promise<{ id: string; fit: number } | null> {
  const refused = new Set<string>();
  for (let asked = 0; asked < MAX_CONFIRMATIONS; asked++) {
    // The best story not yet refused, if it is close enough to ask about: a join the rule is unsure of,
    // or a near miss it would turn away (outlets that tell one event in different words), which the model may join.
    const chosen = prepared.candidates.find((c) => c.fit >= ASK_FROM && !refused.has(c.id));
    if (!chosen || chosen.fit >= CONFIDENT) return chosen ?? null;
    // The story as the engine holds it now, reports of this batch included (not yet written): its most recent members.
    const memberIds = (engine.storyOf(chosen.id)?.members ?? []).slice(-STORY_BRIEFS).map((m) => m.id);
    const stored = await loadRawItems(
      trx,
      memberIds.filter((id) => !inBatch.has(id)),
    );
    const story = memberIds.map((id) => inBatch.get(id) ?? stored.find((s) => s.id === id)).filter((s): s is SourceItem => s !== undefined);
    counts.aiConfirmations++;
    try {
      const brief = (s: SourceItem) => ({ outlet: s.outlet, title: s.title, lead: s.summary || s.text.slice(0, 600), publishedAt: s.publishedAt });
      const answer = await ai.sameEvent!({ report: brief(item), story: story.map(brief) });
      ctx.logger.debug({ item: item.id, story: chosen.id, fit: chosen.fit, same: answer.same }, 'cluster: borderline join put to the model');
      if (answer.same) return chosen;
      refused.add(chosen.id);
    } catch (error) {
      ctx.logger.warn(
        { item: item.id, err: error instanceof Error ? error.message : String(error) },
        'cluster: the model could not confirm a borderline join; the rule decides',
      );
      return engine.choose(prepared, refused);
    }
  }
  return engine.choose(prepared, refused);
}

/** Work columns that queue a story whose sources changed for new layers (SQL, so one statement can apply them to many stories). */
const REQUEUE: Readonly<Record<string, string>> = {
  pipeline_next: `'summarise'`,
  sources_version: 'sources_version + 1',
  work_attempts: '0',
  work_error: 'null',
  next_attempt_at: 'null',
};
/** Work columns of a story clustering has just started: its layers are to be written. */
const FRESH: Readonly<Record<string, string>> = { pipeline_next: `'summarise'`, cluster_keys: `'{}'`, sources_version: '1' };

function requeue(trx: Knex) {
  return Object.fromEntries(Object.entries(REQUEUE).map(([column, value]) => [column, trx.raw(value)]));
}

type StoryWork = { id: string; entities: string[]; first_item_at: string; last_item_at: string; fresh: boolean; requeue: boolean };

/** The changed stories' work columns in one statement: their entities and times, new stories queued, others requeued where their outlets changed. */
async function saveStoryWork(trx: Knex, rows: readonly StoryWork[]): Promise<void> {
  if (rows.length === 0) return;
  const queued = [...new Set([...Object.keys(FRESH), ...Object.keys(REQUEUE)])].map(
    (c) => `${c} = case ${c in FRESH ? `when v.fresh then ${FRESH[c]} ` : ''}${c in REQUEUE ? `when v.requeue then ${REQUEUE[c]} ` : ''}else s.${c} end`,
  );
  await trx.raw(
    `update synced_content s
        set entities = v.entities, first_item_at = v.first_item_at, last_item_at = v.last_item_at, ${queued.join(', ')}
       from jsonb_to_recordset(?::jsonb) as v(id uuid, entities text[], first_item_at timestamptz, last_item_at timestamptz, fresh boolean, requeue boolean)
      where s.id = v.id`,
    [JSON.stringify(rows)],
  );
}

/**
 * Writes what the engine decided for a batch: new stories (with the same ids the engine gave them),
 * every moved item's story in one statement, the batch's features, fits and statuses in another, the
 * term counts in one upsert, merged-away stories deleted, and each changed story's outlets recounted,
 * requeued for new layers when an outlet was added or lost, with one audit entry per change.
 */
async function writeChanges(
  trx: Knex,
  ctx: StageContext,
  engine: ClusterEngine,
  changes: readonly Change[],
  batch: readonly Pending[],
  members: ReadonlyMap<string, EngineMember>,
): Promise<void> {
  const now = ctx.clock();
  const byId = new Map(batch.map((p) => [p.item.id, p]));
  const created = new Map<string, string>(); // story -> the item that started it
  const moved = new Map<string, string>(); // item -> story
  const gone = new Map<string, string>(); // story merged away -> story it went into
  const audits = new Map<string, AuditEntry[]>();
  const joinEntries = new Map<AuditEntry, SourceItem>();
  const audit = (story: string, entry: AuditEntry) => audits.set(story, [...(audits.get(story) ?? []), entry]);
  const resolve = (story: string): string => {
    let s = story;
    while (gone.has(s)) s = gone.get(s)!;
    return s;
  };
  for (const c of changes) {
    if (c.kind === 'start') {
      created.set(c.storyId, c.itemId);
      moved.set(c.itemId, c.storyId);
    } else if (c.kind === 'join') {
      moved.set(c.itemId, c.storyId);
      const p = byId.get(c.itemId)!;
      const entry = auditEntry('source_added', ctx.actor, now, { details: `${p.item.outlet}: ${p.item.title} (item ${c.itemId}; fit ${c.fit.toFixed(2)})` });
      joinEntries.set(entry, p.item);
      audit(c.storyId, entry);
    } else if (c.kind === 'leave') {
      created.set(c.storyId, c.itemId);
      moved.set(c.itemId, c.storyId);
      audit(c.from, auditEntry('sources_changed', ctx.actor, now, { details: `item ${c.itemId} left: it no longer fit the story's other reports` }));
    } else {
      gone.set(c.gone, c.into);
      audit(c.into, auditEntry('sources_changed', ctx.actor, now, { details: `merged story ${c.gone}: its reports tell the same event` }));
    }
  }
  // Stories that existed before this batch and were merged away: their items move to the survivor.
  const goneStored = [...gone.keys()].filter((s) => !created.has(s));
  const goneItems = goneStored.length
    ? ((await trx.raw('select id, story_id from raw_feeds where story_id = any(?::uuid[])', [goneStored])).rows as { id: string; story_id: string }[])
    : [];
  for (const r of goneItems) if (!moved.has(r.id)) moved.set(r.id, r.story_id);
  // A stored story merged away is deleted below: the record of how each of its reports came in moves to the survivor's audit log.
  if (goneStored.length > 0) {
    const logs = (await trx('synced_content').select('id', 'audit_log').whereIn('id', goneStored)) as { id: string; audit_log: unknown }[];
    for (const { id, audit_log } of logs) {
      const entries = (typeof audit_log === 'string' ? JSON.parse(audit_log) : (audit_log ?? [])) as AuditEntry[];
      const carried = entries
        .filter((e) => e.action === 'story_created' || e.action === 'source_added')
        .map((e) => ({ ...e, details: `${e.details ?? ''} [merged from story ${id}]` }));
      // Before the survivor's own entries of this batch, so the merge itself stays the latest.
      audits.set(resolve(id), [...carried, ...(audits.get(resolve(id)) ?? [])]);
    }
  }
  const finalStory = new Map([...moved].map(([item, story]) => [item, resolve(story)]));

  // New stories that survived the batch are inserted with the engine's ids, in one statement (their work columns are written with the others' below).
  const starts = [...created].filter(([storyId]) => !gone.has(storyId) && engine.storyOf(storyId));
  const stored = new Map(
    (
      await loadRawItems(
        trx,
        starts.map(([, itemId]) => itemId).filter((itemId) => !byId.has(itemId)),
      )
    ).map((i) => [i.id, i]),
  );
  await insertStories(
    trx,
    starts.map(([storyId, itemId]) => {
      const lead = byId.get(itemId)?.item ?? stored.get(itemId)!;
      const features = byId.get(itemId)?.features ?? members.get(itemId) ?? featuresOf(lead);
      const outlets = outletsOf([lead]);
      return {
        id: storyId,
        title: lead.title,
        summary: firstSentences(lead.summary || lead.text),
        region: storyCountry(
          [{ title: lead.title, lead: lead.summary || lead.text.slice(0, 600), body: lead.text, outletRegion: lead.region }],
          features.country,
        ),
        source_list: outlets,
        source_count: outlets.length,
        pipeline_stage: 'ingested' as const,
        status: 'draft' as const,
        audit_log: [auditEntry('story_created', ctx.actor, now, { details: `from ${lead.outlet}: ${lead.title} (item ${lead.id})` })],
      };
    }),
  );
  const touched = new Set<string>([...audits.keys(), ...finalStory.values()].map(resolve).filter((s) => !gone.has(s)));
  const existing = new Set(
    (
      (await trx('synced_content')
        .select('id')
        .whereIn('id', [...touched])) as { id: string }[]
    ).map((r) => r.id),
  );
  const missing = [...touched].filter((s) => !existing.has(s));
  if (missing.length > 0) throw new Error(`stories changed under the clustering copy: ${missing.slice(0, 3).join(', ')}`);

  const before = new Map(
    (
      (await trx('synced_content')
        .select('id', 'source_list', 'pipeline_next', 'entities')
        .whereIn('id', [...touched, ...goneStored])) as { id: string; source_list: string[]; pipeline_next: string | null; entities: string[] | null }[]
    ).map((r) => [r.id, r]),
  );
  if (finalStory.size > 0) {
    await trx.raw(
      `update raw_feeds r set story_id = v.story_id, processed_at = null, processing_status = 'clustered', updated_at = now()
         from unnest(?::uuid[], ?::uuid[]) as v(id, story_id) where r.id = v.id and r.story_id is distinct from v.story_id`,
      [[...finalStory.keys()], [...finalStory.values()]],
    );
  }
  for (const s of goneStored) {
    await trx('synced_content').where('id', s).del();
    await notify(trx, CHANNELS.storyUpdated, { id: s });
  }

  // Each changed story: outlets counted (recounted from its items when a report left or a story merged in),
  // layers queued when an outlet came or went, entities and times kept, a storm its new reports name linked.
  const recount = new Set<string>();
  for (const c of changes) {
    if (c.kind === 'leave') recount.add(resolve(c.from));
    if (c.kind === 'merge') recount.add(resolve(c.into));
  }
  const joinedBy = new Map<string, Pending[]>();
  for (const p of batch) {
    const story = finalStory.get(p.item.id)!;
    joinedBy.set(story, [...(joinedBy.get(story) ?? []), p]);
  }
  const mergedInto = new Map<string, string[]>();
  for (const g of goneStored) mergedInto.set(resolve(g), [...(mergedInto.get(resolve(g)) ?? []), g]);
  // Stories whose outlets are counted again from their items: read together.
  const recounted = await loadStoriesSources(
    trx,
    [...touched].filter((id) => recount.has(id) || !before.has(id)),
  );
  const storms = await stormMatcher(trx, now);
  const settled = new Set<string>();
  const saves: StoryChange[] = [];
  const work: StoryWork[] = [];
  for (const id of touched) {
    const story = engine.storyOf(id);
    if (!story) continue;
    const joined = joinedBy.get(id) ?? [];
    const was = before.get(id);
    const isNew = created.has(id);
    const outlets = recount.has(id) || !was ? outletsOf(recounted.get(id)!) : [...new Set([...was.source_list, ...outletsOf(joined.map((p) => p.item))])];
    const changedOutlets = isNew || !was || outlets.length !== was.source_list.length || outlets.some((o) => !was.source_list.includes(o));
    const entities = [
      ...new Set([
        ...(was?.entities ?? []),
        ...(mergedInto.get(id) ?? []).flatMap((g) => before.get(g)?.entities ?? []),
        ...joined.flatMap((p) => entityKeysOf(p.item)),
        ...(isNew && !joined.length ? entityKeysOf((await loadRawItems(trx, [created.get(id)!]))[0]!) : []),
      ]),
    ].sort();
    const entries = (audits.get(id) ?? []).map((e) => {
      const item = joinEntries.get(e);
      const adds = item && was && outletsOf([item]).some((o) => !was.source_list.includes(o));
      return adds ? { ...e, details: e.details!.replace(/\)$/, '; new outlet, layers to regenerate)') } : e;
    });
    work.push({
      id,
      entities,
      first_item_at: new Date(story.first).toISOString(),
      last_item_at: new Date(story.last).toISOString(),
      fresh: isNew,
      requeue: changedOutlets && !isNew,
    });
    if (entries.length > 0 || (changedOutlets && !isNew)) {
      saves.push({
        id,
        patch: { source_list: outlets, source_count: outlets.length },
        audit: entries.length > 0 ? entries : [auditEntry('sources_changed', ctx.actor, now, { details: 'outlets recounted' })],
      });
    }
    // An item that only added another report of an outlet already counted is done; otherwise it waits for its story's layers.
    if (!changedOutlets && was?.pipeline_next !== 'summarise') settled.add(id);
    const storm = storms(joined.map((p) => p.item));
    if (storm) {
      await trx('synced_content')
        .where('id', id)
        .whereNull('storm_id')
        .update({ storm_id: storm.id, storm_name: storm.name, storm_type: trx.raw('coalesce(storm_type, ?)', [storm.type]) });
    }
  }

  await saveStories(trx, saves);
  await saveStoryWork(trx, work);

  const rows = batch.map((p) => {
    const story = finalStory.get(p.item.id)!;
    const member = members.get(p.item.id)!;
    return {
      id: p.item.id,
      features: storedFeatures(member),
      fit: engine.fitOf(story, p.item.id),
      status: settled.has(story) ? 'processed' : 'clustered',
    };
  });
  await trx.raw(
    `update raw_feeds r set cluster_features = v.features::jsonb, cluster_fit = v.fit, processing_status = v.status, processing_error = null,
            lease_owner = null, lease_expires_at = null, next_attempt_at = null,
            processed_at = case when v.status = 'processed' then now() else null end, updated_at = now()
       from unnest(?::uuid[], ?::text[], ?::real[], ?::text[]) as v(id, features, fit, status) where r.id = v.id`,
    [rows.map((r) => r.id), rows.map((r) => r.features), rows.map((r) => r.fit) as unknown as string[], rows.map((r) => r.status)],
  );
  const counts = new Map<string, number>();
  for (const p of batch) for (const t of countedKeys(p.features)) counts.set(t, (counts.get(t) ?? 0) + 1);
  counts.set(DOCS_TERM, batch.length);
  await trx.raw(
    `insert into cluster_term_stats (term, df) select * from unnest(?::text[], ?::int[])
     on conflict (term) do update set df = cluster_term_stats.df + excluded.df`,
    [[...counts.keys()], [...counts.values()]],
  );
}

/** An error as one short line: a database error without the SQL text knex puts before it. */
function shortError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const sql = /^\s*(?:insert|update|select|delete|with)\b[\s\S]* - ([^\n]+)$/i.exec(message);
  return (sql ? sql[1]! : message).slice(0, 300);
}

async function failItem(ctx: StageContext, id: string, error: unknown): Promise<void> {
  const message = shortError(error);
  ctx.logger.warn({ item: id, err: message.slice(0, 300) }, 'cluster: item failed; it will be retried');
  const row = await ctx.db('raw_feeds').select('attempts').where('id', id).first();
  await ctx
    .db('raw_feeds')
    .where({ id, lease_owner: ctx.workerId })
    .update({
      processing_status: 'failed',
      processing_error: `cluster: ${message}`.slice(0, 300),
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
      await lockClustering(trx);
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
