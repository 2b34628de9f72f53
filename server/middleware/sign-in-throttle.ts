/**
 * Per-account sign-in throttling that an attacker cannot turn into a lock-out. Hard limits are
 * per client address only (rate-limits.ts: all sign-ins per address, and failures per address and
 * account); across addresses, an account's failures only slow its further attempts down: after
 * `freeFailures` failures within `windowMs`, each attempt waits baseMs, 2×, 4×… up to `maxMs`
 * before its password is checked. An address that has signed in to the account before (in this
 * process, within `trustMs`) is not slowed, so the owner at their usual address gets in at once
 * whatever is thrown at their account from elsewhere; anyone else with the right password still
 * gets in, only later. Memory is bounded (oldest entries dropped first).
 */
export type SignInThrottleSettings = { windowMs: number; freeFailures: number; baseMs: number; maxMs: number; trustMs: number; maxAccounts: number };

export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleSettings = {
  windowMs: 15 * 60_000,
  freeFailures: 5,
  baseMs: 250,
  maxMs: 4_000,
  trustMs: 30 * 86_400_000,
  maxAccounts: 50_000,
};

type Failures = { count: number; since: number };

export class SignInThrottle {
  private readonly failures = new Map<string, Failures>();
  private readonly trusted = new Map<string, Map<string, number>>();
  readonly settings: SignInThrottleSettings;

  constructor(
    settings: Partial<SignInThrottleSettings> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.settings = { ...DEFAULT_SIGN_IN_THROTTLE, ...settings };
  }

  static accountKey(email: string): string {
    return email.trim().toLowerCase().slice(0, 254);
  }

  /** How long an attempt on this account from this address waits before its password is checked. */
  delayMs(email: string, address: string): number {
    const key = SignInThrottle.accountKey(email);
    const seen = this.trusted.get(key)?.get(address);
    if (seen !== undefined && this.now() - seen < this.settings.trustMs) return 0;
    const f = this.current(key);
    if (!f || f.count < this.settings.freeFailures) return 0;
    return Math.min(this.settings.maxMs, this.settings.baseMs * 2 ** (f.count - this.settings.freeFailures));
  }

  recordFailure(email: string): void {
    const key = SignInThrottle.accountKey(email);
    const f = this.current(key) ?? { count: 0, since: this.now() };
    f.count++;
    this.failures.delete(key); // re-insert: the Map's order is oldest first, for pruning
    this.failures.set(key, f);
    this.prune(this.failures);
  }

  recordSuccess(email: string, address: string): void {
    const key = SignInThrottle.accountKey(email);
    const addresses = this.trusted.get(key) ?? new Map<string, number>();
    addresses.delete(address);
    addresses.set(address, this.now());
    while (addresses.size > 20) addresses.delete(addresses.keys().next().value!);
    this.trusted.delete(key);
    this.trusted.set(key, addresses);
    this.prune(this.trusted);
  }

  private current(key: string): Failures | undefined {
    const f = this.failures.get(key);
    if (f && this.now() - f.since >= this.settings.windowMs) {
      this.failures.delete(key);
      return undefined;
    }
    return f;
  }

  private prune(map: Map<string, unknown>): void {
    while (map.size > this.settings.maxAccounts) map.delete(map.keys().next().value!);
  }
}
