import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { confirmEmail, CONFIRM_EMAIL_PATH } from '../../core/accounts/email-confirmation';
import { isC360Error } from '../../core/errors';
import type { Logger } from '../../core/logger';
import type { Mailer } from '../../core/mail/mailer';
import { confirmSubscription, subscribe, unsubscribe } from '../../core/newsletter/subscriptions';
import type { RateLimiters } from '../middleware/rate-limits';
import { languageCookie } from '../cookies';
import { parseBody } from '../middleware/validate';
import { simplePage } from '../pages/simple-page';

export type NewsletterDeps = { db: Knex; clock: () => Date; logger: Logger; mailer: Mailer; secret: string; publicUrl?: string; originOf: (req: Request) => string; limits: RateLimiters };

export const SUBSCRIBE_MESSAGE = 'Thanks! Check your inbox: we sent you a link to confirm your subscription.';

const subscribeBody = z.object({ email: z.string().max(320) });
const tokenQuery = z.object({ token: z.string().max(300).default('') });
const unsubscribeQuery = z.object({ id: z.string().max(60).default(''), token: z.string().max(300).default('') });

/** POST /api/newsletter/subscribe: the footer box. Answers alike for new and known addresses. */
export function newsletterApiRouter(deps: NewsletterDeps): Router {
  const router = Router();
  router.post('/newsletter/subscribe', deps.limits.newsletter, async (req, res) => {
    const { email } = parseBody(subscribeBody, req);
    const origin = deps.originOf(req);
    const { outcome, deliver } = await subscribe({ db: deps.db, mailer: deps.mailer, secret: deps.secret, origin, now: deps.clock() }, { email, language: languageCookie(req) });
    // Answered before the confirmation e-mail goes out: a new address and a known one take the same
    // time (the SMTP conversation used to make a new address 20 times slower to answer).
    res.status(202).json({ status: 'pending', message: SUBSCRIBE_MESSAGE });
    deps.logger.info({ outcome }, 'newsletter sign-up');
    if (deliver) void deliver().catch((error: unknown) => deps.logger.warn({ err: (error as Error).message }, 'newsletter confirmation e-mail failed (the reader may sign up again at once)'));
  });
  return router;
}

/**
 * The links in the e-mails. Confirming is a GET (the link is the proof). Unsubscribing shows
 * a button first (mail scanners follow links; they do not press buttons), and the POST it sends
 * doubles as the RFC 8058 one-click unsubscribe that mail programs send themselves; its token
 * is its authentication, so it needs no CSRF token.
 */
export function newsletterPagesRouter(deps: NewsletterDeps): Router {
  const router = Router();
  const html = (res: Parameters<Parameters<Router['get']>[1]>[1], status: number, page: string) => {
    res.status(status).type('html').setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer'); // the address holds a token
    res.send(page);
  };

  router.get('/newsletter/confirm', async (req, res) => {
    const { token } = tokenQuery.parse(req.query);
    try {
      await confirmSubscription(deps.db, { token, now: deps.clock() });
      html(res, 200, simplePage({ title: 'Subscription confirmed', heading: 'You are subscribed', paragraphs: ['Thank you for confirming. The C360 newsletter will arrive at this address.', 'Every newsletter has a link to unsubscribe.'] }));
    } catch (error) {
      if (!isC360Error(error, 'not_found')) throw error;
      html(res, 404, simplePage({ title: 'Link not valid', heading: 'This link is not valid any more', paragraphs: [error.message, 'Sign up again from the newsletter box at the bottom of any page to get a new link.'] }));
    }
  });

  // A reader account's e-mail confirmation (for alerts; core/accounts/email-confirmation.ts): the
  // signed link is the proof, no session needed. Success, or a link followed again, goes to /account.
  router.get(CONFIRM_EMAIL_PATH, async (req, res) => {
    const { token } = tokenQuery.parse(req.query);
    try {
      await confirmEmail(deps.db, { token, secret: deps.secret, now: deps.clock() });
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.redirect(303, '/account?email_confirmed=1#alerts');
    } catch (error) {
      if (!isC360Error(error, 'invalid_input')) throw error;
      html(res, 400, simplePage({ title: 'Link not valid', heading: 'This confirmation link does not work', paragraphs: [error.message, 'Sign in, open Alerts & settings and press "Send again" to get a new link.'] }));
    }
  });

  router.get('/newsletter/unsubscribe', (req, res) => {
    const { id, token } = unsubscribeQuery.parse(req.query);
    const action = `/newsletter/unsubscribe?${new URLSearchParams({ id, token })}`;
    html(res, 200, simplePage({ title: 'Unsubscribe', heading: 'Unsubscribe from the C360 newsletter?', paragraphs: ['Press the button to stop receiving the newsletter at this address.'], form: { action, button: 'Unsubscribe' } }));
  });

  router.post('/newsletter/unsubscribe', async (req, res) => {
    const { id, token } = unsubscribeQuery.parse(req.query);
    try {
      await unsubscribe(deps.db, { id, token, secret: deps.secret, now: deps.clock() });
      html(res, 200, simplePage({ title: 'Unsubscribed', heading: 'You are unsubscribed', paragraphs: ['You will not receive the C360 newsletter any more. Changed your mind? Sign up again from any page.'] }));
    } catch (error) {
      if (!isC360Error(error, 'not_found')) throw error;
      html(res, 404, simplePage({ title: 'Link not valid', heading: 'This unsubscribe link is not valid', paragraphs: [error.message] }));
    }
  });
  return router;
}
