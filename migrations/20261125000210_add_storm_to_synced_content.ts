import type { Knex } from 'knex';

/**
 * The storm a story reports on (a hurricane watch for Jamaica, the damage in Haiti): each country's
 * event is its own story, linked to the storm so the article leads to the Storm Centre and the storm's
 * other coverage. The name is kept beside the id because an advisory's storm row may be pruned.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table synced_content add column storm_id text references storms (id) on delete set null, add column storm_name text');
  await knex.raw('create index synced_content_storm_idx on synced_content (storm_id) where storm_id is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index synced_content_storm_idx');
  await knex.raw('alter table synced_content drop column storm_id, drop column storm_name');
}
