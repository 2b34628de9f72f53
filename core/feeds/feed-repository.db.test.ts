import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { isC360Error } from '../errors';
import { openTestDatabase } from '../../test/helpers/test-database';
import { addFeed, claimDueFeeds, findOutletProfile, getFeed, listFeeds, recordFetchOutcome, removeFeed, upsertFeeds } from './feed-repository';
import { buildOpml, parseOpml } from './opml';

let db: Database;
const now = new Date('2030-01-01T12:00:00Z');

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.knex('feeds').delete();
});

async function error(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}

describe('feed registry', () => {
  it('adds a feed with defaults, and refuses a duplicate address or bad input with a clear message', async () => {
    const feed = await addFeed(db.knex, { url: 'https://kl.example/feed', outlet: 'Kingston Ledger', region: 'Jamaica' });
    expect(feed).toMatchObject({
      outlet: 'Kingston Ledger',
      region: 'Jamaica',
      language: 'en',
      kind: 'press',
      ownerGroup: null,
      enabled: true,
      fetchIntervalSeconds: 1800,
      consecutiveErrors: 0,
      lastError: null,
    });
    const dup = await error(addFeed(db.knex, { url: 'https://kl.example/feed', outlet: 'Other' }));
    expect(isC360Error(dup, 'conflict')).toBe(true);
    for (const [input, problem] of [
      [{ url: 'ftp://kl.example/feed', outlet: 'X' }, 'url: must be an http:// or https:// URL'],
      [{ url: 'not a url', outlet: 'X' }, 'url: must be an http:// or https:// URL'],
      [{ url: 'https://a.example/', outlet: '' }, 'outlet'],
      [{ url: 'https://a.example/', outlet: 'X', language: 'English' }, 'language'],
      [{ url: 'https://a.example/', outlet: 'X', kind: 'blog' as never }, 'kind'],
      [{ url: 'https://a.example/', outlet: 'X', fetchIntervalSeconds: 5 }, 'fetchIntervalSeconds'],
    ] as const) {
      const e = await error(addFeed(db.knex, input));
      expect(isC360Error(e, 'invalid_input'), JSON.stringify(input)).toBe(true);
      expect((e as Error).message).toContain(problem);
    }
    expect(await listFeeds(db.knex)).toHaveLength(1);
  });

  it('imports OPML: adds new feeds, refreshes known ones and keeps their fetch state', async () => {
    const existing = await addFeed(db.knex, { url: 'https://kl.example/feed', outlet: 'Old name' });
    await recordFetchOutcome(db.knex, existing.id, now, {
      ok: false,
      httpStatus: 500,
      error: 'HTTP 500',
      nextFetchAt: new Date(now.getTime() + 3_600_000),
      consecutiveErrors: 3,
    });
    const opml = buildOpml(
      [
        {
          outlet: 'Kingston Ledger',
          url: 'https://kl.example/feed',
          htmlUrl: null,
          region: 'Jamaica',
          language: 'en',
          kind: 'press',
          ownerGroup: 'Ledger Media Group',
          sectionHint: null,
        },
        {
          outlet: 'Nassau Tide',
          url: 'https://nt.example/feed',
          htmlUrl: null,
          region: 'Bahamas',
          language: 'en',
          kind: 'press',
          ownerGroup: 'Ledger Media Group',
          sectionHint: null,
        },
      ],
      { title: 'x' },
    );
    const result = await upsertFeeds(
      db.knex,
      parseOpml(opml).map((o) => ({ ...o, region: o.region ?? 'Caribbean' })),
    );
    expect(result).toMatchObject({ added: 1, updated: 1 });
    const refreshed = (await getFeed(db.knex, existing.id))!;
    expect(refreshed).toMatchObject({ outlet: 'Kingston Ledger', ownerGroup: 'Ledger Media Group', consecutiveErrors: 3, lastError: 'HTTP 500' });
    expect(await findOutletProfile(db.knex, 'nassau tide')).toEqual({ kind: 'press', ownerGroup: 'Ledger Media Group', region: 'Bahamas', language: 'en' });
    expect(await findOutletProfile(db.knex, 'Nobody')).toBeNull();
  });

  it('loads the whole starting registry, data/feeds/caribbean.opml', async () => {
    const outlines = parseOpml(readFileSync(new URL('../../data/feeds/caribbean.opml', import.meta.url), 'utf8'));
    const result = await upsertFeeds(
      db.knex,
      outlines.map((o) => ({ ...o, region: o.region ?? 'Caribbean', language: o.language ?? 'en' })),
    );
    expect(result.added).toBe(59);
    const official = (await listFeeds(db.knex)).filter((f) => f.kind === 'official').map((f) => f.outlet);
    expect(official).toEqual(expect.arrayContaining(['CARICOM Today', 'Jamaica Information Service', 'NHC Atlantic advisories']));
  });

  it('removes by id or address', async () => {
    const a = await addFeed(db.knex, { url: 'https://a.example/feed', outlet: 'A' });
    await addFeed(db.knex, { url: 'https://b.example/feed', outlet: 'B' });
    expect((await removeFeed(db.knex, String(a.id)))!.outlet).toBe('A');
    expect((await removeFeed(db.knex, 'https://b.example/feed'))!.outlet).toBe('B');
    expect(await removeFeed(db.knex, '999999')).toBeNull();
  });

  it('claims due feeds once: a second worker gets the others, and nothing while the lease holds', async () => {
    for (let i = 0; i < 5; i++) await addFeed(db.knex, { url: `https://f${i}.example/feed`, outlet: `F${i}` });
    await db.knex('feeds').update({ next_fetch_at: now.toISOString() });
    await db.knex('feeds').where('outlet', 'F4').update({ enabled: false });
    const first = await claimDueFeeds(db.knex, { now, limit: 2, leaseMs: 300_000 });
    const second = await claimDueFeeds(db.knex, { now, limit: 10, leaseMs: 300_000 });
    expect(first.map((f) => f.outlet)).toEqual(['F0', 'F1']);
    expect(second.map((f) => f.outlet)).toEqual(['F2', 'F3']);
    expect(await claimDueFeeds(db.knex, { now: new Date(now.getTime() + 60_000), limit: 10, leaseMs: 300_000 })).toEqual([]);
    // A worker that died: the lease runs out and the feeds are due again.
    expect(await claimDueFeeds(db.knex, { now: new Date(now.getTime() + 301_000), limit: 10, leaseMs: 300_000 })).toHaveLength(4);
  });
});
