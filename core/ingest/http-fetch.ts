import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import type { Socket } from 'node:net';
import type { Transform } from 'node:stream';
import { BlockedAddressError, checkLiteralHost, guardedLookup } from './ssrf-guard';

/**
 * HTTP as a good citizen fetches feeds: conditional GET, compressed transfer, few redirects (each
 * hop checked again by the SSRF guard), one deadline for the whole exchange, and a body limit that
 * is enforced while streaming (a server cannot make us buffer more than the limit).
 *
 * Every exchange ends with fetchFeed: a body it does not want (a redirect's, an error page's, a
 * 304's) is destroyed, never drained, and every socket it opened is destroyed before it returns
 * or throws. No connection pool: a feed host that keeps sending cannot hold a socket (and a
 * share of a core) after the fetch, and nothing keeps the process alive once the work is done.
 */

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 5_000_000;
export const DEFAULT_MAX_REDIRECTS = 5;

export type FetchOptions = {
  userAgent: string;
  allowPrivate: boolean;
  /**
   * Exact origins (`http://127.0.0.1:41234`) that may be on a private address although
   * allowPrivate is off: the demo's own loopback feed host. Every other private address is still
   * refused, and a redirect out of such an origin is checked as usual.
   */
  allowOrigins?: readonly string[];
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  accept?: string;
  /** Ends the exchange early (the server shutting down): the fetch fails with kind `aborted`. */
  signal?: AbortSignal;
  /** Tests inject a resolver to check the guard without real DNS. */
  resolver?: Parameters<typeof guardedLookup>[0]['resolver'];
};

/**
 * `movedTo` is set when every redirect on the way was permanent (301/308): the feed has moved
 * and its registry entry should follow; a temporary redirect (302/303/307) leaves it be.
 */
type Common = { url: string; finalUrl: string; status: number; headers: IncomingHttpHeaders; redirects: number; movedTo?: string };
export type FetchResult = (Common & { kind: 'not_modified' }) | (Common & { kind: 'ok'; body: Buffer; contentType: string | null });

export type FetchErrorKind =
  'bad_url' | 'blocked_address' | 'timeout' | 'too_large' | 'too_many_redirects' | 'redirect_loop' | 'http_status' | 'network' | 'decode' | 'aborted';

export class FeedFetchError extends Error {
  readonly kind: FetchErrorKind;
  readonly status?: number;
  readonly headers?: IncomingHttpHeaders;
  constructor(kind: FetchErrorKind, message: string, extra: { status?: number; headers?: IncomingHttpHeaders; cause?: unknown } = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'FeedFetchError';
    this.kind = kind;
    this.status = extra.status;
    this.headers = extra.headers;
  }
}

const ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/rdf+xml;q=0.9, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5';
const REDIRECT = new Set([301, 302, 303, 307, 308]);

export async function fetchFeed(url: string, options: FetchOptions): Promise<FetchResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline.signal, options.signal]) : deadline.signal;
  const sockets = new Set<Socket>();
  const visited = new Set<string>();
  let current = url;
  let permanent = true;
  try {
    for (let hop = 0; ; hop++) {
      const target = parseHttpUrl(current);
      if (visited.has(target.href)) throw new FeedFetchError('redirect_loop', `Redirect loop at ${target.href}.`);
      visited.add(target.href);
      const res = await request(target, options, { signal, timeoutMs, sockets });
      const status = res.statusCode ?? 0;
      if (REDIRECT.has(status) && res.headers.location) {
        res.destroy();
        if (hop >= maxRedirects) throw new FeedFetchError('too_many_redirects', `More than ${maxRedirects} redirects from ${url}.`, { status });
        if (status !== 301 && status !== 308) permanent = false;
        current = new URL(res.headers.location, target).href;
        continue;
      }
      const common: Common = { url, finalUrl: target.href, status, headers: res.headers, redirects: hop };
      if (hop > 0 && permanent && target.href !== url) common.movedTo = target.href;
      if (status === 304) {
        res.destroy();
        return { ...common, kind: 'not_modified' };
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new FeedFetchError('http_status', `HTTP ${status} from ${target.href}.`, { status, headers: res.headers });
      }
      const body = await readBody(res, options.maxBytes ?? DEFAULT_MAX_BYTES, signal, timeoutMs);
      return { ...common, kind: 'ok', body, contentType: headerValue(res.headers['content-type']) };
    }
  } catch (error) {
    if (options.signal?.aborted) throw new FeedFetchError('aborted', `Stopped fetching ${url}: the process is shutting down.`);
    if (error instanceof FeedFetchError) throw error;
    if (error instanceof BlockedAddressError) throw new FeedFetchError('blocked_address', error.message);
    if (deadline.signal.aborted) throw new FeedFetchError('timeout', `Timed out after ${timeoutMs} ms fetching ${url}.`);
    const cause = error as NodeJS.ErrnoException;
    if (cause?.cause instanceof BlockedAddressError) throw new FeedFetchError('blocked_address', cause.cause.message);
    throw new FeedFetchError('network', `Could not fetch ${current}: ${cause?.code ?? ''} ${cause?.message ?? String(error)}`.replace(/\s+/g, ' '), {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    for (const socket of sockets) socket.destroy();
  }
}

function parseHttpUrl(raw: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new FeedFetchError('bad_url', `"${raw}" is not a valid URL.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new FeedFetchError('bad_url', `Only http and https feeds are fetched, not ${parsed.protocol}.`);
  }
  if (parsed.username || parsed.password) throw new FeedFetchError('bad_url', 'Feed URLs with a user name or password are refused.');
  return parsed;
}

/** Private addresses are allowed for this request: everywhere (C360_ALLOW_PRIVATE_FEEDS), or for this exact origin. */
export function privateAllowedFor(target: URL, options: Pick<FetchOptions, 'allowPrivate' | 'allowOrigins'>): boolean {
  if (options.allowPrivate) return true;
  return (options.allowOrigins ?? []).some((origin) => origin.toLowerCase() === target.origin.toLowerCase());
}

function request(target: URL, options: FetchOptions, exchange: { signal: AbortSignal; timeoutMs: number; sockets: Set<Socket> }): Promise<IncomingMessage> {
  const { signal, timeoutMs } = exchange;
  const allowPrivate = privateAllowedFor(target, options);
  checkLiteralHost(target.hostname, allowPrivate);
  const headers: Record<string, string> = {
    'user-agent': options.userAgent,
    accept: options.accept ?? ACCEPT,
    'accept-encoding': 'gzip, deflate, br',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  const lib = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new FeedFetchError('timeout', `Timed out after ${timeoutMs} ms.`));
    // agent: false, so the socket is this exchange's alone and fetchFeed can destroy it at the end.
    const req = lib.request(
      target,
      { method: 'GET', headers, agent: false, lookup: guardedLookup({ allowPrivate, resolver: options.resolver }) as never, signal },
      resolve,
    );
    req.on('socket', (socket) => exchange.sockets.add(socket));
    req.on('error', (error) => reject(signal.aborted ? new FeedFetchError('timeout', `Timed out after ${timeoutMs} ms fetching ${target.href}.`) : error));
    req.end();
  });
}

function decoderFor(encoding: string | undefined): Transform | null {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'br':
      return createBrotliDecompress();
    case 'deflate':
      return null; // handled in readBody: zlib-wrapped or raw, servers send both
    case '':
    case 'identity':
      return null;
    default:
      throw new FeedFetchError('decode', `Unsupported content-encoding "${encoding}".`);
  }
}

/** Streams the body through its decoder, counting decoded bytes, and aborts past the limit. */
async function readBody(res: IncomingMessage, maxBytes: number, signal: AbortSignal, timeoutMs: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  const encoding = headerValue(res.headers['content-encoding']) ?? '';
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new FeedFetchError('too_large', `The feed is ${declared} bytes, over the ${maxBytes}-byte limit.`);
  }
  let raw: Buffer[] = [];
  let rawBytes = 0;
  const isDeflate = encoding.trim().toLowerCase() === 'deflate';
  const decoder = isDeflate ? null : decoderFor(encoding);
  const source: NodeJS.ReadableStream = decoder ? res.pipe(decoder) : res;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      rawBytes += chunk.length;
      if (rawBytes > maxBytes) throw new FeedFetchError('too_large', `The feed is over the ${maxBytes}-byte limit.`);
      raw.push(chunk);
    }
  } catch (error) {
    res.destroy();
    decoder?.destroy();
    if (error instanceof FeedFetchError) throw error;
    if (signal.aborted) throw new FeedFetchError('timeout', `Timed out after ${timeoutMs} ms reading the feed.`);
    throw new FeedFetchError('decode', `Could not read the feed body: ${(error as Error).message}`, { cause: error });
  }
  let body: Buffer = Buffer.concat(raw);
  raw = [];
  if (isDeflate) body = await inflateEither(body, maxBytes);
  return body;
}

async function inflateEither(body: Buffer, maxBytes: number): Promise<Buffer> {
  for (const make of [createInflate, createInflateRaw]) {
    try {
      const chunks: Buffer[] = [];
      let total = 0;
      const stream = make();
      stream.end(body);
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > maxBytes) throw new FeedFetchError('too_large', `The feed is over the ${maxBytes}-byte limit.`);
        chunks.push(chunk);
      }
      return Buffer.concat(chunks);
    } catch (error) {
      if (error instanceof FeedFetchError) throw error;
    }
  }
  throw new FeedFetchError('decode', 'Could not inflate the deflate-encoded body.');
}

export function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}
