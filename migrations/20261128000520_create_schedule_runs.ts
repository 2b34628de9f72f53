import type { Knex } from 'knex';

/**
 * One row per scheduled job and cron tick (issue 21): every server running the schedule tries to
 * insert the row when the tick fires, and only the one whose insert wins runs the job, so several
 * `c360 serve --schedule` processes on one database run each job once per tick.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table schedule_runs (
      job text not null,
      due_at timestamptz not null,
      claimed_by text not null,
      claimed_at timestamptz not null,
      primary key (job, due_at)
    )`);
  await knex.raw('create index schedule_runs_due_at_idx on schedule_runs (due_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table schedule_runs');
}
