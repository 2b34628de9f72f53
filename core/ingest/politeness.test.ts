import { describe, expect, it } from 'vitest';
import { checkAddress } from './ssrf-guard';
import { failureDelayMs, MAX_DELAY_MS, needsUnconditionalFetch, parseCacheControlMaxAge, parseRetryAfter, successDelayMs } from './politeness';

const now = new Date('2026-11-20T12:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('successDelayMs: the latest of interval, ttl, max-age and Expires, at most a day', () => {
  it.each([
    ['interval only', {}, {}, 30 * MIN],
    ['ttl 60 min wins', { ttlMinutes: 60 }, {}, 60 * MIN],
    ['short ttl loses to the interval', { ttlMinutes: 5 }, {}, 30 * MIN],
    ['max-age wins', {}, { 'cache-control': 'public, max-age=7200' }, 2 * HOUR],
    ['s-maxage counts', {}, { 'cache-control': 's-maxage=5400' }, 90 * MIN],
    ['Expires wins', {}, { expires: 'Fri, 20 Nov 2026 15:00:00 GMT' }, 3 * HOUR],
    ['past Expires ignored', {}, { expires: 'Fri, 20 Nov 2026 11:00:00 GMT' }, 30 * MIN],
    ['capped at a day', { ttlMinutes: 60 * 24 * 7 }, {}, MAX_DELAY_MS],
  ])('%s', (_name, extra, headers, expected) => {
    expect(successDelayMs({ intervalSeconds: 1800, now, headers, ...extra })).toBe(expected);
  });
});

describe('failureDelayMs: interval × consecutive errors, capped, with jitter; Retry-After respected', () => {
  it.each([
    [1, 0.5, 30 * MIN],
    [3, 0.5, 90 * MIN],
    [3, 0, 72 * MIN],
    [3, 1, 108 * MIN],
    [100, 0.5, MAX_DELAY_MS],
    [100, 1, MAX_DELAY_MS],
  ])('%i errors, random %f → %i ms', (errors, r, expected) => {
    expect(failureDelayMs({ intervalSeconds: 1800, consecutiveErrors: errors, random: () => r })).toBe(expected);
  });

  it('waits at least as long as Retry-After says', () => {
    expect(failureDelayMs({ intervalSeconds: 1800, consecutiveErrors: 1, retryAfterMs: 5 * HOUR, random: () => 0.5 })).toBe(5 * HOUR);
    expect(failureDelayMs({ intervalSeconds: 1800, consecutiveErrors: 1, retryAfterMs: 90 * 24 * HOUR, random: () => 0.5 })).toBe(MAX_DELAY_MS);
  });

  it('parses Retry-After as seconds or a date, and max-age', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Fri, 20 Nov 2026 13:00:00 GMT', now)).toBe(HOUR);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseCacheControlMaxAge('no-cache')).toBeNull();
  });
});

describe('needsUnconditionalFetch: validators skipped every 12 h', () => {
  it.each([
    [null, true],
    ['2026-11-20T01:00:00Z', false],
    ['2026-11-19T23:59:00Z', true],
  ])('last unconditional %s → %s', (last, expected) => {
    expect(needsUnconditionalFetch(last ? new Date(last) : null, now)).toBe(expected);
  });
});

describe('checkAddress (SSRF guard)', () => {
  it.each([
    ['93.184.216.34', true],
    ['2606:2800:220:1:248:1893:25c8:1946', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['not-an-ip', false],
  ])('%s allowed: %s', (address, allowed) => {
    expect(checkAddress(address).allowed).toBe(allowed);
  });
});
