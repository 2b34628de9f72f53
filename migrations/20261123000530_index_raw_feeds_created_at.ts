import type { Knex } from 'knex';

/**
 * The community scan reads the last 7 days of source items (console spec: timeframe 7d); the
 * existing created_at indexes are partial (pending or claimable items only), so this one serves
 * a time window over every item.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index raw_feeds_created_at_idx on raw_feeds (created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index raw_feeds_created_at_idx');
}
