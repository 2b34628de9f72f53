import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import knexFactory from 'knex';
import type { TestProject } from 'vitest/node';
import { migrateLatest } from '../../core/db/migrations';
import { configurePgTypes, wrapPglite } from '../../core/db/open-database';
import { databaseUrl } from './database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    migratedPgliteDump: string;
    /** With C360_TEST_DATABASE_URL: a migrated PostgreSQL database each test file copies. */
    postgresTemplate: string;
  }
}

/**
 * Creating a PGlite database costs seconds (initdb); loading a dump costs well under one.
 * So migrate one database once per run and let each test file start from its dump.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'c360-test-'));
  const db = wrapPglite(new PGlite());
  await migrateLatest(db.knex);
  const dump = await db.pglite!.dumpDataDir('gzip');
  await db.close();
  const path = join(dir, 'migrated.tar.gz');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedPgliteDump', path);
  const template = await createPostgresTemplate();
  project.provide('postgresTemplate', template?.name ?? '');
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await template?.drop();
  };
}

/**
 * On PostgreSQL each test file gets a database of its own, copied from one migrated here: NOTIFY
 * reaches every session of a database whatever its schema, so files sharing one database heard
 * each other's notifications; and a copy costs less than migrating.
 */
async function createPostgresTemplate(): Promise<{ name: string; drop: () => Promise<void> } | null> {
  const url = process.env.C360_TEST_DATABASE_URL;
  if (!url) return null;
  configurePgTypes();
  const name = `c360_test_template_${randomBytes(5).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const knex = knexFactory({ client: 'pg', connection: databaseUrl(url, name), pool: { min: 0, max: 1 } });
  await migrateLatest(knex);
  await knex.destroy();
  return {
    name,
    drop: async () => {
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}
