import type { Knex } from 'knex';

/**
 * What a reader follows: islands (kind 'region', a key such as 'jamaica') and topics (kind
 * 'topic', a section such as 'business'). The values are checked by the core against its lists,
 * so a new island or section needs no migration. One row per (reader, kind, value).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table reader_follows (
      user_id uuid not null references users (id) on delete cascade,
      kind text not null check (kind in ('region', 'topic')),
      value text not null check (length(value) between 1 and 60),
      created_at timestamptz not null default now(),
      primary key (user_id, kind, value)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table reader_follows');
}
