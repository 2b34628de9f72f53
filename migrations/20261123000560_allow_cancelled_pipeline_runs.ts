import type { Knex } from 'knex';

// A run an editor cancels from the console stops between batches; it is recorded as cancelled, not failed.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table pipeline_runs drop constraint pipeline_runs_status_check`);
  await knex.raw(`alter table pipeline_runs add constraint pipeline_runs_status_check check (status in ('running', 'succeeded', 'failed', 'cancelled'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`update pipeline_runs set status = 'failed' where status = 'cancelled'`);
  await knex.raw(`alter table pipeline_runs drop constraint pipeline_runs_status_check`);
  await knex.raw(`alter table pipeline_runs add constraint pipeline_runs_status_check check (status in ('running', 'succeeded', 'failed'))`);
}
