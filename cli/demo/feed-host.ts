import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SampleRelease } from '../../core/demo/sample-release';

/**
 * The demo's feed host: a small HTTP server on 127.0.0.1 (a free port) inside the demo process that
 * serves each sample outlet's feed as it reads at this moment (core/demo/sample-release.ts). It
 * answers conditional GETs (ETag), as a good feed server does, so an unchanged feed costs a 304.
 */
export type FeedHost = { origin: string; close: () => Promise<void>; requests: () => number };

export async function startFeedHost(release: SampleRelease, options: { clock?: () => Date; host?: string } = {}): Promise<FeedHost> {
  const clock = options.clock ?? (() => new Date());
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    const match = /^\/feeds\/([a-z0-9-]+)\.(xml|atom)$/.exec((req.url ?? '').split('?')[0]!);
    const feed = match ? release.feeds.find((f) => f.slug === match[1] && f.ext === match[2]) : undefined;
    if (!feed || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('No such feed.\n');
      return;
    }
    const body = Buffer.from(release.feedDocument(feed.slug, clock()) ?? '', 'utf8');
    const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
    const headers = {
      'content-type': `${feed.format === 'atom' ? 'application/atom+xml' : 'application/rss+xml'}; charset=utf-8`,
      etag,
      'cache-control': 'no-cache',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    origin: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
