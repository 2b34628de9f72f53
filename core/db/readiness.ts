import type { Knex } from 'knex';
import { pendingMigrations, type MigrationOptions } from './migrations';
import type { Database } from './open-database';

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

/**
 * Whether the database answers at all (the server's /healthz). On the embedded database the query
 * goes to PGlite itself, not through knex's single connection: a pipeline transaction holds that
 * connection for its whole length, and a health check queued behind it would make a busy server
 * look dead (issue 25). PGlite takes statements one at a time, so `select 1` runs between two of
 * the transaction's statements and changes nothing; "current transaction is aborted" (25P02) means
 * the database answered, while the transaction's owner is about to roll it back.
 */
export async function pingDatabase(db: Pick<Database, 'knex' | 'pglite'>): Promise<void> {
  if (!db.pglite) {
    await db.knex.raw('select 1');
    return;
  }
  try {
    await db.pglite.query('select 1');
  } catch (error) {
    if ((error as { code?: string }).code !== '25P02') throw error;
  }
}
