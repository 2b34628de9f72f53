import type { Knex } from 'knex';

/**
 * Claims of scheduled runs (table schedule_runs): when a job's cron tick fires on several servers,
 * each tries to insert the row for (job, tick) and only the insert that lands runs the job, so a
 * job runs once per tick across all servers on the database. Rows older than a week are deleted
 * by the winner of a claim.
 */
const KEEP_MS = 7 * 86_400_000;

export async function claimScheduledRun(db: Knex, input: { job: string; dueAt: Date; server: string; now: Date }): Promise<boolean> {
  const { rows } = await db.raw(
    `insert into schedule_runs (job, due_at, claimed_by, claimed_at) values (?, ?, ?, ?)
     on conflict (job, due_at) do nothing
     returning job`,
    [input.job, input.dueAt.toISOString(), input.server.slice(0, 200), input.now.toISOString()],
  );
  if (rows.length === 0) return false;
  await db.raw('delete from schedule_runs where due_at < ?', [new Date(input.now.getTime() - KEEP_MS).toISOString()]);
  return true;
}
