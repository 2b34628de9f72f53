import type { Knex } from 'knex';
import { APPROVED_BY_SQL, rowToStory, VIEW_COUNT_SQL } from '../stories/story-repository';
import type { Story } from '../stories/story';

/**
 * SQL behind the console's overview screens (dashboard home, curation, sync, article feed,
 * Sanity documents, five-box reader): story cards (every field a card shows, not the audit log,
 * layers or enrichment payloads), counts, regions and recent webhook deliveries.
 */

const CARD_COLUMNS = [
  'id',
  'sanity_id',
  'title',
  'summary',
  'region',
  'slug',
  'status',
  'pipeline_stage',
  'published_at',
  'created_at',
  'updated_at',
  'source_count',
  'source_list',
  'tags',
  'ai_risk_level',
  'triangulation_check',
  'truth_score',
  'fact_check_score',
  'auto_publish_eligible',
  'human_verified',
  'editor_signed_off',
  'ai_fact_check_panel',
  'flag_reason',
  'storm_type',
  'urgency',
  'status_flags',
  'sync_status',
  'last_updated_by',
  'is_featured',
  'section_featured',
  'featured_priority',
  'feature_expires_at',
  'language',
] as const;

export type StoryCardRow = Pick<Story, (typeof CARD_COLUMNS)[number] | 'view_count' | 'sources'> & { enriched: boolean; approved_by: string | null };

const CARD_SELECT =
  CARD_COLUMNS.map((c) => `s.${c}`).join(', ') +
  `, s.sources, ${VIEW_COUNT_SQL}, (s.external_data_feeds is not null or s.enrichment_data <> '{}'::jsonb) as enriched, ${APPROVED_BY_SQL}`;

function toCard(row: Record<string, unknown>): StoryCardRow {
  const story = rowToStory(row) as unknown as StoryCardRow & Record<string, unknown>;
  for (const key of ['layers', 'charts', 'enrichment_data', 'external_data_feeds', 'audit_log']) delete story[key];
  story.enriched = Boolean(row.enriched);
  story.approved_by = typeof row.approved_by === 'string' ? row.approved_by : null;
  return story;
}

function cards(db: Knex): Knex.QueryBuilder {
  return db('synced_content as s').select(db.raw(CARD_SELECT));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type CardFilter = {
  /** Title or summary contains this, case-insensitively. */
  q?: string;
  /** The region contains this, case-insensitively. */
  region?: string;
  stage?: string;
  /** Only stories that came from the CMS (a Sanity document). */
  fromSanity?: boolean;
  /** published: live stories only; unpublished: the others. */
  live?: 'published' | 'unpublished';
  order?: 'updated' | 'published';
  offset?: number;
  limit?: number;
};

function applyFilter(q: Knex.QueryBuilder, f: CardFilter): Knex.QueryBuilder {
  if (f.q?.trim()) {
    const like = `%${escapeLike(f.q.trim())}%`;
    q.where((w) => w.where('s.title', 'ilike', like).orWhere('s.summary', 'ilike', like));
  }
  if (f.region?.trim()) q.where('s.region', 'ilike', `%${escapeLike(f.region.trim())}%`);
  if (f.stage) q.where('s.pipeline_stage', f.stage);
  if (f.fromSanity) q.whereNotNull('s.sanity_id');
  if (f.live === 'published') q.where((w) => w.where('s.pipeline_stage', 'published').orWhere('s.status', 'published'));
  if (f.live === 'unpublished') q.where((w) => w.whereNot('s.pipeline_stage', 'published').andWhereNot('s.status', 'published'));
  return q;
}

export async function findCards(db: Knex, f: CardFilter): Promise<{ items: StoryCardRow[]; total: number }> {
  const limit = Math.min(100, Math.max(1, f.limit ?? 24));
  const offset = Math.max(0, f.offset ?? 0);
  const order =
    f.order === 'published'
      ? [
          { column: 's.published_at', order: 'desc', nulls: 'last' },
          { column: 's.id', order: 'desc' },
        ]
      : [
          { column: 's.updated_at', order: 'desc' },
          { column: 's.id', order: 'desc' },
        ];
  const rows = await applyFilter(cards(db), f)
    .orderBy(order as never)
    .offset(offset)
    .limit(limit);
  const [{ n }] = await applyFilter(db('synced_content as s'), f).count({ n: '*' });
  return { items: rows.map(toCard), total: Number(n) };
}

/** Stories featured on the home page or as their section's main story, top priority first. */
export async function findFeatured(db: Knex, where: 'homepage' | 'section'): Promise<StoryCardRow[]> {
  const rows = await cards(db)
    .where(where === 'homepage' ? 's.is_featured' : 's.section_featured', true)
    .orderBy([
      { column: 's.featured_priority', order: 'asc' },
      { column: 's.published_at', order: 'desc', nulls: 'last' },
    ] as never)
    .limit(100);
  return rows.map(toCard);
}

export async function findCardById(db: Knex, id: string): Promise<StoryCardRow | null> {
  const row = await cards(db).where('s.id', id).first();
  return row ? toCard(row) : null;
}

export type StoryCounts = { total: number; published: number; featured: number; highPriority: number; fromSanity: number; regions: number };

export async function countStories(db: Knex): Promise<StoryCounts> {
  const { rows } = await db.raw(`
    select count(*)::int as total,
           count(*) filter (where pipeline_stage = 'published' or status = 'published')::int as published,
           count(*) filter (where is_featured or section_featured)::int as featured,
           count(*) filter (where ai_risk_level in ('high', 'critical'))::int as high_priority,
           count(*) filter (where sanity_id is not null)::int as from_sanity,
           count(distinct nullif(btrim(region), ''))::int as regions
      from synced_content`);
  const r = rows[0] as Record<string, number>;
  return {
    total: Number(r.total),
    published: Number(r.published),
    featured: Number(r.featured),
    highPriority: Number(r.high_priority),
    fromSanity: Number(r.from_sanity),
    regions: Number(r.regions),
  };
}

/** Regions among the stories, most stories first (for region filters). */
export async function findRegions(db: Knex, options: { fromSanity?: boolean } = {}): Promise<{ region: string; count: number }[]> {
  const q = db('synced_content')
    .select('region')
    .count({ n: '*' })
    .whereRaw(`btrim(region) <> ''`)
    .groupBy('region')
    .orderBy([{ column: 'n', order: 'desc' }, { column: 'region' }])
    .limit(100);
  if (options.fromSanity) q.whereNotNull('sanity_id');
  const rows = (await q) as unknown as { region: string; n: string | number }[];
  return rows.map((r) => ({ region: r.region, count: Number(r.n) }));
}

/** Stories by the CMS status the Sanity Editor page shows: published, review (flagged or waiting for a human), draft. */
export async function countSanityStatuses(db: Knex): Promise<{ published: number; review: number; draft: number; total: number }> {
  const { rows } = await db.raw(`
    select count(*)::int as total,
           count(*) filter (where pipeline_stage = 'published' or status = 'published')::int as published,
           count(*) filter (where not (pipeline_stage = 'published' or status = 'published') and (flag_reason is not null or pipeline_stage = 'verified'))::int as review
      from synced_content where sanity_id is not null`);
  const r = rows[0] as Record<string, number>;
  const total = Number(r.total);
  const published = Number(r.published);
  const review = Number(r.review);
  return { total, published, review, draft: total - published - review };
}

export async function countSignalsSince(db: Knex, since: Date): Promise<number> {
  const row = (await db('signals').where('timestamp', '>=', since.toISOString()).count({ n: '*' }).first()) as { n?: string | number } | undefined;
  return Number(row?.n ?? 0);
}

export async function findLastPipelineRun(
  db: Knex,
): Promise<{ stage: string; status: string; actor: string; started_at: string; finished_at: string | null; processed: number; auto_published: number } | null> {
  const row = await db('pipeline_runs')
    .select('stage', 'status', 'actor', 'started_at', 'finished_at', 'processed', 'auto_published')
    .orderBy('started_at', 'desc')
    .first();
  if (!row) return null;
  return {
    stage: row.stage,
    status: row.status,
    actor: String(row.actor ?? ''),
    started_at: new Date(row.started_at).toISOString(),
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    processed: Number(row.processed),
    auto_published: Number(row.auto_published),
  };
}

export type DeliveryRow = {
  id: number;
  received_at: string;
  operation: string | null;
  document_id: string | null;
  document_type: string | null;
  result: string;
  http_status: number;
  error_code: string | null;
  error: string | null;
  story_id: string | null;
  duration_ms: number | null;
};

/** The newest webhook deliveries, as recorded by the Sanity webhook. */
export async function findRecentDeliveries(db: Knex, limit: number): Promise<DeliveryRow[]> {
  const rows = await db('webhook_deliveries')
    .select('id', 'received_at', 'operation', 'document_id', 'document_type', 'result', 'http_status', 'error_code', 'error', 'story_id', 'duration_ms')
    .where('source', 'sanity')
    .orderBy([
      { column: 'received_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
  return rows.map((r: Record<string, unknown>) => ({
    id: Number(r.id),
    received_at: new Date(r.received_at as string).toISOString(),
    operation: (r.operation as string | null) ?? null,
    document_id: (r.document_id as string | null) ?? null,
    document_type: (r.document_type as string | null) ?? null,
    result: r.result as string,
    http_status: Number(r.http_status),
    error_code: (r.error_code as string | null) ?? null,
    error: (r.error as string | null) ?? null,
    story_id: (r.story_id as string | null) ?? null,
    duration_ms: r.duration_ms === null || r.duration_ms === undefined ? null : Number(r.duration_ms),
  }));
}
