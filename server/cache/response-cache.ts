import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Public pages and API answers kept in memory, ready to send (body, its gzip and brotli forms, ETag).
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
  /** Compressed once when the entry is built (never per request): bodies of 1 KB and more. */
  gzip?: Buffer;
  /** Brotli, for answers that are kept (status 200): smaller than gzip, and most browsers take it. */
  br?: Buffer;
  etag: string;
  cacheControl: string;
  /** The Vary header (Accept-Encoding unless the answer also depends on a cookie). */
  vary?: string;
  /** Why an answer is an error (never stored: only answers with status 200 are kept). */
  error?: unknown;
  /** The last good answer, sent because it could not be rebuilt (the database is unreachable). */
  stale?: true;
};

type Entry = { response: CachedResponse; version: number; builtAt: number };

export type ResponseCacheOptions = {
  ttlMs: number;
  fallbackTtlMs: number;
  maxEntries: number;
  maxBytes: number;
  /** The share of entries and bytes that search answers may hold (default 0.1). */
  searchShare?: number;
  /**
   * Whether a failed build is an outage (the database is unreachable): then the entry's last good
   * answer is kept and sent, marked stale, and for `outageRetryMs` (default 2 s) expired entries
   * answer at once, without a rebuild that would wait on the database. Without it, nothing stale
   * is ever sent.
   */
  isOutage?: (error: unknown) => boolean;
  outageRetryMs?: number;
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
  /** Until when (ms since epoch) the last outage holds back rebuilds of entries that have one. */
  private outageUntil = 0;
  hits = 0;
  misses = 0;
  /** Answers sent stale during an outage. */
  staleHits = 0;

  constructor(private readonly options: ResponseCacheOptions) {
    const share = options.searchShare ?? 0.1;
    this.pages = new Shelf(options.maxEntries, options.maxBytes);
    this.searches = new Shelf(Math.floor(options.maxEntries * share), Math.floor(options.maxBytes * share));
  }

  /** Drops everything: called when a story changes. */
  invalidate(): void {
    this.version += 1;
    this.outageUntil = 0; // a change was heard: the database is back
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
    if (!entry) return undefined;
    const now = (this.options.now ?? Date.now)();
    // Past its TTL, an entry answers here only while its rebuild is under way (see get()), or
    // stale during an outage.
    const stale = !this.isFresh(entry) && now < this.outageUntil;
    if (!this.isFresh(entry) && !stale && !(this.isRefreshable(entry, now) && this.pending.get(key)?.version === this.version)) return undefined;
    // The busiest answers are served here only: without this their entries and URLs would age
    // as if unused and be the first evicted.
    touch(shelf.entries, key, entry);
    touch(shelf.urls, url, key);
    if (stale) return this.sendStale(entry);
    this.hits += 1;
    return entry.response;
  }

  private sendStale(entry: Entry): CachedResponse {
    this.staleHits += 1;
    return { ...entry.response, stale: true };
  }

  private isFresh(entry: Entry): boolean {
    const ttl = this.options.isListening() ? this.options.ttlMs : this.options.fallbackTtlMs;
    return entry.version === this.version && (this.options.now ?? Date.now)() - entry.builtAt < ttl;
  }

  /** `search`: an answer whose key a client chooses freely (search text); it goes on the bounded shelf. */
  async get(key: string, build: () => Promise<Omit<CachedResponse, 'etag' | 'gzip' | 'br'>>, options: { search?: boolean } = {}): Promise<CachedResponse> {
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
    if (entry && this.isRefreshable(entry, now)) {
      // Old by the clock only (no story changed since): it is rebuilt once in the background and
      // answers meanwhile, so readers never queue behind a rebuild of the home page (its p99).
      if (!inFlight || inFlight.version !== this.version) {
        this.build(shelf, key, build, now).catch(() => undefined);
      }
      touch(shelf.entries, key, entry);
      return entry.response;
    }
    if (entry && now < this.outageUntil) {
      touch(shelf.entries, key, entry);
      return this.sendStale(entry);
    }
    try {
      return await (inFlight && inFlight.version === this.version ? inFlight.promise : this.build(shelf, key, build, now));
    } catch (error) {
      // The database is unreachable: the last good answer rather than none (build() kept it).
      const kept = shelf.entries.get(key);
      if (kept && this.options.isOutage?.(error) === true) return this.sendStale(kept);
      throw error;
    }
  }

  /**
   * An entry past its TTL that may still answer while its rebuild runs: no story has changed
   * since it was built (same version), changes are being heard (else the short TTL is the only
   * promise of freshness), and it is less than twice the TTL old (an idle page is rebuilt first).
   */
  private isRefreshable(entry: Entry, now: number): boolean {
    return entry.version === this.version && this.options.isListening() && now - entry.builtAt < 2 * this.options.ttlMs;
  }

  private build(shelf: Shelf, key: string, build: () => Promise<Omit<CachedResponse, 'etag' | 'gzip' | 'br'>>, now: number): Promise<CachedResponse> {
    const version = this.version;
    const promise = build()
      .then(async (built) => {
        const response = await finish(built);
        // A story changed while we were building: serve this answer once, but do not keep it.
        if (version === this.version && built.status === 200) this.store(shelf, key, { response, version, builtAt: now });
        // An answer that is no longer a 200 takes the place of the old one for good.
        else if (built.status !== 200) shelf.remove(key);
        return response;
      })
      .catch((error: unknown) => {
        if (this.options.isOutage?.(error) === true) {
          // Kept for the outage: the database could not say whether the old answer still holds.
          this.outageUntil = (this.options.now ?? Date.now)() + (this.options.outageRetryMs ?? 2_000);
        } else shelf.remove(key); // a rebuild that failed for another reason leaves no old answer behind
        throw error;
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

  /** What the cache holds now: entries, their bytes (bodies and compressed forms) and the URLs bound to them. */
  stats(): { entries: number; bytes: number; urls: number } {
    return { entries: this.size, bytes: this.pages.bytes + this.searches.bytes, urls: this.pages.urls.size + this.searches.urls.size };
  }
}

function sizeOf(entry: Entry): number {
  return entry.response.body.length + (entry.response.gzip?.length ?? 0) + (entry.response.br?.length ?? 0);
}

/** Moves a key to the most recent end of a Map's order (a Map iterates oldest first). */
function touch<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
}

/** Brotli quality for cached answers: 5 is smaller than gzip -6 and costs about as much to make. */
const BROTLI_QUALITY = 5;

/**
 * The ETag and the compressed forms, made once per entry. Compression runs on libuv's thread
 * pool (the async zlib calls), so a rebuilt 66 KB page does not hold the event loop meanwhile.
 */
async function finish(built: Omit<CachedResponse, 'etag' | 'gzip' | 'br'>): Promise<CachedResponse> {
  const etag = `"${createHash('sha1').update(built.body).digest('base64url').slice(0, 22)}"`;
  if (built.body.length < 1024) return { ...built, etag };
  const [gzipped, br] = await Promise.all([
    gzipAsync(built.body, { level: 6 }),
    built.status === 200
      ? brotliAsync(built.body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: built.body.length,
            [zlibConstants.BROTLI_PARAM_MODE]: built.type.startsWith('text/') ? zlibConstants.BROTLI_MODE_TEXT : zlibConstants.BROTLI_MODE_GENERIC,
          },
        })
      : undefined,
  ]);
  return { ...built, etag, gzip: gzipped, br };
}

/**
 * The encoding to send: brotli, then gzip, when the client accepts it (a `;q=0` refuses it)
 * and the entry has it; else the body as it is.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined, cached: CachedResponse): 'br' | 'gzip' | undefined {
  if (typeof acceptEncoding !== 'string' || acceptEncoding === '' || !cached.gzip) return undefined;
  let br = false;
  let gz = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding !== 'br' && coding !== 'gzip' && coding !== '*') continue;
    const refused = params.some((p) => /^\s*q\s*=\s*0(?:\.0{0,3})?\s*$/i.test(p));
    if (refused) continue;
    if (coding === 'br' || coding === '*') br = true;
    if (coding === 'gzip' || coding === '*') gz = true;
  }
  if (br && cached.br) return 'br';
  return gz ? 'gzip' : undefined;
}

/**
 * Writes a cached answer with all its headers in one writeHead call (an array of name/value
 * pairs, which spares Node validating and storing each header one by one): 304 when the
 * client's copy is current, else the body in the best encoding it accepts. Used by the Express
 * routes and by the fast lane before Express (server/fast-lane.ts) alike, so both send the same.
 * `extra`: headers set before (security headers, the request id). Returns the status sent.
 */
export function writeCached(req: IncomingMessage, res: ServerResponse, cached: CachedResponse, extra: string[] = []): number {
  // A stale answer (see ResponseCache.get) says so, and no cache on the way may keep it.
  const head = cached.stale
    ? [...extra, 'ETag', cached.etag, 'Cache-Control', 'no-store', 'Vary', cached.vary ?? 'Accept-Encoding', ...STALE_HEADERS]
    : [...extra, 'ETag', cached.etag, 'Cache-Control', cached.cacheControl, 'Vary', cached.vary ?? 'Accept-Encoding'];
  const ifNoneMatch = req.headers['if-none-match'];
  if (cached.status === 200 && ifNoneMatch && matchesEtag(ifNoneMatch, cached.etag)) {
    res.writeHead(304, head);
    res.end();
    return 304;
  }
  const encoding = chooseEncoding(req.headers['accept-encoding'], cached);
  const body = encoding === 'br' ? cached.br! : encoding === 'gzip' ? cached.gzip! : cached.body;
  head.push('Content-Type', cached.type, 'Content-Length', String(body.length));
  if (encoding) head.push('Content-Encoding', encoding);
  res.writeHead(cached.status, head);
  res.end(req.method === 'HEAD' ? undefined : body);
  return cached.status;
}

/** Marks an answer sent stale: our own header, and HTTP's warning 110 (RFC 7234) for caches and tools that know it. */
export const STALE_HEADERS = ['X-C360-Stale', '1', 'Warning', '110 - "Response is Stale"'];

/** Sends a cached response from an Express route (headers set so far, e.g. helmet's, are kept). */
export function sendCached(req: IncomingMessage, res: ServerResponse, cached: CachedResponse): void {
  writeCached(req, res, cached);
}

/** If-None-Match holds our ETag (weak or strong, alone or in a list). */
export function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch === etag || ifNoneMatch.split(/\s*,\s*/).some((tag) => tag === etag || tag === `W/${etag}` || tag === '*');
}

export function jsonBody(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value));
}
