import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHANNELS } from '../db/notify';
import type { Database } from '../db/open-database';
import { addFeed, getFeed, listFeeds, markFeedsDue } from '../feeds/feed-repository';
import { silentLogger } from '../logger';
import { feedRoute, rss, startFeedHost, type FeedHost } from '../../test/helpers/feed-host';
import { listenTo, until } from '../../test/helpers/listen';
import { openTestDatabase } from '../../test/helpers/test-database';
import { ingestDueFeeds, type IngestDeps } from './ingest-feeds';
import { listCarriers } from './raw-item-repository';

let db: Database;
let host: FeedHost;
let now = new Date('2030-01-10T12:00:00Z');
const deps = (overrides: Partial<IngestDeps['fetch']> = {}): IngestDeps => ({
  clock: () => now,
  logger: silentLogger,
  fetch: { userAgent: 'C360/test', allowPrivate: true, timeoutMs: 1_500, ...overrides },
  random: () => 0.5,
});

const wire = {
  title: 'CARICOM leaders agree on regional food import target',
  description: 'Heads of government agreed to cut the food import bill by 25 per cent by 2030, the Secretariat said on Thursday.',
};

beforeAll(async () => {
  db = await openTestDatabase();
  host = await startFeedHost({
    '/ledger.xml': feedRoute({
      etag: '"ledger-1"',
      body: rss(
        [
          {
            ...wire,
            link: 'https://kingstonledger.example/wire/food-target',
            guid: 'https://kingstonledger.example/?p=101',
            pubDate: 'Thu, 19 Nov 2026 15:00:00 GMT',
          },
          {
            title: 'Kingston council approves water main',
            link: 'https://kingstonledger.example/news/water?utm_source=rss',
            guid: '102',
            description: 'Work starts in January.',
            pubDate: 'Thu, 19 Nov 2026 16:00:00 GMT',
          },
          // The same item listed twice in one feed
          {
            title: 'Kingston council approves water main',
            link: 'https://kingstonledger.example/news/water',
            guid: '102',
            description: 'Work starts in January.',
            pubDate: 'Thu, 19 Nov 2026 16:00:00 GMT',
          },
        ],
        { ttl: 90 },
      ),
    }),
    '/courier.xml': feedRoute({
      lastModified: 'Thu, 19 Nov 2026 18:00:00 GMT',
      body: rss([
        // The wire story carried verbatim, under the Courier's own address and guid
        { ...wire, link: 'https://bridgetowncourier.example/regional/food-target', guid: '102', pubDate: 'Thu, 19 Nov 2026 15:30:00 GMT' },
        {
          title: 'Barbados cricket squad named',
          link: 'https://bridgetowncourier.example/sport/squad#top',
          guid: '9',
          description: 'Fifteen players named.',
          pubDate: 'Thu, 19 Nov 2026 17:00:00 GMT',
        },
      ]),
    }),
    '/broken.xml': feedRoute({ body: '<rss version="2.0"><channel><item><title>unclosed' }),
    '/old-courier.xml': (_req, res) => {
      res.writeHead(301, { location: '/courier.xml' });
      res.end();
    },
    '/html': feedRoute({ body: '<!doctype html><html><body>Home</body></html>', contentType: 'text/html' }),
    '/error': (_req, res) => {
      res.statusCode = 500;
      res.end('oops');
    },
    '/busy': (_req, res) => {
      res.writeHead(503, { 'retry-after': '7200' });
      res.end();
    },
    '/hang': () => {},
    '/xss.xml': feedRoute({ body: readFileSync(new URL('../../test/fixtures/feeds/xss.xml', import.meta.url)), gzip: true }),
    '/latin1.xml': feedRoute({
      body: readFileSync(new URL('../../test/fixtures/feeds/latin1-no-declaration.xml', import.meta.url)),
      contentType: 'application/rss+xml; charset=ISO-8859-1',
    }),
    '/json': feedRoute({ body: readFileSync(new URL('../../test/fixtures/feeds/jsonfeed.json', import.meta.url)), contentType: 'application/feed+json' }),
  });
});
afterAll(async () => {
  await host.close();
  await db.close();
});
beforeEach(async () => {
  await db.knex('raw_item_carriers').delete();
  await db.knex('raw_feeds').delete();
  await db.knex('feeds').delete();
  now = new Date('2030-01-10T12:00:00Z');
});

describe('ingestDueFeeds', () => {
  it('stores each item once across feeds and runs, records "also carried by", and uses validators', async () => {
    const ledger = await addFeed(db.knex, { url: host.url('/ledger.xml'), outlet: 'Kingston Ledger', region: 'Jamaica', ownerGroup: 'Ledger Media' });
    const courier = await addFeed(db.knex, { url: host.url('/courier.xml'), outlet: 'Bridgetown Courier', region: 'Barbados' });

    const first = await ingestDueFeeds(db.knex, deps(), { concurrency: 1 });
    expect(first).toMatchObject({ feeds: 2, fetched: 2, notModified: 0, failed: 0, itemsNew: 3, duplicates: 2, carried: 1 });

    const rows = await db.knex('raw_feeds').select('*').orderBy('published_at');
    expect(rows.map((r) => [r.outlet, r.title, r.processing_status])).toEqual([
      ['Kingston Ledger', wire.title, 'pending'],
      ['Kingston Ledger', 'Kingston council approves water main', 'pending'],
      ['Bridgetown Courier', 'Barbados cricket squad named', 'pending'],
    ]);
    expect(rows[1].url).toBe('https://kingstonledger.example/news/water');
    expect(rows[2].url).toBe('https://bridgetowncourier.example/sport/squad');
    expect(rows[0]).toMatchObject({ feed_id: ledger.id, owner_group: 'Ledger Media', outlet_kind: 'press' });
    expect(rows[2]).toMatchObject({ feed_id: courier.id, owner_group: 'Bridgetown Courier' });
    expect(await listCarriers(db.knex, rows[0].id)).toEqual([
      { outlet: 'Kingston Ledger', ownerGroup: 'Ledger Media', matchedBy: 'original' },
      { outlet: 'Bridgetown Courier', ownerGroup: 'Bridgetown Courier', matchedBy: 'content_hash' },
    ]);

    // The ledger's <ttl>90</ttl> beats its 30-minute interval.
    const afterFirst = await getFeed(db.knex, ledger.id);
    expect(afterFirst).toMatchObject({ etag: '"ledger-1"', lastStatus: 'fetched', lastHttpStatus: 200, consecutiveErrors: 0, ttlSeconds: 5400 });
    expect(afterFirst!.nextFetchAt).toBe(new Date(now.getTime() + 90 * 60_000).toISOString());

    // Nothing is due yet: a run now fetches nothing.
    expect((await ingestDueFeeds(db.knex, deps())).feeds).toBe(0);

    now = new Date('2030-01-10T14:00:00Z');
    const before = host.requests.length;
    const second = await ingestDueFeeds(db.knex, deps());
    expect(second).toMatchObject({ feeds: 2, fetched: 0, notModified: 2, itemsNew: 0 });
    const sent = host.requests.slice(before);
    expect(sent.find((r) => r.path === '/ledger.xml')!.headers['if-none-match']).toBe('"ledger-1"');
    expect(sent.find((r) => r.path === '/courier.xml')!.headers['if-modified-since']).toBe('Thu, 19 Nov 2026 18:00:00 GMT');
    expect(await db.knex('raw_feeds').count({ n: '*' }).first()).toMatchObject({ n: 3 });

    // Twelve hours after the last unconditional fetch, validators are left off once.
    now = new Date('2030-01-11T00:30:00Z');
    const third = host.requests.length;
    const unconditional = await ingestDueFeeds(db.knex, deps());
    expect(unconditional).toMatchObject({ fetched: 2, itemsNew: 0, duplicates: 5 });
    expect(host.requests.slice(third).every((r) => r.headers['if-none-match'] === undefined && r.headers['if-modified-since'] === undefined)).toBe(true);
  });

  it('follows a feed that moved permanently: its registered address becomes the new one', async () => {
    const feed = await addFeed(db.knex, { url: host.url('/old-courier.xml'), outlet: 'Bridgetown Courier' });
    const run = await ingestDueFeeds(db.knex, deps());
    expect(run).toMatchObject({ fetched: 1, failed: 0 });
    expect((await getFeed(db.knex, feed.id))!.url).toBe(host.url('/courier.xml'));
  });

  it('logs, counts and skips bad feeds without stopping the run, and backs off without giving up', async () => {
    await addFeed(db.knex, { url: host.url('/ledger.xml'), outlet: 'Kingston Ledger' });
    const bad = await Promise.all([
      addFeed(db.knex, { url: host.url('/broken.xml'), outlet: 'Broken' }),
      addFeed(db.knex, { url: host.url('/html'), outlet: 'Homepage' }),
      addFeed(db.knex, { url: host.url('/error'), outlet: 'Erroring' }),
      addFeed(db.knex, { url: host.url('/hang'), outlet: 'Hanging' }),
      addFeed(db.knex, { url: host.url('/missing.xml'), outlet: 'Gone' }),
    ]);
    // A deadline a loaded machine can meet (the run's own database work shares the thread); /hang still times out.
    const stats = await ingestDueFeeds(db.knex, deps({ timeoutMs: 3_000 }), { concurrency: 3 });
    expect(stats).toMatchObject({ feeds: 6, fetched: 1, failed: 5, itemsNew: 2 });
    const feeds = Object.fromEntries((await listFeeds(db.knex)).map((f) => [f.outlet, f]));
    expect(feeds.Broken!.lastError).toMatch(/not well-formed XML/);
    expect(feeds.Homepage!.lastError).toMatch(/HTML page, not a feed/);
    expect(feeds.Erroring!.lastError).toMatch(/HTTP 500/);
    expect(feeds.Hanging!.lastError).toMatch(/Timed out/);
    expect(feeds.Gone!.lastHttpStatus).toBe(404);
    for (const feed of bad) {
      const f = (await getFeed(db.knex, feed.id))!;
      expect(f).toMatchObject({ enabled: true, consecutiveErrors: 1, lastStatus: 'failed' });
      expect(new Date(f.nextFetchAt).getTime() - now.getTime()).toBe(30 * 60_000);
    }

    // Second failure in a row: twice the interval (random 0.5 = no jitter here).
    now = new Date('2030-01-10T13:00:00Z');
    await ingestDueFeeds(db.knex, deps({ timeoutMs: 3_000 }), { concurrency: 3 });
    const broken = (await getFeed(db.knex, bad[0]!.id))!;
    expect(broken.consecutiveErrors).toBe(2);
    expect(new Date(broken.nextFetchAt).getTime() - now.getTime()).toBe(60 * 60_000);
  });

  it('waits as long as Retry-After asks on 503, and refuses private addresses without the flag', async () => {
    const busy = await addFeed(db.knex, { url: host.url('/busy'), outlet: 'Busy' });
    await ingestDueFeeds(db.knex, deps());
    const f = (await getFeed(db.knex, busy.id))!;
    expect(f.lastHttpStatus).toBe(503);
    expect(new Date(f.nextFetchAt).getTime() - now.getTime()).toBe(2 * 3_600_000);

    const inside = await addFeed(db.knex, { url: host.url('/ledger.xml'), outlet: 'Inside' });
    const before = host.requests.length;
    const stats = await ingestDueFeeds(db.knex, deps({ allowPrivate: false }), { feedId: inside.id });
    expect(stats).toMatchObject({ feeds: 1, failed: 1, itemsNew: 0 });
    expect(stats.results[0]!.error).toMatch(/Refused to fetch from 127\.0\.0\.1: 127\.0\.0\.1 is a loopback address/);
    expect(host.requests.length).toBe(before);
  });

  it('fetches one feed on demand, due or not, and reports progress', async () => {
    const ledger = await addFeed(db.knex, { url: host.url('/ledger.xml'), outlet: 'Kingston Ledger' });
    await addFeed(db.knex, { url: host.url('/courier.xml'), outlet: 'Bridgetown Courier' });
    await markFeedsDue(db.knex, new Date('2030-01-11T00:00:00Z'));
    const events: string[] = [];
    const stats = await ingestDueFeeds(db.knex, { ...deps(), onProgress: (e) => events.push(e.type) }, { feedId: ledger.id });
    expect(stats).toMatchObject({ feeds: 1, fetched: 1, itemsNew: 2 });
    expect(events).toEqual(['start', 'batch-start', 'feed-done', 'batch-done']);
  });

  it('stores hostile, gzipped, Latin-1 and JSON feeds inert and decoded', async () => {
    await addFeed(db.knex, { url: host.url('/xss.xml'), outlet: 'Hostile' });
    await addFeed(db.knex, { url: host.url('/latin1.xml'), outlet: 'Le Nouvelliste', language: 'fr' });
    await addFeed(db.knex, { url: host.url('/json'), outlet: 'Nassau Tide' });
    const stats = await ingestDueFeeds(db.knex, deps());
    expect(stats).toMatchObject({ fetched: 3, failed: 0, itemsNew: 4 });
    const rows = await db.knex('raw_feeds').select('*').orderBy('outlet');
    const hostile = rows.find((r) => r.outlet === 'Hostile')!;
    expect(hostile.title).toBe('Budget passes');
    const stored = JSON.stringify(rows).toLowerCase();
    for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', 'data:', '<svg', '<iframe', '<style']) expect(stored, bad).not.toContain(bad);
    expect(rows.find((r) => r.outlet === 'Le Nouvelliste')!.title).toMatch(/café et crème à la fête/);
    expect(
      rows
        .filter((r) => r.outlet === 'Nassau Tide')
        .map((r) => r.title)
        .sort(),
    ).toEqual(['Fibre reaches Exuma', 'Regatta draws 40 boats']);
  });

  it('announces inserted items with NOTIFY', async () => {
    const listener = await listenTo(db, CHANNELS.rawItemsInserted);
    await addFeed(db.knex, { url: host.url('/courier.xml'), outlet: 'Bridgetown Courier' });
    await ingestDueFeeds(db.knex, deps());
    await until(() => listener.payloads.length > 0);
    await new Promise((r) => setTimeout(r, 50)); // and no second one
    await listener.stop();
    expect(listener.payloads).toEqual([expect.objectContaining({ count: 2, outlet: 'Bridgetown Courier' })]);
  });
});
