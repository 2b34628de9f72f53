/**
 * Ingest throughput against a local feed host: 500 feeds × 50 items served from 127.0.0.1 (gzip,
 * ETag and Last-Modified, 50 host names so the per-host limit behaves as with real outlets).
 *
 *   run 1: every feed new            → items/s stored (fetch, decode, parse, normalise, sanitise, de-duplicate, insert)
 *   run 2: every feed unchanged      → feeds/s (conditional GET answered 304: no body, no parsing)
 *   parse-only, same bodies, no HTTP → items/s for rss-parser alone, and with normalising and sanitising
 *
 * Prints the figures and their ratios, measured in the same run. Never fails on a time.
 *
 *   npm run bench:ingest                         # embedded PGlite (in memory)
 *   DATABASE_URL=postgres://… npm run bench:ingest  # a fresh schema on that server
 *   BENCH_FEEDS=100 BENCH_ITEMS=20 BENCH_CONCURRENCY=16 npm run bench:ingest
 */
import { createServer } from 'node:http';
import { openBenchDatabase } from './bench-database';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { upsertFeeds, markFeedsDue } from '../core/feeds/feed-repository';
import { decodeFeedBody } from '../core/ingest/decode-charset';
import { ingestDueFeeds, normaliseEntries } from '../core/ingest/ingest-feeds';
import { parseFeedText } from '../core/ingest/parse-feed';
import { silentLogger } from '../core/logger';

const FEEDS = Number(process.env.BENCH_FEEDS ?? 500);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const HOSTS = 50;
const SECTIONS = ['business', 'politics', 'weather', 'sports', 'culture', 'technology'];
const REGIONS = ['Jamaica', 'Barbados', 'Trinidad and Tobago', 'Bahamas', 'Haiti', 'Dominican Republic', 'Saint Lucia', 'Grenada'];

function feedXml(feed: number): string {
  const base = Date.UTC(2026, 10, 20, 12);
  const items = Array.from({ length: ITEMS }, (_, i) => {
    const section = SECTIONS[(feed + i) % SECTIONS.length]!;
    const region = REGIONS[(feed * 7 + i) % REGIONS.length]!;
    const date = new Date(base - (feed * ITEMS + i) * 60_000).toUTCString();
    const link = `https://outlet-${feed}.example/${section}/story-${i}?utm_source=rss`;
    return `<item><title>${region}: ${section} report ${i} from outlet ${feed} &amp; partners</title><link>${link}</link><guid isPermaLink="false">o${feed}-s${i}</guid><pubDate>${date}</pubDate><category>${section}</category><dc:creator>Reporter ${i % 9}</dc:creator><description>Officials in ${region} said on Thursday that the ${section} figures for item ${i} of outlet ${feed} rose by ${i % 17} per cent.</description><content:encoded><![CDATA[<p>Officials in <strong>${region}</strong> said the ${section} figures rose by ${i % 17} per cent.</p><p>Feed ${feed}, item ${i}. <a href="/related/${i}" onclick="track()">Related</a></p><script>track()</script><img src="/img/${i}.jpg" alt="">]]></content:encoded></item>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Outlet ${feed}</title><link>https://outlet-${feed}.example/</link><ttl>30</ttl>\n${items}\n</channel></rss>`;
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<void> {
  const bodies = Array.from({ length: FEEDS }, (_, i) => feedXml(i));
  const gzipped = bodies.map((b) => gzipSync(b));
  const lastModified = new Date(Date.UTC(2026, 10, 20, 12)).toUTCString();
  let requests = 0;
  let notModified = 0;
  const server = createServer((req, res) => {
    requests++;
    const n = Number(/^\/feed\/(\d+)\.xml$/.exec(req.url ?? '')?.[1] ?? -1);
    if (!(n >= 0 && n < FEEDS)) {
      res.statusCode = 404;
      return res.end();
    }
    const etag = `"feed-${n}-v1"`;
    if (req.headers['if-none-match'] === etag) {
      notModified++;
      res.writeHead(304, { etag });
      return res.end();
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': 'application/rss+xml; charset=utf-8',
      etag,
      'last-modified': lastModified,
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(gzip ? gzipped[n] : bodies[n]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  // Fifty host names, all answered by this one local server (the resolver pins them to 127.0.0.1).
  const resolver = (_host: string, cb: (e: NodeJS.ErrnoException | null, a: { address: string; family: number }[]) => void) =>
    cb(null, [{ address: '127.0.0.1', family: 4 }]);

  const db = await openBenchDatabase({ poolSize: CONCURRENCY + 2 });
  try {
    await upsertFeeds(
      db.knex,
      Array.from({ length: FEEDS }, (_, i) => ({
        url: `http://h${i % HOSTS}.bench.test:${port}/feed/${i}.xml`,
        outlet: `Outlet ${i}`,
        region: REGIONS[i % REGIONS.length]!,
      })),
    );
    const deps = { clock: () => new Date(), logger: silentLogger, fetch: { userAgent: 'C360/bench', allowPrivate: true, resolver } };
    const totalItems = FEEDS * ITEMS;
    console.log(
      `Ingest benchmark: ${FEEDS} feeds × ${ITEMS} items = ${fmt(totalItems)} items, ${HOSTS} host names on 127.0.0.1, concurrency ${CONCURRENCY}, ${db.label}`,
    );

    await markFeedsDue(db.knex, new Date());
    const first = await ingestDueFeeds(db.knex, deps, { concurrency: CONCURRENCY });
    const firstSeconds = first.durationMs / 1000;
    const itemsPerSecond = first.itemsNew / firstSeconds;

    await markFeedsDue(db.knex, new Date());
    const before304 = notModified;
    const second = await ingestDueFeeds(db.knex, deps, { concurrency: CONCURRENCY });
    const secondSeconds = second.durationMs / 1000;
    const feedsPerSecond = second.feeds / secondSeconds;

    // The same bodies through the parser alone (no HTTP, no database), then with normalising and sanitising.
    const texts = bodies.map((b) => decodeFeedBody(Buffer.from(b), 'application/rss+xml; charset=utf-8').text);
    let parsedItems = 0;
    let started = performance.now();
    const parsed = [];
    for (const text of texts) {
      const feed = await parseFeedText(text);
      parsedItems += feed.entries.length;
      parsed.push(feed);
    }
    const parseSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    let normalised = 0;
    for (const feed of parsed) normalised += normaliseEntries(feed, { fetchedAt: new Date() }, silentLogger).items.length;
    const normaliseSeconds = (performance.now() - started) / 1000;
    const parseRate = parsedItems / parseSeconds;
    const parseNormaliseRate = normalised / (parseSeconds + normaliseSeconds);

    const rows = [
      [
        'run 1 (all new)',
        `${first.fetched} fetched, ${first.failed} failed, ${fmt(first.itemsNew)} new items`,
        `${fmt(firstSeconds, 2)} s`,
        `${fmt(itemsPerSecond)} items/s`,
        `${fmt(first.feeds / firstSeconds, 1)} feeds/s`,
      ],
      [
        'run 2 (all 304)',
        `${second.notModified} not modified, ${second.fetched} fetched, ${second.itemsNew} new`,
        `${fmt(secondSeconds, 2)} s`,
        `${fmt(feedsPerSecond, 1)} feeds/s`,
        `${notModified - before304} × 304 served`,
      ],
      ['parser alone (rss-parser)', `${fmt(parsedItems)} items`, `${fmt(parseSeconds, 2)} s`, `${fmt(parseRate)} items/s`, ''],
      ['parse + normalise + sanitise', `${fmt(normalised)} items`, `${fmt(parseSeconds + normaliseSeconds, 2)} s`, `${fmt(parseNormaliseRate)} items/s`, ''],
    ];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const row of rows) console.log(`  ${row.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`);
    console.log('Ratios:');
    console.log(`  full ingest / parser alone (items/s):              ${fmt(itemsPerSecond / parseRate, 3)}`);
    console.log(`  full ingest / parse + normalise + sanitise:        ${fmt(itemsPerSecond / parseNormaliseRate, 3)}`);
    console.log(`  run 2 feeds/s / run 1 feeds/s (304s vs full feeds): ${fmt(feedsPerSecond / (first.feeds / firstSeconds), 1)}`);
    console.log(`HTTP requests served: ${requests}`);
  } finally {
    await db.close();
    server.closeAllConnections();
    server.close();
  }
}

await main();
