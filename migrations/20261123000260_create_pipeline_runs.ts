import type { Knex } from 'knex';

// One row per pipeline run (a full run or one stage), with the spec's stats and who ran it.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table pipeline_runs (
      id uuid primary key default gen_random_uuid(),
      stage text not null,
      status text not null default 'running' check (status in ('running', 'succeeded', 'failed')),
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      processed integer not null default 0,
      auto_published integer not null default 0,
      flagged_for_review integer not null default 0,
      failed integer not null default 0,
      stats jsonb not null default '{}',
      actor text not null,
      error text
    )`);
  await knex.raw(`create index pipeline_runs_started_idx on pipeline_runs (started_at desc)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table pipeline_runs');
}
