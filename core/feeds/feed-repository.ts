import type { Knex } from 'knex';
import { C360Error } from '../errors';
import { newFeedSchema, type Feed, type NewFeed, type OutletKind, type ValidFeed } from './feed';

/** All SQL about the feed registry. Rows map to `Feed` (camelCase) only here. */

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

export function rowToFeed(row: Record<string, unknown>): Feed {
  return {
    id: Number(row.id),
    url: String(row.url),
    outlet: String(row.outlet),
    region: String(row.region),
    language: String(row.language),
    kind: row.kind as OutletKind,
    ownerGroup: (row.owner_group as string | null) ?? null,
    sectionHint: (row.section_hint as string | null) ?? null,
    htmlUrl: (row.html_url as string | null) ?? null,
    enabled: Boolean(row.enabled),
    demo: Boolean(row.demo),
    fetchIntervalSeconds: Number(row.fetch_interval_seconds),
    etag: (row.etag as string | null) ?? null,
    lastModified: (row.last_modified as string | null) ?? null,
    ttlSeconds: row.ttl_seconds === null || row.ttl_seconds === undefined ? null : Number(row.ttl_seconds),
    lastFetchedAt: iso(row.last_fetched_at),
    lastUnconditionalAt: iso(row.last_unconditional_at),
    lastSuccessAt: iso(row.last_success_at),
    lastStatus: (row.last_status as string | null) ?? null,
    lastHttpStatus: row.last_http_status === null || row.last_http_status === undefined ? null : Number(row.last_http_status),
    lastError: (row.last_error as string | null) ?? null,
    consecutiveErrors: Number(row.consecutive_errors),
    nextFetchAt: iso(row.next_fetch_at)!,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

export function validateFeed(input: NewFeed): ValidFeed {
  const parsed = newFeedSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'feed'}: ${i.message}`);
    throw new C360Error('invalid_input', `Invalid feed: ${problems.join('; ')}.`, { details: problems });
  }
  return parsed.data;
}

function registryColumns(feed: ValidFeed): Record<string, unknown> {
  return {
    url: feed.url,
    outlet: feed.outlet,
    region: feed.region,
    language: feed.language,
    kind: feed.kind,
    owner_group: feed.ownerGroup ?? null,
    section_hint: feed.sectionHint ?? null,
    html_url: feed.htmlUrl ?? null,
    enabled: feed.enabled,
    fetch_interval_seconds: feed.fetchIntervalSeconds,
  };
}

export async function addFeed(db: Knex, input: NewFeed): Promise<Feed> {
  const feed = validateFeed(input);
  const [row] = await db('feeds').insert(registryColumns(feed)).onConflict('url').ignore().returning('*');
  if (!row) {
    throw new C360Error('conflict', `A feed with the address ${feed.url} is already registered.`, {
      hint: 'Use `c360 feeds list` to see it, or `c360 feeds remove` first.',
    });
  }
  return rowToFeed(row);
}

/**
 * Adds new feeds and refreshes the registry fields (outlet, region, kind, owner group…) of known
 * ones by URL, keeping their fetch state (validators, errors, schedule). Used by OPML import.
 */
export async function upsertFeeds(db: Knex, inputs: readonly NewFeed[]): Promise<{ added: number; updated: number; feeds: Feed[] }> {
  const valid = inputs.map(validateFeed);
  const byUrl = new Map(valid.map((f) => [f.url, f]));
  if (byUrl.size === 0) return { added: 0, updated: 0, feeds: [] };
  return db.transaction(async (trx) => {
    const existing = new Set(
      (
        await trx('feeds')
          .select('url')
          .whereIn('url', [...byUrl.keys()])
      ).map((r: { url: string }) => r.url),
    );
    const rows: Record<string, unknown>[] = [];
    for (const feed of byUrl.values()) {
      const columns = registryColumns(feed);
      const [row] = await trx('feeds')
        .insert(columns)
        .onConflict('url')
        .merge({ ...columns, updated_at: trx.fn.now() })
        .returning('*');
      rows.push(row);
    }
    const added = [...byUrl.keys()].filter((url) => !existing.has(url)).length;
    return { added, updated: byUrl.size - added, feeds: rows.map(rowToFeed) };
  });
}

export async function listFeeds(db: Knex, options: { enabledOnly?: boolean } = {}): Promise<Feed[]> {
  const q = db('feeds')
    .select('*')
    .orderBy([{ column: 'outlet' }, { column: 'id' }]);
  if (options.enabledOnly) q.where('enabled', true);
  return (await q).map(rowToFeed);
}

export async function getFeed(db: Knex, id: number): Promise<Feed | null> {
  const row = await db('feeds').where('id', id).first();
  return row ? rowToFeed(row) : null;
}

/** Removes a feed by id or URL. Its stored items stay (their feed_id becomes null). */
export async function removeFeed(db: Knex, idOrUrl: string): Promise<Feed | null> {
  const q = db('feeds').delete().returning('*');
  if (/^\d+$/.test(idOrUrl)) q.where('id', Number(idOrUrl));
  else q.where('url', idOrUrl);
  const [row] = await q;
  return row ? rowToFeed(row) : null;
}

/** The registry's kind and owner group for an outlet name (items read from files inherit them). */
export async function findOutletProfile(
  db: Knex,
  outlet: string,
): Promise<{ kind: OutletKind; ownerGroup: string | null; region: string; language: string } | null> {
  const row = await db('feeds').select('kind', 'owner_group', 'region', 'language').whereRaw('lower(outlet) = lower(?)', [outlet]).orderBy('id').first();
  return row ? { kind: row.kind, ownerGroup: row.owner_group ?? null, region: row.region, language: row.language } : null;
}

/**
 * Claims up to `limit` feeds due at `now` (or the one feed asked for) and pushes their next fetch a
 * lease ahead, in one statement with SKIP LOCKED: several workers on one PostgreSQL never fetch a
 * feed twice, and a worker killed mid-fetch leaves its feeds due again when the lease ends.
 */
export async function claimDueFeeds(db: Knex, options: { now: Date; limit: number; leaseMs: number; feedId?: number; includeDemo?: boolean }): Promise<Feed[]> {
  const leaseUntil = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const pick = db('feeds').select('id').forUpdate().skipLocked().limit(options.limit);
  if (options.feedId !== undefined) pick.where('id', options.feedId);
  else {
    pick
      .where('enabled', true)
      .where('next_fetch_at', '<=', options.now.toISOString())
      .orderBy([{ column: 'next_fetch_at' }, { column: 'id' }]);
    // The demo's feeds live on its own loopback host, which is gone once the demo stops.
    if (!options.includeDemo) pick.where('demo', false);
  }
  const rows = await db('feeds').update({ next_fetch_at: leaseUntil }).whereIn('id', pick).returning('*');
  return rows.map(rowToFeed).sort((a: Feed, b: Feed) => a.id - b.id);
}

export type FetchOutcome =
  | {
      ok: true;
      status: 'fetched' | 'not_modified';
      httpStatus: number;
      etag: string | null;
      lastModified: string | null;
      ttlSeconds: number | null;
      unconditional: boolean;
      nextFetchAt: Date;
      itemCount?: number;
    }
  | { ok: false; httpStatus: number | null; error: string; nextFetchAt: Date; consecutiveErrors: number };

/** Writes a fetch's outcome: validators and schedule on success; error, count and backoff on failure. */
export async function recordFetchOutcome(db: Knex, feedId: number, now: Date, outcome: FetchOutcome): Promise<void> {
  const at = now.toISOString();
  if (outcome.ok) {
    await db('feeds')
      .update({
        etag: outcome.etag,
        last_modified: outcome.lastModified,
        ttl_seconds: outcome.ttlSeconds,
        last_fetched_at: at,
        last_success_at: at,
        ...(outcome.unconditional ? { last_unconditional_at: at } : {}),
        last_status: outcome.status,
        last_http_status: outcome.httpStatus,
        last_error: null,
        consecutive_errors: 0,
        next_fetch_at: outcome.nextFetchAt.toISOString(),
        updated_at: at,
      })
      .where('id', feedId);
  } else {
    await db('feeds')
      .update({
        last_fetched_at: at,
        last_status: 'failed',
        last_http_status: outcome.httpStatus,
        last_error: outcome.error.slice(0, 1_000),
        consecutive_errors: outcome.consecutiveErrors,
        next_fetch_at: outcome.nextFetchAt.toISOString(),
        updated_at: at,
      })
      .where('id', feedId);
  }
}

/**
 * Follows a permanent redirect: the feed's address becomes the one it moved to, unless another
 * registered feed already has that address (then the two are left for an operator to merge).
 */
export async function moveFeed(db: Knex, feedId: number, url: string, now: Date): Promise<boolean> {
  const taken = await db('feeds').where('url', url).whereNot('id', feedId).first('id');
  if (taken) return false;
  await db('feeds').update({ url, updated_at: now.toISOString() }).where('id', feedId);
  return true;
}

/** Makes every enabled feed (or one) due now: `ingest --feed ID` and benchmarks use it. */
export async function markFeedsDue(db: Knex, now: Date, feedId?: number): Promise<number> {
  const q = db('feeds').update({ next_fetch_at: now.toISOString() });
  if (feedId !== undefined) q.where('id', feedId);
  return q;
}

/**
 * Registers the demo's outlets as demo feeds at the demo host's current addresses. A feed is found
 * again by its outlet (the port changes with each run), so a second run updates the address and
 * makes the feed due now instead of adding another. Returns the feeds as registered.
 */
export async function registerDemoFeeds(db: Knex, inputs: readonly NewFeed[], now: Date): Promise<{ added: number; updated: number; feeds: Feed[] }> {
  const valid = inputs.map(validateFeed);
  return db.transaction(async (trx) => {
    let added = 0;
    const feeds: Feed[] = [];
    for (const feed of valid) {
      const columns = {
        ...registryColumns(feed),
        demo: true,
        enabled: true,
        etag: null,
        last_modified: null,
        consecutive_errors: 0,
        last_error: null,
        next_fetch_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      let [row] = await trx('feeds').update(columns).where('demo', true).where('outlet', feed.outlet).returning('*');
      if (!row) {
        [row] = await trx('feeds').insert(columns).returning('*');
        added++;
      }
      feeds.push(rowToFeed(row));
    }
    return { added, updated: valid.length - added, feeds };
  });
}

/** Switches the demo's feeds off (the demo stops and its feed host with it). */
export async function disableDemoFeeds(db: Knex, now: Date): Promise<number> {
  return db('feeds').update({ enabled: false, updated_at: now.toISOString() }).where('demo', true).where('enabled', true);
}
