import type { Knex } from 'knex';

/**
 * Pipeline runs started from the console (Pipeline Controls, Live Publishing's stage buttons,
 * Enhanced Signals' Run Analysis, the operator API): the progress overlay's stages (id, name,
 * status, progress, message, error), timestamped log lines and the result, kept in the database
 * so any server can answer "how is that run doing" and a reloaded page finds its run again.
 * At most one such run is going at a time (the partial unique index); a run whose server stopped
 * beating (heartbeat_at) is marked interrupted by the next start.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table console_runs (
      id uuid primary key default gen_random_uuid(),
      kind text not null check (kind in ('full', 'patterns', 'enrich', 'step')),
      step text,
      status text not null default 'running' check (status in ('running', 'completed', 'failed', 'cancelled')),
      stages jsonb not null default '[]',
      logs jsonb not null default '[]',
      result jsonb,
      started_by text not null,
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      heartbeat_at timestamptz not null default now(),
      cancel_requested boolean not null default false,
      server text
    )`);
  await knex.raw(`create index console_runs_started_idx on console_runs (started_at desc)`);
  await knex.raw(`create unique index console_runs_one_running_idx on console_runs ((true)) where status = 'running'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table console_runs');
}
