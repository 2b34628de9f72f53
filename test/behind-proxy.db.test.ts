import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../core/accounts/accounts';
import { createSession } from '../core/accounts/sessions';
import type { Database } from '../core/db/open-database';
import { createStory } from './factories/stories';
import { TestClient } from './helpers/http-client';
import { SseStream } from './helpers/sse-client';
import { hasNginx, startNginx, type TestProxy } from './helpers/nginx';
import { startTestApp, type TestApp } from './helpers/test-app';
import { openTestDatabase, postgresUrlOf, testDatabaseMode } from './helpers/test-database';

/**
 * Issue 21, item 4 (in part): Debian's nginx as reverse proxy and round-robin load balancer in
 * front of two C360 servers on one PostgreSQL, each with its own pool and LISTEN connection. The
 * servers here run in the test's process (started as the app is in every other test);
 * test/serve-behind-proxy.db.test.ts runs `c360 serve` processes, a SIGKILL under wrk and a restart.
 */
const run = testDatabaseMode() === 'postgres' && hasNginx();

let db: Database;
let second: Database;
let a: TestApp;
let b: TestApp;
let proxy: TestProxy;

beforeAll(async () => {
  if (!run) return;
  db = await openTestDatabase();
  const knex = knexFactory({ client: 'pg', connection: postgresUrlOf(db), pool: { min: 0, max: 5 } });
  second = { knex, mode: 'postgres', location: 'second server', close: () => knex.destroy() };
  const signInThrottle = { freeFailures: 5, baseMs: 5, maxMs: 20 };
  a = await startTestApp({ db, signInThrottle });
  b = await startTestApp({ db: second, signInThrottle });
  proxy = await startNginx([a.url, b.url]);
});
afterAll(async () => {
  if (!run) return;
  proxy.close();
  await a.close();
  await b.close();
  await second.close();
  await db.close();
});

const upstreamOf = (res: Response) => res.headers.get('x-upstream') ?? '';

/** A browser holding one session, talking to the given address (cookies are per host in the jar). */
function clientAt(url: string, tokens: { accessToken: string; refreshToken: string }): TestClient {
  const client = new TestClient(url);
  client.jar.set(client.host, 'c360_at', tokens.accessToken);
  client.jar.set(client.host, 'c360_rt', tokens.refreshToken, '/api/auth');
  return client;
}

describe.runIf(run)('two servers behind nginx', () => {
  it('ten failed sign-ins through the proxy land on both servers and count as ten; the eleventh is refused', async () => {
    await addUser(db.knex, { email: 'proxied@c360.test', role: 'reader', password: 'harbour-lights-19' });
    const client = new TestClient(proxy.url);
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const res = await client.post('/api/auth/sign-in', { email: 'proxied@c360.test', password: `wrong-guess-${i}` });
      expect(res.status).toBe(400);
      seen.add(upstreamOf(res));
    }
    expect(seen).toEqual(new Set([new URL(a.url).host, new URL(b.url).host]));
    const blocked = await client.post('/api/auth/sign-in', { email: 'proxied@c360.test', password: 'harbour-lights-19' });
    expect(blocked.status).toBe(429);
    const failures = await db.knex.raw(`select hits from rate_limit_counters where scope = 'sign-in-account-failures' and key = 'proxied@c360.test'`);
    expect(failures.rows[0].hits).toBe(10);
    // nginx connects from loopback (trusted by default): the client address counted is the one nginx forwarded.
    const { rows } = await db.knex.raw(`select key from rate_limit_counters where scope = 'sign-in-email' and key like '%proxied@c360.test'`);
    expect(rows).toEqual([{ key: 'ip:127.0.0.1|email:proxied@c360.test' }]);
  });

  it('a change made through server A is served fresh through the proxy, from both servers, within 1 s', async () => {
    const story = await createStory(db.knex, { title: 'Airport in Grenada reopens after the storm', daysAgo: 0, now: new Date() });
    const editor = await a.signedIn('editor');
    const home = async () => {
      const res = await fetch(`${proxy.url}/api/home`);
      return { upstream: upstreamOf(res), body: await res.text() };
    };
    // Both servers cache the answer.
    const before = new Map<string, string>();
    for (let i = 0; i < 6 && before.size < 2; i++) {
      const r = await home();
      before.set(r.upstream, r.body);
    }
    expect(before.size).toBe(2);
    const changed = await editor.client.post(`/api/console/stories/${story.id}/feature`, { action: 'remove_homepage' });
    expect(changed.status).toBe(200);
    const { rows } = await db.knex.raw('select updated_at from synced_content where id = ?', [story.id]);
    const stamp = new Date(rows[0].updated_at).toISOString();
    const started = Date.now();
    const fresh = new Set<string>();
    while (fresh.size < 2 && Date.now() - started < 5_000) {
      const r = await home();
      if (r.body.includes(stamp)) fresh.add(r.upstream);
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(fresh.size).toBe(2);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a console live stream opened through the proxy hears, at once, a change made on the other server', async () => {
    const story = await createStory(db.knex, { title: 'Ferry to Carriacou runs again after the storm', daysAgo: 0, now: new Date() });
    const user = await addUser(db.knex, { email: 'watcher@c360.test', role: 'editor', password: 'harbour-lights-19' });
    const session = await createSession(db.knex, { user, method: 'password', now: new Date() });
    const stream = await SseStream.open(clientAt(proxy.url, session), '/api/console/events');
    try {
      expect(stream.response.status).toBe(200);
      await stream.next('ready', 20_000);
      // The change goes to the server that does not hold the stream.
      const holder = upstreamOf(stream.response);
      const other = holder === new URL(a.url).host ? b : a;
      expect(holder).not.toBe(new URL(other.url).host);
      stream.clear();
      const started = Date.now();
      const changed = await clientAt(other.url, session).post(`/api/console/stories/${story.id}/feature`, { action: 'remove_homepage' });
      expect(changed.status).toBe(200);
      const event = await stream.next('stories', 20_000);
      expect(event.data.ids ?? [story.id]).toContain(story.id);
      // nginx passes the event on as it comes (proxy_buffering off, X-Accel-Buffering: no), not when a buffer fills.
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      stream.close();
    }
  });
});
