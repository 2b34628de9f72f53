import type { Knex } from 'knex';

/**
 * Console settings, one JSON value per key ('sanity', 'notifications'). Secrets inside a value
 * (the Sanity API token) are stored encrypted with a key derived from the server secret, never
 * in clear.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table settings (
      key text primary key,
      value jsonb not null,
      updated_at timestamptz not null default now(),
      updated_by text
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table settings');
}
