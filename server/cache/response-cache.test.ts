import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache';

function cache(overrides: Partial<ConstructorParameters<typeof ResponseCache>[0]> = {}) {
  let now = 0;
  let listening = true;
  const c = new ResponseCache({
    ttlMs: 10_000,
    fallbackTtlMs: 1_000,
    maxEntries: 3,
    maxBytes: 1_000_000,
    isListening: () => listening,
    now: () => now,
    ...overrides,
  });
  return { c, tick: (ms: number) => (now += ms), setListening: (v: boolean) => (listening = v) };
}
const body = (text: string) => async () => ({ status: 200, type: 'text/plain', body: Buffer.from(text), cacheControl: 'no-cache' });

describe('ResponseCache', () => {
  it('serves a built answer until a change invalidates it', async () => {
    const { c } = cache();
    let builds = 0;
    const build = async () => ({ status: 200, type: 'text/plain', body: Buffer.from(`v${++builds}`), cacheControl: 'no-cache' });
    expect((await c.get('k', build)).body.toString()).toBe('v1');
    expect((await c.get('k', build)).body.toString()).toBe('v1');
    c.invalidate();
    expect((await c.get('k', build)).body.toString()).toBe('v2');
    expect(builds).toBe(2);
  });

  it('expires entries after the TTL, sooner when changes are not being heard', async () => {
    const { c, tick, setListening } = cache();
    await c.get('k', body('a'));
    tick(9_000);
    expect((await c.get('k', body('b'))).body.toString()).toBe('a');
    tick(12_000); // past twice the TTL: rebuilt before it answers
    expect((await c.get('k', body('c'))).body.toString()).toBe('c');
    setListening(false);
    tick(1_500);
    expect((await c.get('k', body('d'))).body.toString()).toBe('d');
  });

  it('past its TTL (no story changed), an entry answers while one rebuild runs in the background', async () => {
    const { c, tick, setListening } = cache();
    await c.get('k', body('a'));
    c.bindUrl('/k', 'k');
    tick(11_000);
    expect(c.peekUrl('/k')).toBeUndefined(); // the fast lane leaves it to get(), which starts the rebuild
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let builds = 0;
    const slow = async () => {
      builds++;
      await gate;
      return { status: 200, type: 'text/plain', body: Buffer.from('b'), cacheControl: 'no-cache' };
    };
    expect((await c.get('k', slow)).body.toString()).toBe('a');
    expect((await c.get('k', slow)).body.toString()).toBe('a');
    expect(c.peekUrl('/k')?.body.toString()).toBe('a'); // while the rebuild runs, the fast lane answers too
    expect(builds).toBe(1);
    release();
    await new Promise((r) => setTimeout(r, 10));
    expect((await c.get('k', slow)).body.toString()).toBe('b');
    // A story change is never answered from the old entry, nor is an entry when changes are not heard.
    c.invalidate();
    expect((await c.get('k', body('c'))).body.toString()).toBe('c');
    setListening(false);
    tick(1_500);
    expect((await c.get('k', body('d'))).body.toString()).toBe('d');
    // A failed rebuild leaves no old answer behind.
    setListening(true);
    tick(11_000);
    const failing = async () => {
      throw new Error('db down');
    };
    expect((await c.get('k', failing)).body.toString()).toBe('d');
    await new Promise((r) => setTimeout(r, 10));
    await expect(c.get('k', failing)).rejects.toThrow('db down');
  });

  it('never keeps an answer built across a change, and shares one build among concurrent misses', async () => {
    const { c } = cache();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let builds = 0;
    const slow = async () => {
      builds++;
      await gate;
      return { status: 200, type: 'text/plain', body: Buffer.from('old'), cacheControl: 'no-cache' };
    };
    const a = c.get('k', slow);
    const b = c.get('k', slow);
    c.invalidate(); // a story changed while the answer was being built
    release();
    expect((await a).body.toString()).toBe('old');
    expect((await b).body.toString()).toBe('old');
    expect(builds).toBe(1);
    expect((await c.get('k', body('new'))).body.toString()).toBe('new');
  });

  it('keeps at most maxEntries (least recently used goes first), gzips large bodies, and does not keep failures', async () => {
    const { c } = cache();
    for (const k of ['a', 'b', 'c']) await c.get(k, body(k));
    await c.get('a', body('x')); // a is now the most recent
    await c.get('d', body('d'));
    expect(c.size).toBe(3);
    expect((await c.get('b', body('b2'))).body.toString()).toBe('b2');
    expect((await c.get('a', body('a2'))).body.toString()).toBe('a');
    const big = await c.get('big', body('x'.repeat(5000)));
    expect(big.gzip!.length).toBeLessThan(200);
    expect(big.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    await expect(
      c.get('err', async () => {
        throw new Error('db down');
      }),
    ).rejects.toThrow('db down');
    expect((await c.get('err', body('ok'))).body.toString()).toBe('ok');
  });

  it('refreshes an entry served by the fast lane, so a hot page is not the one evicted', async () => {
    const { c } = cache();
    for (const k of ['hot', 'b', 'c']) {
      await c.get(k, body(k));
      c.bindUrl(`/${k}`, k);
    }
    // Only fast-lane hits touch the hot page: it must count as recently used.
    expect(c.peekUrl('/hot')?.body.toString()).toBe('hot');
    await c.get('d', body('d'));
    expect(c.peekUrl('/hot')?.body.toString()).toBe('hot');
    expect(c.peekUrl('/b')).toBeUndefined();
    // Its URL binding too (at most 2 × maxEntries URLs are remembered, the least recently used dropped).
    for (let i = 1; i <= 5; i++) c.bindUrl(`/c?${i}`, 'c');
    expect(c.peekUrl('/hot')?.body.toString()).toBe('hot');
    for (let i = 6; i <= 7; i++) c.bindUrl(`/c?${i}`, 'c');
    expect(c.peekUrl('/hot')?.body.toString()).toBe('hot');
  });

  it('gives search answers a bounded share: many unique searches never evict pages or their fast-lane URLs', async () => {
    const { c } = cache({ maxEntries: 100, searchShare: 0.1 });
    for (let i = 0; i < 100; i++) {
      await c.get(`page:${i}`, body(`page ${i}`));
      c.bindUrl(`/page/${i}`, `page:${i}`);
    }
    for (let i = 0; i < 1_000; i++) {
      await c.get(`api:search:${i}`, body(`search ${i}`), { search: true });
      c.bindUrl(`/api/search?q=${i}`, `api:search:${i}`);
    }
    expect(c.size).toBe(100);
    for (let i = 0; i < 100; i++) expect(c.peekUrl(`/page/${i}`)?.body.toString()).toBe(`page ${i}`);
    // With room to spare, searches are kept, up to their share, the newest first.
    const { c: roomy } = cache({ maxEntries: 100, searchShare: 0.1 });
    for (let i = 0; i < 50; i++) await roomy.get(`page:${i}`, body(`page ${i}`));
    for (let i = 0; i < 1_000; i++) {
      await roomy.get(`api:search:${i}`, body(`search ${i}`), { search: true });
      roomy.bindUrl(`/api/search?q=${i}`, `api:search:${i}`);
    }
    expect(roomy.size).toBe(60);
    expect(roomy.peekUrl('/api/search?q=999')?.body.toString()).toBe('search 999');
    expect(roomy.peekUrl('/api/search?q=989')).toBeUndefined();
    // Pages still come first: a new page takes a search's place when the cache is full.
    for (let i = 50; i < 100; i++) await roomy.get(`page:${i}`, body(`page ${i}`));
    expect(roomy.size).toBe(100);
    for (let i = 0; i < 100; i++) expect((await roomy.get(`page:${i}`, body('rebuilt'))).body.toString()).toBe(`page ${i}`);
  });

  it('bounds the bytes search answers hold too', async () => {
    // Bodies under 1 KB are not gzipped: each entry holds exactly its body's bytes.
    const { c } = cache({ maxEntries: 1_000, maxBytes: 10_000, searchShare: 0.1 });
    for (let i = 0; i < 9; i++) await c.get(`page:${i}`, body('p'.repeat(1_000)));
    for (let i = 0; i < 100; i++) await c.get(`api:search:${i}`, body('s'.repeat(100)), { search: true });
    expect(c.size).toBe(19);
    for (let i = 0; i < 9; i++) expect((await c.get(`page:${i}`, body('rebuilt'))).body.toString()).toBe('p'.repeat(1_000));
    // A new page takes the searches' bytes.
    await c.get('page:9', body('p'.repeat(1_000)));
    expect(c.size).toBe(10);
  });

  it('is an LRU with a byte limit: 10,000 distinct keys and URLs never hold more than maxBytes, compressed forms counted', async () => {
    const { c } = cache({ maxEntries: 2_000, maxBytes: 200_000 });
    let peak = 0;
    for (let i = 0; i < 10_000; i++) {
      // Incompressible-ish bodies over 1 KB: each entry holds its body, its gzip and its brotli form.
      await c.get(`page:${i}`, body(`${i}:`.repeat(400)));
      c.bindUrl(`/?q=${i}`, `page:${i}`);
      peak = Math.max(peak, c.stats().bytes);
    }
    const stats = c.stats();
    expect(peak).toBeLessThanOrEqual(200_000);
    expect(stats.entries).toBeLessThan(2_000); // the bytes bound, not the count, held it
    expect(stats.urls).toBeLessThanOrEqual(4_000);
    // The newest entries are the ones kept, with their compressed forms.
    const newest = c.peekUrl('/?q=9999')!;
    expect(newest.gzip).toBeDefined();
    expect(newest.br).toBeDefined();
    expect(stats.bytes).toBeGreaterThan(newest.body.length);
    expect(c.peekUrl('/?q=0')).toBeUndefined();
  });
});

describe('ResponseCache during an outage (issue 25, item 6)', () => {
  const down = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const isOutage = (error: unknown) => (error as { code?: string }).code === 'ECONNREFUSED';

  it('answers the last good copy, marked stale, when a rebuild finds the database unreachable; retries only after outageRetryMs', async () => {
    const { c, tick, setListening } = cache({ isOutage, outageRetryMs: 2_000 });
    setListening(false); // the change listener lost the database too: entries live 1 s
    expect((await c.get('k', body('old'))).stale).toBeUndefined();
    c.bindUrl('/k', 'k');
    tick(1_500);
    let builds = 0;
    const failing = async () => {
      builds += 1;
      throw down();
    };
    const first = await c.get('k', failing);
    expect(first).toMatchObject({ stale: true, status: 200 });
    expect(first.body.toString()).toBe('old');
    // Within the retry window: no rebuild, and the fast lane answers stale too.
    expect((await c.get('k', failing)).stale).toBe(true);
    expect(c.peekUrl('/k')?.stale).toBe(true);
    expect(builds).toBe(1);
    expect(c.staleHits).toBe(3);
    // After it, one more try; the database is back: a fresh answer.
    tick(2_001);
    expect(c.peekUrl('/k')).toBeUndefined();
    const fresh = await c.get('k', body('new'));
    expect(fresh.stale).toBeUndefined();
    expect(fresh.body.toString()).toBe('new');
  });

  it('throws, and drops the entry, when a rebuild fails for another reason, or when nothing was cached', async () => {
    const { c, tick, setListening } = cache({ isOutage });
    setListening(false);
    await c.get('k', body('old'));
    tick(1_500);
    await expect(
      c.get('k', async () => {
        throw new Error('syntax error');
      }),
    ).rejects.toThrow('syntax error');
    await expect(
      c.get('k', async () => {
        throw down();
      }),
    ).rejects.toThrow('ECONNREFUSED');
    expect(c.size).toBe(0);
  });

  it('never answers stale without isOutage (the old behaviour stays the default)', async () => {
    const { c, tick, setListening } = cache();
    setListening(false);
    await c.get('k', body('old'));
    tick(1_500);
    await expect(
      c.get('k', async () => {
        throw down();
      }),
    ).rejects.toThrow('ECONNREFUSED');
  });
});
