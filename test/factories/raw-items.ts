import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

export type RawItemInput = {
  id?: string;
  outlet: string;
  title: string;
  summary?: string;
  content?: string;
  url?: string;
  published_at?: string;
  owner_group?: string | null;
  outlet_kind?: 'press' | 'official' | 'aggregator';
  created_at?: string;
};

/** Inserts source items as ingest would leave them: pending, with a content hash. Returns their ids. */
export async function insertRawItems(db: Knex, items: readonly RawItemInput[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < items.length; i += 500) {
    const rows = items.slice(i, i + 500).map((item, j) => ({
      ...(item.id ? { id: item.id } : {}),
      outlet: item.outlet,
      title: item.title,
      summary: item.summary ?? '',
      content: item.content ?? '',
      url: item.url ?? `https://example.test/${encodeURIComponent(item.outlet)}/${i + j}`,
      guid: item.url ?? `guid-${i + j}-${item.title}`,
      published_at: item.published_at ?? null,
      owner_group: item.owner_group ?? null,
      outlet_kind: item.outlet_kind ?? 'press',
      content_hash: createHash('sha256')
        .update(`${item.outlet}|${item.title}|${item.summary ?? ''}`)
        .digest('hex'),
      processing_status: 'pending',
      ...(item.created_at ? { created_at: item.created_at } : {}),
    }));
    const inserted = await db('raw_feeds').insert(rows).returning('id');
    ids.push(...inserted.map((r: { id: string }) => r.id));
  }
  return ids;
}

/** The labelled clustering fixture's items (test/fixtures/pipeline/clustering.json). */
export type FixtureItem = { id: string; event: string; outlet: string; title: string; summary: string; published_at: string };
