import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGN_IN_THROTTLE, throttleDelayMs } from './sign-in-throttle';

describe('throttleDelayMs', () => {
  const settings = { ...DEFAULT_SIGN_IN_THROTTLE, freeFailures: 3, baseMs: 100, maxMs: 1000 };
  it.each([
    { failures: 0, trusted: false, wait: 0 },
    { failures: 2, trusted: false, wait: 0 },
    { failures: 3, trusted: false, wait: 100 },
    { failures: 4, trusted: false, wait: 200 },
    { failures: 6, trusted: false, wait: 800 },
    { failures: 7, trusted: false, wait: 1000 },
    { failures: 500, trusted: false, wait: 1000 },
    // The owner at an address that signed in to the account before is never slowed.
    { failures: 500, trusted: true, wait: 0 },
  ])('$failures failures, trusted address $trusted: waits $wait ms', ({ failures, trusted, wait }) => {
    expect(throttleDelayMs({ failures, trusted }, settings)).toBe(wait);
  });
});
