import type { Knex } from 'knex';

/**
 * SQL of the password sign-in throttle (server/middleware/sign-in-throttle.ts), shared by every
 * server on the database: an account's recent failures are a rate-limit counter (scope
 * SIGN_IN_FAILURES_SCOPE, key the account), and the addresses it signed in from are rows of
 * sign_in_addresses. `account` is the lower-cased e-mail a sign-in names.
 */
export const SIGN_IN_FAILURES_SCOPE = 'sign-in-account-failures';

export type SignInStanding = { failures: number; trusted: boolean };

/** One round trip: the account's failures in their window, and whether this address signed in to it since `trustedSince`. */
export async function readSignInStanding(db: Knex, input: { account: string; address: string; now: Date; trustedSince: Date }): Promise<SignInStanding> {
  const { rows } = await db.raw(
    `select
       coalesce((select hits from rate_limit_counters where scope = ? and key = ? and resets_at > ?), 0)::int as failures,
       exists (select 1 from sign_in_addresses where account = ? and address = ? and signed_in_at > ?) as trusted`,
    [SIGN_IN_FAILURES_SCOPE, input.account, input.now.toISOString(), input.account, input.address, input.trustedSince.toISOString()],
  );
  return { failures: Number(rows[0].failures), trusted: rows[0].trusted === true };
}

export async function recordSignInAddress(db: Knex, input: { account: string; address: string; now: Date }): Promise<void> {
  await db.raw(
    `insert into sign_in_addresses (account, address, signed_in_at) values (?, ?, ?)
     on conflict (account, address) do update set signed_in_at = excluded.signed_in_at`,
    [input.account, input.address, input.now.toISOString()],
  );
}

/** Forgets addresses not used to sign in since `before`; returns how many. */
export async function pruneSignInAddresses(db: Knex, before: Date): Promise<number> {
  const result = await db.raw('delete from sign_in_addresses where signed_in_at <= ?', [before.toISOString()]);
  return Number(result.rowCount ?? 0);
}
