import type { Knex } from 'knex';

/**
 * The demo's outbox (table demo_outbox): messages the demo's mail catcher received. Only the newest
 * OUTBOX_KEEP are kept, and a message's text and HTML together are cut at OUTBOX_MAX_BYTES.
 */

export const OUTBOX_KEEP = 500;
export const OUTBOX_MAX_BYTES = 1_000_000;

export type CaughtMail = {
  envelopeFrom: string | null;
  envelopeTo: string[];
  from: string | null;
  to: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  sizeBytes: number;
  /** The raw message was already cut on arrival (over the catcher's read limit). */
  truncated?: boolean;
};

export type OutboxSummary = {
  id: string;
  from: string | null;
  to: string | null;
  envelopeTo: string[];
  subject: string | null;
  sizeBytes: number;
  hasHtml: boolean;
  receivedAt: string;
};
export type OutboxMessage = OutboxSummary & { envelopeFrom: string | null; text: string | null; html: string | null; truncated: boolean };

/** Cuts a string to at most `max` UTF-8 bytes (never inside a character). */
export function cutToBytes(value: string, max: number): string {
  if (Buffer.byteLength(value, 'utf8') <= max) return value;
  let cut = Buffer.from(value, 'utf8').subarray(0, Math.max(0, max)).toString('utf8');
  if (cut.endsWith('\uFFFD')) cut = cut.slice(0, -1);
  return cut;
}

export async function storeCaughtMail(db: Knex, mail: CaughtMail, now: Date, limits: { keep?: number; maxBytes?: number } = {}): Promise<string> {
  const maxBytes = limits.maxBytes ?? OUTBOX_MAX_BYTES;
  const text = mail.text === null ? null : cutToBytes(mail.text, maxBytes);
  const htmlBudget = maxBytes - Buffer.byteLength(text ?? '', 'utf8');
  const html = mail.html === null || htmlBudget <= 0 ? null : cutToBytes(mail.html, htmlBudget);
  const truncated = Boolean(mail.truncated) || text !== mail.text || html !== mail.html;
  return db.transaction(async (trx) => {
    const [row] = await trx('demo_outbox')
      .insert({
        envelope_from: mail.envelopeFrom?.slice(0, 320) ?? null,
        envelope_to: mail.envelopeTo.slice(0, 100).map((a) => a.slice(0, 320)),
        from_header: mail.from?.slice(0, 1000) ?? null,
        to_header: mail.to?.slice(0, 4000) ?? null,
        subject: mail.subject?.slice(0, 1000) ?? null,
        text_body: text,
        html_body: html,
        size_bytes: mail.sizeBytes,
        truncated,
        received_at: now.toISOString(),
      })
      .returning('id');
    const keep = limits.keep ?? OUTBOX_KEEP;
    const oldest = await trx('demo_outbox')
      .select('id')
      .orderBy([
        { column: 'received_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset(keep - 1)
      .limit(1)
      .first();
    if (oldest) await trx('demo_outbox').where('id', '<', oldest.id).delete();
    return String(row.id ?? row);
  });
}

function summary(row: Record<string, unknown>): OutboxSummary {
  return {
    id: String(row.id),
    from: (row.from_header as string | null) ?? null,
    to: (row.to_header as string | null) ?? null,
    envelopeTo: (row.envelope_to as string[] | null) ?? [],
    subject: (row.subject as string | null) ?? null,
    sizeBytes: Number(row.size_bytes),
    hasHtml: Boolean(row.has_html ?? row.html_body),
    receivedAt: new Date(row.received_at as string).toISOString(),
  };
}

export async function listOutbox(db: Knex, options: { limit: number; offset: number }): Promise<{ items: OutboxSummary[]; hasMore: boolean; total: number }> {
  const rows = await db('demo_outbox')
    .select('id', 'from_header', 'to_header', 'envelope_to', 'subject', 'size_bytes', 'received_at', db.raw('html_body is not null as has_html'))
    .orderBy([
      { column: 'received_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .offset(options.offset)
    .limit(options.limit + 1);
  const [count] = await db('demo_outbox').count({ n: '*' });
  return { items: rows.slice(0, options.limit).map(summary), hasMore: rows.length > options.limit, total: Number(count?.n ?? 0) };
}

export async function getOutboxMessage(db: Knex, id: string): Promise<OutboxMessage | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const row = await db('demo_outbox').where('id', id).first();
  if (!row) return null;
  return {
    ...summary(row),
    envelopeFrom: row.envelope_from ?? null,
    text: row.text_body ?? null,
    html: row.html_body ?? null,
    truncated: Boolean(row.truncated),
  };
}
