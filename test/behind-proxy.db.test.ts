import { readFileSync } from 'node:fs';
import type { ResultPromise } from 'execa';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../core/accounts/accounts';
import { createSession } from '../core/accounts/sessions';
import type { Database } from '../core/db/open-database';
import { PUBLIC } from '../core/stories/story-repository';
import { insertRawItems, type FixtureItem } from './factories/raw-items';
import { createStory } from './factories/stories';
import { TestClient } from './helpers/http-client';
import { SseStream } from './helpers/sse-client';
import { hasNginx, startNginx, type TestProxy } from './helpers/nginx';
import { startCli } from './helpers/run-cli';
import { startTestApp, type TestApp } from './helpers/test-app';
import { openTestDatabase, postgresUrlOf, testDatabaseMode } from './helpers/test-database';

/**
 * Issue 21, item 4 (in part): Debian's nginx as reverse proxy and round-robin load balancer in
 * front of two C360 servers on one PostgreSQL, each with its own pool and LISTEN connection, and two
 * `c360 worker` processes on the same database. The servers here run in the test's process (started
 * as the app is in every other test); the workers are the real binary, polling as they would in
 * production; test/serve-behind-proxy.db.test.ts runs `c360 serve` processes, a SIGKILL under wrk
 * and a restart.
 */
const run = testDatabaseMode() === 'postgres' && hasNginx();

let db: Database;
let second: Database;
let a: TestApp;
let b: TestApp;
let proxy: TestProxy;
const workers: { process: ResultPromise; log: string[] }[] = [];

/**
 * A `c360 worker` that polls every 100 ms and claims two items (or stories) per stage at a time, so
 * a backlog is shared in many small batches; resolves once it says it started.
 */
function startWorker(databaseUrl: string): Promise<void> {
  const child = startCli(['worker', '--batch', '2', '--lease', '60s', '--idle', '100ms', '--patterns-every', '1h', '--offline'], {
    DATABASE_URL: databaseUrl,
    C360_LOG_LEVEL: 'warn',
  });
  const worker = { process: child, log: [] as string[] };
  workers.push(worker);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`c360 worker did not start:\n${worker.log.join('')}`)), 60_000);
    void child.then((r) => {
      clearTimeout(timer);
      reject(new Error(`c360 worker exited (${r.exitCode}):\n${worker.log.join('')}`));
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      worker.log.push(chunk.toString());
      if (/Worker \S+ started on/.test(worker.log.join(''))) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

beforeAll(async () => {
  if (!run) return;
  db = await openTestDatabase();
  const knex = knexFactory({ client: 'pg', connection: postgresUrlOf(db), pool: { min: 0, max: 5 } });
  second = { knex, mode: 'postgres', location: 'second server', close: () => knex.destroy() };
  const signInThrottle = { freeFailures: 5, baseMs: 5, maxMs: 20 };
  a = await startTestApp({ db, signInThrottle });
  b = await startTestApp({ db: second, signInThrottle });
  proxy = await startNginx([a.url, b.url]);
  await Promise.all([startWorker(postgresUrlOf(db)), startWorker(postgresUrlOf(db))]);
});
afterAll(async () => {
  if (!run) return;
  // Each stops after its current cycle on SIGTERM; a worker that does not is killed.
  for (const w of workers) w.process.kill('SIGTERM');
  const killer = setTimeout(() => workers.forEach((w) => w.process.kill('SIGKILL')), 15_000);
  await Promise.allSettled(workers.map((w) => w.process));
  clearTimeout(killer);
  proxy?.close();
  await a?.close();
  await b?.close();
  await second?.close();
  await db?.close();
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

  it('two workers share a backlog: each event, reported by two or three outlets, is one story, served through the proxy by both servers', async () => {
    // The labelled fixture's events that two or three outlets report (look-alikes among them: three
    // fires, two budgets, two oil stories), less the one pair that a single worker keeps apart too
    // ("Remittances to Jamaica dip 3%" and "Money sent home from abroad slips 3 percent": a limit of
    // the clustering rule, measured by cluster-quality.test.ts, not of sharing the work). Moved in
    // time so the latest report is an hour old. Without the clustering lock (core/pipeline/work/leases.ts)
    // this test has failed with an event split across two stories.
    const fixture = JSON.parse(readFileSync(new URL('./fixtures/pipeline/clustering.json', import.meta.url), 'utf8')) as { items: FixtureItem[] };
    const byEvent = new Map<string, FixtureItem[]>();
    for (const item of fixture.items) byEvent.set(item.event, [...(byEvent.get(item.event) ?? []), item]);
    const events = new Map([...byEvent].filter(([event, items]) => items.length >= 2 && event !== 'remittances-jamaica'));
    const items = [...events.values()].flat();
    const latest = Math.max(...items.map((i) => Date.parse(i.published_at)));
    const shift = Date.now() - 3_600_000 - latest;
    const urlOf = (item: FixtureItem) => `https://example.test/clustering/${item.id}`;
    const at = (i: FixtureItem) => new Date(Date.parse(i.published_at) + shift).toISOString();
    // One insert: the whole backlog lands at once, while both workers poll.
    const ids = await insertRawItems(
      db.knex,
      items.map((i) => ({ outlet: i.outlet, title: i.title, summary: i.summary, url: urlOf(i), published_at: at(i), created_at: at(i) })),
    );

    // Both workers at it until no work is left (a deadline, not a sleep).
    const started = Date.now();
    for (;;) {
      const { rows } = await db.knex.raw(
        `select (select count(*)::int from raw_feeds where id = any(?::uuid[]) and processing_status <> 'processed') as items,
                (select count(*)::int from synced_content where pipeline_next is not null) as stories`,
        [ids],
      );
      if (rows[0].items === 0 && rows[0].stories === 0) break;
      if (Date.now() - started > 45_000)
        throw new Error(`the workers did not finish: ${JSON.stringify(rows[0])}\n${workers.map((w) => w.log.join('')).join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    process.stderr.write(`two workers: ${items.length} items of ${events.size} events processed in ${Date.now() - started} ms\n`);

    // Every item was claimed and processed once, and joined one story once.
    const feeds = await db.knex('raw_feeds').whereIn('id', ids).select('id', 'processing_status', 'attempts', 'story_id');
    expect(feeds.filter((f) => f.processing_status !== 'processed' || f.attempts !== 1 || !f.story_id)).toEqual([]);
    const storyIds = [...new Set(feeds.map((f) => f.story_id as string))];
    const audits = await db.knex('synced_content').whereIn('id', storyIds).select('id', 'audit_log', 'pipeline_stage', 'region_visible');
    const joined = audits.flatMap((s) =>
      (s.audit_log as { action: string; details?: string }[])
        .filter((e) => e.action === 'story_created' || e.action === 'source_added')
        .map((e) => /item ([0-9a-f-]{36})/.exec(e.details ?? '')?.[1])
        .filter(Boolean),
    );
    expect(joined.sort()).toEqual([...ids].sort());
    // The two workers shared the clustering: each clustered some of the items. A worker records its
    // cycle after the cycle's last stage commits, so the last cycle's row may come just after the work
    // shows done: wait for the rows (a deadline), then count exactly.
    const clusteredByWorker = async (): Promise<{ worker: string; items: number }[]> =>
      (
        await db.knex.raw(
          `select stats->>'worker' as worker, sum((stats->'cluster'->>'processed')::int)::int as items
             from pipeline_runs where stage = 'worker' and started_at >= to_timestamp(?) group by 1`,
          [started / 1000 - 5],
        )
      ).rows;
    let clustered = await clusteredByWorker();
    for (const recorded = Date.now(); clustered.reduce((n, r) => n + r.items, 0) < items.length && Date.now() - recorded < 10_000;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      clustered = await clusteredByWorker();
    }
    expect(
      clustered.filter((r: { items: number }) => r.items > 0),
      JSON.stringify(clustered),
    ).toHaveLength(2);
    expect(clustered.reduce((n: number, r: { items: number }) => n + r.items, 0)).toBe(items.length);

    // One story per event, and no story with two events' reports: every event, published or held for review.
    const eventsOfStory = new Map<string, Set<string>>();
    const storiesOfEvent = new Map<string, Set<string>>();
    const eventOfId = new Map(items.map((item, k) => [ids[k]!, item.event]));
    for (const f of feeds) {
      const event = eventOfId.get(f.id)!;
      eventsOfStory.set(f.story_id, (eventsOfStory.get(f.story_id) ?? new Set()).add(event));
      storiesOfEvent.set(event, (storiesOfEvent.get(event) ?? new Set()).add(f.story_id));
    }
    const split = [...storiesOfEvent].filter(([, s]) => s.size > 1).map(([event, s]) => `${event} in ${[...s].join(' and ')}`);
    expect(split, 'events split across stories').toEqual([]);
    const mixed = [...eventsOfStory].filter(([, e]) => e.size > 1).map(([story, e]) => `${story}: ${[...e].join(' + ')}`);
    expect(mixed, 'stories that mix events').toEqual([]);
    expect(storiesOfEvent.size).toBe(events.size);

    // What readers see through nginx: each story the site shows (published, in a region it covers),
    // from both servers alike, with every outlet that reported its event and no other report; a story
    // held for review, or about a country outside the site's regions, is not served.
    type Article = { story: { id: string; source_count: number; sources: { name: string; url: string | null }[] } };
    const upstreams = [new URL(a.url).host, new URL(b.url).host].sort();
    const shown: string[] = await db.knex('synced_content as s').whereIn('s.id', storyIds).whereRaw(PUBLIC).pluck('s.id');
    const isShown = (s: { id: string }) => shown.includes(s.id);
    expect(shown.length, 'stories the site shows').toBeGreaterThanOrEqual(events.size / 2);
    for (const s of audits) {
      const event = [...eventsOfStory.get(s.id)!][0]!;
      const bodies = new Map<string, string>();
      // Asked until both servers have answered (round robin: the next request goes to the other).
      for (let i = 0; i < 6 && bodies.size < 2; i++) {
        const res = await fetch(`${proxy.url}/api/articles/${s.id}`);
        expect(res.status, `${event}: ${s.pipeline_stage}`).toBe(isShown(s) ? 200 : 404);
        bodies.set(upstreamOf(res), await res.text());
      }
      expect([...bodies.keys()].sort(), event).toEqual(upstreams);
      if (!isShown(s)) continue;
      const [first, other] = [...bodies.values()].map((body) => JSON.parse(body) as Article);
      expect(other!.story, event).toEqual(first!.story);
      expect(first!.story.source_count, event).toBe(events.get(event)!.length);
      expect(first!.story.sources.map((x) => x.url).sort(), event).toEqual(events.get(event)!.map(urlOf).sort());
    }
    // The latest stories as both servers list them: each event once, with its count of sources.
    const listings = new Map<string, { id: string; source_count: number }[]>();
    for (let i = 0; i < 6 && listings.size < 2; i++) {
      const res = await fetch(`${proxy.url}/api/stories?limit=50`);
      expect(res.status).toBe(200);
      const { items: cards } = (await res.json()) as { items: { id: string; source_count: number }[] };
      const ours = cards.filter((c) => storyIds.includes(c.id)).map((c) => ({ id: c.id, source_count: c.source_count }));
      listings.set(
        upstreamOf(res),
        ours.sort((x, y) => x.id.localeCompare(y.id)),
      );
    }
    expect([...listings.keys()].sort()).toEqual(upstreams);
    const [listedA, listedB] = [...listings.values()];
    expect(listedB).toEqual(listedA);
    expect(listedA!.length).toBeGreaterThan(0);
    for (const card of listedA!) {
      expect(shown).toContain(card.id);
      expect(card.source_count).toBe(events.get([...eventsOfStory.get(card.id)!][0]!)!.length);
    }
  }, 90_000);
});
