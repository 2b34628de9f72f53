import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSampleFeeds, planSampleRelease } from '../../core/demo/sample-release';
import { fetchFeed } from '../../core/ingest/http-fetch';
import { parseFeedText } from '../../core/ingest/parse-feed';
import { startFeedHost, type FeedHost } from './feed-host';

const MANIFEST = fileURLToPath(new URL('../../data/samples/feeds/samples.opml', import.meta.url));
const START = new Date('2026-12-01T12:00:00Z');

describe('the demo feed host', () => {
  let now = START;
  let host: FeedHost;
  const release = planSampleRelease(loadSampleFeeds(MANIFEST), { start: START, intervalMs: 180_000, batchSize: 3, firstShare: 2 / 3 });
  const fetchOptions = () => ({ userAgent: 'C360/test', allowPrivate: false, allowOrigins: [host.origin] });

  beforeAll(async () => {
    host = await startFeedHost(release, { clock: () => now });
  });
  afterAll(() => host.close());

  it('listens on loopback and serves every outlet as RSS or Atom, with ETags (304 when unchanged)', async () => {
    expect(host.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    let total = 0;
    for (const feed of release.feeds) {
      const res = await fetchFeed(`${host.origin}/feeds/${feed.slug}.${feed.ext}`, fetchOptions());
      expect(res.kind).toBe('ok');
      if (res.kind !== 'ok') continue;
      expect(res.contentType).toContain(feed.format === 'atom' ? 'atom' : 'rss');
      total += (await parseFeedText(res.body.toString('utf8'))).entries.length;
    }
    expect(total).toBe(release.firstShare);
    const first = await fetchFeed(`${host.origin}/feeds/antilles-wire.xml`, fetchOptions());
    const again = await fetchFeed(`${host.origin}/feeds/antilles-wire.xml`, { ...fetchOptions(), etag: String(first.headers.etag) });
    expect(again.kind).toBe('not_modified');
  });

  it('releases more items as the clock moves on', async () => {
    const count = async () => {
      let n = 0;
      for (const feed of release.feeds) {
        const res = await fetchFeed(`${host.origin}/feeds/${feed.slug}.${feed.ext}`, fetchOptions());
        if (res.kind === 'ok') n += (await parseFeedText(res.body.toString('utf8'))).entries.length;
      }
      return n;
    };
    now = new Date(START.getTime() + 180_000);
    expect(await count()).toBe(release.firstShare + 3);
    now = release.finishedAt;
    expect(await count()).toBe(release.total);
  });

  it('answers 404 for anything but a feed', async () => {
    const res = await fetch(`${host.origin}/feeds/../../package.json`);
    expect(res.status).toBe(404);
    expect((await fetch(`${host.origin}/`)).status).toBe(404);
  });
});
