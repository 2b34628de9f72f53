import type { Knex } from 'knex';

/** All SQL about newsletter sends (the send log) and their deliveries (the queue). */

export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'bounced' | 'skipped' | 'uncertain';
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['queued', 'sending', 'sent', 'failed', 'bounced', 'skipped', 'uncertain'];

export type NewsletterSend = {
  id: string;
  newsletter_id: string;
  segments: string[];
  origin: string;
  requested_by: string;
  recipients: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  counts: Record<DeliveryStatus, number>;
  /** Failed deliveries that will be tried again by themselves. */
  retrying: number;
};

export type ClaimedDelivery = {
  id: number;
  newsletter_id: string;
  send_id: string;
  subscriber_id: string;
  attempts: number;
  email: string;
  subscriber_status: string;
  origin: string;
};

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const SEND_COLUMNS = 's.id, s.newsletter_id, s.segments, s.origin, s.requested_by, s.recipients, s.created_at, s.started_at, s.finished_at';

function emptyCounts(): Record<DeliveryStatus, number> {
  return Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<DeliveryStatus, number>;
}

async function withCounts(db: Knex, rows: Record<string, unknown>[]): Promise<NewsletterSend[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => String(r.id));
  const { rows: counts } = await db.raw(
    `select send_id, status, count(*)::int as n, count(*) filter (where status = 'failed' and next_attempt_at is not null)::int as retrying
       from newsletter_deliveries where send_id = any(?::uuid[]) group by send_id, status`,
    [ids],
  );
  return rows.map((r) => {
    const mine = counts.filter((c: { send_id: string }) => c.send_id === r.id);
    const tally = emptyCounts();
    for (const c of mine) tally[c.status as DeliveryStatus] = Number(c.n);
    return {
      id: String(r.id),
      newsletter_id: String(r.newsletter_id),
      segments: (r.segments as string[]) ?? [],
      origin: String(r.origin),
      requested_by: String(r.requested_by),
      recipients: Number(r.recipients),
      created_at: iso(r.created_at)!,
      started_at: iso(r.started_at),
      finished_at: iso(r.finished_at),
      counts: tally,
      retrying: mine.reduce((n: number, c: { retrying: number }) => n + Number(c.retrying), 0),
    };
  });
}

/**
 * Records a send and queues one delivery per confirmed subscriber of the chosen segments who has
 * never been queued for this newsletter (the unique key skips anyone an earlier send reached).
 */
export async function insertSendWithDeliveries(
  db: Knex,
  input: { newsletterId: string; segments: readonly string[]; origin: string; requestedBy: string; now: Date },
): Promise<{ sendId: string; recipients: number }> {
  const now = input.now.toISOString();
  const { rows } = await db.raw(
    `insert into newsletter_sends (newsletter_id, segments, origin, requested_by, created_at) values (?, ?::text[], ?, ?, ?) returning id`,
    [input.newsletterId, input.segments as string[], input.origin, input.requestedBy, now],
  );
  const sendId = String(rows[0].id);
  const inserted = await db.raw(
    `insert into newsletter_deliveries (newsletter_id, send_id, subscriber_id, status, next_attempt_at, updated_at)
     select ?, ?, id, 'queued', ?, ? from newsletter_subscribers
      where status = 'confirmed' and segments && ?::text[]
     on conflict (newsletter_id, subscriber_id) do nothing`,
    [input.newsletterId, sendId, now, now, input.segments as string[]],
  );
  const recipients = Number(inserted.rowCount ?? 0);
  await db.raw(`update newsletter_sends set recipients = ?, finished_at = case when ? = 0 then ?::timestamptz else null end where id = ?`, [
    recipients,
    recipients,
    now,
    sendId,
  ]);
  return { sendId, recipients };
}

export async function listSends(db: Knex, newsletterId: string): Promise<NewsletterSend[]> {
  const { rows } = await db.raw(`select ${SEND_COLUMNS} from newsletter_sends s where s.newsletter_id = ? order by s.created_at desc, s.id`, [newsletterId]);
  return withCounts(db, rows);
}

export async function getSend(db: Knex, id: string): Promise<NewsletterSend | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await db.raw(`select ${SEND_COLUMNS} from newsletter_sends s where s.id = ?`, [id]);
  return (await withCounts(db, rows))[0] ?? null;
}

export type DeliveryProblem = {
  id: number;
  email: string;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
};

/** Deliveries that did not arrive (failed, bounced, uncertain), for the send log. */
export async function listProblemDeliveries(db: Knex, sendId: string, limit = 100): Promise<DeliveryProblem[]> {
  const { rows } = await db.raw(
    `select d.id, n.email, d.status, d.attempts, d.last_error, d.next_attempt_at
       from newsletter_deliveries d join newsletter_subscribers n on n.id = d.subscriber_id
      where d.send_id = ? and d.status in ('failed', 'bounced', 'uncertain')
      order by d.id limit ?`,
    [sendId, limit],
  );
  return rows.map((r: Record<string, unknown>) => ({
    id: Number(r.id),
    email: String(r.email),
    status: r.status as DeliveryStatus,
    attempts: Number(r.attempts),
    last_error: (r.last_error as string | null) ?? null,
    next_attempt_at: iso(r.next_attempt_at),
  }));
}

/** A delivery still 'sending' after its lease: the process died mid-send; nobody knows if it left. */
export async function markStaleDeliveriesUncertain(db: Knex, now: Date): Promise<number> {
  const result = await db.raw(
    `update newsletter_deliveries set status = 'uncertain', lease_until = null, updated_at = ?,
            last_error = 'interrupted while sending (the process stopped); not re-sent automatically'
      where status = 'sending' and lease_until < ?`,
    [now.toISOString(), now.toISOString()],
  );
  return Number(result.rowCount ?? 0);
}

/** Claims due deliveries (queued, or failed with a retry due) under a lease; SKIP LOCKED lets several processes share the queue. */
export async function claimDueDeliveries(db: Knex, input: { now: Date; leaseMs: number; limit: number; sendId?: string }): Promise<ClaimedDelivery[]> {
  const now = input.now.toISOString();
  const { rows } = await db.raw(
    `with due as (
       select id from newsletter_deliveries
        where status in ('queued', 'failed') and next_attempt_at <= ? ${input.sendId ? 'and send_id = ?' : ''}
        order by next_attempt_at, id
        limit ? for update skip locked
     )
     update newsletter_deliveries d
        set status = 'sending', attempts = d.attempts + 1, lease_until = ?, updated_at = ?
       from due where d.id = due.id
     returning d.id, d.newsletter_id, d.send_id, d.subscriber_id, d.attempts`,
    [now, ...(input.sendId ? [input.sendId] : []), input.limit, new Date(input.now.getTime() + input.leaseMs).toISOString(), now],
  );
  if (rows.length === 0) return [];
  const { rows: details } = await db.raw(
    `select d.id, n.email, n.status as subscriber_status, s.origin, s.started_at
       from newsletter_deliveries d
       join newsletter_subscribers n on n.id = d.subscriber_id
       join newsletter_sends s on s.id = d.send_id
      where d.id = any(?::bigint[])`,
    [rows.map((r: { id: number }) => r.id)],
  );
  const byId = new Map(details.map((d: Record<string, unknown>) => [Number(d.id), d]));
  const sendIds: string[] = [...new Set<string>(rows.map((r: { send_id: string }) => String(r.send_id)))];
  await db.raw(`update newsletter_sends set started_at = coalesce(started_at, ?) where id = any(?::uuid[])`, [now, sendIds]);
  return rows
    .map((r: Record<string, unknown>) => {
      const d = byId.get(Number(r.id)) as Record<string, unknown>;
      return {
        id: Number(r.id),
        newsletter_id: String(r.newsletter_id),
        send_id: String(r.send_id),
        subscriber_id: String(r.subscriber_id),
        attempts: Number(r.attempts),
        email: String(d.email),
        subscriber_status: String(d.subscriber_status),
        origin: String(d.origin),
      };
    })
    .sort((a: ClaimedDelivery, b: ClaimedDelivery) => a.id - b.id);
}

export async function completeDelivery(
  db: Knex,
  id: number,
  outcome: { status: 'sent' | 'failed' | 'bounced' | 'skipped'; error?: string | null; nextAttemptAt?: Date | null; now: Date },
): Promise<void> {
  await db.raw(
    `update newsletter_deliveries
        set status = ?, last_error = ?, next_attempt_at = ?, lease_until = null, updated_at = ?,
            sent_at = case when ? = 'sent' then ?::timestamptz else sent_at end
      where id = ? and status = 'sending'`,
    [
      outcome.status,
      outcome.error ?? null,
      outcome.nextAttemptAt?.toISOString() ?? null,
      outcome.now.toISOString(),
      outcome.status,
      outcome.now.toISOString(),
      id,
    ],
  );
}

/** Gives claimed deliveries back untouched (the SMTP server went away mid-batch). */
export async function releaseDeliveries(db: Knex, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.raw(
    `update newsletter_deliveries set status = case when attempts > 1 then 'failed' else 'queued' end, attempts = attempts - 1, lease_until = null, updated_at = ?
      where id = any(?::bigint[]) and status = 'sending'`,
    [now.toISOString(), ids as number[]],
  );
}

/** Puts failed (and, when asked, bounced or uncertain) deliveries back in the queue, due now. */
export async function requeueDeliveries(
  db: Knex,
  input: { newsletterId?: string; sendId?: string; statuses: readonly DeliveryStatus[]; now: Date },
): Promise<number> {
  const filters: string[] = ['status = any(?::text[])'];
  const bindings: Knex.RawBinding[] = [input.statuses as string[]];
  if (input.newsletterId) {
    filters.push('newsletter_id = ?');
    bindings.push(input.newsletterId);
  }
  if (input.sendId) {
    filters.push('send_id = ?');
    bindings.push(input.sendId);
  }
  const result = await db.raw(`update newsletter_deliveries set status = 'queued', next_attempt_at = ?, updated_at = ? where ${filters.join(' and ')}`, [
    input.now.toISOString(),
    input.now.toISOString(),
    ...bindings,
  ]);
  const count = Number(result.rowCount ?? 0);
  if (count > 0) {
    const sendFilter = input.sendId ? 'id = ?' : input.newsletterId ? 'newsletter_id = ?' : 'true';
    await db.raw(
      `update newsletter_sends set finished_at = null where ${sendFilter} and id in (select send_id from newsletter_deliveries where status = 'queued')`,
      [...(input.sendId ? [input.sendId] : input.newsletterId ? [input.newsletterId] : [])],
    );
  }
  return count;
}

/**
 * Sends with nothing left to do (no delivery queued, in flight, or waiting for a retry) are
 * marked finished; returns them, so the caller can report.
 */
export async function finishCompletedSends(db: Knex, now: Date): Promise<{ id: string; newsletter_id: string }[]> {
  const { rows } = await db.raw(
    `update newsletter_sends s set finished_at = ?
      where s.finished_at is null
        and not exists (select 1 from newsletter_deliveries d where d.send_id = s.id
                         and (d.status in ('queued', 'sending') or (d.status = 'failed' and d.next_attempt_at is not null)))
      returning s.id, s.newsletter_id`,
    [now.toISOString()],
  );
  return rows.map((r: Record<string, unknown>) => ({ id: String(r.id), newsletter_id: String(r.newsletter_id) }));
}

export async function countSentDeliveries(db: Knex, newsletterId: string): Promise<number> {
  const { rows } = await db.raw(`select count(*)::int as n from newsletter_deliveries where newsletter_id = ? and status = 'sent'`, [newsletterId]);
  return Number(rows[0]?.n ?? 0);
}

export async function hasOpenDeliveries(db: Knex, newsletterId: string): Promise<boolean> {
  const { rows } = await db.raw(
    `select exists (select 1 from newsletter_deliveries where newsletter_id = ? and (status in ('queued', 'sending') or (status = 'failed' and next_attempt_at is not null))) as open`,
    [newsletterId],
  );
  return Boolean(rows[0]?.open);
}

export async function markReportSent(db: Knex, sendId: string, now: Date): Promise<boolean> {
  const result = await db.raw(`update newsletter_sends set report_sent_at = ? where id = ? and report_sent_at is null`, [now.toISOString(), sendId]);
  return Number(result.rowCount ?? 0) > 0;
}
