import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { isC360Error } from '../errors';
import { addFeed } from '../feeds/feed-repository';
import { silentLogger } from '../logger';
import { openTestDatabase } from '../../test/helpers/test-database';
import { ingestFeedDocument, ingestFeedManifest } from './ingest-files';
import { listCarriers } from './raw-item-repository';

let db: Database;
const SAMPLES = fileURLToPath(new URL('../../data/samples/feeds/samples.opml', import.meta.url));
const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/feeds/${name}`, import.meta.url));
const deps = (iso = '2030-03-01T12:00:00Z') => ({ clock: () => new Date(iso), logger: silentLogger });

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.knex('raw_item_carriers').delete();
  await db.knex('raw_feeds').delete();
  await db.knex('feeds').delete();
});

describe('the demo sample feeds', () => {
  it('ingest offline: every item once, the wire copy recorded as carried by two outlets, owner groups from the manifest', async () => {
    const stats = await ingestFeedManifest(db.knex, deps(), { manifest: SAMPLES, shiftDatesToNow: true });
    expect(stats).toMatchObject({ feeds: 7, fetched: 7, failed: 0, itemsNew: 78, duplicates: 2, carried: 2, itemsSkipped: 0 });

    const wire = await db.knex('raw_feeds').where({ title: 'CARICOM leaders agree to cut food import bill by 25 per cent by 2030' });
    expect(wire).toHaveLength(1);
    expect(wire[0]).toMatchObject({ outlet: 'Antilles Wire', owner_group: 'Antilles Wire', processing_status: 'pending' });
    expect((await listCarriers(db.knex, wire[0].id)).map((c) => [c.outlet, c.matchedBy])).toEqual([
      ['Antilles Wire', 'original'],
      ['Bridgetown Courier', 'content_hash'],
      ['Port of Spain Mirror', 'content_hash'],
    ]);
    const groups = await db.knex('raw_feeds').distinct('outlet', 'owner_group').orderBy('outlet');
    expect(groups.filter((g) => g.owner_group === 'Ledger Media Group').map((g) => g.outlet)).toEqual(['Kingston Ledger', 'Nassau Tide']);
    // Items and the outlets that also carried them keep the outlet's home region (the coverage panel's countries).
    const regions = Object.fromEntries((await db.knex('raw_feeds').distinct('outlet', 'outlet_region')).map((r) => [r.outlet, r.outlet_region]));
    expect(regions).toMatchObject({ 'Castries Voice': 'Saint Lucia', 'Antilles Wire': 'Caribbean', 'Kingston Ledger': 'Jamaica' });
    const carried = await db.knex('raw_item_carriers').whereNot('matched_by', 'original').select('outlet', 'outlet_region');
    expect(carried.length).toBeGreaterThan(0);
    expect(carried.every((c) => c.outlet_region)).toBe(true);

    // Dates moved together: the newest item is "now", the rest keep their spacing.
    const { newest, oldest } = (await db.knex('raw_feeds').max({ newest: 'published_at' }).min({ oldest: 'published_at' }).first())!;
    expect(new Date(newest).toISOString()).toBe('2030-03-01T12:00:00.000Z');
    expect(new Date(newest).getTime() - new Date(oldest).getTime()).toBe((100 - 2) * 3_600_000);

    // Tracking parameters are gone from the stored links; no markup survives in titles.
    expect(await db.knex('raw_feeds').where('url', 'like', '%utm_%').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    expect(await db.knex('raw_feeds').where('content', 'like', '%<script%').count({ n: '*' }).first()).toMatchObject({ n: 0 });

    const again = await ingestFeedManifest(db.knex, deps('2030-03-02T12:00:00Z'), { manifest: SAMPLES, shiftDatesToNow: true });
    expect(again).toMatchObject({ itemsNew: 0, duplicates: 80, carried: 0 });
  });

  it("cover every section and the spec's regions, with events reported by several outlets in their own words", () => {
    const dir = join(SAMPLES, '..');
    const files = [
      'kingston-ledger.xml',
      'nassau-tide.atom',
      'bridgetown-courier.atom',
      'port-of-spain-mirror.xml',
      'antilles-wire.xml',
      'castries-voice.atom',
      'hispaniola-herald.xml',
    ];
    const text = Object.fromEntries(files.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
    const all = Object.values(text).join('\n');
    expect(files.filter((f) => f.endsWith('.atom'))).toHaveLength(3);
    for (const section of ['Business', 'Politics', 'Weather', 'Sports', 'Culture', 'Technology']) expect(all).toContain(`>${section}<`);
    for (const region of ['Jamaica', 'Barbados', 'Trinidad and Tobago', 'Bahamas', 'Haiti', 'Dominican Republic', 'Saint Lucia', 'Grenada'])
      expect(all).toContain(region);
    // Matching facts across outlets (figures, names, dates).
    const outletsWith = (fact: string) => files.filter((f) => text[f]!.includes(fact)).length;
    for (const fact of [
      '12,400',
      '3.50 per cent',
      'US$38 million',
      '9.1 million',
      'February 8 and 9',
      'EC$8 an hour',
      'March 27 to 29',
      'Warner-Best',
      '975 millibars',
      '400,000',
    ]) {
      expect(outletsWith(fact), fact).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('ingestFeedDocument', () => {
  it("attributes a file to an outlet, inheriting the registry's kind and owner group", async () => {
    await addFeed(db.knex, { url: 'https://gov.example/rss', outlet: 'Government Releases', kind: 'official', ownerGroup: 'Government of Jamaica' });
    const stats = await ingestFeedDocument(db.knex, deps(), { body: fixture('rdf.xml'), label: 'rdf.xml', outlet: 'Government Releases' });
    expect(stats).toMatchObject({ feeds: 1, itemsNew: 1 });
    expect(await db.knex('raw_feeds').first()).toMatchObject({
      outlet: 'Government Releases',
      outlet_kind: 'official',
      owner_group: 'Government of Jamaica',
      feed_id: null,
    });
    const latin = await ingestFeedDocument(db.knex, deps(), { body: fixture('iso-8859-1.xml'), label: 'latin', outlet: 'Le Nouvelliste', language: 'fr' });
    expect(latin.itemsNew).toBe(1);
    expect((await db.knex('raw_feeds').where('outlet', 'Le Nouvelliste').first()).title).toMatch(/café et crème à la fête/);
  });

  it('refuses what is not a feed with a clear error and stores nothing', async () => {
    for (const name of ['html-page.html', 'invalid.xml', 'not-a-feed.xml']) {
      let caught: unknown;
      try {
        await ingestFeedDocument(db.knex, deps(), { body: fixture(name), label: name, outlet: 'X' });
      } catch (e) {
        caught = e;
      }
      expect(isC360Error(caught, 'invalid_input'), name).toBe(true);
      expect((caught as Error).message).toContain(name);
    }
    expect(await db.knex('raw_feeds').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('goes on past a manifest entry that is missing, broken or remote', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'c360-manifest-'));
    writeFileSync(join(dir, 'good.xml'), fixture('rss2.xml'));
    writeFileSync(join(dir, 'broken.xml'), fixture('invalid.xml'));
    writeFileSync(
      join(dir, 'm.opml'),
      `<opml version="2.0"><body><outline text="Good" xmlUrl="good.xml"/><outline text="Broken" xmlUrl="broken.xml"/><outline text="Gone" xmlUrl="gone.xml"/><outline text="Remote" xmlUrl="https://evil.example/feed"/></body></opml>`,
    );
    const stats = await ingestFeedManifest(db.knex, deps(), { manifest: join(dir, 'm.opml') });
    expect(stats).toMatchObject({ feeds: 4, fetched: 1, failed: 3, itemsNew: 2 });
    expect(stats.results.find((r) => r.outlet === 'Remote')!.error).toMatch(/local files only/);
  });
});

describe('de-duplication by link', () => {
  it("does not merge different items whose link is the feed's own home page (a podcast feed): guid or content hash tells them apart", async () => {
    const input = { body: fixture('podcast-home-links.xml'), label: 'podcast-home-links.xml', outlet: 'Radio Caribbean' };
    const first = await ingestFeedDocument(db.knex, deps(), input);
    expect(first).toMatchObject({ itemsNew: 9, duplicates: 0 });
    const again = await ingestFeedDocument(db.knex, deps('2030-03-02T12:00:00Z'), input);
    expect(again).toMatchObject({ itemsNew: 0, duplicates: 9 });
    // An article link still identifies its item: another outlet carrying it matches by link.
    const award = Buffer.from(
      '<rss version="2.0"><channel><title>Other</title><link>https://other.example/</link><item><title>Award for the station</title><link>https://radio.example/news/award</link></item></channel></rss>',
    );
    expect(await ingestFeedDocument(db.knex, deps(), { body: award, label: 'other.xml', outlet: 'Other Outlet' })).toMatchObject({
      itemsNew: 0,
      duplicates: 1,
      carried: 1,
    });
  });
});
