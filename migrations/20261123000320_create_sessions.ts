import type { Knex } from 'knex';

/**
 * Sign-in sessions. A session is one "family": the access and refresh tokens it issued over
 * time. Tokens are stored only as SHA-256 hashes (they are 256-bit random, so a fast hash is
 * enough). A refresh token is single use: used_at is set when it is rotated, and presenting it
 * again revokes the whole session.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table sessions (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      method text not null,
      created_at timestamptz not null default now(),
      refreshed_at timestamptz,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      revoked_reason text,
      user_agent text
    )`);
  await knex.raw(`create index sessions_user_idx on sessions (user_id)`);
  await knex.raw(`create index sessions_expires_idx on sessions (expires_at)`);
  await knex.raw(`
    create table session_tokens (
      token_hash text primary key,
      session_id uuid not null references sessions (id) on delete cascade,
      kind text not null check (kind in ('access', 'refresh')),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`);
  await knex.raw(`create index session_tokens_session_idx on session_tokens (session_id)`);
  await knex.raw(`create index session_tokens_expires_idx on session_tokens (expires_at)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table session_tokens');
  await knex.raw('drop table sessions');
}
