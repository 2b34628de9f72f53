import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Knex } from 'knex';
import { sendError } from '../http-errors';
import { simplePage } from '../pages/simple-page';
import { DatabaseRateLimitStore } from './database-rate-limit-store';

/**
 * Rate limits on what attackers hammer: password sign-in (per client address, and failures per
 * client address and account: an attacker elsewhere never locks the owner out; across addresses an
 * account's failures only slow it down, see sign-in-throttle.ts), sign-up, OpenID starts, search,
 * the newsletter box and the webhook. Over the limit: 429 with Retry-After. Counters live in the
 * database (database-rate-limit-store.ts), so several servers on one database count together: a
 * limit of 30 is 30 across all of them, not 30 per server.
 */
export type Limit = { windowMs: number; limit: number };
export type RateLimitSettings = {
  signIn: Limit;
  signInPerEmail: Limit;
  signUp: Limit;
  newsletter: Limit;
  webhook: Limit;
  ogImage: Limit;
  /** Page-view beacons per client address, and story views per address and story. */
  pageViews: Limit;
  pageViewsPerStory: Limit;
  /** A reader's own changes (follows, saved stories, alerts) per client address. */
  readerWrites: Limit;
  /** Readers' article translations per client address (each new one is an AI call). */
  translate: Limit;
  /** OpenID sign-ins started per client address (each stores a pending sign-in). */
  oidcStart: Limit;
  /** Searches per client address that reach the app (a repeated one is answered by the fast lane). */
  search: Limit;
  /** "Forgot your password?" requests per client address (each may send an e-mail). */
  passwordReset: Limit;
};

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  signIn: { windowMs: 15 * 60_000, limit: 30 },
  signInPerEmail: { windowMs: 15 * 60_000, limit: 10 }, // failures per address and account
  signUp: { windowMs: 60 * 60_000, limit: 10 },
  newsletter: { windowMs: 60 * 60_000, limit: 10 },
  webhook: { windowMs: 60_000, limit: 120 },
  ogImage: { windowMs: 60_000, limit: 120 },
  pageViews: { windowMs: 60_000, limit: 60 },
  // A household or office shares an address: a few readers of one story, not thousands of "readers" with made-up user agents.
  pageViewsPerStory: { windowMs: 30 * 60_000, limit: 10 },
  // Generous for a person clicking Save and Follow, tight for a script.
  readerWrites: { windowMs: 60_000, limit: 60 },
  translate: { windowMs: 60 * 60_000, limit: 20 },
  // A person signs in a few times a day; a household or office shares an address.
  oidcStart: { windowMs: 10 * 60_000, limit: 20 },
  // Results come as you type (one search per 200 ms pause): generous for people, tight for a script.
  search: { windowMs: 60_000, limit: 60 },
  // Each account also gets at most one link per 5 minutes (core/accounts/password-reset.ts).
  passwordReset: { windowMs: 60 * 60_000, limit: 10 },
};

export type RateLimiters = Record<keyof RateLimitSettings, RequestHandler>;

type StoreDeps = { db: Knex };

function createLimiter(deps: StoreDeps, name: string, settings: Limit, extra: Partial<Parameters<typeof rateLimit>[0]> = {}): RequestHandler {
  return rateLimit({
    // The real clock, not the app's: express-rate-limit computes Retry-After and RateLimit-Reset from Date.now().
    store: new DatabaseRateLimitStore({ db: deps.db, clock: () => new Date(), scope: name, windowMs: settings.windowMs, limit: settings.limit }),
    windowMs: settings.windowMs,
    limit: settings.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: name,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
    handler: (_req, res) => sendError(res, 429, 'rate_limited', 'Too many requests. Please wait a little and try again.'),
    ...extra,
  });
}

/** For a browser's navigation (an OpenID start is a link, not a fetch): a page, not JSON. */
function pageForBrowsers(req: Request, res: Response): void {
  if (req.accepts(['json', 'html']) !== 'html') return sendError(res, 429, 'rate_limited', 'Too many requests. Please wait a little and try again.');
  res.status(429).type('html').setHeader('Cache-Control', 'no-store');
  res.send(
    simplePage({
      title: 'Too many sign-in attempts',
      heading: 'Too many sign-in attempts',
      paragraphs: ['Too many sign-ins were started from your network. Please wait a few minutes and try again.'],
    }),
  );
}

/** The client address and the account it tries: failures here block that address for that account only. */
function addressAndEmailKey(req: Request): string {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  const address = ipKeyGenerator(req.ip ?? 'unknown');
  return typeof email === 'string' ? `ip:${address}|email:${email.trim().toLowerCase().slice(0, 254)}` : `ip:${address}`;
}

function storyView(req: Request): string | undefined {
  const body = req.body as { storyId?: unknown; kind?: unknown } | undefined;
  return typeof body?.storyId === 'string' && (body.kind === undefined || body.kind === 'view') ? body.storyId.slice(0, 64) : undefined;
}

function addressAndStoryKey(req: Request): string {
  return `ip:${ipKeyGenerator(req.ip ?? 'unknown')}|story:${storyView(req)}`;
}

export function createRateLimiters(deps: StoreDeps, overrides: Partial<RateLimitSettings> = {}): RateLimiters {
  const s = { ...DEFAULT_RATE_LIMITS, ...overrides };
  const limiter = (name: string, settings: Limit, extra?: Partial<Parameters<typeof rateLimit>[0]>) => createLimiter(deps, name, settings, extra);
  return {
    signIn: limiter('sign-in', s.signIn),
    // Counts failed attempts per address and account: never a lock-out of the account itself.
    signInPerEmail: limiter('sign-in-email', s.signInPerEmail, { keyGenerator: addressAndEmailKey, skipSuccessfulRequests: true }),
    signUp: limiter('sign-up', s.signUp),
    newsletter: limiter('newsletter', s.newsletter),
    webhook: limiter('webhook', s.webhook),
    ogImage: limiter('og-image', s.ogImage),
    pageViews: limiter('page-views', s.pageViews),
    translate: limiter('translate', s.translate),
    pageViewsPerStory: limiter('page-views-story', s.pageViewsPerStory, { keyGenerator: addressAndStoryKey, skip: (req) => !storyView(req) }),
    oidcStart: limiter('oidc-start', s.oidcStart, { handler: pageForBrowsers }),
    search: limiter('search', s.search),
    passwordReset: limiter('password-reset', s.passwordReset),
    readerWrites: limiter('reader-writes', s.readerWrites, { skip: (req) => req.method === 'GET' || req.method === 'HEAD' }),
  };
}
