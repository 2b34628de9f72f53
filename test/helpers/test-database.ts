import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import knexFactory from 'knex';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import type { Knex } from 'knex';
import { listDataTables } from '../../core/db/catalog';
import { configurePgTypes, wrapPglite, type Database } from '../../core/db/open-database';
import { databaseUrl } from './database-url';

/**
 * A fresh, migrated database for one test file: in-memory PGlite loaded from the run's migrated
 * dump, or, when C360_TEST_DATABASE_URL is set, a new database on that PostgreSQL server copied
 * from the run's migrated template (dropped on close), so the same integration tests run on both.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.C360_TEST_DATABASE_URL;
  if (url) return openPostgresDatabase(url);
  return openEmbeddedTestDatabase();
}

/**
 * The pipeline tests' setup: one test database for the file (handed to `opened`), closed after it, and
 * emptied of `tables` before each test (items first; stories and the rest follow by cascade).
 */
export function useTestDatabase(opened: (db: Database) => void, tables: readonly string[]): void {
  let db: Database | undefined;
  beforeAll(async () => {
    db = await openTestDatabase();
    opened(db);
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(async () => {
    for (const table of tables) await db!.knex(table).del();
  });
}

/** A fresh, migrated in-memory PGlite whatever C360_TEST_DATABASE_URL says (the embedded side of a move). */
export async function openEmbeddedTestDatabase(): Promise<Database> {
  const dump = readFileSync(inject('migratedPgliteDump'));
  const pglite = new PGlite({ loadDataDir: new Blob([dump]) });
  await pglite.waitReady;
  return wrapPglite(pglite);
}

export function testDatabaseMode(): 'postgres' | 'embedded' {
  return process.env.C360_TEST_DATABASE_URL ? 'postgres' : 'embedded';
}

const postgresUrls = new WeakMap<Database, string>();

/** The address of a test file's own PostgreSQL database (for a raw client, e.g. one that LISTENs). */
export function postgresUrlOf(db: Database): string {
  const url = postgresUrls.get(db);
  if (!url) throw new Error('not a PostgreSQL test database');
  return url;
}

/**
 * The test database opened as a second server would open it: on PostgreSQL a pool of its own (another
 * process's connections); on the embedded database, which one process holds, the same connection.
 * `close` ends only what this opened.
 */
export function secondConnection(db: Database, poolSize = 2): { knex: Knex; close: () => Promise<void> } {
  if (testDatabaseMode() !== 'postgres') return { knex: db.knex, close: async () => {} };
  const knex = knexFactory({ client: 'pg', connection: postgresUrlOf(db), pool: { min: 0, max: poolSize } });
  return { knex, close: () => knex.destroy() };
}

/** A test file's database and a second server's connection to it (secondConnection), opened before its tests and closed after. */
export function useTwoConnections(opened: (db: Database, other: Knex) => void, poolSize = 2): void {
  let db: Database | undefined;
  let second: ReturnType<typeof secondConnection> | undefined;
  beforeAll(async () => {
    db = await openTestDatabase();
    second = secondConnection(db, poolSize);
    opened(db, second.knex);
  });
  afterAll(async () => {
    await second?.close();
    await db?.close();
  });
}

/** A database of this file's own, copied from the run's migrated template (see global-setup.ts). */
async function openPostgresDatabase(url: string): Promise<Database> {
  configurePgTypes();
  const name = `c360_test_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name} template ${inject('postgresTemplate')}`);
  const own = databaseUrl(url, name);
  const knex = knexFactory({ client: 'pg', connection: own, pool: { min: 0, max: 5 } });
  const db: Database = {
    knex,
    mode: 'postgres',
    location: `postgres database ${name}`,
    close: async () => {
      await knex.destroy();
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
  postgresUrls.set(db, own);
  return db;
}

/** Row counts of every data table, by name: two databases hold the same data only if these agree. */
export async function tableCounts(knex: Knex): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const { name } of await listDataTables(knex)) result[name] = Number((await knex(name).count<{ n: string }[]>({ n: '*' }))[0]!.n);
  return result;
}
