import type { Knex } from 'knex';
import pLimit from 'p-limit';
import { effectiveOwnerGroup, type Feed } from '../feeds/feed';
import { claimDueFeeds, moveFeed, recordFetchOutcome } from '../feeds/feed-repository';
import type { Logger } from '../logger';
import { decodeFeedBody } from './decode-charset';
import { FeedFetchError, fetchFeed, headerValue, type FetchOptions } from './http-fetch';
import { normaliseEntry, siteAddressKey, type NormalisedItem } from './normalise-item';
import { FeedParseError, parseFeedText, type ParsedFeed } from './parse-feed';
import { failureDelayMs, needsUnconditionalFetch, parseRetryAfter, successDelayMs } from './politeness';
import { storeItems, type ItemSource } from './raw-item-repository';

/**
 * The ingest stage: fetch every due feed politely, parse, normalise, sanitise, de-duplicate and
 * store new items as pending source items. One bad feed or item is logged, counted and skipped;
 * it never stops the run. Progress leaves through `onProgress` (the CLI draws it).
 */

export type FeedRunStatus = 'fetched' | 'not_modified' | 'failed';

export type FeedRunResult = {
  feedId: number | null;
  outlet: string;
  url: string;
  status: FeedRunStatus;
  httpStatus: number | null;
  itemsNew: number;
  duplicates: number;
  carried: number;
  itemsSkipped: number;
  error?: string;
  /** What kind of failure (a fetch error's kind, `parse`, or `other`): a few values, for counting. */
  errorKind?: string;
  nextFetchAt?: string;
};

export type IngestStats = {
  feeds: number;
  fetched: number;
  notModified: number;
  failed: number;
  itemsNew: number;
  duplicates: number;
  carried: number;
  itemsSkipped: number;
  durationMs: number;
  results: FeedRunResult[];
};

export type IngestProgress =
  | { type: 'start'; totalDue: number }
  | { type: 'batch-start'; batch: number; size: number }
  | { type: 'feed-done'; batch: number; result: FeedRunResult }
  | { type: 'batch-done'; batch: number };

export type IngestDeps = {
  clock: () => Date;
  logger: Logger;
  fetch: Pick<FetchOptions, 'userAgent' | 'allowPrivate' | 'allowOrigins' | 'timeoutMs' | 'maxBytes' | 'maxRedirects' | 'resolver'>;
  onProgress?: (event: IngestProgress) => void;
  /** Each feed's outcome as it is recorded (the server counts them for /metrics); kept when a caller sets its own onProgress. */
  onFeedDone?: (result: FeedRunResult) => void;
  random?: () => number;
  /**
   * Ends the run early (the process shutting down): no further batch is claimed, feeds not yet
   * started are left to their lease, and fetches in flight stop at once. Nothing is recorded for
   * a fetch stopped this way (it is no failure of the feed).
   */
  signal?: AbortSignal;
  /** Most items taken from one fetch, newest first (C360_MAX_ITEMS_PER_FETCH; default 300). */
  maxItemsPerFetch?: number;
};

export const DEFAULT_MAX_ITEMS_PER_FETCH = 300;

export type IngestOptions = {
  /** Fetch this feed now, due or not. */
  feedId?: number;
  /** Feeds fetched at once (default 8). */
  concurrency?: number;
  /** Requests at once to one host (default 2), whatever the concurrency. */
  perHostLimit?: number;
  /** Feeds claimed per batch (default 50); a worker holds at most this many leases. */
  batchSize?: number;
  /** How long a claimed feed is held before another worker may take it (default 5 min). */
  leaseMs?: number;
  /** Stop after this many batches (default: until nothing is due). */
  maxBatches?: number;
  /** Fetch the demo's own feeds too (only `c360 demo`, whose feed host serves them, sets this). */
  includeDemo?: boolean;
};

export function emptyStats(): IngestStats {
  return { feeds: 0, fetched: 0, notModified: 0, failed: 0, itemsNew: 0, duplicates: 0, carried: 0, itemsSkipped: 0, durationMs: 0, results: [] };
}

export function addResult(stats: IngestStats, result: FeedRunResult): void {
  stats.feeds++;
  if (result.status === 'fetched') stats.fetched++;
  else if (result.status === 'not_modified') stats.notModified++;
  else stats.failed++;
  stats.itemsNew += result.itemsNew;
  stats.duplicates += result.duplicates;
  stats.carried += result.carried;
  stats.itemsSkipped += result.itemsSkipped;
  stats.results.push(result);
}

export async function countDueFeeds(db: Knex, now: Date, feedId?: number, includeDemo = false): Promise<number> {
  const q = db('feeds').count({ count: '*' });
  if (feedId !== undefined) q.where('id', feedId);
  else {
    q.where('enabled', true).where('next_fetch_at', '<=', now.toISOString());
    if (!includeDemo) q.where('demo', false);
  }
  const [row] = await q;
  return Number(row?.count ?? 0);
}

export async function ingestDueFeeds(db: Knex, deps: IngestDeps, options: IngestOptions = {}): Promise<IngestStats> {
  const started = Date.now();
  const stats = emptyStats();
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const perHost = Math.max(1, options.perHostLimit ?? 2);
  const batchSize = Math.max(1, options.batchSize ?? 50);
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const limit = pLimit(concurrency);
  const hostLimits = new Map<string, ReturnType<typeof pLimit>>();
  const hostLimit = (url: string) => {
    let host = '';
    try {
      host = new URL(url).host.toLowerCase();
    } catch {
      // a bad URL fails in fetchFeed with a clear message
    }
    let l = hostLimits.get(host);
    if (!l) hostLimits.set(host, (l = pLimit(perHost)));
    return l;
  };
  deps.onProgress?.({ type: 'start', totalDue: await countDueFeeds(db, deps.clock(), options.feedId, options.includeDemo) });

  for (let batch = 1; options.maxBatches === undefined || batch <= options.maxBatches; batch++) {
    if (deps.signal?.aborted) break;
    const feeds = await claimDueFeeds(db, { now: deps.clock(), limit: batchSize, leaseMs, feedId: options.feedId, includeDemo: options.includeDemo });
    if (feeds.length === 0) break;
    deps.onProgress?.({ type: 'batch-start', batch, size: feeds.length });
    await Promise.all(
      feeds.map((feed) =>
        limit(() =>
          hostLimit(feed.url)(async () => {
            if (deps.signal?.aborted) return;
            const result = await ingestOneFeed(db, feed, deps);
            addResult(stats, result);
            if (result.errorKind !== 'aborted') deps.onFeedDone?.(result);
            deps.onProgress?.({ type: 'feed-done', batch, result });
          }),
        ),
      ),
    );
    deps.onProgress?.({ type: 'batch-done', batch });
    if (options.feedId !== undefined) break;
  }
  stats.durationMs = Date.now() - started;
  return stats;
}

/** Fetches, parses and stores one feed, and records the outcome on the feed. Never throws. */
export async function ingestOneFeed(db: Knex, feed: Feed, deps: IngestDeps): Promise<FeedRunResult> {
  const log = deps.logger.child({ feedId: feed.id, outlet: feed.outlet });
  const base: FeedRunResult = {
    feedId: feed.id,
    outlet: feed.outlet,
    url: feed.url,
    status: 'failed',
    httpStatus: null,
    itemsNew: 0,
    duplicates: 0,
    carried: 0,
    itemsSkipped: 0,
  };
  const now = deps.clock();
  const unconditional = needsUnconditionalFetch(feed.lastUnconditionalAt ? new Date(feed.lastUnconditionalAt) : null, now);
  try {
    const response = await fetchFeed(feed.url, {
      ...deps.fetch,
      signal: deps.signal,
      etag: unconditional ? null : feed.etag,
      lastModified: unconditional ? null : feed.lastModified,
    });
    const fetchedAt = deps.clock();
    if (response.movedTo) {
      const moved = await moveFeed(db, feed.id, response.movedTo, fetchedAt);
      log.info(
        { from: feed.url, to: response.movedTo, moved },
        moved ? 'feed moved permanently: address updated' : 'feed moved permanently to an address another feed already has',
      );
    }
    if (response.kind === 'not_modified') {
      const next = new Date(
        fetchedAt.getTime() +
          successDelayMs({
            intervalSeconds: feed.fetchIntervalSeconds,
            ttlMinutes: feed.ttlSeconds === null ? null : feed.ttlSeconds / 60,
            headers: response.headers,
            now: fetchedAt,
          }),
      );
      await recordFetchOutcome(db, feed.id, fetchedAt, {
        ok: true,
        status: 'not_modified',
        httpStatus: 304,
        etag: headerValue(response.headers.etag) ?? feed.etag,
        lastModified: headerValue(response.headers['last-modified']) ?? feed.lastModified,
        ttlSeconds: feed.ttlSeconds,
        unconditional: false,
        nextFetchAt: next,
      });
      return { ...base, status: 'not_modified', httpStatus: 304, nextFetchAt: next.toISOString() };
    }
    const { text } = decodeFeedBody(response.body, response.contentType);
    const parsed = await parseFeedText(text);
    const source: ItemSource = {
      feedId: feed.id,
      outlet: feed.outlet,
      kind: feed.kind,
      ownerGroup: effectiveOwnerGroup(feed.outlet, feed.ownerGroup),
      language: parsed.language?.slice(0, 10) ?? feed.language,
      region: feed.region,
    };
    const normalised = normaliseEntries(parsed, { fetchedAt, baseUrl: response.finalUrl }, log);
    const { items, over } = newestItems(normalised.items, deps.maxItemsPerFetch ?? DEFAULT_MAX_ITEMS_PER_FETCH);
    if (over > 0) log.info({ taken: items.length, over }, 'feed lists more items than one fetch takes: the newest kept');
    const skipped = normalised.skipped;
    const stored = await storeItems(db, items, source, fetchedAt);
    const next = new Date(
      fetchedAt.getTime() +
        successDelayMs({ intervalSeconds: feed.fetchIntervalSeconds, ttlMinutes: parsed.ttlMinutes, headers: response.headers, now: fetchedAt }),
    );
    await recordFetchOutcome(db, feed.id, fetchedAt, {
      ok: true,
      status: 'fetched',
      httpStatus: response.status,
      etag: headerValue(response.headers.etag),
      lastModified: headerValue(response.headers['last-modified']),
      ttlSeconds: parsed.ttlMinutes === undefined ? null : parsed.ttlMinutes * 60,
      unconditional,
      nextFetchAt: next,
    });
    log.debug({ new: stored.inserted, duplicates: stored.duplicates, skipped }, 'feed ingested');
    return {
      ...base,
      status: 'fetched',
      httpStatus: response.status,
      itemsNew: stored.inserted,
      duplicates: stored.duplicates,
      carried: stored.carried,
      itemsSkipped: skipped,
      nextFetchAt: next.toISOString(),
    };
  } catch (error) {
    if (error instanceof FeedFetchError && error.kind === 'aborted') {
      log.info('fetch stopped: shutting down');
      return { ...base, status: 'failed', error: error.message, errorKind: 'aborted' };
    }
    const failedAt = deps.clock();
    const message = describeError(error);
    const httpStatus = error instanceof FeedFetchError ? (error.status ?? null) : null;
    const retryAfter =
      error instanceof FeedFetchError && (httpStatus === 429 || httpStatus === 503)
        ? parseRetryAfter(headerValue(error.headers?.['retry-after']) ?? undefined, failedAt)
        : null;
    const consecutiveErrors = feed.consecutiveErrors + 1;
    const next = new Date(
      failedAt.getTime() + failureDelayMs({ intervalSeconds: feed.fetchIntervalSeconds, consecutiveErrors, retryAfterMs: retryAfter, random: deps.random }),
    );
    log.warn({ err: message, consecutiveErrors, nextFetchAt: next.toISOString() }, 'feed failed');
    try {
      await recordFetchOutcome(db, feed.id, failedAt, { ok: false, httpStatus, error: message, nextFetchAt: next, consecutiveErrors });
    } catch (recordError) {
      log.error({ err: describeError(recordError) }, 'could not record the feed failure');
    }
    const errorKind = error instanceof FeedFetchError ? error.kind : error instanceof FeedParseError ? 'parse' : 'other';
    return { ...base, status: 'failed', httpStatus, error: message, errorKind, nextFetchAt: next.toISOString() };
  }
}

/**
 * At most `max` items, the newest by date (a feed listing its whole archive, or a hostile one
 * listing tens of thousands, cannot flood the pipeline from one fetch). Stable for equal dates, so
 * the feed's own order decides among them.
 */
export function newestItems(items: NormalisedItem[], max: number): { items: NormalisedItem[]; over: number } {
  if (items.length <= max) return { items, over: 0 };
  const newest = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.publishedAt.getTime() - a.item.publishedAt.getTime() || a.index - b.index)
    .slice(0, max)
    .map((entry) => entry.item);
  return { items: newest, over: items.length - max };
}

/** Normalises each entry on its own: one broken entry is logged and skipped, the rest go on. */
export function normaliseEntries(
  parsed: ParsedFeed,
  context: { fetchedAt: Date; baseUrl?: string },
  log: Logger,
): { items: NormalisedItem[]; skipped: number } {
  const items: NormalisedItem[] = [];
  let skipped = 0;
  for (const bad of parsed.skipped ?? []) {
    skipped++;
    log.warn({ item: bad.index, reason: bad.reason }, 'item skipped');
  }
  const baseUrl = parsed.link ?? context.baseUrl;
  const siteKey = siteAddressKey(parsed.link, context.baseUrl);
  for (const entry of parsed.entries) {
    try {
      const item = normaliseEntry(entry, { fetchedAt: context.fetchedAt, baseUrl: safeBase(baseUrl) ?? context.baseUrl });
      if (item && siteKey !== null && item.url && siteAddressKey(item.url) === siteKey) item.urlIsIdentity = false;
      if (item) items.push(item);
      else skipped++;
    } catch (error) {
      skipped++;
      log.warn({ err: describeError(error), guid: entry.guid }, 'item skipped');
    }
  }
  return { items, skipped };
}

function safeBase(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).href;
  } catch {
    return undefined;
  }
}

const ERROR_MAX = 300;

/**
 * A short, user-safe description of why a feed failed, for the log and the feed's last error. A
 * database error is named by its SQLSTATE code only: the driver's message starts with the whole
 * SQL text (hundreds of KB for a big feed) and may carry the items' values.
 */
export function describeError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (!(error instanceof FeedFetchError || error instanceof FeedParseError) && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    return `Could not store the feed's items (database error ${code}).`;
  }
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n')[0]!.replace(/\s+/g, ' ').trim();
  return line.length > ERROR_MAX ? `${line.slice(0, ERROR_MAX - 1)}…` : line;
}
