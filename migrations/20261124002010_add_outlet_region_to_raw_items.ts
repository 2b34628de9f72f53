import type { Knex } from 'knex';

/**
 * The home country or area of the outlet that published (or also carried) a source item, as the
 * feed registry or the ingest manifest gives it ("Jamaica", "Caribbean" for a regional outlet). Feeds
 * have a region already; items ingested from files have no feed, so the item keeps its own. The
 * article's coverage panel reads it to say which countries carried a story and which did not.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table raw_feeds add column outlet_region text');
  await knex.raw('alter table raw_item_carriers add column outlet_region text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table raw_item_carriers drop column outlet_region');
  await knex.raw('alter table raw_feeds drop column outlet_region');
}
