import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRawItems, type FixtureItem } from '../../test/factories/raw-items';
import { databaseUrl } from '../../test/helpers/database-url';
import { offlinePipelineDeps } from '../../test/helpers/pipeline-deps';
import { startTestApp } from '../../test/helpers/test-app';
import { openTestDatabase, postgresUrlOf, tableCounts, testDatabaseMode } from '../../test/helpers/test-database';
import { addUser } from '../accounts/accounts';
import { PUBLIC } from '../stories/story-repository';
import { runPipeline } from '../pipeline/runner';
import { pendingMigrations } from './migrations';
import type { Database } from './open-database';

/**
 * The restore drill of docs/operations.md, run by the PostgreSQL test pass: a production database
 * backed up with `pg_dump --format=custom`, restored with `pg_restore --no-owner` into a new database,
 * is whole (every migration applied, the same rows) and serves the same story.
 */
const run = promisify(execFile);
const fixture = JSON.parse(readFileSync(new URL('../../test/fixtures/pipeline/clustering.json', import.meta.url), 'utf8')) as { items: FixtureItem[] };
const now = new Date('2026-11-20T18:00:00Z');

describe.skipIf(testDatabaseMode() !== 'postgres')('backup and restore drill (pg_dump, pg_restore)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'c360-backup-'));
  const restoredName = `c360_restored_${randomBytes(6).toString('hex')}`;
  let db: Database;
  let admin: Knex;
  let restored: Database | undefined;

  beforeAll(async () => {
    db = await openTestDatabase();
    await addUser(db.knex, { email: 'admin@c360.test', role: 'admin', password: 'correct horse 42' });
    await insertRawItems(
      db.knex,
      fixture.items.map((i) => ({ outlet: i.outlet, title: i.title, summary: i.summary, published_at: i.published_at, created_at: i.published_at })),
    );
    await runPipeline(offlinePipelineDeps(db.knex, now));
    admin = knexFactory({ client: 'pg', connection: process.env.C360_TEST_DATABASE_URL!, pool: { min: 0, max: 1 } });
  }, 180_000);

  afterAll(async () => {
    await restored?.knex.destroy();
    await admin.raw(`drop database if exists ${restoredName} with (force)`);
    await admin.destroy();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores a pg_dump backup into a new database that is migrated, whole and serves the same story', async () => {
    const file = join(dir, 'c360.dump');
    await run('pg_dump', ['--format=custom', `--file=${file}`, postgresUrlOf(db)]);
    await admin.raw(`create database ${restoredName}`);
    const url = databaseUrl(process.env.C360_TEST_DATABASE_URL!, restoredName);
    await run('pg_restore', ['--no-owner', `--dbname=${url}`, file]);
    const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 5 } });
    restored = { knex, mode: 'postgres', location: `postgres database ${restoredName}`, close: () => knex.destroy() };

    expect(await pendingMigrations(knex)).toEqual([]);
    const before = await tableCounts(db.knex);
    expect(before.synced_content).toBeGreaterThan(5);
    expect(await tableCounts(knex)).toEqual(before);
    // A story the public site shows (the site's own rule, not the status column, which a held-back story can share).
    const story = await db.knex('synced_content as s').whereRaw(PUBLIC).orderBy('s.id').first('s.id');
    expect(story).toBeDefined();
    const original = await startTestApp({ db, clock: () => now });
    const copy = await startTestApp({ db: restored, clock: () => now });
    try {
      const a = await fetch(`${original.url}/api/articles/${story.id}`);
      const b = await fetch(`${copy.url}/api/articles/${story.id}`);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(await b.json()).toEqual(await a.json());
    } finally {
      await original.close();
      await copy.close();
    }
  }, 120_000);
});
