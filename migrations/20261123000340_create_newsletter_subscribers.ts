import type { Knex } from 'knex';

/**
 * Newsletter sign-ups with double opt-in: a row starts 'pending' with the hash of a confirmation
 * token e-mailed to the address, and becomes 'confirmed' when the link is followed. Unsubscribe
 * links carry an HMAC of the row id, so nothing about them is stored. `segments` holds the
 * audience segments (general, diaspora-us, …) that newsletters are sent to.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table newsletter_subscribers (
      id uuid primary key default gen_random_uuid(),
      email text not null unique check (email = lower(btrim(email)) and length(email) between 3 and 254),
      status text not null default 'pending' check (status in ('pending', 'confirmed', 'unsubscribed')),
      segments text[] not null default '{general}',
      source text not null default 'footer',
      confirm_token_hash text unique,
      confirm_expires_at timestamptz,
      confirmation_sent_at timestamptz,
      created_at timestamptz not null default now(),
      confirmed_at timestamptz,
      unsubscribed_at timestamptz
    )`);
  await knex.raw(`create index newsletter_subscribers_status_idx on newsletter_subscribers (status)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table newsletter_subscribers');
}
