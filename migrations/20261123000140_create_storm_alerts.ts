import type { Knex } from 'knex';

// Watches and warnings from NHC public advisories, in the spec's Storm alert shape, one row per
// storm, type, level and area. An alert not repeated by a newer advisory is expired, not deleted.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table storm_alerts (
      id uuid primary key default gen_random_uuid(),
      storm_id text not null references storms (id) on delete cascade,
      type text not null check (type in ('warning', 'watch')),
      hazard text not null,
      region text not null,
      area text not null,
      message text not null,
      severity text not null check (severity in ('extreme', 'moderate')),
      advisory_number text,
      issued_at timestamptz not null,
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (storm_id, hazard, type, area)
    )`);
  await knex.raw(`create index storm_alerts_expires_idx on storm_alerts (expires_at desc)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table storm_alerts');
}
