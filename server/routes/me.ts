import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { changePassword, deleteOwnAccount } from '../../core/accounts/accounts';
import { getEmailConfirmation, requestEmailConfirmation, type ConfirmationRequest, type EmailConfirmationState } from '../../core/accounts/email-confirmation';
import type { Logger } from '../../core/logger';
import type { Mailer } from '../../core/mail/mailer';
import { readerAlertInputSchema } from '../../core/alerts/reader-alert-rules';
import { createReaderAlert, deleteReaderAlert, listReaderAlerts, setReaderAlertEnabled } from '../../core/alerts/reader-alerts';
import type { Alert } from '../../core/alerts/alert-repository';
import { C360Error } from '../../core/errors';
import { FOLLOW_REGIONS, FOLLOW_TOPICS, followsSchema } from '../../core/readers/follow-rules';
import {
  getFollows,
  listMyCaribbean,
  listSavedStories,
  MAX_READER_OFFSET,
  saveStory,
  setFollows,
  unsaveStory,
  whichSaved,
  type Reader,
} from '../../core/readers/readers';
import { clearSessionCookies, isSecureRequest } from '../cookies';
import type { RateLimiters } from '../middleware/rate-limits';
import { currentSession } from '../middleware/session';
import { parseBody, parseQuery } from '../middleware/validate';
import { presentStoryCard } from '../presenters/story';

/**
 * A signed-in reader's own things: follows, My Caribbean, saved stories and alerts. Every
 * account may use them (editors and admins are readers too); each route acts only on the
 * signed-in account's rows. Writes pass CSRF (app-wide) and a per-address rate limit.
 */

export const SIGN_IN_FOR_ACCOUNT = 'Sign in to follow islands and topics, save stories and set alerts.';

const pageQuery = z.object({
  offset: z.coerce.number().int().min(0).max(MAX_READER_OFFSET).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
const saveBody = z.object({ storyId: z.string().uuid('storyId must be a story id') }).strict();
const savedQuery = z.object({ ids: z.string().max(3_800).default('') });
const toggleBody = z.object({ is_active: z.boolean() }).strict();
const passwordBody = z.object({ currentPassword: z.string().max(1024), newPassword: z.string().max(1024) }).strict();
const deleteBody = z.object({ password: z.string().max(1024).optional(), confirmation: z.string().max(40).optional() }).strict();

/** The query strings these routes parse, by operation as docs/openapi.json names it (its query parameters are derived from these; server/openapi.db.test.ts). */
export const ME_QUERIES = {
  'GET /api/me/my-caribbean': pageQuery,
  'GET /api/me/saved': pageQuery,
  'GET /api/me/saved/ids': savedQuery,
};

/**
 * The JSON bodies these routes parse, by operation as docs/openapi.json names it (its request bodies are derived from these; server/openapi.db.test.ts).
 * Follows and new alerts go to core as they came: the use case parses them with its own schema, listed here.
 */
export const ME_REQUEST_BODIES = {
  'PUT /api/me/follows': followsSchema,
  'POST /api/me/saved': saveBody,
  'POST /api/me/alerts': readerAlertInputSchema,
  'PATCH /api/me/alerts/{id}': toggleBody,
  'POST /api/me/password': passwordBody,
  'DELETE /api/me': deleteBody,
};

function requireReader(): RequestHandler {
  return (_req, res, next) => {
    if (currentSession(res)) return next();
    const expired = (res.locals as { authExpired?: boolean }).authExpired;
    next(
      expired ? new C360Error('session_expired', 'Your session has expired. Refresh it or sign in again.') : new C360Error('unauthorized', SIGN_IN_FOR_ACCOUNT),
    );
  };
}

const reader = (res: Response): Reader => ({ id: currentSession(res)!.user.id });

/** What a reader sees of their alert: no owner id, no console fields. */
function presentAlert(alert: Alert) {
  return {
    id: alert.id,
    kind: alert.kind,
    scope: alert.scope,
    place: alert.place,
    alert_level: alert.alert_level,
    is_active: alert.is_active,
    created_at: alert.created_at,
    deliveries: alert.deliveries,
    last_delivered_at: alert.last_delivered_at,
  };
}

export type MeDeps = {
  db: Knex;
  clock: () => Date;
  limits: RateLimiters;
  mailer: Mailer;
  secret: string;
  logger: Logger;
  originOf: (req: Request) => string;
  publicUrl?: string;
};

/** Whether the reader's alerts can reach them: the address, confirmed or not, and whether this server sends e-mail. */
function presentEmail(state: EmailConfirmationState, mailer: Mailer, outcome?: ConfirmationRequest['outcome']) {
  return { address: state.email, confirmed: state.confirmed, sent_at: state.sent_at, mail_configured: mailer.configured, ...(outcome ? { outcome } : {}) };
}

export function meRouter(deps: MeDeps): Router {
  const router = Router();
  /**
   * Sends the confirmation e-mail when the reader is unconfirmed (at most one per 10 minutes).
   * Answers first: the SMTP conversation runs after the response.
   */
  const confirmation = async (req: Request, res: Response) => {
    const ctx = { db: deps.db, mailer: deps.mailer, secret: deps.secret, origin: deps.originOf(req), now: deps.clock() };
    const request = await requestEmailConfirmation(ctx, reader(res).id);
    const after = () => {
      if (request.deliver)
        void request
          .deliver()
          .catch((error: unknown) =>
            deps.logger.warn({ err: (error as Error).message }, 'e-mail confirmation message failed (the reader may ask again at once)'),
          );
    };
    return { email: presentEmail(request.state, deps.mailer, request.outcome), after };
  };

  router.use(requireReader(), deps.limits.readerWrites, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  // What can be followed, for the settings page (labels are translated by the web app).
  router.get('/follows', async (_req, res) => {
    res.json({ follows: await getFollows(deps.db, reader(res)), options: { regions: FOLLOW_REGIONS.map((r) => r.key), topics: FOLLOW_TOPICS } });
  });

  router.put('/follows', async (req, res) => {
    res.json({ follows: await setFollows(deps.db, { reader: reader(res), follows: req.body ?? {}, now: deps.clock() }) });
  });

  router.get('/my-caribbean', async (req, res) => {
    const { offset, limit } = parseQuery(pageQuery, req);
    const page = await listMyCaribbean(deps.db, { reader: reader(res), offset, limit });
    res.json({ ...page, items: page.items.map(presentStoryCard) });
  });

  router.get('/saved', async (req, res) => {
    const { offset, limit } = parseQuery(pageQuery, req);
    const page = await listSavedStories(deps.db, { reader: reader(res), offset, limit });
    res.json({ ...page, items: page.items.map((s) => ({ ...presentStoryCard(s), saved_at: s.saved_at })) });
  });

  // Which of these stories (comma-separated ids) the reader saved: the Save buttons' state.
  router.get('/saved/ids', async (req, res) => {
    const { ids } = parseQuery(savedQuery, req);
    res.json({ saved: await whichSaved(deps.db, { reader: reader(res), storyIds: ids.split(',').filter(Boolean) }) });
  });

  router.post('/saved', async (req, res) => {
    const { storyId } = parseBody(saveBody, req);
    await saveStory(deps.db, { reader: reader(res), storyId, now: deps.clock() });
    res.status(201).json({ saved: true, storyId });
  });

  router.delete('/saved/:storyId', async (req: Request, res) => {
    await unsaveStory(deps.db, { reader: reader(res), storyId: String(req.params.storyId) });
    res.json({ saved: false });
  });

  router.get('/alerts', async (_req, res) => {
    const alerts = (await listReaderAlerts(deps.db, reader(res))).map(presentAlert);
    res.json({ alerts, delivered: ['email'], email: presentEmail(await getEmailConfirmation(deps.db, reader(res).id), deps.mailer) });
  });

  // Creating or switching on an alert while the address is unconfirmed sends the confirmation link.
  router.post('/alerts', async (req, res) => {
    const alert = await createReaderAlert(deps.db, { owner: reader(res), alert: req.body ?? {}, now: deps.clock() });
    const { email, after } = await confirmation(req, res);
    res.status(201).json({ alert: presentAlert(alert), email });
    after();
  });

  router.patch('/alerts/:id', async (req, res) => {
    const { is_active } = parseBody(toggleBody, req);
    const alert = await setReaderAlertEnabled(deps.db, { owner: reader(res), id: String(req.params.id), active: is_active, now: deps.clock() });
    if (!is_active) return void res.json({ alert: presentAlert(alert) });
    const { email, after } = await confirmation(req, res);
    res.json({ alert: presentAlert(alert), email });
    after();
  });

  // "Send again": outcome 'sent', 'recently_sent' (one per 10 minutes), 'already_confirmed' or 'mail_unavailable'.
  router.post('/confirm-email', async (req, res) => {
    const { email, after } = await confirmation(req, res);
    res.status(email.outcome === 'sent' ? 202 : 200).json({ email });
    after();
  });

  router.delete('/alerts/:id', async (req, res) => {
    await deleteReaderAlert(deps.db, { owner: reader(res), id: String(req.params.id) });
    res.json({ deleted: true });
  });

  // Change password: the current one is required (and guesses count against the sign-in limit);
  // this session stays, every other one ends.
  router.post('/password', deps.limits.signIn, async (req, res) => {
    const { currentPassword, newPassword } = parseBody(passwordBody, req);
    const session = currentSession(res)!;
    const { sessionsEnded } = await changePassword(deps.db, {
      userId: session.user.id,
      currentPassword,
      newPassword,
      keepSessionId: session.sessionId,
      now: deps.clock(),
    });
    deps.logger.info({ userId: session.user.id, sessionsEnded }, 'password changed');
    res.json({ changed: true, sessionsEnded });
  });

  // Delete the account: confirmed by the password (or typing DELETE when it has none).
  router.delete('/', deps.limits.signIn, async (req, res) => {
    const { password, confirmation } = parseBody(deleteBody, req);
    const userId = reader(res).id;
    const deleted = await deleteOwnAccount(deps.db, { userId, password, confirmation, now: deps.clock() });
    clearSessionCookies(res, isSecureRequest(req, deps.publicUrl));
    deps.logger.info({ userId, newsletterSubscriptions: deleted.newsletterSubscriptions }, 'account deleted by its owner');
    res.json({ deleted: true });
  });

  return router;
}
