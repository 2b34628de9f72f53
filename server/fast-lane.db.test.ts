import { Agent } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger } from '../test/helpers/capture-logger';
import { comparableHeaders, rawRequest, watchFastLane, type RawAnswer } from '../test/helpers/raw-request';
import { createStory } from '../test/factories/stories';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

/**
 * The fast lane answers cached public GETs before Express is entered (server/start-server.ts):
 * what it sends must be what the Express path sends for the same cached entry, byte for byte.
 */
let t: TestApp;
let watch: ReturnType<typeof watchFastLane>;
const log = captureLogger();

beforeAll(async () => {
  t = await startTestApp({ env: { C360_PUBLIC_URL: 'https://news.example.org' }, logger: log.logger });
  const now = new Date();
  await createStory(t.db.knex, { now, title: 'Storm watch for the Leeward Islands', region: 'Antigua and Barbuda', tags: ['weather'], daysAgo: 0 });
  for (let i = 0; i < 30; i++) await createStory(t.db.knex, { now, title: `Market report number ${i} from Kingston`, tags: ['business'], daysAgo: 1 + i / 10 });
  watch = watchFastLane(t.app, t.url);
});
afterAll(() => t.close());

type Raw = RawAnswer;
const raw = (path: string, options: Parameters<typeof rawRequest>[2] = {}) => rawRequest(t.url, path, options);
const comparable = comparableHeaders;

/** The same request through Express (the fast lane switched off for it) and through the fast lane. */
async function bothPaths(path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<{ express: Raw; fast: Raw }> {
  const { express, viaLane, byLane } = await watch.bothPaths(path, options);
  expect(byLane, `${options.method ?? 'GET'} ${path} was not answered by the fast lane`).toBe(1);
  return { express, fast: viaLane };
}

const PATHS = ['/', '/section/business', '/storm-centre', '/api/home', '/api/sections/business?limit=7', '/api/stories?limit=20', '/rss.xml', '/sitemap.xml'];
const ENCODINGS = ['gzip, deflate, br, zstd', 'br', 'gzip', 'identity', 'gzip;q=1, br;q=0', ''];

describe('the fast lane before Express', () => {
  it('sends the same status, headers and bytes as the Express path, in every encoding, for GET and HEAD', async () => {
    for (const path of PATHS) {
      // The first request builds the entry through Express and binds its URL.
      expect((await raw(path)).status, path).toBe(200);
      for (const encoding of ENCODINGS) {
        for (const method of ['GET', 'HEAD']) {
          const headers = encoding ? { 'accept-encoding': encoding } : undefined;
          const { express, fast } = await bothPaths(path, { method, headers });
          const what = `${method} ${path} (${encoding || 'no Accept-Encoding'})`;
          expect(fast.status, what).toBe(200);
          expect(comparable(fast), what).toEqual(comparable(express));
          expect(fast.body.equals(express.body), what).toBe(true);
          expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
          expect(fast.headers['content-security-policy']).toContain("default-src 'self'");
          if (method === 'HEAD') expect(fast.body.length).toBe(0);
        }
      }
    }
  });

  it('picks brotli, then gzip, as accepted, with bytes that decode to the body; made once per entry', async () => {
    const plain = await raw('/', { headers: { 'accept-encoding': 'identity' } });
    const br = await raw('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await raw('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(gz.body.length);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const cached = t.app.cache.peekUrl('https://news.example.org/')!;
    expect(br.body.equals(cached.br!)).toBe(true); // the entry's own bytes, not compressed again
    expect((await raw('/', { headers: { 'accept-encoding': 'br' } })).body.equals(cached.br!)).toBe(true);
  });

  it('answers a conditional request 304 with the same headers as Express, and not 304 for another ETag', async () => {
    for (const path of ['/', '/api/home', '/rss.xml']) {
      const etag = String((await raw(path)).headers.etag);
      for (const condition of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const { express, fast } = await bothPaths(path, { headers: { 'if-none-match': condition, 'accept-encoding': 'gzip, br' } });
        expect(fast.status).toBe(304);
        expect(fast.body.length).toBe(0);
        expect(comparable(fast)).toEqual(comparable(express));
        expect(fast.headers.vary).toBeDefined();
      }
      const { fast } = await bothPaths(path, { method: 'HEAD', headers: { 'if-none-match': etag } });
      expect(fast.status).toBe(304);
      expect((await raw(path, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    }
  });

  it('writes the same request log line as the Express path, and leaves other requests to Express', async () => {
    const lines = () => log.lines().filter((l) => l.msg === 'request completed');
    const { express, fast } = await bothPaths('/api/home?token=secret-value');
    const [viaExpress, viaFast] = lines().slice(-2);
    expect(viaExpress).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/home?token=[redacted]' }, res: { statusCode: 200 } });
    expect(viaFast).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/home?token=[redacted]' }, res: { statusCode: 200 } });
    expect(Object.keys(viaFast!).sort()).toEqual(Object.keys(viaExpress!).sort());
    expect(viaFast!.reqId).toBe(fast.headers['x-request-id']);
    expect(viaExpress!.reqId).toBe(express.headers['x-request-id']);
    // Not cached, not public or not a read: the app answers.
    const before = watch.answered;
    expect((await raw('/api/home', { method: 'POST' })).status).not.toBe(200);
    expect((await raw('/healthz')).status).toBe(200);
    expect((await raw('/api/home', { method: 'OPTIONS' })).status).toBeGreaterThanOrEqual(200);
    expect((await raw('/', { headers: { cookie: 'c360_lang=es' } })).headers.vary).toBe('Accept-Encoding, Cookie');
    expect((await raw('/api/home%00')).status).toBe(400);
    expect(watch.answered).toBe(before);
  });

  it('refuses a request with a 1 MB header cleanly (431) and goes on serving', async () => {
    const port = Number(new URL(t.url).port);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('close', () => resolve(text));
      socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? resolve(text) : reject(error)));
      socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(1024 * 1024)}\r\n\r\n`);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    expect((await raw('/api/home')).status).toBe(200);
  });

  it('10,000 distinct query strings do not grow the cache without bound', async () => {
    const paths = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? `/?utm=${i}` : `/api/stories?limit=5&n=${i}`));
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    let next = 0;
    const client = async () => {
      while (next < paths.length) {
        const res = await raw(paths[next++]!, { agent });
        expect(res.status).toBe(200);
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    agent.destroy();
    const stats = t.app.cache.stats();
    // Each query string answers with an entry already kept (the query is not part of its key);
    // only the URLs bound to it are remembered, at most twice the entries a shelf may hold.
    expect(stats.entries).toBeLessThan(50);
    expect(stats.urls).toBeLessThanOrEqual(2 * 2_000 + 2 * 200);
    expect(stats.bytes).toBeLessThanOrEqual(64 * 1024 * 1024);
  }, 120_000);
});
