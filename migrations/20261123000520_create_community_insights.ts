import type { Knex } from 'knex';

/**
 * Community voices on a story (console spec: Community insight): a quote, who said it, the
 * sentiment, where it was found and the day. `origin` tells voices found in ingested items
 * (auto, with the source item and its address) from those an editor typed (manual). A quote is
 * kept once per story. Deleted with their story.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table community_insights (
      id uuid primary key default gen_random_uuid(),
      story_id uuid not null references synced_content (id) on delete cascade,
      quote text not null check (length(btrim(quote)) between 1 and 2000),
      attribution text not null check (length(btrim(attribution)) between 1 and 200),
      sentiment text not null default 'neutral' check (sentiment in ('positive', 'neutral', 'negative')),
      source text not null check (source in ('Twitter', 'Facebook', 'Reddit', 'WhatsApp', 'Local News', 'Interview')),
      "date" date not null,
      origin text not null check (origin in ('auto', 'manual')),
      source_item_id uuid references raw_feeds (id) on delete set null,
      source_outlet text,
      source_url text,
      created_by text not null,
      updated_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw('create unique index community_insights_quote_idx on community_insights (story_id, md5(lower(btrim(quote))))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table community_insights');
}
