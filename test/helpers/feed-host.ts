import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/** A local feed host on 127.0.0.1 (port 0) for ingest tests: routes by path, logs every request. */

export type Route = (req: IncomingMessage, res: ServerResponse) => void;
export type RequestLog = { path: string; headers: IncomingMessage['headers'] };

export type FeedHost = {
  base: string;
  url: (path: string) => string;
  requests: RequestLog[];
  route: (path: string, handler: Route) => void;
  close: () => Promise<void>;
};

export async function startFeedHost(routes: Record<string, Route> = {}): Promise<FeedHost> {
  const table = new Map(Object.entries(routes));
  const requests: RequestLog[] = [];
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push({ path, headers: req.headers });
    const handler = table.get(path);
    if (!handler) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    url: (path) => `${base}${path}`,
    requests,
    route: (path, handler) => table.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Serves a document with validators; answers 304 when the client's validators match. */
export function feedRoute(options: {
  body: string | Buffer;
  contentType?: string;
  etag?: string;
  lastModified?: string;
  gzip?: boolean;
  headers?: Record<string, string>;
}): Route {
  return (req, res) => {
    const etagMatches = options.etag && req.headers['if-none-match'] === options.etag;
    const dateMatches = options.lastModified && req.headers['if-modified-since'] === options.lastModified;
    if (etagMatches || (!options.etag && dateMatches)) {
      res.statusCode = 304;
      if (options.etag) res.setHeader('etag', options.etag);
      res.end();
      return;
    }
    res.setHeader('content-type', options.contentType ?? 'application/rss+xml; charset=utf-8');
    if (options.etag) res.setHeader('etag', options.etag);
    if (options.lastModified) res.setHeader('last-modified', options.lastModified);
    for (const [k, v] of Object.entries(options.headers ?? {})) res.setHeader(k, v);
    let body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
    if (options.gzip) {
      body = gzipSync(body);
      res.setHeader('content-encoding', 'gzip');
    }
    res.end(body);
  };
}

/** A small RSS 2.0 document; items are given as XML fragments or {title, link, guid, description, pubDate}. */
export function rss(
  items: ({ title: string; link?: string; guid?: string; description?: string; pubDate?: string } | string)[],
  channel: { title?: string; ttl?: number; link?: string } = {},
): string {
  const body = items
    .map((i) =>
      typeof i === 'string'
        ? i
        : `<item><title>${i.title}</title>${i.link ? `<link>${i.link}</link>` : ''}${i.guid ? `<guid isPermaLink="false">${i.guid}</guid>` : ''}<description>${i.description ?? ''}</description>${i.pubDate ? `<pubDate>${i.pubDate}</pubDate>` : ''}</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${channel.title ?? 'Test feed'}</title><link>${channel.link ?? 'https://news.example.org/'}</link>${channel.ttl ? `<ttl>${channel.ttl}</ttl>` : ''}\n${body}\n</channel></rss>`;
}
