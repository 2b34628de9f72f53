import type { RequestHandler } from 'express';
import { randomToken, safeEqual } from '../../core/accounts/tokens';
import { C360Error } from '../../core/errors';
import { CSRF_COOKIE, isSecureRequest, readCookie, setCsrfCookie } from '../cookies';

/**
 * CSRF protection: a double-submit token, checked on every state-changing request (POST, PUT,
 * PATCH, DELETE) to the API, signed in or not, except the routes that authenticate by their
 * own secret (webhook signatures, one-click unsubscribe tokens).
 *
 * - The server sets a random token in a readable `c360_csrf` cookie (on reading the session,
 *   and anew on every sign-in and sign-out); the page sends it back in `X-CSRF-Token`. Another
 *   site can make the browser send our cookies but can neither read the cookie nor set the header.
 * - The browser's Origin (or Referer) must be our own origin when it sends one, and
 *   Sec-Fetch-Site must not say cross-site: this also stops a sibling subdomain that plants its
 *   own `c360_csrf` cookie, since its requests carry its own origin.
 * - Session cookies are SameSite=Lax on top of this.
 *
 * Chosen over a synchronizer token because it needs no server-side storage per visitor, works
 * with cached pages (the HTML carries no token), and the same check covers anonymous forms.
 */
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function csrfProtection(options: { publicUrl?: string; exempt: (path: string) => boolean }): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || options.exempt(req.path)) return next();
    const fail = (why: string) => next(new C360Error('csrf_failed', `Request refused: ${why}. Reload the page and try again.`));
    if (req.get('sec-fetch-site') === 'cross-site') return fail('it came from another site');
    // Our origin is the public one, or the address this request was sent to (a browser sets
    // Host itself, so another site cannot choose it).
    const ours = new Set([`${req.protocol}://${req.get('host')}`]);
    if (options.publicUrl) ours.add(new URL(options.publicUrl).origin);
    const origin = req.get('origin');
    if (origin && origin !== 'null' && !ours.has(origin)) return fail('it came from another site');
    if (origin === 'null') return fail('it came from an opaque origin');
    if (!origin) {
      const referer = req.get('referer');
      if (referer) {
        let refererOrigin = '';
        try {
          refererOrigin = new URL(referer).origin;
        } catch {
          // unparseable: treated as foreign
        }
        if (!ours.has(refererOrigin)) return fail('it came from another site');
      }
    }
    const cookie = readCookie(req, CSRF_COOKIE);
    const header = req.get(CSRF_HEADER);
    if (!cookie || !header || !safeEqual(cookie, header)) return fail('the security token is missing or does not match');
    next();
  };
}

/** Sets a CSRF cookie when the browser has none (or when `rotate`), and returns the token. */
export function ensureCsrfToken(req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1], publicUrl: string | undefined, rotate = false): string {
  const existing = readCookie(req, CSRF_COOKIE);
  if (existing && !rotate && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomToken();
  setCsrfCookie(res, isSecureRequest(req, publicUrl), token);
  return token;
}
