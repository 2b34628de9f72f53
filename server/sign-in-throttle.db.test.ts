import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../core/accounts/accounts';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

/** Attackers at many addresses must not lock the owner out; one address hammering is stopped. */
let t: TestApp;

beforeAll(async () => {
  // Default rate limits (30 sign-ins per address, 10 failures per address and account, per 15 min).
  t = await startTestApp({ signInThrottle: { freeFailures: 5, baseMs: 50, maxMs: 200 } });
  await addUser(t.db.knex, { email: 'owner@c360.test', role: 'editor', password: 'tropical-storm-77' });
});
afterAll(() => t.close());

const signIn = (address: string, password: string, email = 'owner@c360.test') =>
  t.client().post('/api/auth/sign-in', { email, password }, { headers: { 'x-forwarded-for': address } });

describe('password sign-in throttling', () => {
  it('10 wrong passwords from 10 addresses do not lock the owner out: the right password from their address signs in', async () => {
    for (let i = 1; i <= 10; i++) expect((await signIn(`203.0.113.${i}`, `wrong-guess-${i}`)).status).toBe(400);
    const owner = await signIn('198.51.100.7', 'tropical-storm-77');
    expect(owner.status).toBe(200);
    // And 30 more from elsewhere: still no lock-out, only a slow-down for addresses the account never used.
    for (let i = 11; i <= 40; i++) expect((await signIn(`203.0.113.${i}`, `wrong-guess-${i}`)).status).toBe(400);
    const started = Date.now();
    expect((await signIn('198.51.100.7', 'tropical-storm-77')).status).toBe(200);
    expect((await signIn('192.0.2.55', 'tropical-storm-77')).status).toBe(200); // a new address, slowed, still in
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('an address that keeps failing on an account is stopped (429) for that account, even with the right password; others are not', async () => {
    await addUser(t.db.knex, { email: 'victim@c360.test', role: 'reader', password: 'harbour-lights-19' });
    for (let i = 0; i < 10; i++) expect((await signIn('203.0.113.200', `guess-${i}-x`, 'victim@c360.test')).status).toBe(400);
    const blocked = await signIn('203.0.113.200', 'harbour-lights-19', 'victim@c360.test');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn('198.51.100.8', 'harbour-lights-19', 'victim@c360.test')).status).toBe(200);
  });

  it('an address is limited to 30 sign-ins per 15 minutes whatever the accounts', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await signIn('203.0.113.250', 'wrong-pass-1', `guess-${i}@c360.test`)).status;
    expect(last).toBe(429);
  });
});
