import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { MISSING_CREDENTIALS, signInWithPassword, signUp } from '../../core/accounts/accounts';
import { finishOidcSignIn, OIDC_FLOW_TTL_MS, startOidcSignIn, type OidcProviders } from '../../core/accounts/oidc';
import { requestPasswordReset, resetPassword } from '../../core/accounts/password-reset';
import type { Mailer } from '../../core/mail/mailer';
import {
  authenticateAccessToken,
  createSession,
  refreshSession,
  revokeSession,
  revokeSessionOfRefreshToken,
  type IssuedSession,
  type SignInMethod,
} from '../../core/accounts/sessions';
import { hasRole, type Role } from '../../core/accounts/user';
import { C360Error, isC360Error } from '../../core/errors';
import type { Logger } from '../../core/logger';
import { clearOidcCookie, clearSessionCookies, cookieNames, isSecureRequest, languageCookie, readCookie, setOidcCookie, setSessionCookies } from '../cookies';
import { ensureCsrfToken } from '../middleware/csrf';
import { ipKeyGenerator } from 'express-rate-limit';
import type { RateLimiters } from '../middleware/rate-limits';
import { SignInThrottle } from '../middleware/sign-in-throttle';
import { currentSession } from '../middleware/session';
import { parseBody, parseQuery } from '../middleware/validate';
import { presentSession } from '../presenters/user';

/** Where an editor or admin goes after signing in (unless they came from somewhere on the site). */
export const AFTER_SIGN_IN = '/dashboard';
/** Where a reader goes: their own page of the reader site, never the console they cannot use. */
export const READER_AFTER_SIGN_IN = '/my-caribbean';
const CONSOLE_PATH = /^\/(dashboard|admin|analytics)(\/|\?|#|$)/;

const credentials = z.object({
  email: z.string().max(320).optional(),
  phone: z.string().max(32).optional(),
  password: z.string().max(1024).optional(),
  redirectTo: z.string().max(300).optional(),
});
const startQuery = z.object({ redirectTo: z.string().max(300).optional() });
const forgotBody = z.object({ email: z.string().max(320) });
const resetBody = z.object({ token: z.string().max(200), password: z.string().max(1024) });

/** The query strings these routes parse, by operation as docs/openapi.json names it (its query parameters are derived from these; server/openapi.db.test.ts). */
export const AUTH_QUERIES = { 'GET /api/auth/oidc/{provider}/start': startQuery };

/** The JSON bodies these routes parse, by operation as docs/openapi.json names it (its request bodies are derived from these; server/openapi.db.test.ts). */
export const AUTH_REQUEST_BODIES = {
  'POST /api/auth/sign-up': credentials,
  'POST /api/auth/sign-in': credentials,
  'POST /api/auth/password/forgot': forgotBody,
  'POST /api/auth/password/reset': resetBody,
};

/** Only a path on this site: never another origin (no open redirect). */
export function safeRedirect(value: string | undefined): string {
  if (!value || !/^\/(?![/\\])[\x21-\x7e]*$/.test(value)) return AFTER_SIGN_IN;
  return value;
}

/**
 * Where a signed-in person lands: back where they came from, else editors and admins in the
 * console and readers on their My Caribbean page. A reader is never sent into the console
 * (it would only tell them it is for editors).
 */
export function landingFor(role: Role, requested: string | undefined): string {
  const path = safeRedirect(requested);
  if (hasRole(role, 'editor')) return path;
  return CONSOLE_PATH.test(path) ? READER_AFTER_SIGN_IN : path;
}

export type AuthDeps = {
  db: Knex;
  clock: () => Date;
  logger: Logger;
  publicUrl?: string;
  /** The trusted origin for absolute URLs (server/site-origin.ts). */
  originOf: (req: Request) => string;
  limits: RateLimiters;
  oidc: OidcProviders;
  onSessionStart?: () => void;
  signInThrottle?: SignInThrottle;
  /** Sends password reset links. */
  mailer: Mailer;
};

/**
 * The auth API: sign-up, password sign-in, sign-out, read the session, refresh, and sign-in
 * through OpenID providers. Texts and errors follow the reader spec (sections 4, 7, 8).
 */
export function authRouter(deps: AuthDeps): Router {
  const router = Router();
  const throttle = deps.signInThrottle ?? new SignInThrottle({ db: deps.db, clock: deps.clock });
  const secureOf = (req: Request) => isSecureRequest(req, deps.publicUrl);
  const origin = deps.originOf;

  /** A new session replaces whatever the browser brought (no session fixation). */
  const startSession = async (req: Request, res: Response, user: IssuedSession['user'], method: SignInMethod): Promise<IssuedSession> => {
    const now = deps.clock();
    const previous = currentSession(res);
    if (previous) await revokeSession(deps.db, previous.sessionId, 'replaced_by_sign_in', now);
    await revokeSessionOfRefreshToken(deps.db, readCookie(req, cookieNames(secureOf(req)).refresh), 'replaced_by_sign_in', now);
    const session = await createSession(deps.db, { user, method, now, userAgent: req.get('user-agent') });
    setSessionCookies(res, secureOf(req), session, now);
    return session;
  };

  const checkCredentials = (body: z.infer<typeof credentials>) => {
    if (!body.email && body.phone && body.password) {
      throw new C360Error('invalid_input', 'Sign-in by phone number is not available. Please use your e-mail address.');
    }
    if (!body.email || !body.password) throw new C360Error('invalid_input', MISSING_CREDENTIALS);
  };

  router.get('/session', (req, res) => {
    const csrfToken = ensureCsrfToken(req, res, deps.publicUrl);
    res.setHeader('Cache-Control', 'no-store');
    const session = currentSession(res);
    // No live access token, but a refresh cookie: the client should POST /api/auth/refresh
    // (a GET never rotates tokens, so two tabs loading at once cannot trip reuse detection).
    if (!session) return void res.json({ user: null, session: null, csrfToken, refreshable: Boolean(readCookie(req, cookieNames(secureOf(req)).refresh)) });
    res.json({ ...presentSession(session, deps.clock()), csrfToken });
  });

  router.get('/user', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const session = currentSession(res);
    if (!session) {
      if (res.locals.authExpired) throw new C360Error('session_expired', 'Your session has expired. Refresh it or sign in again.');
      throw new C360Error('auth_session_missing', 'Auth session missing!');
    }
    res.json({ user: presentSession(session, deps.clock()).user });
  });

  router.get('/providers', (_req, res) => {
    res.json({ providers: deps.oidc.list() });
  });

  router.post('/sign-up', deps.limits.signUp, async (req, res) => {
    const body = parseBody(credentials, req);
    checkCredentials(body);
    const user = await signUp(deps.db, { email: body.email, password: body.password, now: deps.clock(), language: languageCookie(req) });
    const session = await startSession(req, res, user, 'signup');
    const csrfToken = ensureCsrfToken(req, res, deps.publicUrl, true);
    deps.logger.info({ userId: user.id }, 'account created');
    res.status(201).json({ ...presentSession(session, deps.clock()), csrfToken, redirectTo: landingFor(user.role, body.redirectTo) });
  });

  router.post('/sign-in', deps.limits.signIn, deps.limits.signInPerEmail, async (req, res) => {
    const body = parseBody(credentials, req);
    checkCredentials(body);
    const address = ipKeyGenerator(req.ip ?? 'unknown');
    const wait = await throttle.delayMs(body.email!, address);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    let user: Awaited<ReturnType<typeof signInWithPassword>>;
    try {
      user = await signInWithPassword(deps.db, { email: body.email, password: body.password, now: deps.clock() });
    } catch (error) {
      if (isC360Error(error, 'invalid_credentials')) await throttle.recordFailure(body.email!);
      throw error;
    }
    await throttle.recordSuccess(body.email!, address);
    const session = await startSession(req, res, user, 'password');
    const csrfToken = ensureCsrfToken(req, res, deps.publicUrl, true);
    res.json({ ...presentSession(session, deps.clock()), csrfToken, redirectTo: landingFor(user.role, body.redirectTo) });
  });

  router.post('/refresh', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const token = readCookie(req, cookieNames(secureOf(req)).refresh);
    if (!token) throw new C360Error('auth_session_missing', 'Auth session missing!');
    try {
      const session = await refreshSession(deps.db, token, deps.clock());
      setSessionCookies(res, secureOf(req), session, deps.clock());
      res.json(presentSession(session, deps.clock()));
    } catch (error) {
      // A refresh that fails for good removes the session from the browser too.
      if (isC360Error(error)) clearSessionCookies(res, secureOf(req));
      throw error;
    }
  });

  router.post('/sign-out', async (req, res) => {
    const now = deps.clock();
    const names = cookieNames(secureOf(req));
    const access = readCookie(req, names.access);
    const refresh = readCookie(req, names.refresh);
    if (!access && !refresh) throw new C360Error('auth_session_missing', 'Auth session missing!');
    const session = currentSession(res) ?? (access ? await authenticateAccessToken(deps.db, access, now) : null);
    if (session) await revokeSession(deps.db, session.sessionId, 'sign_out', now);
    await revokeSessionOfRefreshToken(deps.db, refresh, 'sign_out', now);
    clearSessionCookies(res, secureOf(req));
    ensureCsrfToken(req, res, deps.publicUrl, true);
    res.status(204).end();
  });

  // --- Forgotten passwords --------------------------------------------------------------

  // The same answer (202, the same body) for an address with an account, without one, or asked
  // for a moment ago; the e-mail goes out after the answer, so its time says nothing either.
  router.post('/password/forgot', deps.limits.passwordReset, async (req, res) => {
    const { email } = parseBody(forgotBody, req);
    res.setHeader('Cache-Control', 'no-store');
    const request = await requestPasswordReset({ db: deps.db, mailer: deps.mailer, origin: origin(req), now: deps.clock() }, { email });
    res.status(202).json({ status: 'sent_if_account' });
    if (request.deliver) {
      void request
        .deliver()
        .catch((error: unknown) => deps.logger.warn({ err: (error as Error).message }, 'password reset e-mail failed (the reader may ask again)'));
    }
  });

  // Every session of the account ends, this browser's included: the reader signs in with the new password.
  router.post('/password/reset', deps.limits.signIn, async (req, res) => {
    const { token, password } = parseBody(resetBody, req);
    res.setHeader('Cache-Control', 'no-store');
    const { user, sessionsEnded } = await resetPassword(deps.db, { token, password, now: deps.clock() });
    clearSessionCookies(res, secureOf(req));
    deps.logger.info({ userId: user.id, sessionsEnded }, 'password reset through an e-mailed link');
    res.json({ reset: true });
  });

  // --- OpenID Connect --------------------------------------------------------------------

  const providerParam = z.object({ provider: z.string().max(40) });
  const redirectUri = (req: Request, provider: string) => `${origin(req)}/api/auth/oidc/${provider}/callback`;

  router.get('/oidc/:provider/start', deps.limits.oidcStart, async (req, res) => {
    const { provider } = providerParam.parse(req.params);
    if (!deps.oidc.has(provider)) throw new C360Error('not_found', `No identity provider "${provider}" is configured.`);
    const { redirectTo } = parseQuery(startQuery, req);
    const { authorizationUrl, flowId } = await startOidcSignIn(deps.db, deps.oidc, {
      provider,
      redirectUri: redirectUri(req, provider),
      redirectTo: safeRedirect(redirectTo),
      now: deps.clock(),
      client: ipKeyGenerator(req.ip ?? 'unknown'),
    });
    setOidcCookie(res, secureOf(req), flowId, OIDC_FLOW_TTL_MS);
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, authorizationUrl.href);
  });

  router.get('/oidc/:provider/callback', async (req, res) => {
    const { provider } = providerParam.parse(req.params);
    const secure = secureOf(req);
    const flowId = readCookie(req, cookieNames(secure).oidc);
    clearOidcCookie(res, secure);
    res.setHeader('Cache-Control', 'no-store');
    try {
      if (!deps.oidc.has(provider)) throw new C360Error('not_found', `No identity provider "${provider}" is configured.`);
      const callbackUrl = new URL(req.originalUrl, origin(req));
      const result = await finishOidcSignIn(
        deps.db,
        deps.oidc,
        { provider, flowId, callbackUrl, redirectUri: redirectUri(req, provider), now: deps.clock(), language: languageCookie(req) },
        deps.logger,
      );
      await startSession(req, res, result.user, provider as SignInMethod);
      ensureCsrfToken(req, res, deps.publicUrl, true);
      if (result.created) deps.logger.info({ userId: result.user.id, provider }, 'account created through an identity provider');
      res.redirect(303, landingFor(result.user.role, result.redirectTo));
    } catch (error) {
      if (!isC360Error(error)) throw error;
      // The browser is mid-navigation: send it to the sign-in page with the reason's code only.
      // The page shows its own translated text for a known code: text in the address would let
      // anyone's link put words of their choosing in the page's error box ("call this number").
      const reason = (error.details as { reason?: string } | undefined)?.reason ?? error.code;
      deps.logger.info({ provider, reason, err: error.message }, 'provider sign-in failed');
      res.redirect(303, `/auth?${new URLSearchParams({ error: reason })}`);
    }
  });

  return router;
}
