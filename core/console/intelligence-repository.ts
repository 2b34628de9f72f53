import type { Knex } from 'knex';

/** SQL behind Regional Intelligence: stories, signals and enrichment data aggregated per region in the database. */

export type RegionRow = {
  region: string;
  stories: number;
  published: number;
  avgUrgency: number | null;
  avgDiaspora: number | null;
  scored: number;
  highDiaspora: number;
  highRisk: number;
  latestAt: string | null;
};

const since = (d: Date) => d.toISOString();
const num = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);

export async function storiesByRegion(db: Knex, from: Date): Promise<RegionRow[]> {
  const { rows } = await db.raw(
    `select region, count(*)::int as stories, count(*) filter (where pipeline_stage = 'published')::int as published,
            avg(urgency)::float as avg_urgency, avg(diaspora_relevance)::float as avg_diaspora, count(diaspora_relevance)::int as scored,
            count(*) filter (where diaspora_relevance >= 60)::int as high_diaspora,
            count(*) filter (where ai_risk_level in ('high', 'critical'))::int as high_risk,
            max(coalesce(last_item_at, updated_at)) as latest_at
       from synced_content where coalesce(last_item_at, created_at) >= ?
      group by region order by count(*) desc, region limit 40`,
    [since(from)],
  );
  return rows.map((r: Record<string, unknown>) => ({
    region: r.region as string,
    stories: Number(r.stories),
    published: Number(r.published),
    avgUrgency: num(r.avg_urgency),
    avgDiaspora: num(r.avg_diaspora),
    scored: Number(r.scored),
    highDiaspora: Number(r.high_diaspora),
    highRisk: Number(r.high_risk),
    latestAt: r.latest_at ? new Date(r.latest_at as string).toISOString() : null,
  }));
}

/** Topic counts per region (from the summarise stage's topics), for key issues. */
export async function topicsByRegion(db: Knex, from: Date): Promise<{ region: string; topic: string; n: number }[]> {
  const { rows } = await db.raw(
    `select region, t as topic, count(*)::int as n
       from synced_content cross join lateral unnest(topics) as t
      where coalesce(last_item_at, created_at) >= ?
      group by region, t order by region, count(*) desc, t`,
    [since(from)],
  );
  return rows.map((r: Record<string, unknown>) => ({ region: r.region as string, topic: r.topic as string, n: Number(r.n) }));
}

export type ScoredStory = {
  id: string;
  title: string;
  region: string;
  slug: string | null;
  tags: string[];
  pipeline_stage: string;
  diaspora_relevance: number | null;
  urgency: number;
  published_at: string | null;
};

function toScored(r: Record<string, unknown>): ScoredStory {
  return {
    id: String(r.id),
    title: r.title as string,
    region: r.region as string,
    slug: (r.slug as string | null) ?? null,
    tags: (r.tags as string[]) ?? [],
    pipeline_stage: r.pipeline_stage as string,
    diaspora_relevance: r.diaspora_relevance === null ? null : Number(r.diaspora_relevance),
    urgency: Number(r.urgency),
    published_at: r.published_at ? new Date(r.published_at as string).toISOString() : null,
  };
}

const SCORED_COLUMNS = 'id, title, region, slug, tags, pipeline_stage, diaspora_relevance, urgency, published_at';

export async function topDiasporaStories(db: Knex, from: Date, limit: number): Promise<ScoredStory[]> {
  const { rows } = await db.raw(
    `select ${SCORED_COLUMNS} from synced_content
      where coalesce(last_item_at, created_at) >= ? and diaspora_relevance is not null
      order by diaspora_relevance desc, urgency desc, id limit ?`,
    [since(from), limit],
  );
  return rows.map(toScored);
}

/** Stories whose tags or topics name any of `words` (case-insensitive), newest first, with the total. */
export async function storiesTagged(
  db: Knex,
  from: Date,
  words: readonly string[],
  limit: number,
): Promise<{ total: number; byRegion: Record<string, number>; items: ScoredStory[] }> {
  const lower = words.map((w) => w.toLowerCase());
  const match = `(exists (select 1 from unnest(tags) t where lower(t) = any(?::text[])) or exists (select 1 from unnest(topics) t where lower(t) = any(?::text[])))`;
  const { rows } = await db.raw(
    `select ${SCORED_COLUMNS} from synced_content where coalesce(last_item_at, created_at) >= ? and ${match}
      order by coalesce(last_item_at, created_at) desc, id limit ?`,
    [since(from), lower, lower, limit],
  );
  const counts = await db.raw(
    `select region, count(*)::int as n from synced_content where coalesce(last_item_at, created_at) >= ? and ${match} group by region order by count(*) desc`,
    [since(from), lower, lower],
  );
  const byRegion: Record<string, number> = {};
  let total = 0;
  for (const r of counts.rows as { region: string; n: number }[]) {
    byRegion[r.region] = Number(r.n);
    total += Number(r.n);
  }
  return { total, byRegion, items: rows.map(toScored) };
}

export type SignalAggregate = { region: string; type: string; n: number; avgSentiment: number | null; avgUrgency: number | null; high: number };

export async function signalsByRegionAndType(db: Knex, from: Date): Promise<SignalAggregate[]> {
  const { rows } = await db.raw(
    `select region, type, count(*)::int as n, avg(sentiment)::float as avg_sentiment, avg(urgency)::float as avg_urgency,
            count(*) filter (where strength = 'High')::int as high
       from signals where "timestamp" >= ? group by region, type order by region, type`,
    [since(from)],
  );
  return rows.map((r: Record<string, unknown>) => ({
    region: r.region as string,
    type: r.type as string,
    n: Number(r.n),
    avgSentiment: r.avg_sentiment === null ? null : Math.round(Number(r.avg_sentiment) * 100) / 100,
    avgUrgency: num(r.avg_urgency),
    high: Number(r.high),
  }));
}

export async function latestSignalsOfType(
  db: Knex,
  from: Date,
  type: string,
  limit: number,
): Promise<{ id: string; title: string; region: string; strength: string; timestamp: string; sentiment: number }[]> {
  const { rows } = await db.raw(
    `select id, title, region, strength, "timestamp", sentiment from signals where "timestamp" >= ? and type = ? order by "timestamp" desc, id limit ?`,
    [since(from), type, limit],
  );
  return rows.map((r: Record<string, unknown>) => ({
    id: String(r.id),
    title: r.title as string,
    region: r.region as string,
    strength: r.strength as string,
    timestamp: new Date(r.timestamp as string).toISOString(),
    sentiment: Number(r.sentiment),
  }));
}

/** Which external data the enrichment stage attached, by subject and type, and to how many stories. */
export async function enrichmentUse(db: Knex, from: Date): Promise<{ type: string; subject: string; source: string; stories: number }[]> {
  const { rows } = await db.raw(
    `select f->>'type' as type, f->>'subject' as subject, min(f->>'source') as source, count(distinct s.id)::int as stories
       from synced_content s
       cross join lateral jsonb_array_elements(case when jsonb_typeof(s.external_data_feeds) = 'array' then s.external_data_feeds else '[]'::jsonb end) f
      where coalesce(s.last_item_at, s.created_at) >= ?
      group by 1, 2 order by count(distinct s.id) desc, 2 limit 50`,
    [since(from)],
  );
  return rows.map((r: Record<string, unknown>) => ({
    type: (r.type as string) ?? 'unknown',
    subject: (r.subject as string) ?? 'unknown',
    source: (r.source as string) ?? '',
    stories: Number(r.stories),
  }));
}

/** Stories per day (by first item) over the window, for the volume chart. */
export async function storiesPerDay(db: Knex, from: Date): Promise<{ day: string; stories: number }[]> {
  const { rows } = await db.raw(
    `select to_char(date_trunc('day', coalesce(first_item_at, created_at) at time zone 'UTC'), 'YYYY-MM-DD') as day, count(*)::int as n
       from synced_content where coalesce(first_item_at, created_at) >= ? group by 1 order by 1`,
    [since(from)],
  );
  return rows.map((r: Record<string, unknown>) => ({ day: r.day as string, stories: Number(r.n) }));
}
