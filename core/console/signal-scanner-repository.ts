import type { Knex } from 'knex';
import { rowToPattern, rowToSignal, type Pattern, type Signal } from '../pipeline/patterns/signal-repository';

/** SQL behind Signal Scanner and Enhanced Signals: signals and patterns filtered in SQL, and what lies behind them. */

export type SignalFilter = { type?: string; region?: string; strength?: string; q?: string; limit: number; offset?: number };

function likeText(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchSignals(db: Knex, filter: SignalFilter): Promise<{ items: Signal[]; total: number }> {
  const where = (query: Knex.QueryBuilder) => {
    if (filter.type) query.where('type', filter.type);
    if (filter.strength) query.where('strength', filter.strength);
    if (filter.region) query.whereRaw('lower(region) = lower(?)', [filter.region]);
    if (filter.q) {
      const like = likeText(filter.q);
      query.where((w) =>
        w.whereRaw('title ilike ?', [like]).orWhereRaw('summary ilike ?', [like]).orWhereRaw(`array_to_string(keywords, ' ') ilike ?`, [like]),
      );
    }
    return query;
  };
  const rows = await where(db('signals').select('*'))
    .orderBy([{ column: 'timestamp', order: 'desc' }, { column: 'urgency', order: 'desc' }, { column: 'id' }])
    .limit(filter.limit)
    .offset(filter.offset ?? 0);
  const [count] = await where(db('signals').count({ n: '*' }));
  return { items: rows.map(rowToSignal), total: Number(count?.n ?? 0) };
}

/** The values the filters offer: types, regions and strengths present, with counts. */
export async function signalFacets(db: Knex): Promise<{ types: Record<string, number>; regions: Record<string, number>; strengths: Record<string, number> }> {
  const { rows } = await db.raw(
    `select 'type' as facet, type as value, count(*)::int as n from signals group by type
     union all select 'region', region, count(*)::int from signals group by region
     union all select 'strength', strength, count(*)::int from signals group by strength`,
  );
  const facets = { types: {} as Record<string, number>, regions: {} as Record<string, number>, strengths: {} as Record<string, number> };
  for (const r of rows as { facet: string; value: string; n: number }[]) {
    const target = r.facet === 'type' ? facets.types : r.facet === 'region' ? facets.regions : facets.strengths;
    target[r.value] = Number(r.n);
  }
  return facets;
}

export type SignalRecord = Signal & { signalKey: string; mentions: number; baseline: number; storyIds: string[]; windowStart: string; windowEnd: string };

export async function getSignalRecord(db: Knex, id: string): Promise<SignalRecord | null> {
  const { rows } = await db.raw(`select * from signals where id = ?`, [id]);
  const r = rows[0];
  if (!r) return null;
  return {
    ...rowToSignal(r),
    signalKey: r.signal_key,
    mentions: Number(r.mentions),
    baseline: Number(r.baseline),
    storyIds: (r.story_ids as string[]) ?? [],
    windowStart: new Date(r.window_start).toISOString(),
    windowEnd: new Date(r.window_end).toISOString(),
  };
}

export type StoryBrief = {
  id: string;
  title: string;
  summary: string;
  region: string;
  slug: string | null;
  tags: string[];
  pipeline_stage: string;
  status: string;
  published_at: string | null;
  source_count: number;
  urgency: number;
  updated_at: string;
};

function toBrief(r: Record<string, unknown>): StoryBrief {
  return {
    id: String(r.id),
    title: r.title as string,
    summary: (r.summary as string) ?? '',
    region: r.region as string,
    slug: (r.slug as string | null) ?? null,
    tags: (r.tags as string[]) ?? [],
    pipeline_stage: r.pipeline_stage as string,
    status: r.status as string,
    published_at: r.published_at ? new Date(r.published_at as string).toISOString() : null,
    source_count: Number(r.source_count),
    urgency: Number(r.urgency),
    updated_at: new Date(r.updated_at as string).toISOString(),
  };
}

const BRIEF_COLUMNS = 'id, title, summary, region, slug, tags, pipeline_stage, status, published_at, source_count, urgency, updated_at';

export async function storyBriefs(db: Knex, ids: readonly string[]): Promise<StoryBrief[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.raw(`select ${BRIEF_COLUMNS} from synced_content where id = any(?::uuid[]) order by updated_at desc limit 100`, [[...ids]]);
  return rows.map(toBrief);
}

export type SourceItemBrief = {
  id: string;
  title: string;
  outlet: string;
  url: string | null;
  published_at: string | null;
  created_at: string;
  story_id: string | null;
};

/** The source items behind the given stories (what the signal was counted from). */
export async function sourceItemsOf(db: Knex, storyIds: readonly string[], limit = 100): Promise<SourceItemBrief[]> {
  if (storyIds.length === 0) return [];
  const { rows } = await db.raw(
    `select id, title, outlet, url, published_at, created_at, story_id from raw_feeds where story_id = any(?::uuid[]) order by coalesce(published_at, created_at) desc limit ?`,
    [[...storyIds], limit],
  );
  return rows.map((r: Record<string, unknown>) => ({
    id: String(r.id),
    title: r.title as string,
    outlet: r.outlet as string,
    url: (r.url as string | null) ?? null,
    published_at: r.published_at ? new Date(r.published_at as string).toISOString() : null,
    created_at: new Date(r.created_at as string).toISOString(),
    story_id: (r.story_id as string | null) ?? null,
  }));
}

/** A story already drafted from this signal (Create Story makes one per signal). */
export async function storyDraftedFromSignal(db: Knex, signalId: string): Promise<string | null> {
  const { rows } = await db.raw(`select id from synced_content where enrichment_data->'signal'->>'id' = ? order by created_at limit 1`, [signalId]);
  return rows[0] ? String(rows[0].id) : null;
}

export type PatternRecord = Pattern & { region: string | null; storyIds: string[]; windowStart: string | null; windowEnd: string | null; updatedAt: string };

export async function searchPatterns(db: Knex, filter: { q?: string; region?: string; strength?: string; limit: number }): Promise<PatternRecord[]> {
  const query = db('story_patterns').select('*');
  if (filter.strength) query.where('strength', filter.strength);
  if (filter.region) query.whereRaw('lower(region) = lower(?)', [filter.region]);
  if (filter.q) {
    const like = likeText(filter.q);
    query.where((w) => w.whereRaw('name ilike ?', [like]).orWhereRaw('description ilike ?', [like]));
  }
  const rows = await query.orderBy([{ column: 'updated_at', order: 'desc' }, { column: 'id' }]).limit(filter.limit);
  return rows.map((r: Record<string, unknown>) => ({
    ...rowToPattern(r),
    region: (r.region as string | null) ?? null,
    storyIds: (r.story_ids as string[]) ?? [],
    windowStart: r.window_start ? new Date(r.window_start as string).toISOString() : null,
    windowEnd: r.window_end ? new Date(r.window_end as string).toISOString() : null,
    updatedAt: new Date(r.updated_at as string).toISOString(),
  }));
}

export type ClusterCandidate = StoryBrief & { topics: string[]; entities: string[] };

/** Stories active since `since` with their topics and entities (what clusters are built from). */
export async function recentStoriesWithKeys(db: Knex, since: Date, limit: number): Promise<ClusterCandidate[]> {
  const { rows } = await db.raw(
    `select ${BRIEF_COLUMNS}, topics, entities from synced_content
      where coalesce(last_item_at, created_at) >= ? order by coalesce(last_item_at, created_at) desc, id limit ?`,
    [since.toISOString(), limit],
  );
  return rows.map((r: Record<string, unknown>) => ({ ...toBrief(r), topics: (r.topics as string[]) ?? [], entities: (r.entities as string[]) ?? [] }));
}
