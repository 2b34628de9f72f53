import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFeedText } from '../ingest/parse-feed';
import { demoFeedRegistrations, loadSampleFeeds, planSampleRelease } from './sample-release';

const MANIFEST = fileURLToPath(new URL('../../data/samples/feeds/samples.opml', import.meta.url));
const START = new Date('2026-12-01T12:00:00Z');
const MIN = 60_000;

describe('the demo release of the sample feeds', () => {
  const feeds = loadSampleFeeds(MANIFEST);
  const release = planSampleRelease(feeds, { start: START, intervalMs: 3 * MIN, batchSize: 3, firstShare: 2 / 3 });

  it('puts two-thirds out at the start, the newest dated now, and the rest three at a time', () => {
    expect(feeds).toHaveLength(7);
    expect(release.total).toBe(80);
    expect(release.firstShare).toBe(53);
    expect(release.batches).toBe(9);
    expect(release.releasedCount(new Date(START.getTime() - 1))).toBe(0);
    expect(release.releasedCount(START)).toBe(53);
    expect(release.releasedCount(new Date(START.getTime() + 3 * MIN - 1))).toBe(53);
    expect(release.releasedCount(new Date(START.getTime() + 3 * MIN))).toBe(56);
    expect(release.releasedCount(new Date(START.getTime() + 6 * MIN))).toBe(59);
    expect(release.releasedCount(release.finishedAt)).toBe(80);
    expect(release.finishedAt.getTime() - START.getTime()).toBe(27 * MIN);
  });

  it('serves each feed as a valid RSS or Atom document with only released items, dated at their release', async () => {
    const at = (ms: number) => new Date(START.getTime() + ms);
    let newestAtStart = 0;
    let countAtStart = 0;
    for (const feed of feeds) {
      const parsed = await parseFeedText(release.feedDocument(feed.slug, START)!);
      countAtStart += parsed.entries.length;
      for (const e of parsed.entries) newestAtStart = Math.max(newestAtStart, Date.parse(e.published ?? e.updated ?? ''));
    }
    expect(countAtStart).toBe(53);
    expect(newestAtStart).toBe(START.getTime());

    // After the first interval, the three new items carry the release time (a second apart).
    const later = at(3 * MIN);
    const fresh: string[] = [];
    for (const feed of feeds) {
      const parsed = await parseFeedText(release.feedDocument(feed.slug, later)!);
      for (const e of parsed.entries) if (Date.parse(e.published ?? '') > START.getTime()) fresh.push(e.published!);
    }
    expect(fresh).toHaveLength(3);
    for (const date of fresh) expect(later.getTime() - Date.parse(date)).toBeLessThanOrEqual(2000);
    // A feed document never has an RSS <ttl> (it would ask readers to wait 30 minutes).
    expect(release.feedDocument('antilles-wire', later)).not.toContain('<ttl>');
    expect(release.feedDocument('no-such-feed', later)).toBeNull();
  });

  it('keeps each item identical to its sample but for its dates (same guid, text and links)', async () => {
    const served = await parseFeedText(release.feedDocument('kingston-ledger', release.finishedAt)!);
    const original = feeds.find((f) => f.slug === 'kingston-ledger')!;
    expect(served.entries.map((e) => e.guid ?? e.link).sort()).toEqual(original.entries.map((e) => e.id).sort());
  });

  it('registers one feed per outlet at the host origin', () => {
    const registrations = demoFeedRegistrations(feeds, 'http://127.0.0.1:4567');
    expect(registrations.map((r) => r.url)).toContain('http://127.0.0.1:4567/feeds/nassau-tide.atom');
    expect(registrations.find((r) => r.outlet === 'Nassau Tide')).toMatchObject({ ownerGroup: 'Ledger Media Group', region: 'Bahamas', kind: 'press' });
  });
});
