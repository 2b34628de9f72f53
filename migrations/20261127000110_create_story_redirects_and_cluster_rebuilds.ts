import type { Knex } from 'knex';

/**
 * When re-clustering merges a published story into another, its address must keep working: the old
 * id and slug point at the surviving story (the site answers 301). Each rebuild of the archive's
 * clustering is recorded with what it changed, for the console's pipeline screen.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table story_redirects (
    from_id uuid primary key,
    from_slug text,
    to_id uuid not null references synced_content (id) on delete cascade,
    created_at timestamptz not null default now())`);
  await knex.raw('create index story_redirects_from_slug_idx on story_redirects (from_slug)');
  await knex.raw(`create table cluster_rebuilds (
    id bigserial primary key,
    actor text not null,
    since timestamptz not null,
    dry_run boolean not null,
    summary jsonb not null,
    created_at timestamptz not null default now())`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table cluster_rebuilds');
  await knex.raw('drop table story_redirects');
}
