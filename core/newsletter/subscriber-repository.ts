import type { Knex } from 'knex';

/** All SQL about newsletter subscribers. */

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';

export type Subscriber = {
  id: string;
  email: string;
  status: SubscriberStatus;
  segments: string[];
  source: string;
  confirmation_sent_at: string | null;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  /** The language they subscribed in (en, es, fr, nl); null when not known (e-mailed in English). */
  language?: string | null;
};

const COLUMNS = 'id, email, status, segments, source, confirmation_sent_at, created_at, confirmed_at, unsubscribed_at, language';

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

function toSubscriber(row: Record<string, unknown>): Subscriber {
  return {
    id: row.id as string,
    email: row.email as string,
    status: row.status as SubscriberStatus,
    segments: (row.segments as string[]) ?? [],
    source: row.source as string,
    confirmation_sent_at: iso(row.confirmation_sent_at),
    created_at: iso(row.created_at)!,
    confirmed_at: iso(row.confirmed_at),
    unsubscribed_at: iso(row.unsubscribed_at),
    language: (row.language as string | null) ?? null,
  };
}

export async function findSubscriberByEmail(db: Knex, email: string): Promise<Subscriber | null> {
  const { rows } = await db.raw(`select ${COLUMNS} from newsletter_subscribers where email = ?`, [email]);
  return rows[0] ? toSubscriber(rows[0]) : null;
}

export async function findSubscriberById(db: Knex, id: string): Promise<Subscriber | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await db.raw(`select ${COLUMNS} from newsletter_subscribers where id = ?`, [id]);
  return rows[0] ? toSubscriber(rows[0]) : null;
}

/**
 * Inserts a pending subscriber, or returns the existing row (on conflict). A sign-up again from
 * an address not yet confirmed takes the language of the new sign-up (the new confirmation
 * e-mail is in it); a confirmed subscriber's language is not changed by whoever types the address.
 */
export async function insertPendingSubscriber(
  db: Knex,
  input: { email: string; source: string; segments: string[]; language?: string | null },
): Promise<{ subscriber: Subscriber; inserted: boolean }> {
  const language = input.language ?? null;
  const { rows } = await db.raw(
    `insert into newsletter_subscribers (email, source, segments, language) values (?, ?, ?, ?) on conflict (email) do nothing returning ${COLUMNS}`,
    [input.email, input.source, input.segments, language],
  );
  if (rows[0]) return { subscriber: toSubscriber(rows[0]), inserted: true };
  if (language) {
    const updated = await db.raw(`update newsletter_subscribers set language = ? where email = ? and status <> 'confirmed' returning ${COLUMNS}`, [
      language,
      input.email,
    ]);
    if (updated.rows[0]) return { subscriber: toSubscriber(updated.rows[0]), inserted: false };
  }
  return { subscriber: (await findSubscriberByEmail(db, input.email))!, inserted: false };
}

export async function setConfirmationToken(db: Knex, id: string, input: { tokenHash: string; expiresAt: Date; now: Date }): Promise<void> {
  await db.raw(
    `update newsletter_subscribers
        set status = case when status = 'unsubscribed' then 'pending' else status end,
            confirm_token_hash = ?, confirm_expires_at = ?, confirmation_sent_at = ?
      where id = ?`,
    [input.tokenHash, input.expiresAt.toISOString(), input.now.toISOString(), id],
  );
}

export async function clearConfirmationSent(db: Knex, id: string): Promise<void> {
  await db.raw(`update newsletter_subscribers set confirmation_sent_at = null, confirm_token_hash = null where id = ?`, [id]);
}

/** Confirms the subscriber holding a live token; the token is used up. */
export async function confirmByTokenHash(db: Knex, tokenHash: string, now: Date): Promise<Subscriber | null> {
  const { rows } = await db.raw(
    `update newsletter_subscribers
        set status = 'confirmed', confirmed_at = ?, unsubscribed_at = null, confirm_token_hash = null, confirm_expires_at = null
      where confirm_token_hash = ? and confirm_expires_at > ?
      returning ${COLUMNS}`,
    [now.toISOString(), tokenHash, now.toISOString()],
  );
  return rows[0] ? toSubscriber(rows[0]) : null;
}

export async function markUnsubscribed(db: Knex, id: string, now: Date): Promise<Subscriber | null> {
  const { rows } = await db.raw(
    `update newsletter_subscribers
        set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, ?), confirm_token_hash = null, confirm_expires_at = null
      where id = ? returning ${COLUMNS}`,
    [now.toISOString(), id],
  );
  return rows[0] ? toSubscriber(rows[0]) : null;
}

export async function listConfirmedSubscribers(db: Knex, options: { segment?: string; offset: number; limit: number }): Promise<Subscriber[]> {
  const { rows } = options.segment
    ? await db.raw(
        `select ${COLUMNS} from newsletter_subscribers where status = 'confirmed' and segments @> array[?]::text[] order by created_at, id offset ? limit ?`,
        [options.segment, options.offset, options.limit],
      )
    : await db.raw(`select ${COLUMNS} from newsletter_subscribers where status = 'confirmed' order by created_at, id offset ? limit ?`, [
        options.offset,
        options.limit,
      ]);
  return rows.map(toSubscriber);
}
