import type { Knex } from 'knex';

/** Accounts at third-party OpenID providers linked to a user: one row per (provider, subject). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table user_identities (
      provider text not null,
      subject text not null,
      user_id uuid not null references users (id) on delete cascade,
      email text,
      email_verified boolean not null default false,
      created_at timestamptz not null default now(),
      last_sign_in_at timestamptz,
      primary key (provider, subject)
    )`);
  await knex.raw(`create index user_identities_user_idx on user_identities (user_id)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table user_identities');
}
