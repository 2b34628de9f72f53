import type { Knex } from 'knex';

/**
 * The send log and its queue. A send records which segments were chosen, by whom, for how many
 * recipients, and when it started and finished. Each recipient is one delivery row, unique per
 * (newsletter, subscriber): a newsletter can never be queued twice for the same person, whatever
 * segments later sends choose. Deliveries are claimed with a lease; one still 'sending' when its
 * lease runs out (the process died mid-send) becomes 'uncertain' and is not re-sent on its own.
 * 'failed' with a next_attempt_at is retried with back-off; without one it has used its attempts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table newsletter_sends (
      id uuid primary key default gen_random_uuid(),
      newsletter_id uuid not null references newsletters (id) on delete cascade,
      segments text[] not null,
      origin text not null,
      requested_by text not null,
      recipients integer not null default 0,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      report_sent_at timestamptz
    )`);
  await knex.raw(`create index newsletter_sends_newsletter_idx on newsletter_sends (newsletter_id, created_at desc)`);
  await knex.raw(`create index newsletter_sends_open_idx on newsletter_sends (created_at) where finished_at is null`);
  await knex.raw(`
    create table newsletter_deliveries (
      id bigint generated always as identity primary key,
      newsletter_id uuid not null references newsletters (id) on delete cascade,
      send_id uuid not null references newsletter_sends (id) on delete cascade,
      subscriber_id uuid not null references newsletter_subscribers (id) on delete cascade,
      status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed', 'bounced', 'skipped', 'uncertain')),
      attempts integer not null default 0,
      next_attempt_at timestamptz,
      lease_until timestamptz,
      last_error text,
      sent_at timestamptz,
      updated_at timestamptz not null default now(),
      unique (newsletter_id, subscriber_id)
    )`);
  await knex.raw(`create index newsletter_deliveries_due_idx on newsletter_deliveries (next_attempt_at) where status in ('queued', 'failed')`);
  await knex.raw(`create index newsletter_deliveries_lease_idx on newsletter_deliveries (lease_until) where status = 'sending'`);
  await knex.raw(`create index newsletter_deliveries_send_idx on newsletter_deliveries (send_id, status)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table newsletter_deliveries');
  await knex.raw('drop table newsletter_sends');
}
