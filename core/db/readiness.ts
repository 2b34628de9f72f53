import type { Knex } from 'knex';
import { pendingMigrations, type MigrationOptions } from './migrations';

export type Readiness = { ready: true } | { ready: false; reason: string; pending?: string[] };

/**
 * Whether this installation can serve: the database answers a query and every migration file is
 * applied. Shared by the server's /readyz and `c360 doctor`, so both say the same thing.
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
  return { ready: true };
}
