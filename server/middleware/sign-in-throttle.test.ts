import { describe, expect, it } from 'vitest';
import { SignInThrottle } from './sign-in-throttle';

describe('SignInThrottle', () => {
  it('slows an account down progressively after its free failures, whatever address they came from', () => {
    let now = 0;
    const t = new SignInThrottle({ freeFailures: 3, baseMs: 100, maxMs: 1000, windowMs: 60_000 }, () => now);
    const delays: number[] = [];
    for (let i = 0; i < 9; i++) {
      delays.push(t.delayMs('Owner@Example.org', `203.0.113.${i}`));
      t.recordFailure('owner@example.org');
    }
    expect(delays).toEqual([0, 0, 0, 100, 200, 400, 800, 1000, 1000]);
    expect(t.delayMs('someone-else@example.org', '203.0.113.1')).toBe(0);
    now += 60_000; // the window passes
    expect(t.delayMs('owner@example.org', '203.0.113.9')).toBe(0);
  });

  it('never slows the owner at an address that signed in to the account before', () => {
    let now = 0;
    const t = new SignInThrottle({ freeFailures: 1, baseMs: 100, maxMs: 1000, trustMs: 86_400_000 }, () => now);
    t.recordSuccess('owner@example.org', '198.51.100.7');
    for (let i = 0; i < 50; i++) t.recordFailure('owner@example.org');
    expect(t.delayMs('owner@example.org', '198.51.100.7')).toBe(0);
    expect(t.delayMs('owner@example.org', '203.0.113.1')).toBe(1000);
    now += 86_400_000;
    expect(t.delayMs('owner@example.org', '198.51.100.7')).toBe(0); // failures window long gone too
  });

  it('keeps its memory bounded', () => {
    const t = new SignInThrottle({ maxAccounts: 100 });
    for (let i = 0; i < 1000; i++) t.recordFailure(`user-${i}@example.org`);
    expect((t as unknown as { failures: Map<string, unknown> }).failures.size).toBe(100);
  });
});
