import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../core/accounts/accounts';
import { createSession } from '../core/accounts/sessions';
import type { Database } from '../core/db/open-database';
import { createStory } from '../test/factories/stories';
import { TestClient } from '../test/helpers/http-client';
import { SseStream } from '../test/helpers/sse-client';
import { startTestApp, type TestApp } from '../test/helpers/test-app';
import { openTestDatabase, postgresUrlOf, testDatabaseMode } from '../test/helpers/test-database';

/**
 * Two servers on one database, as behind a load balancer (issue 21): what one server counts,
 * revokes or changes holds on the other at once. On PostgreSQL the second server has its own
 * connection pool and its own LISTEN connection, as another process would; on the embedded
 * database both share the one handle (one process owns it there).
 */
let db: Database;
let second: Database;
let a: TestApp;
let b: TestApp;
const open: SseStream[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  if (testDatabaseMode() === 'postgres') {
    const knex = knexFactory({ client: 'pg', connection: postgresUrlOf(db), pool: { min: 0, max: 5 } });
    second = { knex, mode: 'postgres', location: 'second server', close: () => knex.destroy() };
  } else second = db;
  // Quick slow-downs: the test is about counting, not waiting.
  const signInThrottle = { freeFailures: 5, baseMs: 5, maxMs: 20 };
  a = await startTestApp({ db, signInThrottle });
  b = await startTestApp({ db: second, signInThrottle });
});
afterAll(async () => {
  for (const s of open) s.close();
  await a.close();
  await b.close();
  if (second !== db) await second.close();
  await db.close();
});

/** A browser holding one session, talking to the given server (cookies are per host in the jar). */
function clientOf(app: TestApp, tokens: { accessToken: string; refreshToken: string }): TestClient {
  const client = new TestClient(app.url);
  client.jar.set(client.host, 'c360_at', tokens.accessToken);
  client.jar.set(client.host, 'c360_rt', tokens.refreshToken, '/api/auth');
  return client;
}

describe('several servers on one database', () => {
  it('ten failed sign-ins spread over both servers count as ten', async () => {
    await addUser(db.knex, { email: 'spread@c360.test', role: 'reader', password: 'harbour-lights-19' });
    const signIn = (app: TestApp, password: string) =>
      app.client().post('/api/auth/sign-in', { email: 'spread@c360.test', password }, { headers: { 'x-forwarded-for': '203.0.113.77' } });
    for (let i = 0; i < 10; i++) expect((await signIn(i % 2 === 0 ? a : b, `wrong-guess-${i}`)).status).toBe(400);
    const failures = await db.knex.raw(`select hits from rate_limit_counters where scope = 'sign-in-account-failures' and key = 'spread@c360.test'`);
    expect(failures.rows[0].hits).toBe(10);
    // The limit is 10 failures per address and account: the 11th attempt is refused on either server, even with the right password.
    for (const app of [a, b]) {
      const blocked = await signIn(app, 'harbour-lights-19');
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('a session signed out on A is refused on B at once', async () => {
    const user = await addUser(db.knex, { email: 'leaver@c360.test', role: 'editor', password: 'correct horse 42' });
    const session = await createSession(db.knex, { user, method: 'password', now: new Date() });
    const onA = clientOf(a, session);
    const onB = clientOf(b, session);
    expect((await onB.get('/api/console/stories')).status).toBe(200);
    expect((await onA.post('/api/auth/sign-out')).status).toBe(204);
    const refused = await onB.get('/api/console/stories');
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe('session_expired');
  });

  it('an editor demoted on A loses the console on B at once, and B closes their live stream', async () => {
    const admin = await a.signedIn('admin');
    const editor = await addUser(db.knex, { email: 'demoted@c360.test', role: 'editor', password: 'correct horse 42' });
    const onB = clientOf(b, await createSession(db.knex, { user: editor, method: 'password', now: new Date() }));
    const stream = await SseStream.open(onB, '/api/console/events');
    open.push(stream);
    expect(stream.response.status).toBe(200);
    await stream.next('ready', 20_000);
    const changed = await admin.client.request('PATCH', `/api/admin/users/${editor.id}`, { body: { role: 'reader' } });
    expect(changed.status).toBe(200);
    expect((await onB.get('/api/console/stories')).status).toBe(403);
    await stream.next('revoked', 20_000);
  });

  it('a live stream on B hears a change made through A, and B serves the fresh answer', async () => {
    const story = await createStory(db.knex, { title: 'Ferry schedule to Bequia changes for the storm', daysAgo: 0, now: new Date() });
    const editor = await a.signedIn('editor');
    const watcher = await b.signedIn('editor');
    const stream = await SseStream.open(watcher.client, '/api/console/events');
    open.push(stream);
    await stream.next('ready', 20_000);
    const home = async () => JSON.stringify(await (await b.client().get('/api/home')).json());
    const before = await home(); // now cached on B
    expect(before).toContain(story.id);
    stream.clear();
    const changed = await editor.client.post(`/api/console/stories/${story.id}/feature`, { action: 'remove_homepage' });
    expect(changed.status).toBe(200);
    await stream.next('stories', 20_000);
    const started = Date.now();
    let fresh = await home();
    while (fresh === before && Date.now() - started < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      fresh = await home();
    }
    expect(Date.now() - started).toBeLessThan(1_000);
    const { rows } = await db.knex.raw('select updated_at from synced_content where id = ?', [story.id]);
    expect(fresh).toContain(new Date(rows[0].updated_at).toISOString());
  });
});
