import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { captureLogger } from '../test/helpers/capture-logger';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

/**
 * A database outage (issue 25, item 6): what was cached is served stale, marked, with the usual
 * security headers; pages that cannot be answered get the site's HTML error page (503) and the
 * API keeps JSON; once the database is back, answers are fresh again.
 *
 * The outage is the pool failing to hand out a connection with the error node-postgres gives for
 * a closed port (ECONNREFUSED), on either database: every query the app makes goes through it.
 */
const TTL_MS = 50;
const RETRY_MS = 300;
let t: TestApp;
const logs = captureLogger('debug');
let renders = 0;

type Client = { acquireConnection: () => Promise<unknown> };
function cutDatabase(knex: Knex): () => void {
  const client = knex.client as Client;
  const real = client.acquireConnection.bind(client);
  client.acquireConnection = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
  return () => {
    client.acquireConnection = real;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  t = await startTestApp({
    logger: logs.logger,
    cacheTtlMs: TTL_MS,
    // A page that reads the database, as every rendered page does.
    renderHtml: async ({ path, shell, language }) => {
      const { rows } = (await t.db.knex.raw('select 1 as n')) as { rows: { n: number }[] };
      renders += 1;
      return { status: 200, html: shell.replace('<title>shell</title>', `<title>${path} ${language} ${rows[0]!.n} render ${renders}</title>`) };
    },
  });
  // Quicker retries than the default 2 s, so the test sees the return of the database soon.
  (t.app.cache as unknown as { options: { outageRetryMs: number } }).options.outageRetryMs = RETRY_MS;
});
afterAll(async () => {
  await t?.close();
});

describe('while the database is unreachable', () => {
  it('serves the last good copy of cached pages and API reads, marked stale, with the security headers; then fresh ones once it is back', async () => {
    const page = await fetch(`${t.url}/about`);
    expect(page.status).toBe(200);
    const pageBody = await page.text();
    const api = await fetch(`${t.url}/api/home`);
    expect(api.status).toBe(200);
    const apiBody = await api.json();

    const restore = cutDatabase(t.db.knex);
    try {
      await sleep(3 * TTL_MS); // past the TTL and the window in which an old entry answers during its rebuild
      for (const attempt of [1, 2, 3]) {
        const stalePage = await fetch(`${t.url}/about`);
        expect(stalePage.status, `page, attempt ${attempt}`).toBe(200);
        expect(await stalePage.text()).toBe(pageBody);
        expect(stalePage.headers.get('x-c360-stale')).toBe('1');
        expect(stalePage.headers.get('warning')).toBe('110 - "Response is Stale"');
        expect(stalePage.headers.get('cache-control')).toBe('no-store');
        expect(stalePage.headers.get('content-security-policy')).toContain("default-src 'self'");
        expect(stalePage.headers.get('x-content-type-options')).toBe('nosniff');

        const staleApi = await fetch(`${t.url}/api/home`);
        expect(staleApi.status, `api, attempt ${attempt}`).toBe(200);
        expect(await staleApi.json()).toEqual(apiBody);
        expect(staleApi.headers.get('x-c360-stale')).toBe('1');
        expect(staleApi.headers.get('content-security-policy')).toBeTruthy();
      }
      // Counted for monitoring (at least the six above).
      const metric = await t.app.metrics.getSingleMetricAsString('c360_response_cache_stale_total');
      expect(Number(/c360_response_cache_stale_total (\d+)/.exec(metric)?.[1])).toBeGreaterThanOrEqual(6);
    } finally {
      restore();
    }
    await sleep(RETRY_MS + 50);
    const fresh = await fetch(`${t.url}/about`);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-c360-stale')).toBeNull();
    expect(await fresh.text()).not.toBe(pageBody); // rendered again
  });

  it('answers a page it never cached with the HTML error page (503, the reader’s language, no stack), and the API with JSON', async () => {
    const restore = cutDatabase(t.db.knex);
    try {
      const page = await fetch(`${t.url}/section/never-seen`, { headers: { cookie: 'c360_lang=ES' } });
      expect(page.status).toBe(503);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(page.headers.get('content-security-policy')).toBeTruthy();
      const html = await page.text();
      expect(html).toContain('<html lang="es">');
      expect(html).toContain('Algo salió mal');
      expect(html).not.toMatch(/ECONNREFUSED|at .*\.ts|stack/i);

      const api = await fetch(`${t.url}/api/stories?limit=7`);
      expect(api.status).toBe(503);
      expect(api.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await api.json()).toEqual({ error: { code: 'database_unavailable', message: expect.any(String) } });
    } finally {
      restore();
    }
  });
});

/**
 * A database that answers but refuses writes (read-only, disk full): `default_transaction_read_only`
 * on the embedded database's one session, or on every new PostgreSQL connection of this database
 * (the pool is emptied so that each one is new). Returns the undo.
 */
async function refuseWrites(knex: Knex, mode: 'embedded' | 'postgres'): Promise<() => Promise<void>> {
  if (mode === 'embedded') {
    await knex.raw('set default_transaction_read_only = on');
    return async () => void (await knex.raw('set default_transaction_read_only = off'));
  }
  const { rows } = (await knex.raw('select current_database() as name')) as { rows: { name: string }[] };
  const name = rows[0]!.name;
  const renew = async () => {
    await knex.destroy();
    knex.initialize();
  };
  await knex.raw(`alter database "${name}" set default_transaction_read_only = on`);
  await renew();
  return async () => {
    await knex.transaction(async (trx) => {
      await trx.raw('set transaction read write');
      await trx.raw(`alter database "${name}" reset default_transaction_read_only`);
    });
    await renew();
  };
}

describe('while the database refuses writes (read-only, disk full)', () => {
  it('a change answers 503 database_unavailable saying so, not a generic 500', async () => {
    const { client } = await t.signedIn('reader');
    const restore = await refuseWrites(t.db.knex, t.db.mode);
    try {
      const res = await client.post('/api/me/alerts', { scope: 'follows' });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await res.json()).toEqual({ error: { code: 'database_unavailable', message: expect.stringMatching(/cannot store changes/) } });
    } finally {
      await restore();
    }
  });
});
