import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import knexFactory from 'knex';
import { inject } from 'vitest';
import { migrateLatest } from '../../core/db/migrations';
import { configurePgTypes, wrapPglite, type Database } from '../../core/db/open-database';

/**
 * A fresh, migrated database for one test file: in-memory PGlite loaded from the run's migrated
 * dump, or, when C360_TEST_DATABASE_URL is set, a new schema on that PostgreSQL server (dropped
 * on close), so the same integration tests run on both.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.C360_TEST_DATABASE_URL;
  if (url) return openPostgresSchema(url);
  const dump = readFileSync(inject('migratedPgliteDump'));
  const pglite = new PGlite({ loadDataDir: new Blob([dump]) });
  await pglite.waitReady;
  return wrapPglite(pglite);
}

export function testDatabaseMode(): 'postgres' | 'embedded' {
  return process.env.C360_TEST_DATABASE_URL ? 'postgres' : 'embedded';
}

async function openPostgresSchema(url: string): Promise<Database> {
  configurePgTypes();
  const schema = `c360_test_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`create schema ${schema}`);
  await admin.destroy();
  const knex = knexFactory({ client: 'pg', connection: url, searchPath: [schema], pool: { min: 0, max: 5 } });
  await migrateLatest(knex);
  return {
    knex,
    mode: 'postgres',
    location: `postgres schema ${schema}`,
    close: async () => {
      await knex.raw(`drop schema ${schema} cascade`);
      await knex.destroy();
    },
  };
}
