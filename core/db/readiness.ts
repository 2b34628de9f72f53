import type { Knex } from 'knex';
import { pendingMigrations, type MigrationOptions } from './migrations';

export type Readiness = { ready: true } | { ready: false; reason: string; pending?: string[]; refusesWrites?: true };

/**
 * Whether this installation can serve: the database answers a query, every migration file is
 * applied, and it takes a write. Shared by the server's /readyz and `c360 doctor`, so both say the
 * same thing.
 */
export async function checkReadiness(knex: Knex, options?: MigrationOptions): Promise<Readiness> {
  try {
    await knex.raw('select 1');
  } catch {
    return { ready: false, reason: 'database unreachable' };
  }
  let pending: string[];
  try {
    pending = await pendingMigrations(knex, options);
  } catch {
    return { ready: false, reason: 'database unreachable' };
  }
  if (pending.length > 0) return { ready: false, reason: `migrations pending: ${pending.length}`, pending };
  if (!(await takesWrites(knex))) return { ready: false, reason: 'database refuses writes', refusesWrites: true };
  return { ready: true };
}

/**
 * A committed one-row write (migrations/…_create_readiness_probes.ts): a read-only database
 * (`default_transaction_read_only`, a standby) or one that cannot write its files any more (disk
 * full) answers `select 1` yet fails every sign-in, edit and pipeline run. The commit, not a
 * rolled-back write, is what reaches the write-ahead log.
 */
async function takesWrites(knex: Knex): Promise<boolean> {
  try {
    await knex.raw('insert into readiness_probes (id, probed_at) values (1, now()) on conflict (id) do update set probed_at = excluded.probed_at');
    return true;
  } catch {
    return false;
  }
}
