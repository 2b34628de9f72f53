import type { Knex } from 'knex';

/**
 * Feeds the demo registers point at its own feed host on loopback, on a port that changes with
 * each run. `demo` marks them: only the demo's own ingest fetches them (a later `c360 serve` without
 * the demo host skips them), and a second demo run finds them by outlet and updates their address.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table feeds add column demo boolean not null default false');
  await knex.raw('create unique index feeds_demo_outlet_idx on feeds (outlet) where demo');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index feeds_demo_outlet_idx');
  await knex.raw('alter table feeds drop column demo');
}
