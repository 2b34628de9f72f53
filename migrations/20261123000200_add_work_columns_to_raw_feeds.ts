import type { Knex } from 'knex';

/**
 * Work claiming on source items: a worker claims a batch with FOR UPDATE SKIP LOCKED and holds a
 * lease; an item whose lease ran out (its worker died) can be claimed again. A failed item waits
 * until next_attempt_at. processing_status goes pending → clustered → processed, or failed with
 * processing_error (retried later, never dropped).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table raw_feeds
      add column lease_owner text,
      add column lease_expires_at timestamptz,
      add column next_attempt_at timestamptz,
      add column processed_at timestamptz`);
  await knex.raw(`create index raw_feeds_claim_idx on raw_feeds (created_at) where processing_status in ('pending', 'failed') and story_id is null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index raw_feeds_claim_idx');
  await knex.raw('alter table raw_feeds drop column lease_owner, drop column lease_expires_at, drop column next_attempt_at, drop column processed_at');
}
