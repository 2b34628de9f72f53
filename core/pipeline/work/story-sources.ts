import type { Knex } from 'knex';
import { stripHtml } from '../../nlp/analyse';

/**
 * A story's source items as the stages read them: each item with its outlet, the outlet's kind and
 * owner group (from the item, else its feed; the outlet itself when none is set), and the other
 * outlets recorded as carrying the same item (raw_item_carriers, written by ingest).
 */

export type Carrier = { outlet: string; outletKind: string; ownerGroup: string; url: string | null; matchedBy: string; region?: string | null };
export type SourceItem = {
  id: string;
  outlet: string;
  outletKind: string;
  ownerGroup: string;
  url: string | null;
  title: string;
  summary: string;
  /** The item's content as plain text (ingest stores sanitised HTML). */
  text: string;
  author: string | null;
  publishedAt: string | null;
  createdAt: string;
  region: string | null;
  /** How well the item fits the rest of its story (clustering's mean pair score); null before it is known. */
  fit?: number | null;
  /** The story the item belongs to, once clustered. */
  storyId?: string | null;
  /** The registry marks the outlet unreliable (not yet a registry column: set by callers that know it). */
  unreliable?: boolean;
  carriers: Carrier[];
};

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

export async function loadStorySources(db: Knex, storyId: string): Promise<SourceItem[]> {
  return (await loadStoriesSources(db, [storyId])).get(storyId)!;
}

/** Several stories' sources in one query each for items and carriers: story id → its sources. */
export async function loadStoriesSources(db: Knex, storyIds: readonly string[]): Promise<Map<string, SourceItem[]>> {
  const byStory = new Map<string, SourceItem[]>(storyIds.map((id) => [id, []]));
  if (storyIds.length === 0) return byStory;
  for (const item of await loadSources(db, (q) => q.whereIn('r.story_id', storyIds as string[]))) byStory.get(item.storyId!)?.push(item);
  return byStory;
}

export async function loadRawItems(db: Knex, ids: readonly string[]): Promise<SourceItem[]> {
  if (ids.length === 0) return [];
  return loadSources(db, (q) => q.whereIn('r.id', ids as string[]));
}

async function loadSources(db: Knex, filter: (q: Knex.QueryBuilder) => Knex.QueryBuilder): Promise<SourceItem[]> {
  const rows = await filter(
    db('raw_feeds as r')
      .leftJoin('feeds as f', 'f.id', 'r.feed_id')
      .select(
        'r.id',
        'r.outlet',
        'r.url',
        'r.title',
        'r.summary',
        'r.content',
        'r.author',
        'r.published_at',
        'r.created_at',
        'r.cluster_fit',
        'r.story_id',
        db.raw('coalesce(r.owner_group, f.owner_group, r.outlet) as owner_group'),
        db.raw(`coalesce(f.kind, r.outlet_kind, 'press') as outlet_kind`),
        db.raw('coalesce(r.outlet_region, f.region) as region'),
      ),
  ).orderByRaw('coalesce(r.published_at, r.created_at), r.id');
  const ids = rows.map((r: { id: string }) => r.id);
  const carriers = ids.length
    ? await db('raw_item_carriers as c')
        .leftJoin('feeds as f', 'f.id', 'c.feed_id')
        .select(
          'c.raw_feed_id',
          'c.outlet',
          'c.url',
          'c.matched_by',
          db.raw('coalesce(c.owner_group, f.owner_group, c.outlet) as owner_group'),
          db.raw(`coalesce(f.kind, c.outlet_kind, 'press') as outlet_kind`),
          db.raw('coalesce(c.outlet_region, f.region) as region'),
        )
        .whereIn('c.raw_feed_id', ids)
        .orderBy(['c.raw_feed_id', 'c.first_seen_at', 'c.outlet'])
    : [];
  return rows.map((r: Record<string, unknown>) => ({
    id: r.id as string,
    outlet: r.outlet as string,
    outletKind: r.outlet_kind as string,
    ownerGroup: r.owner_group as string,
    url: (r.url as string | null) ?? null,
    title: r.title as string,
    summary: stripHtml((r.summary as string) ?? ''),
    text: stripHtml((r.content as string) ?? ''),
    author: (r.author as string | null) ?? null,
    publishedAt: iso(r.published_at),
    createdAt: iso(r.created_at)!,
    region: (r.region as string | null) ?? null,
    fit: r.cluster_fit === null || r.cluster_fit === undefined ? null : Number(r.cluster_fit),
    storyId: (r.story_id as string | null) ?? null,
    carriers: carriers
      .filter((c: Record<string, unknown>) => c.raw_feed_id === r.id && c.outlet !== r.outlet)
      .map((c: Record<string, unknown>) => ({
        outlet: c.outlet as string,
        outletKind: c.outlet_kind as string,
        ownerGroup: c.owner_group as string,
        url: (c.url as string | null) ?? null,
        matchedBy: c.matched_by as string,
        region: (c.region as string | null) ?? null,
      })),
  }));
}

/** Distinct outlets of a story's items, the outlets that also carried them included, in order of first report. */
export function outletsOf(sources: readonly SourceItem[]): string[] {
  const seen = new Set<string>();
  for (const s of sources) for (const outlet of [s.outlet, ...s.carriers.map((c) => c.outlet)]) seen.add(outlet);
  return [...seen];
}

/** The most central report first (it leads the story's title and short version), then by time. */
export function centralFirst(sources: readonly SourceItem[]): SourceItem[] {
  return [...sources].sort((a, b) => (b.fit ?? -1) - (a.fit ?? -1));
}
