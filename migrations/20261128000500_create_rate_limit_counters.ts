import type { Knex } from 'knex';

/**
 * Request counters that every server shares (issue 21): one row per limit and client key, counted
 * in a fixed window that starts at the first hit. Several servers on one database count the same
 * attempts, so two servers no longer give an attacker twice the tries. Rows whose window has ended
 * are deleted by whichever server prunes next (the index on resets_at keeps that cheap).
 *
 * Unlogged: a hit writes no WAL and its commit waits for no disk flush (a tenth of the cost per
 * limited request on a busy disk). The price is fit for counters of minutes: a crash or a failover
 * to a replica starts them again at zero.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create unlogged table rate_limit_counters (
      scope text not null,
      key text not null,
      hits integer not null,
      resets_at timestamptz not null,
      primary key (scope, key)
    )`);
  await knex.raw('create index rate_limit_counters_resets_at_idx on rate_limit_counters (resets_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table rate_limit_counters');
}
