import type { Knex } from 'knex';
import { CHANNELS, notify } from '../db/notify';
import type { OutletKind } from '../feeds/feed';
import type { NormalisedItem } from './normalise-item';

/**
 * Stores normalised items in raw_feeds, once. An item matches a stored one by guid (a short guid
 * like "123" only within the same outlet: such guids collide across sites), by canonical URL (not
 * within one outlet when both have different guids), or
 * by content hash (a link that is only the feed's home page is no identity). A match from another outlet is recorded in raw_item_carriers ("also carried
 * by"), never stored twice. All in one transaction holding an advisory lock, so two workers
 * ingesting the same wire story at once cannot both insert it.
 */

export type ItemSource = {
  feedId: number | null;
  outlet: string;
  kind: OutletKind;
  /** Already resolved: the outlet itself when no group is known. */
  ownerGroup: string;
  language: string | null;
  /** The outlet's home country or area, when the feed registry or manifest gives one. */
  region?: string | null;
};

export type StoreResult = { inserted: number; duplicates: number; carried: number; insertedIds: string[] };

const INGEST_LOCK_KEY = 360_003;

/** Globally unique guids (URLs, URNs, tag: URIs, long opaque ids) can match across outlets. */
export function isGlobalGuid(guid: string): boolean {
  return guid.includes(':') || guid.length >= 20;
}

type Stored = { id: string; outlet: string; guid: string | null; url: string | null; content_hash: string };

export async function storeItems(db: Knex, items: readonly NormalisedItem[], source: ItemSource, now: Date): Promise<StoreResult> {
  if (items.length === 0) return { inserted: 0, duplicates: 0, carried: 0, insertedIds: [] };
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [INGEST_LOCK_KEY]);
    const globalGuids = [...new Set(items.map((i) => i.guid).filter((g): g is string => g !== null && isGlobalGuid(g)))];
    const localGuids = [...new Set(items.map((i) => i.guid).filter((g): g is string => g !== null && !isGlobalGuid(g)))];
    const urls = [...new Set(items.map(identityUrl).filter((u): u is string => u !== null))];
    const hashes = [...new Set(items.map((i) => i.contentHash))];
    const stored: Stored[] = await trx('raw_feeds')
      .select('id', 'outlet', 'guid', 'url', 'content_hash')
      // One array parameter per list, however many items: an IN list with a parameter per value
      // overflows the protocol's 16-bit parameter count past 65,535 (a 24,000-item feed).
      .where((w) => {
        w.whereRaw('content_hash = any(?::text[])', [hashes]);
        if (globalGuids.length) w.orWhereRaw('guid = any(?::text[])', [globalGuids]);
        if (localGuids.length) w.orWhere((o) => o.where('outlet', source.outlet).whereRaw('guid = any(?::text[])', [localGuids]));
        if (urls.length) w.orWhereRaw('url = any(?::text[])', [urls]);
      });

    const index = new MatchIndex();
    for (const row of stored) index.add(row);

    const fresh: { item: NormalisedItem; row: Record<string, unknown> }[] = [];
    const carriers: Record<string, unknown>[] = [];
    let duplicates = 0;
    for (const item of items) {
      const match = index.find(item, source.outlet);
      if (match) {
        duplicates++;
        if (match.row.outlet !== source.outlet) carriers.push(carrierRow(match.row.id, source, item, match.by, now));
        continue;
      }
      const row = {
        feed_id: source.feedId,
        outlet: source.outlet,
        outlet_kind: source.kind,
        owner_group: source.ownerGroup,
        outlet_region: source.region ?? null,
        guid: item.guid,
        url: item.url,
        title: item.title,
        summary: item.summary,
        content: item.content,
        author: item.author,
        categories: item.categories,
        image_url: item.imageUrl,
        language: source.language,
        published_at: item.publishedAt.toISOString(),
        content_hash: item.contentHash,
        processing_status: 'pending',
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      // Later items of this same batch must match this one too (a feed listing one item twice).
      const pending: Stored = { id: `pending:${fresh.length}`, outlet: source.outlet, guid: item.guid, url: identityUrl(item), content_hash: item.contentHash };
      index.add(pending);
      fresh.push({ item, row });
    }

    const insertedIds: string[] = [];
    for (let i = 0; i < fresh.length; i += 500) {
      const chunk = fresh.slice(i, i + 500);
      const rows: { id: string }[] = await trx('raw_feeds')
        .insert(chunk.map((f) => f.row))
        .returning('id');
      rows.forEach((r, j) => {
        insertedIds.push(r.id);
        carriers.push(carrierRow(r.id, source, chunk[j]!.item, 'original', now));
      });
    }
    let carried = 0;
    // Carriers pointing at items of this batch (pending:n) resolve to their new ids.
    const resolved = carriers.map((c) => {
      const id = String(c.raw_feed_id);
      return id.startsWith('pending:') ? { ...c, raw_feed_id: insertedIds[Number(id.slice(8))] } : c;
    });
    for (let i = 0; i < resolved.length; i += 500) {
      const rows = await trx('raw_item_carriers')
        .insert(resolved.slice(i, i + 500))
        .onConflict(['raw_feed_id', 'outlet'])
        .ignore()
        .returning('matched_by');
      carried += rows.filter((r: { matched_by: string }) => r.matched_by !== 'original').length;
    }
    if (insertedIds.length > 0) await notify(trx, CHANNELS.rawItemsInserted, { count: insertedIds.length, outlet: source.outlet, feedId: source.feedId });
    return { inserted: insertedIds.length, duplicates, carried, insertedIds };
  });
}

function carrierRow(rawFeedId: string, source: ItemSource, item: NormalisedItem, matchedBy: string, now: Date): Record<string, unknown> {
  return {
    raw_feed_id: rawFeedId,
    outlet: source.outlet,
    outlet_kind: source.kind,
    owner_group: source.ownerGroup,
    outlet_region: source.region ?? null,
    feed_id: source.feedId,
    url: item.url,
    guid: item.guid,
    matched_by: matchedBy,
    first_seen_at: now.toISOString(),
  };
}

type MatchBy = 'guid' | 'url' | 'content_hash';

/** The link as an identity, or null when it is only the feed's home page (see NormalisedItem.urlIsIdentity). */
function identityUrl(item: NormalisedItem): string | null {
  return item.urlIsIdentity === false ? null : item.url;
}

class MatchIndex {
  private readonly byGlobalGuid = new Map<string, Stored>();
  private readonly byLocalGuid = new Map<string, Stored>();
  private readonly byUrl = new Map<string, Stored>();
  private readonly byHash = new Map<string, Stored>();

  add(row: Stored): void {
    if (row.guid) {
      if (isGlobalGuid(row.guid)) setOnce(this.byGlobalGuid, row.guid, row);
      else setOnce(this.byLocalGuid, `${row.outlet}\u0000${row.guid}`, row);
    }
    if (row.url) setOnce(this.byUrl, row.url, row);
    setOnce(this.byHash, row.content_hash, row);
  }

  find(item: NormalisedItem, outlet: string): { row: Stored; by: MatchBy } | null {
    if (item.guid) {
      const row = isGlobalGuid(item.guid) ? this.byGlobalGuid.get(item.guid) : this.byLocalGuid.get(`${outlet}\u0000${item.guid}`);
      if (row) return { row, by: 'guid' };
    }
    const url = identityUrl(item);
    if (url) {
      const row = this.byUrl.get(url);
      // Within one outlet, two items with their own different guids are two items whatever their
      // links (a live blog's updates link to one page, differing only by #fragment).
      const distinct = row !== undefined && row.outlet === outlet && item.guid !== null && row.guid !== null && row.guid !== item.guid;
      if (row && !distinct) return { row, by: 'url' };
    }
    const row = this.byHash.get(item.contentHash);
    return row ? { row, by: 'content_hash' } : null;
  }
}

function setOnce<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (!map.has(key)) map.set(key, value);
}

/** Outlets that carried an item, the first one included (for the pipeline and for tests). */
export async function listCarriers(db: Knex, rawFeedId: string): Promise<{ outlet: string; ownerGroup: string | null; matchedBy: string }[]> {
  const rows = await db('raw_item_carriers')
    .select('outlet', 'owner_group', 'matched_by')
    .where('raw_feed_id', rawFeedId)
    .orderByRaw(`matched_by = 'original' desc, first_seen_at, outlet`);
  return rows.map((r: { outlet: string; owner_group: string | null; matched_by: string }) => ({
    outlet: r.outlet,
    ownerGroup: r.owner_group,
    matchedBy: r.matched_by,
  }));
}
