import type { Knex } from 'knex';

/**
 * A reader's alerts e-mail only a confirmed address. `email_confirmed_at`: when the address was
 * shown to belong to the account (created by an operator, vouched for by the identity provider,
 * or a confirmation link followed); null while unconfirmed (a password sign-up until its link is
 * followed). `email_confirmation_sent_at` throttles the confirmation e-mails. Accounts already
 * verified count as confirmed from their creation.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table users add column email_confirmed_at timestamptz, add column email_confirmation_sent_at timestamptz`);
  await knex.raw(`update users set email_confirmed_at = created_at where email_verified`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table users drop column email_confirmed_at, drop column email_confirmation_sent_at');
}
