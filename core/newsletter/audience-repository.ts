import type { Knex } from 'knex';
import type { Subscriber } from './subscriber-repository';

/** SQL for audiences: segment sizes and the subscriber list the console shows and edits. */

export type SegmentCount = { segment: string; confirmed: number; pending: number; unsubscribed: number; lastSentAt: string | null };

/** Counts per segment in one pass over the subscribers (a subscriber counts in each of its segments). */
export async function countSegments(db: Knex, segments: readonly string[]): Promise<SegmentCount[]> {
  const { rows } = await db.raw(
    `select seg,
            count(*) filter (where n.status = 'confirmed')::int as confirmed,
            count(*) filter (where n.status = 'pending')::int as pending,
            count(*) filter (where n.status = 'unsubscribed')::int as unsubscribed
       from newsletter_subscribers n, unnest(n.segments) as seg
      where seg = any(?::text[])
      group by seg`,
    [segments as string[]],
  );
  const { rows: sent } = await db.raw(
    `select seg, max(s.created_at) as last from newsletter_sends s, unnest(s.segments) as seg where s.recipients > 0 group by seg`,
  );
  return segments.map((segment) => {
    const row = rows.find((r: { seg: string }) => r.seg === segment);
    const last = sent.find((r: { seg: string }) => r.seg === segment)?.last;
    return {
      segment,
      confirmed: Number(row?.confirmed ?? 0),
      pending: Number(row?.pending ?? 0),
      unsubscribed: Number(row?.unsubscribed ?? 0),
      lastSentAt: last ? new Date(last).toISOString() : null,
    };
  });
}

/** Confirmed subscribers in any of the segments, counted once each. */
export async function countRecipients(db: Knex, segments: readonly string[]): Promise<number> {
  const { rows } = await db.raw(`select count(*)::int as n from newsletter_subscribers where status = 'confirmed' and segments && ?::text[]`, [
    segments as string[],
  ]);
  return Number(rows[0]?.n ?? 0);
}

const COLUMNS = 'id, email, status, segments, source, confirmation_sent_at, created_at, confirmed_at, unsubscribed_at';
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toSubscriber(row: Record<string, unknown>): Subscriber {
  return {
    id: String(row.id),
    email: String(row.email),
    status: row.status as Subscriber['status'],
    segments: (row.segments as string[]) ?? [],
    source: String(row.source),
    confirmation_sent_at: iso(row.confirmation_sent_at),
    created_at: iso(row.created_at)!,
    confirmed_at: iso(row.confirmed_at),
    unsubscribed_at: iso(row.unsubscribed_at),
  };
}

export async function searchSubscribers(
  db: Knex,
  options: { q?: string; segment?: string; status?: string; offset: number; limit: number },
): Promise<{ items: Subscriber[]; hasMore: boolean }> {
  const filters: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  if (options.q) {
    filters.push(`email like ? escape '\\'`);
    bindings.push(`%${options.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  if (options.segment) {
    filters.push('segments @> array[?]::text[]');
    bindings.push(options.segment);
  }
  if (options.status) {
    filters.push('status = ?');
    bindings.push(options.status);
  }
  const where = filters.length ? `where ${filters.join(' and ')}` : '';
  const { rows } = await db.raw(`select ${COLUMNS} from newsletter_subscribers ${where} order by created_at desc, id offset ? limit ?`, [
    ...bindings,
    options.offset,
    options.limit + 1,
  ]);
  return { items: rows.slice(0, options.limit).map(toSubscriber), hasMore: rows.length > options.limit };
}

export async function setSubscriberSegments(db: Knex, id: string, segments: readonly string[]): Promise<Subscriber | null> {
  const { rows } = await db.raw(`update newsletter_subscribers set segments = ?::text[] where id = ? returning ${COLUMNS}`, [segments as string[], id]);
  return rows[0] ? toSubscriber(rows[0]) : null;
}
