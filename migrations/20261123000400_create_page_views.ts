import type { Knex } from 'knex';

/**
 * Reader analytics without cookies and without stored addresses: each event keeps a hash of
 * (a salt for the day, the address, the browser), and the salt is deleted when the day ends, so
 * nobody can link a hash to a person or across days.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table page_views (
      id bigint generated always as identity primary key,
      occurred_at timestamptz not null default now(),
      kind text not null default 'view' check (kind in ('view', 'share')),
      path text not null,
      story_id uuid references synced_content (id) on delete set null,
      visitor_hash text not null,
      device text not null check (device in ('mobile', 'tablet', 'desktop')),
      traffic_source text not null check (traffic_source in ('direct', 'search', 'social', 'newsletter', 'referral', 'internal')),
      referrer_host text,
      country text,
      detail text
    )`);
  await knex.raw('create index page_views_time_idx on page_views (occurred_at)');
  await knex.raw('create index page_views_story_idx on page_views (story_id, occurred_at)');
  await knex.raw('create index page_views_visitor_idx on page_views (visitor_hash, path, occurred_at)');
  await knex.raw(`create table analytics_salts (day date primary key, salt text not null)`);
  await knex.raw('alter table synced_content add column view_count integer not null default 0');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table synced_content drop column view_count');
  await knex.raw('drop table analytics_salts');
  await knex.raw('drop table page_views');
}
