import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { addFeed, getFeed } from '../feeds/feed-repository';
import { silentLogger } from '../logger';
import { feedRoute, startFeedHost, type FeedHost } from '../../test/helpers/feed-host';
import { openTestDatabase } from '../../test/helpers/test-database';
import { ingestDueFeeds, type IngestDeps } from './ingest-feeds';

/**
 * Issue 25: a feed of tens of thousands of items is stored (one array parameter per list), a fetch
 * takes at most the cap, newest first (item 3); a live blog's updates, with their own guids and
 * links that differ only by #fragment, are stored apart (item 7).
 */
let db: Database;
let host: FeedHost;
const now = new Date('2030-01-10T12:00:00Z');
const deps = (maxItemsPerFetch?: number): IngestDeps => ({
  clock: () => now,
  logger: silentLogger,
  fetch: { userAgent: 'C360/test', allowPrivate: true, timeoutMs: 30_000, maxBytes: 50_000_000 },
  maxItemsPerFetch,
});

/** `count` items, item i published i minutes before `now`, listed oldest first (so "newest" is not the feed's order). */
function bigFeed(prefix: string, count: number): string {
  const items: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const date = new Date(now.getTime() - (i + 1) * 60_000).toUTCString();
    items.push(
      `<item><title>${prefix} item ${i}</title><link>https://big.example/${prefix}/${i}</link><guid>${prefix}-${i}</guid><pubDate>${date}</pubDate></item>`,
    );
  }
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${prefix}</title><link>https://big.example/</link>${items.join('')}</channel></rss>`;
}

beforeAll(async () => {
  db = await openTestDatabase();
  host = await startFeedHost({
    '/huge.xml': feedRoute({ body: bigFeed('huge', 24_000) }),
    '/archive.xml': feedRoute({ body: bigFeed('archive', 1_000) }),
    '/live.xml': feedRoute({
      body: `<rss version="2.0"><channel><title>Live</title><link>https://live.example/</link>${[1, 2, 3]
        .map(
          (n) =>
            `<item><title>Storm live: update ${n}</title><link>https://live.example/storm#update-${n}</link><guid isPermaLink="false">storm-${n}</guid><description>Update number ${n}.</description></item>`,
        )
        .join('')}</channel></rss>`,
    }),
  });
}, 60_000);
afterAll(async () => {
  await host.close();
  await db.close();
});

describe('big feeds', () => {
  it('stores a 24,000-item feed (the de-duplication query has one parameter per list, not per item)', async () => {
    const feed = await addFeed(db.knex, { url: host.url('/huge.xml'), outlet: 'Huge Outlet' });
    const started = Date.now();
    const stats = await ingestDueFeeds(db.knex, deps(30_000), { feedId: feed.id });
    const ms = Date.now() - started;
    expect(stats.results[0]).toMatchObject({ status: 'fetched', itemsNew: 24_000 });
    process.stderr.write(`24,000-item feed ingested in ${ms} ms\n`);
    // Fetched again: every item is a duplicate, found by the same query.
    const again = await ingestDueFeeds(db.knex, deps(30_000), { feedId: feed.id });
    expect(again.results[0]).toMatchObject({ status: 'fetched', itemsNew: 0, duplicates: 24_000 });
    expect((await getFeed(db.knex, feed.id))!.lastError).toBeNull();
  }, 180_000);

  it('takes at most the cap from one fetch, newest first (default 300)', async () => {
    const feed = await addFeed(db.knex, { url: host.url('/archive.xml'), outlet: 'Archive Outlet' });
    const stats = await ingestDueFeeds(db.knex, deps(), { feedId: feed.id });
    expect(stats.results[0]).toMatchObject({ status: 'fetched', itemsNew: 300 });
    const rows: { guid: string }[] = await db.knex('raw_feeds').select('guid').where('outlet', 'Archive Outlet');
    const indexes = rows.map((r) => Number(r.guid.replace('archive-', ''))).sort((a, b) => a - b);
    expect(indexes[0]).toBe(0);
    expect(indexes.at(-1)).toBe(299);
  }, 60_000);

  it("keeps a live blog's updates apart: their own guids, links differing only by #fragment", async () => {
    const feed = await addFeed(db.knex, { url: host.url('/live.xml'), outlet: 'Live Outlet' });
    const stats = await ingestDueFeeds(db.knex, deps(), { feedId: feed.id });
    expect(stats.results[0]).toMatchObject({ status: 'fetched', itemsNew: 3, duplicates: 0 });
    const again = await ingestDueFeeds(db.knex, deps(), { feedId: feed.id });
    expect(again.results[0]).toMatchObject({ itemsNew: 0, duplicates: 3 });
  }, 60_000);
});
