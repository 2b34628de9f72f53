import type { Knex } from 'knex';

/**
 * Work a killed process left behind on the embedded database. Only one process can open the
 * embedded database (core/db/data-dir-lock.ts), so at the moment it opens, no other process can
 * be running a pipeline run or holding a lease: every run still 'running' was interrupted, and
 * every lease belongs to a dead worker. The runs are marked failed with the reason, and the leases
 * released so the work is claimable at once (it waited for the lease to expire, up to 5 minutes).
 *
 * Not done on PostgreSQL: there other workers may be alive on other machines, and a run records
 * no worker whose death could be checked; their leases expire on their own (the lease time) and
 * a killed worker's run stays as it was.
 */
export type Recovered = { runs: number; rawItems: number; stories: number };

export const INTERRUPTED_REASON = 'interrupted: the process running it stopped before it finished (found when the embedded database was next opened)';

export async function recoverInterruptedWork(db: Knex, options: { reason?: string } = {}): Promise<Recovered> {
  const recovered: Recovered = { runs: 0, rawItems: 0, stories: 0 };
  // A new or older data directory may not have these tables or columns yet (before `c360 db migrate`).
  const { rows } = await db.raw(
    `select (select count(*)::int from information_schema.columns
              where table_schema = current_schema() and column_name = 'lease_owner' and table_name in ('raw_feeds', 'synced_content')) as leases,
            to_regclass('pipeline_runs') is not null as runs`,
  );
  const { leases, runs } = rows[0] as { leases: number; runs: boolean };
  if (!runs && leases < 2) return recovered;
  await db.transaction(async (trx) => {
    if (runs) {
      const result = await trx.raw(`update pipeline_runs set status = 'failed', finished_at = now(), error = ? where status = 'running' returning id`, [
        options.reason ?? INTERRUPTED_REASON,
      ]);
      recovered.runs = result.rows.length;
    }
    if (leases >= 2) {
      recovered.rawItems = (
        await trx.raw(`update raw_feeds set lease_owner = null, lease_expires_at = null where lease_owner is not null returning id`)
      ).rows.length;
      recovered.stories = (
        await trx.raw(`update synced_content set lease_owner = null, lease_expires_at = null where lease_owner is not null returning id`)
      ).rows.length;
    }
  });
  return recovered;
}
