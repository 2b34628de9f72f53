import type { Knex } from 'knex';

/**
 * What happened to accounts that must outlive them: a password reset or change, an account
 * deleted by its owner or by an admin. No foreign key on purpose: deleting the account keeps
 * its events (the user id stays as a reference, the address is not kept). `actor` is who acted:
 * 'self' or an admin's e-mail.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table account_events (
      id bigserial primary key,
      user_id uuid not null,
      action text not null check (action in ('password_reset', 'password_changed', 'account_deleted')),
      actor text not null,
      details jsonb not null default '{}',
      occurred_at timestamptz not null default now()
    )`);
  await knex.raw('create index account_events_user_idx on account_events (user_id, occurred_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table account_events');
}
