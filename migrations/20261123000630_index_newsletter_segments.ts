import type { Knex } from 'knex';

// Audience counts and sends select confirmed subscribers by segment (segments && array[…]).
// GIN without a pending list: the embedded database has no autovacuum to flush one.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index newsletter_subscribers_segments_idx on newsletter_subscribers using gin (segments) with (fastupdate = off)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index newsletter_subscribers_segments_idx');
}
