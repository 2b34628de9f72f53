import type { CookieOptions, Request, Response } from 'express';
import { ACCESS_TOKEN_TTL_SECONDS, type IssuedSession } from '../core/accounts/sessions';

/**
 * Cookie names and flags. Session cookies are httpOnly (page scripts never see a token),
 * SameSite=Lax (other sites' forms and fetches do not carry them) and Secure when the site is
 * served over https: C360_PUBLIC_URL is https, or a trusted proxy says X-Forwarded-Proto https.
 * Over https the names carry the __Host-/__Secure- prefixes, which browsers only accept from a
 * secure origin (and __Host- only without a Domain), so a sibling subdomain cannot plant them.
 * The refresh cookie goes only to /api/auth, the one place that reads it.
 */
export type CookieNames = { access: string; refresh: string; oidc: string };

export const CSRF_COOKIE = 'c360_csrf';
const REFRESH_PATH = '/api/auth';
const OIDC_PATH = '/api/auth/oidc';

export function isSecureRequest(req: Request, publicUrl: string | undefined): boolean {
  return publicUrl?.startsWith('https:') === true || req.secure;
}

export function cookieNames(secure: boolean): CookieNames {
  return secure
    ? { access: '__Host-c360_at', refresh: '__Secure-c360_rt', oidc: '__Secure-c360_oidc' }
    : { access: 'c360_at', refresh: 'c360_rt', oidc: 'c360_oidc' };
}

function base(secure: boolean): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/' };
}

export function setSessionCookies(res: Response, secure: boolean, session: IssuedSession, now: Date): void {
  const names = cookieNames(secure);
  res.cookie(names.access, session.accessToken, {
    ...base(secure),
    maxAge: Math.max(0, Math.min(ACCESS_TOKEN_TTL_SECONDS * 1000, session.accessExpiresAt.getTime() - now.getTime())),
  });
  res.cookie(names.refresh, session.refreshToken, {
    ...base(secure),
    path: REFRESH_PATH,
    maxAge: Math.max(0, session.refreshExpiresAt.getTime() - now.getTime()),
  });
}

export function clearSessionCookies(res: Response, secure: boolean): void {
  const names = cookieNames(secure);
  res.clearCookie(names.access, base(secure));
  res.clearCookie(names.refresh, { ...base(secure), path: REFRESH_PATH });
}

/** The CSRF cookie is readable by the page's script (it must copy it into a header). */
export function setCsrfCookie(res: Response, secure: boolean, token: string): void {
  res.cookie(CSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure, path: '/', maxAge: 30 * 86_400_000 });
}

export function setOidcCookie(res: Response, secure: boolean, value: string, maxAgeMs: number): void {
  res.cookie(cookieNames(secure).oidc, value, { ...base(secure), path: OIDC_PATH, maxAge: maxAgeMs });
}

export function clearOidcCookie(res: Response, secure: boolean): void {
  res.clearCookie(cookieNames(secure).oidc, { ...base(secure), path: OIDC_PATH });
}

export function readCookie(req: Request, name: string): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export const LANGUAGE_COOKIE = 'c360_lang';
const PAGE_LANGUAGES = ['EN', 'ES', 'FR', 'NL'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/**
 * The reader's language from the c360_lang cookie the language switch sets (read from the raw
 * header: the fast lane runs before any cookie parser), English when absent or unknown.
 */
export function pageLanguage(cookieHeader: string | undefined): PageLanguage {
  if (!cookieHeader || !cookieHeader.includes(LANGUAGE_COOKIE)) return 'EN';
  const value = /(?:^|;\s*)c360_lang=([A-Za-z]{2})(?:;|$)/.exec(cookieHeader)?.[1]?.toUpperCase();
  return (PAGE_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as PageLanguage) : 'EN';
}

/**
 * The c360_lang cookie's language for a reader's records (sign-up, newsletter subscription), so
 * their e-mails are written in it: 'es', 'fr', 'nl' or 'en', or null when the cookie is absent
 * or unknown (the record keeps no language; e-mails are then English).
 */
export function languageCookie(req: Request): 'en' | 'es' | 'fr' | 'nl' | null {
  const header = req.headers.cookie;
  const value = header ? /(?:^|;\s*)c360_lang=([A-Za-z]{2})(?:;|$)/.exec(header)?.[1]?.toUpperCase() : undefined;
  return value && (PAGE_LANGUAGES as readonly string[]).includes(value) ? (value.toLowerCase() as 'en' | 'es' | 'fr' | 'nl') : null;
}
