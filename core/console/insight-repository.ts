import type { Knex } from 'knex';
import { query, sql, trusted, type Sql } from '../db/sql';
import { C360Error } from '../errors';

/** SQL for community insights (table community_insights) and the source items a scan reads. */

export const INSIGHT_SOURCES = ['Twitter', 'Facebook', 'Reddit', 'WhatsApp', 'Local News', 'Interview'] as const;
export type InsightSource = (typeof INSIGHT_SOURCES)[number];
export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

export type CommunityInsight = {
  id: string;
  story_id: string;
  quote: string;
  attribution: string;
  sentiment: Sentiment;
  source: InsightSource;
  /** YYYY-MM-DD */
  date: string;
  origin: 'auto' | 'manual';
  source_item_id: string | null;
  source_outlet: string | null;
  source_url: string | null;
  created_by: string;
  updated_by: string;
  created_at: string;
  updated_at: string;
};

export type InsightValues = {
  quote: string;
  attribution: string;
  sentiment: Sentiment;
  source: InsightSource;
  date: string;
  origin?: 'auto' | 'manual';
  source_item_id?: string | null;
  source_outlet?: string | null;
  source_url?: string | null;
};

const COLUMNS = [
  'id',
  'story_id',
  'quote',
  'attribution',
  'sentiment',
  'source',
  'date',
  'origin',
  'source_item_id',
  'source_outlet',
  'source_url',
  'created_by',
  'updated_by',
  'created_at',
  'updated_at',
];

function day(value: unknown): string {
  if (typeof value === 'string') return value.slice(0, 10);
  const d = value as Date;
  // A date column comes back as a local-midnight Date from some drivers: read its calendar day.
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function rowToInsight(row: Record<string, unknown>): CommunityInsight {
  return {
    ...(row as unknown as CommunityInsight),
    date: day(row.date),
    created_at: new Date(row.created_at as string).toISOString(),
    updated_at: new Date(row.updated_at as string).toISOString(),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505' || /duplicate key|unique constraint/i.test(String((error as Error).message));
}

export async function findInsights(db: Knex, storyId: string): Promise<CommunityInsight[]> {
  const rows = await db('community_insights')
    .select(COLUMNS.map((c) => (c === 'date' ? db.raw(`"date"::text as "date"`) : c)))
    .where('story_id', storyId)
    .orderBy([
      { column: 'date', order: 'desc' },
      { column: 'created_at', order: 'desc' },
    ])
    .limit(500);
  return rows.map(rowToInsight);
}

/** The quotes a story already has (lower-cased, trimmed), to skip them when generating. */
export async function findInsightQuotes(db: Knex, storyId: string): Promise<Set<string>> {
  const rows = await db('community_insights').select('quote').where('story_id', storyId);
  return new Set(rows.map((r: { quote: string }) => r.quote.trim().toLowerCase()));
}

export async function insertInsight(db: Knex, storyId: string, values: InsightValues, actor: string): Promise<CommunityInsight> {
  try {
    // A savepoint, so a duplicate does not abort the caller's transaction.
    return await db.transaction(async (trx) => {
      const [row] = await trx('community_insights')
        .insert({ origin: 'manual', ...values, story_id: storyId, created_by: actor, updated_by: actor })
        .returning(COLUMNS.map((c) => (c === 'date' ? trx.raw(`"date"::text as "date"`) : c)) as never);
      return rowToInsight(row as Record<string, unknown>);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new C360Error('conflict', "This quote is already among the story's community voices.");
    throw error;
  }
}

export async function updateInsightRow(db: Knex, storyId: string, id: string, values: Partial<InsightValues>, actor: string): Promise<CommunityInsight | null> {
  try {
    return await db.transaction(async (trx) => {
      const [row] = await trx('community_insights')
        .update({ ...values, updated_by: actor, updated_at: trx.fn.now() })
        .where({ id, story_id: storyId })
        .returning(COLUMNS.map((c) => (c === 'date' ? trx.raw(`"date"::text as "date"`) : c)) as never);
      return row ? rowToInsight(row as Record<string, unknown>) : null;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new C360Error('conflict', "This quote is already among the story's community voices.");
    throw error;
  }
}

export async function deleteInsightRow(db: Knex, storyId: string, id: string): Promise<CommunityInsight | null> {
  const [row] = await db('community_insights')
    .delete()
    .where({ id, story_id: storyId })
    .returning(COLUMNS.map((c) => (c === 'date' ? db.raw(`"date"::text as "date"`) : c)) as never);
  return row ? rowToInsight(row as Record<string, unknown>) : null;
}

export type MentioningItem = {
  id: string;
  outlet: string;
  title: string;
  summary: string;
  content: string;
  author: string | null;
  url: string | null;
  published_at: string | null;
  linked: boolean;
  hits: number;
};

/**
 * Source items that mention a story: the items it was built from, then items of the time window
 * that contain at least `minHits` of its terms (full text, English stemming), most hits first.
 */
export async function findMentioningItems(
  db: Knex,
  input: { storyId: string; terms: readonly string[]; since: Date; minHits: number; limit: number },
): Promise<MentioningItem[]> {
  const columns = trusted('r.id, r.outlet, r.title, r.summary, r.content, r.author, r.url, r.published_at');
  const linked = await query<Record<string, unknown>>(
    db,
    sql`select ${columns}, true as linked, 0 as hits from raw_feeds r where r.story_id = ${input.storyId}
        order by coalesce(r.published_at, r.created_at) desc limit ${input.limit}`,
  );
  let mentions: Record<string, unknown>[] = [];
  if (input.terms.length > 0 && linked.length < input.limit) {
    const hits = input.terms
      .map((term) => sql`(d.v @@ plainto_tsquery('english', ${term}))::int`)
      .reduce<Sql | null>((acc, part) => (acc ? sql`${acc} + ${part}` : part), null)!;
    mentions = await query<Record<string, unknown>>(
      db,
      sql`select * from (
            select ${columns}, false as linked, ${hits} as hits, coalesce(r.published_at, r.created_at) as at
            from raw_feeds r
            cross join lateral (select to_tsvector('english', r.title || ' ' || r.summary || ' ' || left(r.content, 20000)) as v) d
            where r.created_at >= ${input.since.toISOString()}::timestamptz and (r.story_id is null or r.story_id <> ${input.storyId})
          ) m
          where m.hits >= ${input.minHits}
          order by m.hits desc, m.at desc
          limit ${input.limit - linked.length}`,
    );
  }
  return [...linked, ...mentions].map((r) => ({
    id: r.id as string,
    outlet: r.outlet as string,
    title: r.title as string,
    summary: (r.summary as string) ?? '',
    content: (r.content as string) ?? '',
    author: (r.author as string | null) ?? null,
    url: (r.url as string | null) ?? null,
    published_at: r.published_at ? new Date(r.published_at as string).toISOString() : null,
    linked: Boolean(r.linked),
    hits: Number(r.hits),
  }));
}
