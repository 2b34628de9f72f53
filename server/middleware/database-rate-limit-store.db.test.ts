import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../core/db/open-database';
import { pruneRateLimitCounters } from '../../core/limits/rate-limit-counters';
import { useTwoConnections } from '../../test/helpers/test-database';
import { DatabaseRateLimitStore } from './database-rate-limit-store';

let db: Database;
let other: Knex;

useTwoConnections((opened, second) => {
  db = opened;
  other = second;
}, 5);

describe('DatabaseRateLimitStore', () => {
  it('counts concurrent hits from two servers once each', async () => {
    const now = () => new Date('2026-11-27T12:00:00Z');
    const a = new DatabaseRateLimitStore({ db: db.knex, clock: now, scope: 'race', windowMs: 60_000, limit: 1000 });
    const b = new DatabaseRateLimitStore({ db: other, clock: now, scope: 'race', windowMs: 60_000, limit: 1000 });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).increment('203.0.113.9')));
    expect(results.map((r) => r.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.resetTime!.toISOString()))).toEqual(new Set(['2026-11-27T12:01:00.000Z']));
    await b.decrement('203.0.113.9');
    expect((await a.get('203.0.113.9'))?.totalHits).toBe(39);
  });

  it('starts a new window when the old one ended, and prunes ended ones', async () => {
    let now = new Date('2026-11-27T13:00:00Z');
    const store = new DatabaseRateLimitStore({ db: db.knex, clock: () => now, scope: 'window', windowMs: 60_000, limit: 5 });
    for (let i = 0; i < 3; i++) await store.increment('k');
    now = new Date('2026-11-27T13:01:00Z');
    expect(await store.increment('k')).toEqual({ totalHits: 1, resetTime: new Date('2026-11-27T13:02:00Z') });
    expect(await pruneRateLimitCounters(db.knex, new Date('2026-11-27T13:02:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await store.get('k')).toBeUndefined();
  });

  it('answers a client already over its limit from memory until its window ends', async () => {
    let now = new Date('2026-11-27T14:00:00Z');
    const store = new DatabaseRateLimitStore({ db: db.knex, clock: () => now, scope: 'flood', windowMs: 60_000, limit: 2 });
    for (let i = 1; i <= 3; i++) expect((await store.increment('flooder')).totalHits).toBe(i);
    // The row is gone, yet the store still says "over": it did not ask the database.
    await db.knex.raw(`delete from rate_limit_counters where scope = 'flood'`);
    expect((await store.increment('flooder')).totalHits).toBe(4);
    now = new Date('2026-11-27T14:01:00Z');
    expect((await store.increment('flooder')).totalHits).toBe(1);
  });
});
