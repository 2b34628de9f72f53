import type { Knex } from 'knex';
import { countHit } from '../../core/limits/rate-limit-counters';
import {
  pruneSignInAddresses,
  readSignInStanding,
  recordSignInAddress,
  SIGN_IN_FAILURES_SCOPE,
  type SignInStanding,
} from '../../core/accounts/sign-in-throttle-repository';

/**
 * Per-account sign-in throttling that an attacker cannot turn into a lock-out. Hard limits are
 * per client address only (rate-limits.ts: all sign-ins per address, and failures per address and
 * account); across addresses, an account's failures only slow its further attempts down: after
 * `freeFailures` failures within `windowMs`, each attempt waits baseMs, 2×, 4×… up to `maxMs`
 * before its password is checked. An address that has signed in to the account before (within
 * `trustMs`) is not slowed, so the owner at their usual address gets in at once whatever is thrown
 * at their account from elsewhere; anyone else with the right password still gets in, only later.
 *
 * Failures and trusted addresses live in the database (issue 21), so every server behind a load
 * balancer counts the same failures and knows the same addresses: ten failures spread over two
 * servers are ten. Old rows are pruned with the rate-limit counters.
 */
export type SignInThrottleSettings = { windowMs: number; freeFailures: number; baseMs: number; maxMs: number; trustMs: number };

export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleSettings = {
  windowMs: 15 * 60_000,
  freeFailures: 5,
  baseMs: 250,
  maxMs: 4_000,
  trustMs: 30 * 86_400_000,
};

/** The rule: how long an attempt waits, given the account's failures and whether the address is trusted. */
export function throttleDelayMs(standing: SignInStanding, settings: SignInThrottleSettings): number {
  if (standing.trusted || standing.failures < settings.freeFailures) return 0;
  return Math.min(settings.maxMs, settings.baseMs * 2 ** (standing.failures - settings.freeFailures));
}

export class SignInThrottle {
  readonly settings: SignInThrottleSettings;

  constructor(
    private readonly deps: { db: Knex; clock: () => Date },
    settings: Partial<SignInThrottleSettings> = {},
  ) {
    this.settings = { ...DEFAULT_SIGN_IN_THROTTLE, ...settings };
  }

  static accountKey(email: string): string {
    return email.trim().toLowerCase().slice(0, 254);
  }

  /** How long an attempt on this account from this address waits before its password is checked. */
  async delayMs(email: string, address: string): Promise<number> {
    const now = this.deps.clock();
    const standing = await readSignInStanding(this.deps.db, {
      account: SignInThrottle.accountKey(email),
      address,
      now,
      trustedSince: new Date(now.getTime() - this.settings.trustMs),
    });
    return throttleDelayMs(standing, this.settings);
  }

  async recordFailure(email: string): Promise<void> {
    await countHit(this.deps.db, {
      scope: SIGN_IN_FAILURES_SCOPE,
      key: SignInThrottle.accountKey(email),
      windowMs: this.settings.windowMs,
      now: this.deps.clock(),
    });
  }

  async recordSuccess(email: string, address: string): Promise<void> {
    await recordSignInAddress(this.deps.db, { account: SignInThrottle.accountKey(email), address, now: this.deps.clock() });
  }

  /** Forgets addresses not trusted any more (ended failure windows go with the rate-limit counters). */
  async prune(): Promise<void> {
    await pruneSignInAddresses(this.deps.db, new Date(this.deps.clock().getTime() - this.settings.trustMs));
  }
}
