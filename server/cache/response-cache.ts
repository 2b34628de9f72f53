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
  /** The share of entries and bytes that search answers may hold (default 0.1). */
  searchShare?: number;
  isListening: () => boolean;
  now?: () => number;
};

/**
 * Entries of one kind, least recently used first (a Map iterates in insertion order), with the
 * bytes they hold and the URLs bound to them.
 */
class Shelf {
  readonly entries = new Map<string, Entry>();
  readonly urls = new Map<string, string>();
  bytes = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
  ) {}

  put(key: string, entry: Entry): void {
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += sizeOf(entry);
  }

  remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(entry);
  }

  removeOldest(): void {
    this.remove(this.entries.keys().next().value!);
  }

  get full(): boolean {
    return this.entries.size > this.maxEntries || this.bytes > this.maxBytes;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

/**
 * Search answers sit on their own shelf: any text makes a new key, so a client sending unique
 * searches would otherwise push every page out (issue 25: 337 unique searches a second took the
 * cached home page from 4,197 to 116 requests a second). Searches hold at most `searchShare` of
 * the cache; when the whole cache is full, searches go before pages, and a search never pushes
 * out a page (it is simply not kept).
 */
export class ResponseCache {
  private version = 0;
  private readonly pages: Shelf;
  private readonly searches: Shelf;
  private readonly pending = new Map<string, { version: number; promise: Promise<CachedResponse> }>();
  hits = 0;
  misses = 0;

  constructor(private readonly options: ResponseCacheOptions) {
    const share = options.searchShare ?? 0.1;
    this.pages = new Shelf(options.maxEntries, options.maxBytes);
    this.searches = new Shelf(Math.floor(options.maxEntries * share), Math.floor(options.maxBytes * share));
  }

  /** Drops everything: called when a story changes. */
  invalidate(): void {
    this.version += 1;
    this.pages.clear();
    this.searches.clear();
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
   * Each shelf remembers at most twice as many URLs as it holds entries.
   */
  bindUrl(url: string, key: string): void {
    if (url.length > 512) return;
    const shelf = this.pages.entries.has(key) ? this.pages : this.searches.entries.has(key) ? this.searches : undefined;
    if (!shelf) return; // not kept (a search with no room, an answer built across a change)
    shelf.urls.delete(url);
    if (shelf.urls.size >= shelf.maxEntries * 2) shelf.urls.delete(shelf.urls.keys().next().value!);
    shelf.urls.set(url, key);
  }

  /** The current answer for a bound URL, or undefined (unbound, stale or evicted). */
  peekUrl(url: string): CachedResponse | undefined {
    return this.peekOn(this.pages, url) ?? this.peekOn(this.searches, url);
  }

  private peekOn(shelf: Shelf, url: string): CachedResponse | undefined {
    const key = shelf.urls.get(url);
    if (key === undefined) return undefined;
    const entry = shelf.entries.get(key);
    if (!entry || !this.isFresh(entry)) return undefined;
    this.hits += 1;
    // The busiest answers are served here only: without this their entries and URLs would age
    // as if unused and be the first evicted.
    touch(shelf.entries, key, entry);
    touch(shelf.urls, url, key);
    return entry.response;
  }

  private isFresh(entry: Entry): boolean {
    const ttl = this.options.isListening() ? this.options.ttlMs : this.options.fallbackTtlMs;
    return entry.version === this.version && (this.options.now ?? Date.now)() - entry.builtAt < ttl;
  }

  /** `search`: an answer whose key a client chooses freely (search text); it goes on the bounded shelf. */
  async get(key: string, build: () => Promise<Omit<CachedResponse, 'etag' | 'gzip'>>, options: { search?: boolean } = {}): Promise<CachedResponse> {
    const now = (this.options.now ?? Date.now)();
    const shelf = options.search ? this.searches : this.pages;
    const entry = shelf.entries.get(key);
    if (entry && this.isFresh(entry)) {
      this.hits += 1;
      touch(shelf.entries, key, entry);
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
        if (version === this.version && built.status === 200) this.store(shelf, key, { response, version, builtAt: now });
        return response;
      })
      .finally(() => {
        if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
      });
    this.pending.set(key, { version, promise });
    return promise;
  }

  private store(shelf: Shelf, key: string, entry: Entry): void {
    if (sizeOf(entry) > shelf.maxBytes / 4) return;
    shelf.put(key, entry);
    while (shelf.full) shelf.removeOldest();
    // Over the whole cache's bounds: searches go first. The pages shelf alone fits them, so a
    // search stored here can only push out searches (itself included).
    while (this.size > this.options.maxEntries || this.pages.bytes + this.searches.bytes > this.options.maxBytes) {
      (this.searches.entries.size > 0 ? this.searches : this.pages).removeOldest();
    }
  }

  get size(): number {
    return this.pages.entries.size + this.searches.entries.size;
  }
}

function sizeOf(entry: Entry): number {
  return entry.response.body.length + (entry.response.gzip?.length ?? 0);
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
