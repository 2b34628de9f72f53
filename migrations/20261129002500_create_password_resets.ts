import type { Knex } from 'knex';

/**
 * Forgotten passwords: one row per reset link e-mailed. Only the SHA-256 of the link's token is
 * stored (it is 256-bit random). A link is single use (used_at is set atomically when it resets
 * the password) and expires; a reset also marks the account's other open links used. Rows go
 * with their account.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table password_resets (
      token_hash text primary key,
      user_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`);
  await knex.raw('create index password_resets_user_idx on password_resets (user_id, created_at desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table password_resets');
}
