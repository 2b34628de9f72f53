import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../core/db/open-database';
import { openTestDatabase } from '../../test/helpers/test-database';
import { SignInThrottle } from './sign-in-throttle';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe('SignInThrottle (in the database)', () => {
  it('slows an account down progressively after its free failures, whatever address they came from, until the window passes', async () => {
    let now = new Date('2026-11-27T12:00:00Z');
    const t = new SignInThrottle({ db: db.knex, clock: () => now }, { freeFailures: 3, baseMs: 100, maxMs: 1000, windowMs: 60_000 });
    const delays: number[] = [];
    for (let i = 0; i < 9; i++) {
      delays.push(await t.delayMs('Owner@Example.org', `203.0.113.${i}`));
      await t.recordFailure('owner@example.org');
    }
    expect(delays).toEqual([0, 0, 0, 100, 200, 400, 800, 1000, 1000]);
    expect(await t.delayMs('someone-else@example.org', '203.0.113.1')).toBe(0);
    now = new Date(now.getTime() + 60_000);
    expect(await t.delayMs('owner@example.org', '203.0.113.9')).toBe(0);
  });

  it('never slows the owner at an address that signed in to the account before, until that trust lapses', async () => {
    let now = new Date('2026-11-27T12:00:00Z');
    const t = new SignInThrottle(
      { db: db.knex, clock: () => now },
      { freeFailures: 1, baseMs: 100, maxMs: 1000, trustMs: 86_400_000, windowMs: 2 * 86_400_000 },
    );
    await t.recordSuccess('trusted@example.org', '198.51.100.7');
    for (let i = 0; i < 20; i++) await t.recordFailure('trusted@example.org');
    expect(await t.delayMs('trusted@example.org', '198.51.100.7')).toBe(0);
    expect(await t.delayMs('trusted@example.org', '203.0.113.1')).toBe(1000);
    now = new Date(now.getTime() + 86_400_000);
    expect(await t.delayMs('trusted@example.org', '198.51.100.7')).toBe(1000);
    await t.prune();
    expect((await db.knex.raw(`select count(*)::int as n from sign_in_addresses where account = 'trusted@example.org'`)).rows[0].n).toBe(0);
  });
});
