import type { Knex } from 'knex';

/**
 * What clustering compares a new source item with: the story's term weights (title and lead),
 * its keys (entities and distinctive terms, GIN-indexed so candidates are found without a scan)
 * and the time span of its items (an item joins only a story active within the time window).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table synced_content
      add column cluster_terms jsonb not null default '{}',
      add column cluster_keys text[] not null default '{}',
      add column first_item_at timestamptz,
      add column last_item_at timestamptz`);
  // No pending list: PGlite has no autovacuum to flush one.
  await knex.raw(`create index synced_content_cluster_keys_idx on synced_content using gin (cluster_keys) with (fastupdate = off)`);
  await knex.raw(`create index synced_content_last_item_idx on synced_content (last_item_at desc) where last_item_at is not null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index synced_content_cluster_keys_idx');
  await knex.raw('drop index synced_content_last_item_idx');
  await knex.raw('alter table synced_content drop column cluster_terms, drop column cluster_keys, drop column first_item_at, drop column last_item_at');
}
