import type { Knex } from 'knex';

/**
 * One row that /readyz (and `c360 doctor`) writes on every check: a database that answers reads
 * but refuses writes (read-only, disk full) is not ready to serve, and only a committed write
 * shows it. One row, updated in place, so the table never grows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table readiness_probes (
      id smallint primary key check (id = 1),
      probed_at timestamptz not null
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table readiness_probes');
}
