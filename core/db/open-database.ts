import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { Config } from '../config';
import { C360Error } from '../errors';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { YieldingPgliteClient } from './pglite-client';
import { recoverInterruptedWork, type Recovered } from './recover-interrupted';

// Failures (connection, migration) are thrown to the caller, which reports them once and clearly.
const QUIET_KNEX_LOG = { error: () => {}, warn: () => {}, deprecate: () => {}, debug: () => {} };

export type DatabaseMode = 'embedded' | 'postgres';

export type Database = {
  knex: Knex;
  mode: DatabaseMode;
  /** Where the data lives, for humans (never includes a password). */
  location: string;
  /** The PGlite instance in embedded mode (LISTEN/NOTIFY stay inside this process there). */
  pglite?: PGlite;
  /** Embedded mode: what a process killed earlier left behind and this opening cleaned up. */
  recovered?: Recovered;
  close: () => Promise<void>;
};

/**
 * Opens the embedded database (PGlite in `dataDir`) when DATABASE_URL is unset, else a pool
 * on the PostgreSQL server. `command` names the opener in the lock file, so a second process
 * can be told who holds the embedded data directory.
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: { command: string; poolSize?: number }): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, options.poolSize ?? 10);
  return openEmbedded(config.dataDir, options.command);
}

async function openEmbedded(dataDir: string, command: string): Promise<Database> {
  const lock = acquireDataDirLock(dataDir, command);
  try {
    const pgdata = join(dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = new PGlite(pgdata);
    await pglite.waitReady;
    const db = wrapPglite(pglite, `embedded (${pgdata})`, lock);
    // We hold the only lock: runs still 'running' and leases still held were left by a killed process.
    try {
      db.recovered = await recoverInterruptedWork(db.knex);
    } catch (error) {
      await db.close();
      throw error;
    }
    return db;
  } catch (error) {
    lock.release();
    if (error instanceof C360Error) throw error;
    throw new C360Error('database_unavailable', `Could not open the embedded database in ${dataDir}: ${(error as Error).message}`, {
      hint: 'Check that the directory is writable, or set C360_DATA_DIR to another directory.',
      cause: error,
    });
  }
}

/** Wraps an already-open PGlite (tests load one from a migrated dump). */
export function wrapPglite(pglite: PGlite, location = 'embedded (in memory)', lock?: DataDirLock): Database {
  const knex = knexFactory({
    client: YieldingPgliteClient as unknown as Knex.Config['client'],
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
    log: QUIET_KNEX_LOG,
  } as Knex.Config);
  let closed = false;
  return {
    knex,
    mode: 'embedded',
    location,
    pglite,
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await knex.destroy();
        if (!pglite.closed) await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** int8 (count(*), sums) arrives as a string from pg by default; our counts fit in a double. */
export function configurePgTypes(): void {
  pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  configurePgTypes();
  const knex = knexFactory({
    client: 'pg',
    connection: url,
    pool: { min: 0, max: poolSize },
    log: QUIET_KNEX_LOG,
  });
  const location = redactUrl(url);
  try {
    await knex.raw('select 1');
  } catch (error) {
    await knex.destroy();
    throw new C360Error('database_unavailable', `Could not connect to PostgreSQL at ${location}: ${(error as Error).message}`, {
      hint: 'Check that the server is running and DATABASE_URL is right, or unset DATABASE_URL to use the embedded database.',
      cause: error,
    });
  }
  return { knex, mode: 'postgres', location: `postgres (${location})`, close: () => knex.destroy() };
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an unparseable DATABASE_URL';
  }
}
