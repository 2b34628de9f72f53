import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFeedHost } from './feed-host';
import { startMailCatcher } from './mail-catcher';
import type { Database } from '../../core/db/open-database';
import { disableDemoFeeds, listFeeds, registerDemoFeeds, addFeed } from '../../core/feeds/feed-repository';
import { ingestDueFeeds } from '../../core/ingest/ingest-feeds';
import { silentLogger } from '../../core/logger';
import { createMailer } from '../../core/mail/mailer';
import { ingestStormDocuments } from '../../core/storms/ingest-storms';
import { getStorm, listActiveAlerts } from '../../core/storms/storm-repository';
import { openTestDatabase } from '../../test/helpers/test-database';
import { getOutboxMessage, listOutbox, storeCaughtMail } from '../../core/demo/outbox-repository';
import { demoFeedRegistrations, loadSampleFeeds, planSampleRelease } from '../../core/demo/sample-release';
import { loadStormSequence, releaseDueStormAdvisory, startDemoStorm } from '../../core/demo/storm-release';

const SAMPLES = fileURLToPath(new URL('../../data/samples/feeds/samples.opml', import.meta.url));
const STORMS = (f: string) => fileURLToPath(new URL(`../../data/samples/storms/${f}`, import.meta.url));
const MIN = 60_000;
let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe('the living demo: feeds', () => {
  beforeEach(async () => {
    await db.knex('raw_item_carriers').delete();
    await db.knex('raw_feeds').delete();
    await db.knex('feeds').delete();
  });

  it('a second run registers no new feeds: the demo feeds move to the new port; ordinary feeds are untouched', async () => {
    const feeds = loadSampleFeeds(SAMPLES);
    const now = new Date('2026-12-01T12:00:00Z');
    await addFeed(db.knex, { url: 'https://news.example.org/rss', outlet: 'Kingston Ledger' });
    const first = await registerDemoFeeds(db.knex, demoFeedRegistrations(feeds, 'http://127.0.0.1:40001'), now);
    expect(first).toMatchObject({ added: 7, updated: 0 });
    await disableDemoFeeds(db.knex, now);
    const second = await registerDemoFeeds(db.knex, demoFeedRegistrations(feeds, 'http://127.0.0.1:40002'), now);
    expect(second).toMatchObject({ added: 0, updated: 7 });
    const all = await listFeeds(db.knex);
    expect(all).toHaveLength(8);
    const demo = all.filter((f) => f.demo);
    expect(demo).toHaveLength(7);
    expect(demo.every((f) => f.enabled && f.url.startsWith('http://127.0.0.1:40002/feeds/'))).toBe(true);
    expect(all.find((f) => !f.demo)).toMatchObject({ url: 'https://news.example.org/rss', outlet: 'Kingston Ledger' });
  });

  it('only an ingest that asks for the demo feeds fetches them; a scheduled ingest after a release stores the new items', async () => {
    const start = new Date(Date.now() - 1000);
    let now = start;
    const clock = () => now;
    const release = planSampleRelease(loadSampleFeeds(SAMPLES), { start, intervalMs: 3 * MIN, batchSize: 3, firstShare: 2 / 3 });
    const host = await startFeedHost(release, { clock });
    try {
      await registerDemoFeeds(db.knex, demoFeedRegistrations(release.feeds, host.origin), now);
      const fetch = { userAgent: 'C360/test', allowPrivate: false, allowOrigins: [host.origin] };
      // `c360 serve` / `c360 ingest` (no demo feeds asked for): nothing fetched, the host sees no request.
      const plain = await ingestDueFeeds(db.knex, { clock, logger: silentLogger, fetch: { userAgent: 'C360/test', allowPrivate: false } });
      expect(plain.feeds).toBe(0);
      expect(host.requests()).toBe(0);

      const atStart = await ingestDueFeeds(db.knex, { clock, logger: silentLogger, fetch }, { includeDemo: true });
      expect(atStart).toMatchObject({ feeds: 7, failed: 0 });
      const storedAtStart = Number((await db.knex('raw_feeds').count({ n: '*' }))[0]!.n);
      expect(storedAtStart).toBe(atStart.itemsNew);
      expect(atStart.itemsNew + atStart.duplicates).toBe(release.firstShare);

      // Two releases later and past the feeds' 5-minute interval, the schedule's ingest stores the 6 released items.
      now = new Date(start.getTime() + 6 * MIN);
      const later = await ingestDueFeeds(db.knex, { clock, logger: silentLogger, fetch }, { includeDemo: true });
      expect(later.failed).toBe(0);
      const storedLater = Number((await db.knex('raw_feeds').count({ n: '*' }))[0]!.n);
      // Six released: new items, or copies of a wire story recorded as carried by their outlet.
      expect(later.itemsNew + later.carried).toBe(6);
      expect(later.itemsNew).toBeGreaterThan(0);
      expect(storedLater).toBe(storedAtStart + later.itemsNew);
      const newest = await db.knex('raw_feeds').orderBy('published_at', 'desc').first();
      expect(Math.abs(new Date(newest.published_at).getTime() - now.getTime())).toBeLessThanOrEqual(3 * MIN);

      // When every item is out, the store holds what the offline sample ingest holds: each item once.
      now = release.finishedAt;
      await ingestDueFeeds(db.knex, { clock, logger: silentLogger, fetch }, { includeDemo: true });
      expect(Number((await db.knex('raw_feeds').count({ n: '*' }))[0]!.n)).toBe(78);

      // Once the demo stops, its feeds are off: nothing will fetch a dead port.
      expect(await disableDemoFeeds(db.knex, now)).toBe(7);
      now = new Date(start.getTime() + 60 * MIN);
      expect((await ingestDueFeeds(db.knex, { clock, logger: silentLogger, fetch }, { includeDemo: true })).feeds).toBe(0);
    } finally {
      await host.close();
    }
  });
});

describe('the living demo: storm advisories', () => {
  it('one advisory per interval moves the storm and keeps its alerts in force; after the last, it is re-issued', async () => {
    // A start with milliseconds, as a real one has: the advisory's RSS summary must still match its CurrentStorms entry.
    const start = new Date('2026-12-01T12:00:00.456Z');
    let now = start;
    const deps = { clock: () => now, logger: silentLogger };
    await ingestStormDocuments(
      db.knex,
      deps,
      ['CurrentStorms-previous.json', 'index-at-previous.xml', 'CurrentStorms.json', 'index-at.xml'].map((f) => ({
        label: f,
        text: readFileSync(STORMS(f), 'utf8'),
      })),
      { shiftDatesToNow: true },
    );
    const sequence = loadStormSequence(STORMS('keron-sequence.json'), STORMS('CurrentStorms.json'));
    const before = (await getStorm(db.knex, 'al192026')) ?? (await getStorm(db.knex, 'AL192026'));
    expect(before).toMatchObject({ advisoryNumber: '14', location: { lat: 15.9, lng: -68.6 } });

    const settings = { sequence, start, intervalMs: 6 * MIN };
    now = new Date(start.getTime() + 5 * MIN);
    expect(await releaseDueStormAdvisory(db.knex, deps, { ...settings, lastIndex: 0 })).toBeNull();
    now = new Date(start.getTime() + 6 * MIN);
    const first = await releaseDueStormAdvisory(db.knex, deps, { ...settings, lastIndex: 0 });
    expect(first?.release).toMatchObject({ index: 1, repeat: false });
    expect(first?.release.advisory.number).toBe(15);
    const after = await getStorm(db.knex, before!.id);
    expect(after).toMatchObject({
      advisoryNumber: '15',
      location: { lat: 16.3, lng: -69.9 },
      lastUpdate: first!.release.issuedAt.toISOString(),
      headline: 'KERON STRENGTHENS SOUTH OF THE DOMINICAN REPUBLIC',
    });
    expect(await releaseDueStormAdvisory(db.knex, deps, { ...settings, lastIndex: 1 })).toBeNull();

    // Advisory 16 puts Jamaica under a hurricane warning, issued at its release.
    now = new Date(start.getTime() + 12 * MIN);
    await releaseDueStormAdvisory(db.knex, deps, { ...settings, lastIndex: 1 });
    const alerts = await listActiveAlerts(db.knex, now, { stormId: before!.id });
    expect(alerts.find((a) => a.area === 'Jamaica')).toMatchObject({
      type: 'warning',
      hazard: 'Hurricane',
      issuedAt: new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString(),
    });

    // Hours past the end of the sequence (8 advisories), the last is re-issued: the storm is current, its alerts in force.
    now = new Date(start.getTime() + 10 * 60 * MIN);
    const repeat = await releaseDueStormAdvisory(db.knex, deps, { ...settings, lastIndex: 2 });
    expect(repeat?.release).toMatchObject({ repeat: true });
    expect(repeat?.release.advisory.number).toBe(22);
    const last = await getStorm(db.knex, before!.id);
    expect(last).toMatchObject({ advisoryNumber: '22', lastUpdate: repeat!.release.issuedAt.toISOString() });
    const inForce = await listActiveAlerts(db.knex, now, { stormId: before!.id });
    expect(inForce.map((a) => a.area)).toEqual(['Cayman Islands']);
    // The other Atlantic storm of the sample stays listed, so it stays active.
    expect((await getStorm(db.knex, 'al202026'))?.status).not.toBe('inactive');
  });
});

describe('the living demo: a second run', () => {
  it('resumes the storm where the last run left it instead of sending it back to advisory 14', async () => {
    await db.knex('storms').del();
    const sequence = loadStormSequence(STORMS('keron-sequence.json'), STORMS('CurrentStorms.json'));
    const samples = ['CurrentStorms-previous.json', 'index-at-previous.xml', 'CurrentStorms.json', 'index-at.xml'].map((f) => ({
      label: f,
      text: readFileSync(STORMS(f), 'utf8'),
    }));
    const start = new Date('2026-12-05T09:00:00.700Z');
    let now = start;
    const deps = { clock: () => now, logger: silentLogger };

    const first = await startDemoStorm(db.knex, deps, { sequence, samples });
    expect(first).toMatchObject({ from: 0, resumedAt: null });
    const keron = (await getStorm(db.knex, 'al192026')) ?? (await getStorm(db.knex, 'AL192026'));
    expect(keron?.advisoryNumber).toBe('14');
    for (let n = 1; n <= 3; n++) {
      now = new Date(start.getTime() + n * 6 * MIN);
      await releaseDueStormAdvisory(db.knex, deps, { sequence, start, intervalMs: 6 * MIN, from: first.from, lastIndex: n - 1 });
    }
    expect((await getStorm(db.knex, keron!.id))?.advisoryNumber).toBe('17');

    // Stopped, and started again five hours later on the same database.
    const restart = new Date(start.getTime() + 5 * 60 * MIN);
    now = restart;
    const second = await startDemoStorm(db.knex, deps, { sequence, samples });
    expect(second).toMatchObject({ from: 3, resumedAt: 17 });
    expect(await getStorm(db.knex, keron!.id)).toMatchObject({
      advisoryNumber: '17',
      lastUpdate: new Date(Math.floor(restart.getTime() / 1000) * 1000).toISOString(),
    });
    expect((await listActiveAlerts(db.knex, now, { stormId: keron!.id })).length).toBeGreaterThan(0);

    now = new Date(restart.getTime() + 6 * MIN);
    const next = await releaseDueStormAdvisory(db.knex, deps, { sequence, start: restart, intervalMs: 6 * MIN, from: second.from, lastIndex: 0 });
    expect(next?.release.advisory.number).toBe(18);
    expect((await getStorm(db.knex, keron!.id))?.advisoryNumber).toBe('18');
  });
});

describe('the living demo: mail catcher and outbox', () => {
  beforeEach(() => db.knex('demo_outbox').delete());

  it('stores a message sent through the real mailer, newest first, HTML and text', async () => {
    const catcher = await startMailCatcher(db.knex, { logger: silentLogger });
    const mailer = createMailer({ url: catcher.url, port: catcher.port, from: 'C360 Demo <newsletter@c360.local>' });
    try {
      await mailer.send({
        kind: 'newsletter_confirmation',
        to: { address: 'reader@example.org', name: '' },
        subject: 'Confirm your C360 subscription',
        text: 'Press the link to confirm.',
        html: '<p>Press the <a href="http://x/confirm">link</a> to confirm.</p>',
      });
      await mailer.send({ kind: 'alert', to: { address: 'second@example.org', name: '' }, subject: 'Second', text: 'Two.' });
      const page = await listOutbox(db.knex, { limit: 10, offset: 0 });
      expect(page.items.map((m) => m.subject)).toEqual(['Second', 'Confirm your C360 subscription']);
      const message = await getOutboxMessage(db.knex, page.items[1]!.id);
      expect(message).toMatchObject({
        to: 'reader@example.org',
        envelopeFrom: 'newsletter@c360.local',
        envelopeTo: ['reader@example.org'],
        text: 'Press the link to confirm.',
        truncated: false,
      });
      expect(message?.from).toContain('C360 Demo');
      expect(message?.html).toContain('<a href="http://x/confirm">link</a>');
    } finally {
      mailer.close();
      await catcher.close();
    }
  });

  it('keeps only the newest messages and cuts a message at the size limit', async () => {
    const base = { envelopeFrom: 'a@b.c', envelopeTo: ['x@y.z'], from: 'a@b.c', to: 'x@y.z', html: null, sizeBytes: 10 };
    for (let i = 1; i <= 5; i++) await storeCaughtMail(db.knex, { ...base, subject: `m${i}`, text: 'x' }, new Date(Date.UTC(2026, 11, 1, 12, i)), { keep: 3 });
    expect((await listOutbox(db.knex, { limit: 10, offset: 0 })).items.map((m) => m.subject)).toEqual(['m5', 'm4', 'm3']);
    const id = await storeCaughtMail(db.knex, { ...base, subject: 'big', text: 'é'.repeat(100), html: '<p>big</p>' }, new Date(Date.UTC(2026, 11, 1, 13)), {
      keep: 3,
      maxBytes: 50,
    });
    const big = await getOutboxMessage(db.knex, id);
    expect(big).toMatchObject({ truncated: true, text: 'é'.repeat(25), html: null });
  });
});
