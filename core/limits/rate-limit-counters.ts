import type { Knex } from 'knex';

/**
 * All SQL about the shared request counters (table rate_limit_counters). A counter counts hits of
 * one scope (a named limit) and key (a client address, an address and account…) in a fixed window
 * that starts at its first hit and lasts `windowMs`. Every server on the database counts in the same
 * row, and a hit is one statement (an upsert that returns the new count), so concurrent hits on
 * several servers are each counted once.
 */
export type CounterState = { hits: number; resetsAt: Date };

function toState(row: { hits: number | string; resets_at: Date | string } | undefined): CounterState | undefined {
  return row ? { hits: Number(row.hits), resetsAt: new Date(row.resets_at) } : undefined;
}

/** Counts one hit and returns the count in the current window (a window that ended starts again at 1). */
export async function countHit(db: Knex, input: { scope: string; key: string; windowMs: number; now: Date }): Promise<CounterState> {
  const at = input.now.toISOString();
  const resetsAt = new Date(input.now.getTime() + input.windowMs).toISOString();
  const { rows } = await db.raw(
    `insert into rate_limit_counters as c (scope, key, hits, resets_at) values (?, ?, 1, ?)
     on conflict (scope, key) do update set
       hits = case when c.resets_at <= ? then 1 else c.hits + 1 end,
       resets_at = case when c.resets_at <= ? then excluded.resets_at else c.resets_at end
     returning hits, resets_at`,
    [input.scope, input.key, resetsAt, at, at],
  );
  return toState(rows[0])!;
}

/** Takes back one hit of the current window (express-rate-limit's skipSuccessfulRequests). */
export async function uncountHit(db: Knex, input: { scope: string; key: string; now: Date }): Promise<void> {
  await db.raw(`update rate_limit_counters set hits = hits - 1 where scope = ? and key = ? and resets_at > ? and hits > 0`, [
    input.scope,
    input.key,
    input.now.toISOString(),
  ]);
}

/** The count in the current window, or undefined when there is none. */
export async function readCounter(db: Knex, input: { scope: string; key: string; now: Date }): Promise<CounterState | undefined> {
  const { rows } = await db.raw(`select hits, resets_at from rate_limit_counters where scope = ? and key = ? and resets_at > ?`, [
    input.scope,
    input.key,
    input.now.toISOString(),
  ]);
  return toState(rows[0]);
}

export async function resetCounter(db: Knex, input: { scope: string; key: string }): Promise<void> {
  await db.raw('delete from rate_limit_counters where scope = ? and key = ?', [input.scope, input.key]);
}

/** Deletes counters whose window has ended; returns how many. */
export async function pruneRateLimitCounters(db: Knex, now: Date): Promise<number> {
  const result = await db.raw('delete from rate_limit_counters where resets_at <= ?', [now.toISOString()]);
  return Number(result.rowCount ?? 0);
}
