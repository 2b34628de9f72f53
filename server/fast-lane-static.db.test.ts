import { randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger } from '../test/helpers/capture-logger';
import { comparableHeaders, rawRequest, watchFastLane, type RawAnswer } from '../test/helpers/raw-request';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

/**
 * The web app's static files on the fast lane (issue 21): for every file, method, encoding and
 * conditional header, what the fast lane sends must be what the Express path sends (helmet,
 * precompressedAssets, express.static, compression), status, headers and bytes.
 */
let t: TestApp;
let watch: ReturnType<typeof watchFastLane>;
const log = captureLogger();

const script = 'export function greet(name){return `Hello, ${name}, from a hashed chunk`;}\n'.repeat(40);
const style = '.story-card{margin:0 0 1rem;padding:.75rem;border-bottom:1px solid #d0d7de}\n'.repeat(30);
const manifest = JSON.stringify({ name: 'Caribbean 360', icons: Array.from({ length: 30 }, (_, i) => ({ src: `/icon-${i}.png`, sizes: `${i}x${i}` })) });
const png = randomBytes(3000);
const FILES: Record<string, string | Buffer> = {
  // A hashed script with both precompressed siblings, as web/precompress.ts writes them.
  'assets/app-3f9a1c.js': script,
  'assets/app-3f9a1c.js.br': brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  'assets/app-3f9a1c.js.gz': gzipSync(script, { level: 9 }),
  // A stylesheet with gzip only: a client taking gzip and brotli gets the .gz file, one taking brotli alone compression's.
  'assets/style-8d2e4b.css': style,
  'assets/style-8d2e4b.css.gz': gzipSync(style, { level: 9 }),
  // Small and without siblings: express.static as it is, below compression's threshold.
  'assets/chunk-77aa01.js': 'export const x = 1;\n',
  // Not compressible.
  'assets/logo-5a1b2c.png': png,
  // Top-level files: one compressed on the fly by compression, one small.
  'manifest.webmanifest': manifest,
  'humans.txt': 'C360 is made in Kingston and Port of Spain.\n',
  // The app answers /robots.txt itself (site files), before the static files.
  'robots.txt': 'User-agent: *\nDisallow: /from-the-file\n',
  // Larger than the fast lane keeps: Express only.
  'assets/app-3f9a1c.js.map': Buffer.alloc(2 * 1024 * 1024 + 1, 'a'),
};

beforeAll(async () => {
  t = await startTestApp({ logger: log.logger, webFiles: FILES });
  watch = watchFastLane(t.app, t.url);
});
afterAll(() => t.close());

type Raw = RawAnswer;
const raw = (path: string, options: Parameters<typeof rawRequest>[2] = {}) => rawRequest(t.url, path, options);
const comparable = comparableHeaders;

/**
 * The same request through Express (the fast lane switched off for it), then with the fast lane;
 * `fast`: whether the fast lane must have answered the second.
 */
async function bothPaths(path: string, options: { method?: string; headers?: Record<string, string> }, fast: boolean): Promise<{ express: Raw; lane: Raw }> {
  const { express, viaLane, byLane } = await watch.bothPaths(path, options);
  const what = `${options.method ?? 'GET'} ${path} ${JSON.stringify(options.headers ?? {})}`;
  expect(byLane, `${what}: ${fast ? 'not answered by' : 'answered by'} the fast lane`).toBe(fast ? 1 : 0);
  expect(viaLane.status, what).toBe(express.status);
  expect(comparable(viaLane), what).toEqual(comparable(express));
  expect(viaLane.body.equals(express.body), `${what}: body`).toBe(true);
  expect(viaLane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  return { express, lane: viaLane };
}

const STATIC = [
  '/assets/app-3f9a1c.js',
  '/assets/style-8d2e4b.css',
  '/assets/chunk-77aa01.js',
  '/assets/logo-5a1b2c.png',
  '/manifest.webmanifest',
  '/humans.txt',
  '/favicon.ico',
];
const ENCODINGS = ['gzip, deflate, br, zstd', 'br', 'gzip', 'identity', ''];

describe('static files on the fast lane', () => {
  it('sends what Express sends for every file, GET and HEAD, every encoding, with and without a validator', async () => {
    const statuses = new Set<string>();
    for (const path of STATIC) {
      for (const encoding of ENCODINGS) {
        const accept: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        // The validators a browser would send back: those of the answer it holds in this encoding.
        const held = await raw(path, { headers: accept });
        expect(held.status, path).toBe(200);
        const conditions: Record<string, string>[] = [{}, { 'if-none-match': '"some-other-version"' }];
        if (held.headers.etag) conditions.push({ 'if-none-match': String(held.headers.etag) });
        if (held.headers['last-modified']) conditions.push({ 'if-modified-since': String(held.headers['last-modified']) });
        if (held.headers.etag && held.headers['last-modified'])
          conditions.push({
            'if-none-match': String(held.headers.etag),
            'if-modified-since': String(held.headers['last-modified']),
            'cache-control': 'no-cache',
          });
        for (const condition of conditions) {
          for (const method of ['GET', 'HEAD']) {
            const { lane: answer } = await bothPaths(path, { method, headers: { ...accept, ...condition } }, true);
            statuses.add(`${method} ${answer.status} ${answer.headers['content-encoding'] ?? 'identity'}`);
            if (method === 'HEAD') expect(answer.body.length).toBe(0);
          }
        }
      }
    }
    // The matrix went through each kind of answer: precompressed, compressed on the fly, plain, not modified.
    expect([...statuses].sort()).toEqual(
      expect.arrayContaining(['GET 200 br', 'GET 200 gzip', 'GET 200 identity', 'GET 304 identity', 'HEAD 200 br', 'HEAD 304 identity']),
    );
  });

  it('sends the precompressed file, and the bytes compression made once, to later requests', async () => {
    const br = await raw('/assets/app-3f9a1c.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.body.equals(FILES['assets/app-3f9a1c.js.br'] as Buffer)).toBe(true);
    expect((await raw('/assets/app-3f9a1c.js', { headers: { 'accept-encoding': 'gzip' } })).body.equals(FILES['assets/app-3f9a1c.js.gz'] as Buffer)).toBe(true);
    expect(
      (await raw('/assets/style-8d2e4b.css', { headers: { 'accept-encoding': 'gzip, br' } })).body.equals(FILES['assets/style-8d2e4b.css.gz'] as Buffer),
    ).toBe(true);
    const onTheFly = await bothPaths('/manifest.webmanifest', { headers: { 'accept-encoding': 'gzip, deflate, br' } }, true);
    expect(onTheFly.lane.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(onTheFly.lane.body).toString()).toBe(manifest);
    const gz = await raw('/manifest.webmanifest', { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.body).toString()).toBe(manifest);
    expect((await raw('/assets/logo-5a1b2c.png', { headers: { 'accept-encoding': 'br' } })).body.equals(png)).toBe(true);
  });

  it('leaves to Express what it cannot answer as Express does: missing files, the shell, odd paths, ranges, big files', async () => {
    const cases: [string, Record<string, string>?][] = [
      ['/assets/missing-000000.js'],
      ['/missing.txt'],
      ['/index.html'],
      ['/assets/../package.json'],
      ['/assets/%2e%2e/package.json'],
      ['/assets/..%2fpackage.json'],
      ['/assets%2fapp-3f9a1c.js'],
      ['/assets/app-3f9a1c.js?v=1', { 'accept-encoding': 'br' }],
      ['/ASSETS/app-3f9a1c.js'],
      ['/assets/app-3f9a1c.js/'],
      ['/assets/app-3f9a1c.js', { range: 'bytes=0-9' }],
      ['/assets/app-3f9a1c.js', { 'accept-encoding': 'br', range: 'bytes=0-9' }],
      ['/assets/app-3f9a1c.js', { 'if-match': '"x"' }],
      ['/assets/app-3f9a1c.js.map'],
    ];
    for (const [path, headers] of cases) {
      for (let i = 0; i < 2; i++) await bothPaths(path, { headers }, false);
    }
    expect((await raw('/assets/app-3f9a1c.js', { headers: { range: 'bytes=0-9' } })).status).toBe(206);
    expect((await raw('/assets/../package.json')).status).toBe(403);
    // Files the app answers before its static files keep their answer (the fast lane may send it from the cache).
    const robots = await bothPaths('/robots.txt', {}, true);
    expect(robots.lane.body.toString()).toContain('Sitemap:');
    expect(robots.lane.body.toString()).not.toContain('from-the-file');
  });

  it('answers whatever the language cookie, and writes the same request log line and metrics as its other answers', async () => {
    await bothPaths('/assets/app-3f9a1c.js', { headers: { 'accept-encoding': 'br', cookie: 'c360_lang=es' } }, true);
    const counted = async () =>
      ((await t.app.metrics.getSingleMetric('c360_http_requests_total')?.get())?.values ?? [])
        .filter((v) => v.labels.route === '(fast lane)' && v.labels.method === 'GET')
        .reduce((n, v) => n + v.value, 0);
    const before = await counted();
    const lines = () => log.lines().filter((l) => l.msg === 'request completed');
    const { express, lane: viaLane } = await bothPaths('/assets/chunk-77aa01.js', {}, true);
    expect(await counted()).toBe(before + 1);
    const [viaExpress, viaFast] = lines().slice(-2);
    expect(viaExpress).toMatchObject({ level: 30, req: { method: 'GET', url: '/assets/chunk-77aa01.js' }, res: { statusCode: 200 } });
    expect(viaFast).toMatchObject({ level: 30, req: { method: 'GET', url: '/assets/chunk-77aa01.js' }, res: { statusCode: 200 } });
    expect(Object.keys(viaFast!).sort()).toEqual(Object.keys(viaExpress!).sort());
    expect(viaFast!.reqId).toBe(viaLane.headers['x-request-id']);
    expect(viaExpress!.reqId).toBe(express.headers['x-request-id']);
  });

  it('keeps each request id its own', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) ids.add(String((await raw('/humans.txt')).headers['x-request-id']));
    expect(ids.size).toBe(3);
  });
});
