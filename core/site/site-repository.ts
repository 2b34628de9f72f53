import type { Knex } from 'knex';
import { APPROVED_BY_SQL } from '../stories/story-repository';
import type { FactCheckItem, StorySource } from '../stories/story';
import { verificationState, type VerificationState } from '../stories/verification';

/** Published stories for the sitemap and the RSS feed, limited and paged in SQL. */

export type FeedStory = {
  id: string;
  slug: string | null;
  title: string;
  summary: string;
  region: string;
  tags: string[];
  published_at: string;
  updated_at: string;
  /** How the story was checked (core/stories/verification.ts), read for the RSS feed (the sitemap has no use for it). */
  verification?: VerificationState;
};

const json = <T>(value: unknown, fallback: T): T => (typeof value === 'string' ? (JSON.parse(value) as T) : ((value as T | null) ?? fallback));

const PUBLIC = `pipeline_stage = 'published' and region_visible`;

function toFeedStory(row: Record<string, unknown>): FeedStory {
  return {
    id: row.id as string,
    slug: (row.slug as string | null) ?? null,
    title: row.title as string,
    summary: (row.summary as string) ?? '',
    region: row.region as string,
    tags: (row.tags as string[]) ?? [],
    published_at: new Date(row.published_at as string).toISOString(),
    updated_at: new Date(row.updated_at as string).toISOString(),
    ...('triangulation_check' in row ? { verification: verificationOf(row) } : {}),
  };
}

function verificationOf(row: Record<string, unknown>): VerificationState {
  return verificationState({
    source_count: Number(row.source_count ?? 0),
    triangulation_check: Boolean(row.triangulation_check),
    human_verified: Boolean(row.human_verified),
    status_flags: (row.status_flags as string[] | null) ?? [],
    sources: json<StorySource[]>(row.sources, []),
    ai_fact_check_panel: json<FactCheckItem[]>(row.ai_fact_check_panel, []),
    approved_by: (row.approved_by as string | null) ?? null,
  });
}

/** Newest first, on the published-stories index. */
export async function listPublishedForFeeds(db: Knex, options: { offset: number; limit: number; verification?: boolean }): Promise<FeedStory[]> {
  const verification = options.verification
    ? `, source_count, triangulation_check, human_verified, status_flags, sources, ai_fact_check_panel, ${APPROVED_BY_SQL}`
    : '';
  const { rows } = await db.raw(
    `select id, slug, title, summary, region, tags, published_at, updated_at${verification}
       from synced_content s
      where ${PUBLIC} order by published_at desc, id desc offset ? limit ?`,
    [options.offset, options.limit],
  );
  return rows.map(toFeedStory);
}

export async function countPublished(db: Knex): Promise<number> {
  const { rows } = await db.raw(`select count(*)::int as n from synced_content where ${PUBLIC}`);
  return Number(rows[0].n);
}

/** A cheap fingerprint of the stories table: changes whenever a story is written. */
export async function storiesFingerprint(db: Knex): Promise<string> {
  const { rows } = await db.raw(`select count(*)::int as n, max(updated_at) as latest from synced_content`);
  return `${rows[0].n}:${rows[0].latest ? new Date(rows[0].latest).getTime() : 0}`;
}
