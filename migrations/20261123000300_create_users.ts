import type { Knex } from 'knex';

/**
 * People who sign in. The e-mail is stored lower-cased and trimmed, so uniqueness is plain.
 * password_hash is an argon2id PHC string, or null for accounts that sign in only through an
 * identity provider. A sign-up always starts as a reader; only an admin raises a role.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table users (
      id uuid primary key default gen_random_uuid(),
      email text not null unique check (email = lower(btrim(email)) and length(email) between 3 and 254),
      role text not null default 'reader' check (role in ('reader', 'editor', 'admin')),
      password_hash text,
      email_verified boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      last_sign_in_at timestamptz
    )`);
  await knex.raw(`create index users_role_idx on users (role)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table users');
}
