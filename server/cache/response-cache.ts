import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

/**
 * Public pages and API answers kept in memory, ready to send (body, gzip body, ETag).
 *
 * Correctness: every entry records the content version it was built at. The version is bumped
 * by the server's own story writes (at once) and by the database's story-change notification
 * (any writer: CLI workers, cron, other servers), and an entry from an older version is never
 * served. Home ranking also moves with the clock (a story's score falls with its age, features
 * expire), so entries also live at most `ttlMs`; when the change listener is down they live
 * only `fallbackTtlMs`. Concurrent misses for one key share one build.
 */
export type CachedResponse = {
  status: number;
  type: string;
  body: Buffer;
  gzip?: Buffer;
  etag: string;
  cacheControl: string;
  /** The Vary header (Accept-Encoding unless the answer also depends on a cookie). */
  vary?: string;
  /** Why an answer is an error (never stored: only answers with status 200 are kept). */
  error?: unknown;
};

type Entry = { response: CachedResponse; version: number; builtAt: number };

export type ResponseCacheOptions = {
  ttlMs: number;
  fallbackTtlMs: number;
  maxEntries: number;
  maxBytes: number;
  isListening: () => boolean;
  now?: () => number;
};

export class ResponseCache {
  private version = 0;
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, { version: number; promise: Promise<CachedResponse> }>();
  private bytes = 0;
  /** Exact request URLs whose answer depends on nothing else, and the entry that answers them. */
  private readonly urls = new Map<string, string>();
  hits = 0;
  misses = 0;

  constructor(private readonly options: ResponseCacheOptions) {}

  /** Drops everything: called when a story changes. */
  invalidate(): void {
    this.version += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /** Whether story-change notifications are being heard (else entries live fallbackTtlMs). */
  get listening(): boolean {
    return this.options.isListening();
  }

  get currentVersion(): number {
    return this.version;
  }

  /**
   * Remembers that `url` (path and query, as sent) is answered by entry `key` whatever the
   * request's headers, so the fast lane can answer it without running the app's middleware.
   */
  bindUrl(url: string, key: string): void {
    if (url.length > 512) return;
    this.urls.delete(url);
    if (this.urls.size >= this.options.maxEntries * 2) this.urls.delete(this.urls.keys().next().value!);
    this.urls.set(url, key);
  }

  /** The current answer for a bound URL, or undefined (unbound, stale or evicted). */
  peekUrl(url: string): CachedResponse | undefined {
    const key = this.urls.get(url);
    if (key === undefined) return undefined;
    const entry = this.entries.get(key);
    if (!entry || entry.version !== this.version) return undefined;
    const ttl = this.options.isListening() ? this.options.ttlMs : this.options.fallbackTtlMs;
    if ((this.options.now ?? Date.now)() - entry.builtAt >= ttl) return undefined;
    this.hits += 1;
    // The busiest answers are served here only: without this their entries and URLs would age
    // as if unused and be the first evicted.
    touch(this.entries, key, entry);
    touch(this.urls, url, key);
    return entry.response;
  }

  async get(key: string, build: () => Promise<Omit<CachedResponse, 'etag' | 'gzip'>>): Promise<CachedResponse> {
    const now = (this.options.now ?? Date.now)();
    const ttl = this.options.isListening() ? this.options.ttlMs : this.options.fallbackTtlMs;
    const entry = this.entries.get(key);
    if (entry && entry.version === this.version && now - entry.builtAt < ttl) {
      this.hits += 1;
      touch(this.entries, key, entry);
      return entry.response;
    }
    this.misses += 1;
    const inFlight = this.pending.get(key);
    if (inFlight && inFlight.version === this.version) return inFlight.promise;
    const version = this.version;
    const promise = build()
      .then((built) => {
        const response = finish(built);
        // A story changed while we were building: serve this answer once, but do not keep it.
        if (version === this.version && built.status === 200) this.store(key, { response, version, builtAt: now });
        return response;
      })
      .finally(() => {
        if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
      });
    this.pending.set(key, { version, promise });
    return promise;
  }

  private store(key: string, entry: Entry): void {
    const size = entry.response.body.length + (entry.response.gzip?.length ?? 0);
    if (size > this.options.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.response.body.length + (old.response.gzip?.length ?? 0);
      this.entries.delete(key);
    }
    this.entries.set(key, entry);
    this.bytes += size;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldestKey);
      this.bytes -= oldest.response.body.length + (oldest.response.gzip?.length ?? 0);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Moves a key to the most recent end of a Map's order (a Map iterates oldest first). */
function touch<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
}

function finish(built: Omit<CachedResponse, 'etag' | 'gzip'>): CachedResponse {
  const etag = `"${createHash('sha1').update(built.body).digest('base64url').slice(0, 22)}"`;
  const gzip = built.body.length >= 1024 ? gzipSync(built.body, { level: 6 }) : undefined;
  return { ...built, etag, gzip };
}

/** Sends a cached response: 304 when the browser's copy is current, gzip when accepted. */
export function sendCached(req: Request, res: Response, cached: CachedResponse): void {
  res.setHeader('ETag', cached.etag);
  res.setHeader('Cache-Control', cached.cacheControl);
  res.setHeader('Vary', cached.vary ?? 'Accept-Encoding');
  const ifNoneMatch = req.headers['if-none-match'];
  if (cached.status === 200 && ifNoneMatch && matchesEtag(ifNoneMatch, cached.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = cached.status;
  res.setHeader('Content-Type', cached.type);
  const acceptEncoding = req.headers['accept-encoding'];
  if (cached.gzip && typeof acceptEncoding === 'string' && /\bgzip\b/.test(acceptEncoding)) {
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', cached.gzip.length);
    res.end(req.method === 'HEAD' ? undefined : cached.gzip);
    return;
  }
  res.setHeader('Content-Length', cached.body.length);
  res.end(req.method === 'HEAD' ? undefined : cached.body);
}

/** If-None-Match holds our ETag (weak or strong, alone or in a list). */
export function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch === etag || ifNoneMatch.split(/\s*,\s*/).some((tag) => tag === etag || tag === `W/${etag}` || tag === '*');
}

export function jsonBody(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value));
}
