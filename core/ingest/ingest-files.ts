import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Knex } from 'knex';
import { effectiveOwnerGroup, OUTLET_KINDS, type OutletKind } from '../feeds/feed';
import { findOutletProfile } from '../feeds/feed-repository';
import { parseOpml } from '../feeds/opml';
import { C360Error } from '../errors';
import type { Logger } from '../logger';
import { decodeFeedBody } from './decode-charset';
import { addResult, describeError, emptyStats, normaliseEntries, type FeedRunResult, type IngestProgress, type IngestStats } from './ingest-feeds';
import { parseFeedDate } from './normalise-item';
import { parseFeedText, type ParsedFeed } from './parse-feed';
import { storeItems } from './raw-item-repository';

/**
 * Offline and scripted ingest: a feed document from a file or stdin, attributed to an outlet, and
 * the demo's sample feeds listed in an OPML manifest. Same parsing, normalising and de-duplication
 * as fetched feeds.
 */

export type OutletInput = { outlet: string; kind?: OutletKind; ownerGroup?: string | null; language?: string | null; region?: string | null };

export type FileIngestDeps = { clock: () => Date; logger: Logger; onProgress?: (event: IngestProgress) => void };

/**
 * Moves every entry's dates by one offset so that the newest entry of all the given feeds is
 * `now`: sample feeds keep their relative timing (what happened first, what followed) and always
 * look current. RSS has no relative dates, so this is how the demo stays fresh.
 */
export function shiftFeedsToNow(feeds: readonly ParsedFeed[], now: Date): number {
  let newest = -Infinity;
  for (const feed of feeds)
    for (const e of feed.entries)
      newest = Math.max(newest, parseFeedDate(e.published)?.getTime() ?? -Infinity, parseFeedDate(e.updated)?.getTime() ?? -Infinity);
  if (!Number.isFinite(newest)) return 0;
  const offset = now.getTime() - newest;
  for (const feed of feeds) {
    for (const entry of feed.entries) {
      const published = parseFeedDate(entry.published);
      const updated = parseFeedDate(entry.updated);
      if (published) entry.published = new Date(published.getTime() + offset).toISOString();
      if (updated) entry.updated = new Date(updated.getTime() + offset).toISOString();
    }
  }
  return offset;
}

async function resolveOutlet(db: Knex, input: OutletInput): Promise<{ kind: OutletKind; ownerGroup: string; language: string | null; region: string | null }> {
  const outlet = input.outlet.trim();
  if (!outlet) throw new C360Error('invalid_input', 'An outlet name is required.', { hint: 'Pass --outlet "Outlet Name".' });
  if (input.kind && !OUTLET_KINDS.includes(input.kind))
    throw new C360Error('invalid_input', `Unknown outlet kind "${input.kind}".`, { hint: `Use one of: ${OUTLET_KINDS.join(', ')}.` });
  const profile = await findOutletProfile(db, outlet);
  return {
    kind: input.kind ?? profile?.kind ?? 'press',
    ownerGroup: effectiveOwnerGroup(outlet, input.ownerGroup ?? profile?.ownerGroup),
    language: input.language ?? profile?.language ?? null,
    region: input.region ?? profile?.region ?? null,
  };
}

/** Ingests one feed document (bytes as read from a file or stdin). Parse failures are thrown: the caller asked for this one file. */
export async function ingestFeedDocument(
  db: Knex,
  deps: FileIngestDeps,
  input: OutletInput & { body: Buffer; label: string; shiftDatesToNow?: boolean },
): Promise<IngestStats> {
  const started = Date.now();
  const parsed = await parseFeedOrThrow(input.body, input.label);
  if (input.shiftDatesToNow) shiftFeedsToNow([parsed], deps.clock());
  const stats = emptyStats();
  const result = await storeParsed(db, deps, parsed, input, input.label);
  addResult(stats, result);
  deps.onProgress?.({ type: 'feed-done', batch: 1, result });
  stats.durationMs = Date.now() - started;
  return stats;
}

async function parseFeedOrThrow(body: Buffer, label: string): Promise<ParsedFeed> {
  try {
    return await parseFeedText(decodeFeedBody(body).text);
  } catch (error) {
    throw new C360Error('invalid_input', `${label}: ${describeError(error)}`, { hint: 'Pass an RSS, RDF, Atom or JSON Feed document.' });
  }
}

async function storeParsed(db: Knex, deps: FileIngestDeps, parsed: ParsedFeed, input: OutletInput, label: string): Promise<FeedRunResult> {
  const outlet = await resolveOutlet(db, input);
  const fetchedAt = deps.clock();
  const log = deps.logger.child({ file: label, outlet: input.outlet });
  const { items, skipped } = normaliseEntries(parsed, { fetchedAt }, log);
  const stored = await storeItems(
    db,
    items,
    {
      feedId: null,
      outlet: input.outlet.trim(),
      kind: outlet.kind,
      ownerGroup: outlet.ownerGroup,
      language: parsed.language?.slice(0, 10) ?? outlet.language,
      region: outlet.region,
    },
    fetchedAt,
  );
  return {
    feedId: null,
    outlet: input.outlet.trim(),
    url: label,
    status: 'fetched',
    httpStatus: null,
    itemsNew: stored.inserted,
    duplicates: stored.duplicates,
    carried: stored.carried,
    itemsSkipped: skipped,
  };
}

/**
 * Ingests the feed files an OPML manifest lists (xmlUrl relative to the manifest), each attributed
 * to its outline's outlet, kind and owner group. Dates are shifted together, so the same event
 * reported by several outlets keeps its order. A file that fails is counted and the rest go on.
 */
export async function ingestFeedManifest(db: Knex, deps: FileIngestDeps, options: { manifest: string; shiftDatesToNow?: boolean }): Promise<IngestStats> {
  const started = Date.now();
  const outlines = parseOpml(readFileSync(options.manifest, 'utf8'));
  const dir = dirname(options.manifest);
  const stats = emptyStats();
  deps.onProgress?.({ type: 'start', totalDue: outlines.length });
  deps.onProgress?.({ type: 'batch-start', batch: 1, size: outlines.length });
  const loaded: { outline: (typeof outlines)[number]; parsed?: ParsedFeed; error?: string }[] = [];
  for (const outline of outlines) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(outline.url)) {
      loaded.push({ outline, error: `${outline.url}: a manifest lists local files only` });
      continue;
    }
    try {
      loaded.push({ outline, parsed: await parseFeedOrThrow(readFileSync(resolve(dir, outline.url)), outline.url) });
    } catch (error) {
      loaded.push({ outline, error: describeError(error) });
    }
  }
  if (options.shiftDatesToNow)
    shiftFeedsToNow(
      loaded.flatMap((l) => (l.parsed ? [l.parsed] : [])),
      deps.clock(),
    );
  for (const { outline, parsed, error } of loaded) {
    let result: FeedRunResult;
    if (!parsed) {
      result = {
        feedId: null,
        outlet: outline.outlet,
        url: outline.url,
        status: 'failed',
        httpStatus: null,
        itemsNew: 0,
        duplicates: 0,
        carried: 0,
        itemsSkipped: 0,
        error,
      };
      deps.logger.warn({ file: outline.url, err: error }, 'sample feed skipped');
    } else {
      try {
        result = await storeParsed(
          db,
          deps,
          parsed,
          { outlet: outline.outlet, kind: outline.kind, ownerGroup: outline.ownerGroup, language: outline.language, region: outline.region },
          outline.url,
        );
      } catch (storeError) {
        result = {
          feedId: null,
          outlet: outline.outlet,
          url: outline.url,
          status: 'failed',
          httpStatus: null,
          itemsNew: 0,
          duplicates: 0,
          carried: 0,
          itemsSkipped: 0,
          error: describeError(storeError),
        };
      }
    }
    addResult(stats, result);
    deps.onProgress?.({ type: 'feed-done', batch: 1, result });
  }
  deps.onProgress?.({ type: 'batch-done', batch: 1 });
  stats.durationMs = Date.now() - started;
  return stats;
}
