import type { ClientRateLimitInfo, IncrementResponse, Store } from 'express-rate-limit';
import type { Knex } from 'knex';
import { countHit, readCounter, resetCounter, uncountHit, type CounterState } from '../../core/limits/rate-limit-counters';

/**
 * An express-rate-limit store that counts in the database every server shares (issue 21), so a
 * limit holds across servers behind a load balancer: one upsert per limited request.
 *
 * A key already over its limit is remembered in memory until its window ends, and its further
 * hits are answered without the database: counts only grow within a window, so a key this server
 * saw over the limit is over it everywhere. A flood from one client then costs no queries. What
 * this server remembers is bounded (`maxRemembered`, ended windows and then the oldest dropped).
 */
export class DatabaseRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private readonly over = new Map<string, CounterState>();

  constructor(private readonly deps: { db: Knex; clock: () => Date; scope: string; windowMs: number; limit: number; maxRemembered?: number }) {
    this.prefix = deps.scope;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const now = this.deps.clock();
    const known = this.over.get(key);
    if (known && known.resetsAt.getTime() > now.getTime()) {
      known.hits++;
      return { totalHits: known.hits, resetTime: known.resetsAt };
    }
    if (known) this.over.delete(key);
    const state = await countHit(this.deps.db, { scope: this.deps.scope, key, windowMs: this.deps.windowMs, now });
    if (state.hits > this.deps.limit) this.remember(key, state, now);
    return { totalHits: state.hits, resetTime: state.resetsAt };
  }

  async decrement(key: string): Promise<void> {
    const known = this.over.get(key);
    if (known && --known.hits <= this.deps.limit) this.over.delete(key);
    await uncountHit(this.deps.db, { scope: this.deps.scope, key, now: this.deps.clock() });
  }

  async resetKey(key: string): Promise<void> {
    this.over.delete(key);
    await resetCounter(this.deps.db, { scope: this.deps.scope, key });
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const state = await readCounter(this.deps.db, { scope: this.deps.scope, key, now: this.deps.clock() });
    return state ? { totalHits: state.hits, resetTime: state.resetsAt } : undefined;
  }

  private remember(key: string, state: CounterState, now: Date): void {
    this.over.set(key, { ...state });
    const max = this.deps.maxRemembered ?? 10_000;
    if (this.over.size <= max) return;
    for (const [k, s] of this.over) if (s.resetsAt.getTime() <= now.getTime()) this.over.delete(k);
    // Map order is insertion order: the oldest remembered go first.
    while (this.over.size > max) this.over.delete(this.over.keys().next().value!);
  }
}
