import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { checkReadiness } from '../core/db/readiness';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

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
});

describe('checkReadiness', () => {
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
