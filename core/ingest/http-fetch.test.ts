import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { brotliCompressSync, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedRoute, rss, startFeedHost, type FeedHost } from '../../test/helpers/feed-host';
import { FeedFetchError, fetchFeed, type FetchOptions } from './http-fetch';

let host: FeedHost;
const opts: FetchOptions = { userAgent: 'C360/test (+https://c360.test)', allowPrivate: true, timeoutMs: 2_000 };
const doc = rss([{ title: 'Hello', link: 'https://news.example.org/a' }]);

async function failure(promise: Promise<unknown>): Promise<FeedFetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FeedFetchError);
    return error as FeedFetchError;
  }
  throw new Error('expected the fetch to fail');
}

beforeAll(async () => {
  host = await startFeedHost({
    '/feed.xml': feedRoute({ body: doc, etag: '"v1"', lastModified: 'Fri, 20 Nov 2026 10:00:00 GMT' }),
    '/dated.xml': feedRoute({ body: doc, lastModified: 'Fri, 20 Nov 2026 10:00:00 GMT' }),
    '/gzip.xml': feedRoute({ body: doc, gzip: true }),
    '/br.xml': (_req, res) => {
      res.setHeader('content-encoding', 'br');
      res.end(brotliCompressSync(Buffer.from(doc)));
    },
    '/deflate.xml': (_req, res) => {
      res.setHeader('content-encoding', 'deflate');
      res.end(deflateSync(Buffer.from(doc)));
    },
    '/to-other-port': (_req, res) => {
      res.writeHead(302, { location: 'http://127.0.0.3:9/feed.xml' });
      res.end();
    },
    '/hop1': (_req, res) => {
      res.writeHead(301, { location: '/hop2' });
      res.end();
    },
    '/hop2': (_req, res) => {
      res.writeHead(302, { location: `${host.base}/feed.xml` });
      res.end();
    },
    '/loop-a': (_req, res) => {
      res.writeHead(302, { location: '/loop-b' });
      res.end();
    },
    '/loop-b': (_req, res) => {
      res.writeHead(302, { location: '/loop-a' });
      res.end();
    },
    '/to-file': (_req, res) => {
      res.writeHead(302, { location: 'file:///etc/passwd' });
      res.end();
    },
    '/slow': (_req, res) => {
      res.setHeader('content-type', 'application/rss+xml');
      res.write('<rss version="2.0"><channel>');
      // never ends: the deadline must cut it
    },
    '/hang': () => {
      // never answers
    },
    '/huge': (_req, res) => {
      res.setHeader('content-type', 'application/rss+xml');
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const push = () => {
        while (sent < 40 && res.write(chunk)) sent++;
        if (sent < 40) res.once('drain', push);
        else res.end();
      };
      push();
    },
    '/huge-declared': (_req, res) => {
      res.writeHead(200, { 'content-length': String(50_000_000) });
      res.end();
    },
    '/gzip-bomb': feedRoute({ body: Buffer.alloc(3_000_000, ' '), gzip: true }),
    '/rate-limited': (_req, res) => {
      res.writeHead(429, { 'retry-after': '120' });
      res.end();
    },
  });
  for (let i = 0; i < 7; i++) {
    host.route(`/chain${i}`, (_req, res) => {
      res.writeHead(302, { location: `/chain${i + 1}` });
      res.end();
    });
  }
  host.route('/chain7', feedRoute({ body: doc }));
  host.route('/old-home.xml', (_req, res) => {
    res.writeHead(308, { location: '/moved-once.xml' });
    res.end();
  });
  host.route('/moved-once.xml', (_req, res) => {
    res.writeHead(301, { location: '/feed.xml' });
    res.end();
  });
});
afterAll(() => host.close());

describe('fetchFeed', () => {
  it('sends a clear User-Agent, asks for compression, and returns the body', async () => {
    const result = await fetchFeed(host.url('/feed.xml'), opts);
    expect(result.kind).toBe('ok');
    if (result.kind === 'ok') expect(result.body.toString()).toContain('<title>Hello</title>');
    const sent = host.requests.at(-1)!.headers;
    expect(sent['user-agent']).toBe('C360/test (+https://c360.test)');
    expect(sent['accept-encoding']).toBe('gzip, deflate, br');
    expect(sent['if-none-match']).toBeUndefined();
  });

  it('round-trips ETag and Last-Modified: a matching conditional GET gets a 304 and no body', async () => {
    const first = await fetchFeed(host.url('/feed.xml'), opts);
    expect(first.headers.etag).toBe('"v1"');
    const second = await fetchFeed(host.url('/feed.xml'), { ...opts, etag: '"v1"', lastModified: 'Fri, 20 Nov 2026 10:00:00 GMT' });
    expect(second.kind).toBe('not_modified');
    expect(host.requests.at(-1)!.headers['if-none-match']).toBe('"v1"');
    const dated = await fetchFeed(host.url('/dated.xml'), { ...opts, lastModified: 'Fri, 20 Nov 2026 10:00:00 GMT' });
    expect(dated.kind).toBe('not_modified');
    expect(host.requests.at(-1)!.headers['if-modified-since']).toBe('Fri, 20 Nov 2026 10:00:00 GMT');
    const changed = await fetchFeed(host.url('/feed.xml'), { ...opts, etag: '"v0"' });
    expect(changed.kind).toBe('ok');
  });

  it.each(['/gzip.xml', '/br.xml', '/deflate.xml'])('decompresses %s', async (path) => {
    const result = await fetchFeed(host.url(path), opts);
    expect(result.kind === 'ok' && result.body.toString()).toContain('<title>Hello</title>');
  });

  it('follows up to 5 redirects and reports where it ended', async () => {
    const result = await fetchFeed(host.url('/hop1'), opts);
    expect(result.kind).toBe('ok');
    expect(result.finalUrl).toBe(host.url('/feed.xml'));
    expect(result.redirects).toBe(2);
    expect(result.movedTo).toBeUndefined(); // a 301 then a 302: not a permanent move
    expect((await failure(fetchFeed(host.url('/chain0'), opts))).kind).toBe('too_many_redirects');
    expect((await fetchFeed(host.url('/chain2'), opts)).kind).toBe('ok');
  });

  it('says where a feed moved when every redirect was permanent', async () => {
    const result = await fetchFeed(host.url('/old-home.xml'), opts);
    expect(result.kind).toBe('ok');
    expect(result.movedTo).toBe(host.url('/feed.xml'));
    expect((await fetchFeed(host.url('/feed.xml'), opts)).movedTo).toBeUndefined();
  });

  it('stops a redirect loop', async () => {
    expect((await failure(fetchFeed(host.url('/loop-a'), opts))).kind).toBe('redirect_loop');
  });

  it('refuses non-http schemes, first or after a redirect', async () => {
    expect((await failure(fetchFeed('file:///etc/passwd', opts))).kind).toBe('bad_url');
    expect((await failure(fetchFeed('ftp://example.org/feed', opts))).kind).toBe('bad_url');
    expect((await failure(fetchFeed(host.url('/to-file'), opts))).kind).toBe('bad_url');
    expect((await failure(fetchFeed('not a url', opts))).kind).toBe('bad_url');
  });

  it('times out on a server that never answers or never finishes', async () => {
    const started = Date.now();
    expect((await failure(fetchFeed(host.url('/hang'), { ...opts, timeoutMs: 300 }))).kind).toBe('timeout');
    expect((await failure(fetchFeed(host.url('/slow'), { ...opts, timeoutMs: 300 }))).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('aborts a body over the limit, streamed, declared or decompressed', async () => {
    expect((await failure(fetchFeed(host.url('/huge'), { ...opts, maxBytes: 1_000_000 }))).kind).toBe('too_large');
    expect((await failure(fetchFeed(host.url('/huge-declared'), opts))).kind).toBe('too_large');
    expect((await failure(fetchFeed(host.url('/gzip-bomb'), { ...opts, maxBytes: 1_000_000 }))).kind).toBe('too_large');
  });

  it('reports HTTP errors with their status and headers (Retry-After for backoff)', async () => {
    const error = await failure(fetchFeed(host.url('/rate-limited'), opts));
    expect(error.kind).toBe('http_status');
    expect(error.status).toBe(429);
    expect(error.headers?.['retry-after']).toBe('120');
    expect((await failure(fetchFeed(host.url('/missing'), opts))).status).toBe(404);
  });

  it('refuses loopback and private addresses unless allowed, before connecting', async () => {
    const before = host.requests.length;
    expect((await failure(fetchFeed(host.url('/feed.xml'), { ...opts, allowPrivate: false }))).kind).toBe('blocked_address');
    expect((await failure(fetchFeed(host.url('/feed.xml').replace('127.0.0.1', 'localhost'), { ...opts, allowPrivate: false }))).kind).toBe('blocked_address');
    expect((await failure(fetchFeed('http://[::1]:9/feed', { ...opts, allowPrivate: false }))).kind).toBe('blocked_address');
    // A public name whose DNS answer includes a private address is refused too (DNS rebinding).
    const rebinding = (_host: string, cb: (e: NodeJS.ErrnoException | null, a: { address: string; family: number }[]) => void) =>
      cb(null, [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ]);
    expect((await failure(fetchFeed('http://feeds.example.org/rss', { ...opts, allowPrivate: false, resolver: rebinding }))).kind).toBe('blocked_address');
    expect(host.requests.length).toBe(before);
  });

  it('allows loopback only for an exact allowed origin (the demo feed host); other loopback origins and redirects out stay refused', async () => {
    const strict = { ...opts, allowPrivate: false, allowOrigins: [host.base] };
    expect((await fetchFeed(host.url('/feed.xml'), strict)).kind).toBe('ok');
    // Same address, another port; the same port by another name; another loopback address: refused.
    const port = Number(new URL(host.base).port);
    expect((await failure(fetchFeed(`http://127.0.0.1:${port === 65535 ? 65534 : port + 1}/feed.xml`, strict))).kind).toBe('blocked_address');
    expect((await failure(fetchFeed(host.url('/feed.xml').replace('127.0.0.1', 'localhost'), strict))).kind).toBe('blocked_address');
    expect((await failure(fetchFeed(host.url('/feed.xml').replace('127.0.0.1', '127.0.0.2'), strict))).kind).toBe('blocked_address');
    expect((await failure(fetchFeed('http://[::1]:9/feed', strict))).kind).toBe('blocked_address');
    // A redirect from the allowed origin to another private origin is checked again and refused.
    expect((await failure(fetchFeed(host.url('/to-other-port'), strict))).kind).toBe('blocked_address');
  });

  it('connects to the address it checked', async () => {
    const pinned = (_host: string, cb: (e: NodeJS.ErrnoException | null, a: { address: string; family: number }[]) => void) =>
      cb(null, [{ address: '127.0.0.1', family: 4 }]);
    const port = new URL(host.base).port;
    const result = await fetchFeed(`http://feeds.example.test:${port}/feed.xml`, { ...opts, resolver: pinned });
    expect(result.kind).toBe('ok');
  });
});

/**
 * A host that never stops sending: the body of a redirect or an error page, or a feed, streamed
 * for ever. fetchFeed must end every exchange itself: the host sees each socket closed.
 */
describe('fetchFeed ends every exchange', () => {
  let endless: Server;
  let base: string;
  const open = new Set<Socket>();
  const streams = new Set<NodeJS.Timeout>();

  const sendForever = (res: ServerResponse) => {
    const chunk = Buffer.alloc(16 * 1024, 'x');
    const timer = setInterval(() => res.write(chunk), 5);
    streams.add(timer);
    res.on('close', () => {
      clearInterval(timer);
      streams.delete(timer);
    });
  };

  beforeAll(async () => {
    endless = createServer((req, res) => {
      if (req.url === '/redirect-forever') res.writeHead(302, { location: '/feed.xml', 'content-type': 'text/html' });
      else if (req.url === '/error-forever') res.writeHead(500, { 'content-type': 'text/html' });
      else if (req.url === '/not-modified-forever') res.writeHead(304, {});
      else if (req.url === '/feed-forever') res.writeHead(200, { 'content-type': 'application/rss+xml' });
      else {
        res.writeHead(200, { 'content-type': 'application/rss+xml', connection: 'keep-alive' });
        res.end(doc);
        return;
      }
      if (req.url === '/not-modified-forever') {
        res.end();
        return;
      }
      sendForever(res);
    });
    endless.on('connection', (socket) => {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(endless.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const t of streams) clearInterval(t);
    endless.closeAllConnections();
    await new Promise<void>((resolve) => endless.close(() => resolve()));
  });

  /** The host's side of every connection closes soon after fetchFeed settles. */
  async function expectAllClosed(): Promise<void> {
    const until = Date.now() + 1_000;
    while (open.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(open.size).toBe(0);
    expect(streams.size).toBe(0);
  }

  it('destroys the endless body of a redirect and follows it', async () => {
    const result = await fetchFeed(`${base}/redirect-forever`, opts);
    expect(result.kind).toBe('ok');
    await expectAllClosed();
  });

  it('destroys the endless body of an error status', async () => {
    expect((await failure(fetchFeed(`${base}/error-forever`, opts))).status).toBe(500);
    await expectAllClosed();
  });

  it('leaves no socket open after a fetch that succeeded (no pool) or a 304', async () => {
    expect((await fetchFeed(`${base}/feed.xml`, opts)).kind).toBe('ok');
    expect((await fetchFeed(`${base}/not-modified-forever`, opts)).kind).toBe('not_modified');
    await expectAllClosed();
  });

  it('cuts an endless feed at the deadline, and stops at once when the caller aborts', async () => {
    const started = Date.now();
    expect((await failure(fetchFeed(`${base}/feed-forever`, { ...opts, timeoutMs: 300, maxBytes: 100_000_000 }))).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
    await expectAllClosed();
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 100);
    const aborted = Date.now();
    expect((await failure(fetchFeed(`${base}/feed-forever`, { ...opts, timeoutMs: 10_000, maxBytes: 100_000_000, signal: stop.signal }))).kind).toBe('aborted');
    expect(Date.now() - aborted).toBeLessThan(2_000);
    await expectAllClosed();
  });
});
