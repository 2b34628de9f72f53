import type { Knex } from 'knex';

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
};

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
  };
}

/** Newest first, on the published-stories index. */
export async function listPublishedForFeeds(db: Knex, options: { offset: number; limit: number }): Promise<FeedStory[]> {
  const { rows } = await db.raw(
    `select id, slug, title, summary, region, tags, published_at, updated_at from synced_content
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
