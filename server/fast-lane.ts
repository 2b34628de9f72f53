import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Request, Response } from 'express';
import { fixedShapeLogger, type Logger } from '../core/logger';
import { writeCached, type ResponseCache } from './cache/response-cache';
import { pageLanguage } from './cookies';
import { redactUrl } from './middleware/request-log';
import type { StaticAnswers } from './static-answers';

/** Answers a request from the cache and returns true, or returns false having written nothing. */
export type FastLane = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The fast lane for the busiest answers, run by the http server's request listener before
 * Express is entered (server/start-server.ts): a GET or HEAD whose exact URL is bound to a
 * current cache entry (public story reads, pages, the sitemap and RSS) is answered here from
 * the raw request, and so is a static file of the web app whose answer the app has already sent
 * to a request of the same kind (server/static-answers.ts); anything else returns false and goes
 * to the app unchanged. Express's own cost per request (its request and response prototypes,
 * the router walking every middleware) is most of what a cached answer costs (issue 21: a bare
 * Express app sends a 66 KB page at a sixth of node:http's rate), so the fast lane must not
 * enter it.
 *
 * It skips nothing that matters for such a request: it sends the same security headers
 * (captured once from helmet), the same cached bytes with the same ETag, Vary and encoding
 * rules (writeCached, which the Express routes use too), writes the same request log line and
 * counts the request in the same metrics. Session, cookies, CSRF and body parsing play no part
 * in a public GET.
 */
export function createFastLane(deps: {
  cache: ResponseCache;
  headers: readonly (readonly [string, string])[];
  logger: Logger;
  /** The trusted origin of a raw request (pages and site files are bound by origin and URL). */
  originOf?: (req: IncomingMessage) => string;
  /** Counts an answered request (metrics): method, status, seconds. */
  onAnswered?: (method: string, status: number, seconds: number) => void;
  /** The web app's static files, as the app answered them. */
  staticAnswers?: Pick<StaticAnswers, 'answerFor'>;
}): FastLane {
  const security = deps.headers.flat();
  const log = fixedShapeLogger(deps.logger);
  return (req, res) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = req.url;
    if (url === undefined || url.charCodeAt(0) !== 47 /* '/' */) return false;
    const started = performance.now();
    let id: string;
    let status: number;
    // A static file's answer depends on none of the reader's cookies: it is checked first.
    const file = deps.staticAnswers?.answerFor(req);
    if (file) {
      id = randomUUID();
      const head = file.head.slice();
      head[file.idAt] = id;
      res.writeHead(file.status, head);
      res.end(method === 'HEAD' || file.body.length === 0 ? undefined : file.body);
      status = file.status;
    } else {
      // Bound pages are the English ones: a reader with another language gets theirs from the app.
      if (!url.startsWith('/api/') && pageLanguage(req.headers.cookie) !== 'EN') return false;
      // API answers are bound by URL; pages (which hold absolute URLs) by trusted origin and URL.
      const cached = deps.cache.peekUrl(url) ?? (deps.originOf ? deps.cache.peekUrl(deps.originOf(req) + url) : undefined);
      if (!cached) return false;
      id = randomUUID();
      status = writeCached(req, res, cached, [...security, 'X-Request-Id', id]);
    }
    const elapsed = performance.now() - started;
    deps.onAnswered?.(method, status, elapsed / 1000);
    log.info(
      {
        reqId: id,
        req: { id, method, url: redactUrl(url) },
        res: { statusCode: status },
        responseTime: Math.round(elapsed),
      },
      'request completed',
    );
    return true;
  };
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
