import type { Knex } from 'knex';

// Items as they arrive from feeds, webhooks and files, before they join a story.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table raw_feeds (
      id uuid primary key default gen_random_uuid(),
      feed_id integer references feeds (id) on delete set null,
      outlet text not null,
      guid text,
      url text,
      title text not null,
      summary text not null default '',
      content text not null default '',
      author text,
      categories text[] not null default '{}',
      image_url text,
      language text,
      published_at timestamptz,
      content_hash text not null,
      processing_status text not null default 'pending',
      processing_error text,
      attempts integer not null default 0,
      story_id uuid references synced_content (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw(`create index raw_feeds_guid_idx on raw_feeds (guid) where guid is not null`);
  await knex.raw(`create index raw_feeds_url_idx on raw_feeds (url) where url is not null`);
  await knex.raw(`create index raw_feeds_hash_idx on raw_feeds (content_hash)`);
  await knex.raw(`create index raw_feeds_pending_idx on raw_feeds (created_at desc) where processing_status = 'pending'`);
  await knex.raw(`create index raw_feeds_story_idx on raw_feeds (story_id)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table raw_feeds');
}
