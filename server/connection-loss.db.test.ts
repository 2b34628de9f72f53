import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../core/db/open-database';
import { createStory } from '../test/factories/stories';
import { startTestApp, type TestApp } from '../test/helpers/test-app';
import { openTestDatabase, postgresUrlOf, testDatabaseMode } from '../test/helpers/test-database';

/**
 * Issue 21, faults: PostgreSQL drops every connection of C360's database while the server is
 * serving (as a failover or a restart of the database server does). Done with
 * pg_terminate_backend on this test's own database, never by stopping the shared PostgreSQL. The
 * server must answer database-backed requests again and hear story changes again (LISTEN) with no
 * restart of its own. The server has its own pool and LISTEN connection, as a `c360 serve` would.
 */
const run = testDatabaseMode() === 'postgres';

let db: Database;
let serverDb: Database;
let t: TestApp;

beforeAll(async () => {
  if (!run) return;
  db = await openTestDatabase();
  const knex = knexFactory({ client: 'pg', connection: postgresUrlOf(db), pool: { min: 0, max: 5 } });
  serverDb = { knex, mode: 'postgres', location: 'the server', close: () => knex.destroy() };
  // A long cache lifetime: a fresh page within it can only come from a heard notification.
  t = await startTestApp({ db: serverDb, cacheTtlMs: 120_000 });
});
afterAll(async () => {
  if (!run) return;
  await t.close();
  await serverDb.close();
  await db.close();
});

/** Ends every other session on this test's database (the server's pool and its listener), from a connection of its own. */
async function terminateBackends(): Promise<number> {
  const killer = knexFactory({ client: 'pg', connection: postgresUrlOf(db), pool: { min: 0, max: 1 } });
  try {
    const { rows } = await killer.raw(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return (rows as { ended: boolean }[]).filter((r) => r.ended).length;
  } finally {
    await killer.destroy();
  }
}

async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

describe.runIf(run)('PostgreSQL drops the server’s connections while it serves', () => {
  it('the server answers database-backed requests again and hears story changes again, with no restart', async () => {
    const first = await createStory(db.knex, { title: 'Port of Castries closes ahead of the storm', daysAgo: 0, now: new Date() });
    const editor = await t.signedIn('editor');
    await waitUntil('the change listener is up', () => t.app.cache.listening, 10_000);
    expect(await (await t.client().get('/api/home')).text()).toContain(first.id);
    expect((await editor.client.get('/api/console/stories')).status).toBe(200);

    // Every connection of the server (its pool and its LISTEN connection) is cut.
    expect(await terminateBackends()).toBeGreaterThanOrEqual(2);
    await waitUntil('the server notices its listener is gone', () => !t.app.cache.listening, 5_000);

    // Requests that need the database: a search nobody made before (not cached), the console
    // (its session is read from the database on every request). Some may fail while the pool
    // finds its connections dead; all must succeed again soon, without a restart.
    let searches = 0;
    const backMs = await waitUntil(
      'database-backed requests answer again',
      async () => {
        const search = await t.client().get(`/api/search?q=castries${++searches}`);
        const console = await editor.client.get('/api/console/stories');
        return search.status === 200 && console.status === 200;
      },
      10_000,
    );
    // Once back, they stay back.
    for (let i = 0; i < 5; i++) {
      expect((await t.client().get(`/api/search?q=after${i}`)).status).toBe(200);
      expect((await editor.client.get('/api/console/stories')).status).toBe(200);
    }

    // The listener reconnects by itself; then a change made by another writer (not this server)
    // is served fresh, which with a 120 s cache lifetime only its notification can bring.
    const listenMs = await waitUntil('the change listener is back', () => t.app.cache.listening, 15_000);
    const cached = await (await t.client().get('/api/home')).text();
    expect(await (await t.client().get('/api/home')).text()).toBe(cached); // cached again
    const second = await createStory(db.knex, { title: 'Ferries to Bequia resume after the storm', daysAgo: 0, now: new Date() });
    const freshMs = await waitUntil('the new story is served', async () => (await (await t.client().get('/api/home')).text()).includes(second.id), 5_000);
    expect(freshMs).toBeLessThan(1_000);
    process.stderr.write(
      `connection loss: requests back after ${backMs} ms (${searches} tries), listener back after ${listenMs} ms more, a change served fresh after ${freshMs} ms\n`,
    );
  }, 60_000);
});
