import type { Knex } from 'knex';

/**
 * The accounts' audit trail (account_events): it outlives the account it names, so a deleted
 * account leaves a record of who deleted it and when. The address is not kept.
 */

export type AccountAction = 'password_reset' | 'password_changed' | 'account_deleted';

export type AccountEvent = { user_id: string; action: AccountAction; actor: string; details: Record<string, unknown>; occurred_at: string };

/** The actor for what an account's owner does to it (an admin's actions name the admin's e-mail). */
export const SELF = 'self';

export async function recordAccountEvent(
  db: Knex,
  input: { userId: string; action: AccountAction; actor: string; now: Date; details?: Record<string, unknown> },
): Promise<void> {
  await db.raw(`insert into account_events (user_id, action, actor, details, occurred_at) values (?, ?, ?, ?::jsonb, ?)`, [
    input.userId,
    input.action,
    input.actor.slice(0, 320),
    JSON.stringify(input.details ?? {}),
    input.now.toISOString(),
  ]);
}

export async function listAccountEvents(db: Knex, userId: string): Promise<AccountEvent[]> {
  const { rows } = await db.raw(`select user_id, action, actor, details, occurred_at from account_events where user_id = ? order by occurred_at, id`, [userId]);
  return (rows as Record<string, unknown>[]).map((row) => ({
    user_id: String(row.user_id),
    action: row.action as AccountAction,
    actor: String(row.actor),
    details: (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<string, unknown>,
    occurred_at: new Date(row.occurred_at as string).toISOString(),
  }));
}
