import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

const dir = () => mkdtempSync(join(tmpdir(), 'c360-config-'));

describe('ingest and webhook configuration', () => {
  it('refuses private feed addresses and caps bodies at 5 MB and items at 300 a fetch by default; no webhook secret', () => {
    const config = loadConfig({}, dir());
    expect(config.ingest).toEqual({ allowPrivateFeeds: false, maxBodyBytes: 5_000_000, maxItemsPerFetch: 300 });
    expect(config.sanity.webhookSecret).toBeUndefined();
  });

  it('reads C360_ALLOW_PRIVATE_FEEDS, C360_FEED_MAX_BYTES, C360_MAX_ITEMS_PER_FETCH and SANITY_WEBHOOK_SECRET', () => {
    const config = loadConfig(
      { C360_ALLOW_PRIVATE_FEEDS: '1', C360_FEED_MAX_BYTES: '2000000', C360_MAX_ITEMS_PER_FETCH: '50', SANITY_WEBHOOK_SECRET: 's3cret' },
      dir(),
    );
    expect(config.ingest).toEqual({ allowPrivateFeeds: true, maxBodyBytes: 2_000_000, maxItemsPerFetch: 50 });
    expect(config.sanity.webhookSecret).toBe('s3cret');
    expect(loadConfig({ C360_ALLOW_PRIVATE_FEEDS: '0' }, dir()).ingest.allowPrivateFeeds).toBe(false);
  });

  it('names bad values without echoing the secret', () => {
    expect(() => loadConfig({ C360_ALLOW_PRIVATE_FEEDS: 'yes', C360_FEED_MAX_BYTES: '10' }, dir())).toThrow(/C360_ALLOW_PRIVATE_FEEDS.*C360_FEED_MAX_BYTES/);
    expect(() => loadConfig({ C360_MAX_ITEMS_PER_FETCH: '0' }, dir())).toThrow(/C360_MAX_ITEMS_PER_FETCH/);
  });
});
