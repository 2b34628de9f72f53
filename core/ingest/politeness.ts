import type { IncomingHttpHeaders } from 'node:http';

/**
 * When to fetch a feed next, as the best readers do it. Pure functions of the response and the
 * feed's state, so the rules are table-tested.
 *
 * - After a success (200 or 304): the latest of the feed's own interval, its RSS <ttl>, the
 *   response's Cache-Control max-age and its Expires, never more than a day away.
 * - After a failure: interval × consecutive errors, capped at 24 h, with ±20 % jitter so feeds
 *   that failed together do not retry together; a 429/503 Retry-After pushes it later still.
 *   A failing feed is never disabled: it keeps being tried at the capped pace and shows its error.
 * - Validators (ETag, Last-Modified) are skipped once every 12 h: some servers answer 304 forever.
 */

export const MAX_DELAY_MS = 24 * 3_600_000;
export const UNCONDITIONAL_EVERY_MS = 12 * 3_600_000;
export const JITTER = 0.2;

export function parseCacheControlMaxAge(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  const match = /(?:^|,)\s*(?:s-maxage|max-age)\s*=\s*"?(\d+)"?/i.exec(value ?? '');
  return match ? Number(match[1]) * 1000 : null;
}

export function parseExpires(header: string | undefined, now: Date): number | null {
  if (!header) return null;
  const time = Date.parse(header);
  return Number.isNaN(time) ? null : Math.max(0, time - now.getTime());
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | undefined, now: Date): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const time = Date.parse(trimmed);
  return Number.isNaN(time) ? null : Math.max(0, time - now.getTime());
}

export function successDelayMs(input: { intervalSeconds: number; ttlMinutes?: number | null; headers?: IncomingHttpHeaders; now: Date }): number {
  const candidates = [
    input.intervalSeconds * 1000,
    (input.ttlMinutes ?? 0) * 60_000,
    parseCacheControlMaxAge(input.headers?.['cache-control']) ?? 0,
    parseExpires(input.headers?.expires, input.now) ?? 0,
  ];
  return Math.min(MAX_DELAY_MS, Math.max(...candidates));
}

export function failureDelayMs(input: { intervalSeconds: number; consecutiveErrors: number; retryAfterMs?: number | null; random?: () => number }): number {
  const random = input.random ?? Math.random;
  const base = Math.min(MAX_DELAY_MS, input.intervalSeconds * 1000 * Math.max(1, input.consecutiveErrors));
  const jittered = Math.min(MAX_DELAY_MS, Math.round(base * (1 - JITTER + 2 * JITTER * random())));
  return Math.max(jittered, Math.min(MAX_DELAY_MS, input.retryAfterMs ?? 0));
}

/** True when this fetch should go without validators (none sent for 12 h, or never). */
export function needsUnconditionalFetch(lastUnconditionalAt: Date | null, now: Date): boolean {
  return lastUnconditionalAt === null || now.getTime() - lastUnconditionalAt.getTime() >= UNCONDITIONAL_EVERY_MS;
}
