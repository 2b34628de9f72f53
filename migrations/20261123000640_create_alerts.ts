import type { Knex } from 'knex';

/**
 * Personal alerts (spec entity Alert: id, region, alert_level, storm_types, notification_methods,
 * is_active, created_at), one owner each. alert_deliveries holds one row per (alert, event): the
 * unique key is what makes an alert fire once per storm advisory or story, however often
 * dispatch runs and however many processes run it. job_cursors remembers up to when dispatch
 * has looked at events.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table alerts (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      region text not null check (region in ('jamaica', 'barbados', 'trinidad', 'bahamas', 'caribbean')),
      alert_level text not null default 'medium' check (alert_level in ('low', 'medium', 'high', 'critical')),
      storm_types text[] not null default '{}' check (storm_types <@ array['Hurricane', 'Tropical Storm', 'Depression', 'Flood', 'Earthquake']::text[]),
      notification_methods text[] not null default '{email}' check (notification_methods <@ array['email', 'whatsapp', 'push']::text[]),
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw(`create index alerts_user_idx on alerts (user_id, created_at desc)`);
  await knex.raw(`create index alerts_active_idx on alerts (created_at) where is_active`);
  await knex.raw(`
    create table alert_deliveries (
      id bigint generated always as identity primary key,
      alert_id uuid not null references alerts (id) on delete cascade,
      event_key text not null,
      event_kind text not null check (event_kind in ('storm', 'story')),
      subject text not null,
      body text not null,
      status text not null default 'sending' check (status in ('sending', 'sent', 'failed', 'uncertain')),
      attempts integer not null default 1,
      next_attempt_at timestamptz,
      lease_until timestamptz,
      last_error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      unique (alert_id, event_key)
    )`);
  await knex.raw(`create index alert_deliveries_retry_idx on alert_deliveries (next_attempt_at) where status = 'failed'`);
  await knex.raw(`create index alert_deliveries_alert_idx on alert_deliveries (alert_id, created_at desc)`);
  await knex.raw(`
    create table job_cursors (
      name text primary key,
      position timestamptz not null,
      updated_at timestamptz not null default now()
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table job_cursors');
  await knex.raw('drop table alert_deliveries');
  await knex.raw('drop table alerts');
}
