import { readFileSync } from 'node:fs';
import { basename, dirname, extname, resolve } from 'node:path';
import { parseOpml, type OpmlOutline } from '../feeds/opml';
import type { NewFeed } from '../feeds/feed';
import { C360Error } from '../errors';

/**
 * The demo's living feeds: the sample feeds (data/samples/feeds/) released over time, as a real
 * outlet publishes. At the start a first share of the items (the oldest two-thirds) is out, dated
 * so the newest of them is now; then the rest comes out a few at a time, each dated at its
 * release. What is out is a pure function of the clock, so the feed host needs no timer and a test
 * moves a fake clock.
 *
 * Each entry is copied verbatim from its sample file (only its dates change), so a fetched item is
 * the same item the offline ingest reads: same guid, text and links, and a second run stores nothing twice.
 */

export type SampleEntry = { id: string; block: string; published: number; updated: number | null };
export type SampleFeedFile = {
  /** File name without its extension: the feed's path on the host (/feeds/<slug>.<ext>). */
  slug: string;
  ext: string;
  format: 'rss' | 'atom';
  outline: OpmlOutline;
  head: string;
  tail: string;
  entries: SampleEntry[];
};

export type ReleaseSettings = { start: Date; intervalMs: number; batchSize: number; firstShare: number };
export const DEFAULT_RELEASE: Omit<ReleaseSettings, 'start'> = { intervalMs: 3 * 60_000, batchSize: 3, firstShare: 2 / 3 };

const between = (text: string, tag: string): string | null => new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`).exec(text)?.[1]?.trim() ?? null;

function parseSampleFile(text: string, file: string, outline: OpmlOutline): SampleFeedFile {
  const format = /<feed[\s>]/.test(text) && !/<rss[\s>]/.test(text) ? 'atom' : 'rss';
  const tag = format === 'atom' ? 'entry' : 'item';
  const pattern = new RegExp(`[ \\t]*<${tag}(?:\\s[^>]*)?>[\\s\\S]*?</${tag}>\\s*`, 'g');
  const blocks = [...text.matchAll(pattern)];
  if (blocks.length === 0) throw new C360Error('invalid_input', `${file}: no <${tag}> in the sample feed.`);
  const first = blocks[0]!.index!;
  const last = blocks[blocks.length - 1]!;
  const entries = blocks.map((m, i): SampleEntry => {
    const block = m[0];
    const id = (format === 'atom' ? between(block, 'id') : (between(block, 'guid') ?? between(block, 'link'))) ?? `${file}#${i}`;
    const published = Date.parse((format === 'atom' ? (between(block, 'published') ?? between(block, 'updated')) : between(block, 'pubDate')) ?? '');
    const updated = format === 'atom' ? Date.parse(between(block, 'updated') ?? '') : Number.NaN;
    if (Number.isNaN(published)) throw new C360Error('invalid_input', `${file}: entry ${id} has no date.`);
    return { id, block, published, updated: Number.isNaN(updated) ? null : updated };
  });
  // The feed's own <ttl> would tell a reader to wait 30 minutes: the demo releases every few.
  const head = text.slice(0, first).replace(/[ \t]*<ttl>[^<]*<\/ttl>\s*\n?/, '');
  return { slug: basename(file, extname(file)), ext: extname(file).slice(1), format, outline, head, tail: text.slice(last.index! + last[0].length), entries };
}

/** Reads the OPML manifest and the feed files it lists (relative paths next to it). */
export function loadSampleFeeds(manifest: string): SampleFeedFile[] {
  const dir = dirname(manifest);
  return parseOpml(readFileSync(manifest, 'utf8')).map((outline) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(outline.url)) throw new C360Error('invalid_input', `${outline.url}: a sample manifest lists local files only.`);
    return parseSampleFile(readFileSync(resolve(dir, outline.url), 'utf8'), outline.url, outline);
  });
}

export type SampleRelease = {
  readonly settings: ReleaseSettings;
  readonly feeds: readonly SampleFeedFile[];
  readonly total: number;
  /** Items out at the start (the first share). */
  readonly firstShare: number;
  /** Batches after the first share, and when the last one comes out. */
  readonly batches: number;
  readonly finishedAt: Date;
  /** How many items are out at `now`. */
  releasedCount: (now: Date) => number;
  /** The feed document as it reads at `now` (only released entries, dated as released), or null for an unknown slug. */
  feedDocument: (slug: string, now: Date) => string | null;
};

type Scheduled = { feed: SampleFeedFile; entry: SampleEntry; releaseAt: number; published: number; updated: number | null };

export function planSampleRelease(feeds: readonly SampleFeedFile[], settings: ReleaseSettings): SampleRelease {
  if (!(settings.intervalMs > 0) || !(settings.batchSize >= 1) || !(settings.firstShare > 0 && settings.firstShare <= 1)) {
    throw new C360Error('invalid_input', 'The demo release needs an interval above 0, a batch of at least 1 and a first share in (0, 1].');
  }
  const start = settings.start.getTime();
  const all = feeds
    .flatMap((feed) => feed.entries.map((entry) => ({ feed, entry })))
    .sort((a, b) => a.entry.published - b.entry.published || a.entry.id.localeCompare(b.entry.id));
  const firstCount = Math.max(1, Math.round(all.length * settings.firstShare));
  const first = all.slice(0, firstCount);
  const offset = start - Math.max(...first.map((x) => x.entry.published));
  const scheduled: Scheduled[] = first.map(({ feed, entry }) => ({
    feed,
    entry,
    releaseAt: start,
    published: entry.published + offset,
    updated: entry.updated === null ? null : entry.updated + offset,
  }));
  const rest = all.slice(firstCount);
  rest.forEach(({ feed, entry }, i) => {
    const batch = Math.floor(i / settings.batchSize) + 1;
    const releaseAt = start + batch * settings.intervalMs;
    // Dated at release; a second apart within a batch so the original order holds.
    const inBatch = i % settings.batchSize;
    const published = releaseAt - (settings.batchSize - 1 - inBatch) * 1000;
    const updated = entry.updated === null ? null : published + Math.max(0, entry.updated - entry.published);
    scheduled.push({ feed, entry, releaseAt, published, updated });
  });
  const batches = Math.ceil(rest.length / settings.batchSize);
  const bySlug = new Map<string, Scheduled[]>();
  for (const s of scheduled) bySlug.set(s.feed.slug, [...(bySlug.get(s.feed.slug) ?? []), s]);

  return {
    settings,
    feeds,
    total: all.length,
    firstShare: firstCount,
    batches,
    finishedAt: new Date(start + batches * settings.intervalMs),
    releasedCount: (now) => scheduled.filter((s) => s.releaseAt <= now.getTime()).length,
    feedDocument: (slug, now) => {
      const feed = feeds.find((f) => f.slug === slug);
      if (!feed) return null;
      const out = (bySlug.get(slug) ?? []).filter((s) => s.releaseAt <= now.getTime()).sort((a, b) => b.published - a.published);
      return feed.head + out.map((s) => redate(s, feed.format)).join('') + feed.tail;
    },
  };
}

function redate(s: Scheduled, format: 'rss' | 'atom'): string {
  if (format === 'rss') return s.entry.block.replace(/<pubDate>[^<]*<\/pubDate>/, `<pubDate>${new Date(s.published).toUTCString()}</pubDate>`);
  return s.entry.block
    .replace(/<published>[^<]*<\/published>/, `<published>${new Date(s.published).toISOString()}</published>`)
    .replace(/<updated>[^<]*<\/updated>/, `<updated>${new Date(s.updated ?? s.published).toISOString()}</updated>`);
}

/** The feeds to register for the demo's outlets, at the feed host's origin. */
export function demoFeedRegistrations(feeds: readonly SampleFeedFile[], origin: string, fetchIntervalSeconds = 300): NewFeed[] {
  return feeds.map((feed) => ({
    url: `${origin}/feeds/${feed.slug}.${feed.ext}`,
    outlet: feed.outline.outlet,
    region: feed.outline.region ?? 'Caribbean',
    language: feed.outline.language ?? 'en',
    kind: feed.outline.kind ?? 'press',
    ownerGroup: feed.outline.ownerGroup ?? null,
    htmlUrl: feed.outline.htmlUrl ?? null,
    fetchIntervalSeconds,
  }));
}
