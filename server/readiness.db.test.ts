import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { checkReadiness } from '../core/db/readiness';
import type { Database } from '../core/db/open-database';
import { startTestApp, type TestApp } from '../test/helpers/test-app';
import { openTestDatabase, postgresUrlOf, testDatabaseMode } from '../test/helpers/test-database';

/**
 * A database that answers reads and refuses every write, as a read-only or full one does
 * (`default_transaction_read_only`): the embedded database's one session is switched; on
 * PostgreSQL, a client of the test's database whose every connection is switched.
 */
async function readOnlyDatabase(): Promise<Database> {
  const db = await openTestDatabase();
  if (testDatabaseMode() === 'embedded') {
    await db.knex.raw('set default_transaction_read_only = on');
    return db;
  }
  const knex = knexFactory({
    client: 'pg',
    connection: postgresUrlOf(db),
    pool: {
      min: 0,
      max: 2,
      afterCreate: (conn: { query: (sql: string, done: (error?: Error) => void) => void }, done: (error?: Error) => void) =>
        conn.query('set default_transaction_read_only = on', done),
    },
  });
  return { ...db, knex, close: async () => (await knex.destroy(), await db.close()) };
}

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('/readyz', () => {
  it('is ready on a migrated database, and /healthz stays the liveness check', async () => {
    const res = await fetch(`${t.url}/readyz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ready' });
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });

  it('is 503 while a migration is pending', async () => {
    const { name } = await t.db.knex('knex_migrations').orderBy('name', 'desc').first();
    const [row] = await t.db.knex('knex_migrations').where({ name }).del().returning('*');
    try {
      const res = await fetch(`${t.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'not ready', reason: 'migrations pending: 1' });
      expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    } finally {
      await t.db.knex('knex_migrations').insert(row);
    }
    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
  });

  it('is 503 when the database does not answer', async () => {
    const other = await startTestApp();
    try {
      await other.db.knex.destroy();
      const res = await fetch(`${other.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'not ready', reason: 'database unreachable' });
    } finally {
      await other.server.close();
      await other.db.close().catch(() => undefined);
    }
  });

  it('is 503 when the database answers but refuses writes (read-only, disk full), and /healthz stays 200', async () => {
    const db = await readOnlyDatabase();
    const other = await startTestApp({ db });
    try {
      const res = await fetch(`${other.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'not ready', reason: 'database refuses writes' });
      expect((await fetch(`${other.url}/healthz`)).status).toBe(200);
    } finally {
      await other.close();
      await db.close();
    }
  });
});

describe('checkReadiness', () => {
  it('says so when the database refuses writes', async () => {
    const db = await readOnlyDatabase();
    try {
      expect(await checkReadiness(db.knex)).toEqual({ ready: false, reason: 'database refuses writes', refusesWrites: true });
    } finally {
      await db.close();
    }
  });

  it('says the database is unreachable when a query throws', async () => {
    const failing = { raw: async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1')) } as unknown as Knex;
    expect(await checkReadiness(failing)).toEqual({ ready: false, reason: 'database unreachable' });
  });

  it('counts every migration as pending on an empty database', async () => {
    const empty = {
      raw: async (sql: string) => ({ rows: [sql.includes('to_regclass') ? { present: false } : {}] }),
    } as unknown as Knex;
    const readiness = await checkReadiness(empty);
    expect(readiness.ready).toBe(false);
    expect(readiness.ready === false && readiness.reason).toMatch(/^migrations pending: \d{2,}$/);
  });
});
