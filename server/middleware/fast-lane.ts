import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../../core/logger';
import { matchesEtag, type CachedResponse, type ResponseCache } from '../cache/response-cache';
import { pageLanguage } from '../cookies';
import { FAST_LANE_ROUTE } from '../metrics';
import { redactUrl } from './request-log';

/**
 * The fast lane for the busiest answers: a GET whose exact URL is bound to a current cache
 * entry (public story reads, the app shell) is answered here, before the rest of the
 * middleware runs. It skips nothing that matters for such a request: it sends the same
 * security headers (captured once from helmet), the same cached bytes with the same ETag and
 * gzip rules, and writes the same request log line. Session, cookies, CSRF and body parsing
 * play no part in a public GET.
 */
export function fastLane(deps: {
  cache: ResponseCache;
  headers: readonly (readonly [string, string])[];
  logger: Logger;
  originOf?: (req: Request) => string;
}): RequestHandler {
  const security = deps.headers.flat();
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Bound pages are the English ones: a reader with another language gets theirs from the app.
    if (pageLanguage(req.headers.cookie) !== 'EN' && !req.url.startsWith('/api/')) return next();
    // API answers are bound by URL; pages (which hold absolute URLs) by trusted origin and URL.
    const cached = deps.cache.peekUrl(req.url) ?? (deps.originOf ? deps.cache.peekUrl(deps.originOf(req) + req.url) : undefined);
    if (!cached) return next();
    const started = performance.now();
    const id = randomUUID();
    res.locals.metricsRoute = FAST_LANE_ROUTE;
    const status = writeCachedHead(req, res, cached, [...security, 'X-Request-Id', id]);
    deps.logger.info(
      {
        reqId: id,
        req: { id, method: req.method, url: redactUrl(req.url) },
        res: { statusCode: status },
        responseTime: Math.round(performance.now() - started),
      },
      'request completed',
    );
  };
}

/**
 * Writes a cached answer with all its headers in one writeHead call (an array of name/value
 * pairs), which spares Node validating and storing each header one by one.
 */
function writeCachedHead(req: Request, res: Response, cached: CachedResponse, extra: string[]): number {
  const head = [...extra, 'ETag', cached.etag, 'Cache-Control', cached.cacheControl, 'Vary', cached.vary ?? 'Accept-Encoding'];
  const ifNoneMatch = req.headers['if-none-match'];
  if (cached.status === 200 && ifNoneMatch && matchesEtag(ifNoneMatch, cached.etag)) {
    res.writeHead(304, head);
    res.end();
    return 304;
  }
  const acceptEncoding = req.headers['accept-encoding'];
  const gzip = cached.gzip && typeof acceptEncoding === 'string' && /\bgzip\b/.test(acceptEncoding);
  const body = gzip ? cached.gzip! : cached.body;
  head.push('Content-Type', cached.type, 'Content-Length', String(body.length));
  if (gzip) head.push('Content-Encoding', 'gzip');
  res.writeHead(cached.status, head);
  res.end(req.method === 'HEAD' ? undefined : body);
  return cached.status;
}

/** The headers a header-only middleware (helmet) sets, captured by running it once. */
export function capturedHeaders(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  } as unknown as Response;
  let called = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as Request, res, () => {
    called = true;
  });
  if (!called) throw new Error('the header middleware did not finish synchronously');
  return [...headers];
}
