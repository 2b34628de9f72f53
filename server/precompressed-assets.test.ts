import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../test/helpers/raw-request';
import { startServer, type RunningServer } from './start-server';
import { precompressedAssets } from './web-app';

let server: RunningServer;
const script = 'console.log("hello from a built asset");'.repeat(50);

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'c360-assets-'));
  writeFileSync(join(dir, 'app.js'), script);
  writeFileSync(join(dir, 'app.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'app.js.gz'), gzipSync(script));
  writeFileSync(join(dir, 'plain.css'), 'body{}');
  const app = express();
  app.use(precompressedAssets(dir));
  app.use(express.static(dir));
  server = await startServer(app, { host: '127.0.0.1', port: 0 });
});
afterAll(() => server.close());

const get = (path: string, encoding: string) => fetch(`${server.url}${path}`, { headers: { 'accept-encoding': encoding } });

describe('precompressedAssets', () => {
  it('sends the brotli file when accepted, else gzip, else the plain file', async () => {
    const br = await get('/app.js', 'gzip, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await br.text()).toBe(script); // fetch decodes it
    expect((await get('/app.js', 'gzip')).headers.get('content-encoding')).toBe('gzip');
    const plain = await get('/app.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
    expect((await get('/plain.css', 'br')).headers.get('content-encoding')).toBeNull(); // no precompressed file: falls through
    expect(brotliDecompressSync(brotliCompressSync(script)).toString()).toBe(script);
  });

  it('gives a compressed asset validators, GET and HEAD alike, and answers a revalidation with 304', async () => {
    const first = await get('/app.js', 'br');
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(first.headers.get('last-modified')).not.toBeNull();
    const head = await fetch(`${server.url}/app.js`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.headers.get('etag')).toBe(tag);
    expect(head.headers.get('content-encoding')).toBe('br');
    // Sent as a browser revalidates (fetch would add Cache-Control: no-cache to a conditional request).
    const again = await rawRequest(server.url, '/app.js', { headers: { 'accept-encoding': 'br', 'if-none-match': tag! } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const since = await rawRequest(server.url, '/app.js', { headers: { 'accept-encoding': 'br', 'if-modified-since': first.headers.get('last-modified')! } });
    expect(since.status).toBe(304);
    // The gzip file is another representation: its own tag, so a cached brotli copy is not taken for it.
    expect((await get('/app.js', 'gzip')).headers.get('etag')).not.toBe(tag);
    const changed = await rawRequest(server.url, '/app.js', { headers: { 'accept-encoding': 'br', 'if-none-match': 'W/"0-0"' } });
    expect(changed.status).toBe(200);
    expect(brotliDecompressSync(changed.body).toString()).toBe(script);
  });

  it('never leaves the asset directory', async () => {
    expect((await get('/..%2f..%2fetc%2fpasswd.js', 'br')).status).toBe(404);
  });
});
