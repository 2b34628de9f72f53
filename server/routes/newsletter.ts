import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { confirmEmail, CONFIRM_EMAIL_PATH } from '../../core/accounts/email-confirmation';
import { isC360Error } from '../../core/errors';
import type { Logger } from '../../core/logger';
import type { Mailer } from '../../core/mail/mailer';
import { confirmSubscription, subscribe, unsubscribe } from '../../core/newsletter/subscriptions';
import type { RateLimiters } from '../middleware/rate-limits';
import { mailLanguage, type MailLanguage } from '../../core/mail/reader-mail-text';
import { languageCookie } from '../cookies';
import { parseBody } from '../middleware/validate';
import { NEWSLETTER_PAGE_TEXT } from '../pages/newsletter-page-text';
import { simplePage } from '../pages/simple-page';

export type NewsletterDeps = {
  db: Knex;
  clock: () => Date;
  logger: Logger;
  mailer: Mailer;
  secret: string;
  publicUrl?: string;
  originOf: (req: Request) => string;
  limits: RateLimiters;
};

export const SUBSCRIBE_MESSAGE = 'Thanks! Check your inbox: we sent you a link to confirm your subscription.';

const subscribeBody = z.object({ email: z.string().max(320) });
/** The JSON bodies these routes parse, by operation as docs/openapi.json names it (its request bodies are derived from these; server/openapi.db.test.ts). */
export const NEWSLETTER_REQUEST_BODIES = { 'POST /api/newsletter/subscribe': subscribeBody };
const tokenQuery = z.object({ token: z.string().max(300).default('') });
const unsubscribeQuery = z.object({ id: z.string().max(60).default(''), token: z.string().max(300).default('') });

/** POST /api/newsletter/subscribe: the footer box. Answers alike for new and known addresses. */
export function newsletterApiRouter(deps: NewsletterDeps): Router {
  const router = Router();
  router.post('/newsletter/subscribe', deps.limits.newsletter, async (req, res) => {
    const { email } = parseBody(subscribeBody, req);
    const origin = deps.originOf(req);
    const { outcome, deliver } = await subscribe(
      { db: deps.db, mailer: deps.mailer, secret: deps.secret, origin, now: deps.clock() },
      { email, language: languageCookie(req) },
    );
    // Answered before the confirmation e-mail goes out: a new address and a known one take the same
    // time (the SMTP conversation used to make a new address 20 times slower to answer).
    res.status(202).json({ status: 'pending', message: SUBSCRIBE_MESSAGE });
    deps.logger.info({ outcome }, 'newsletter sign-up');
    if (deliver)
      void deliver().catch((error: unknown) =>
        deps.logger.warn({ err: (error as Error).message }, 'newsletter confirmation e-mail failed (the reader may sign up again at once)'),
      );
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
  /** The page's language: the subscriber's record when known, else the browser's cookie, else English. */
  const languageOf = (req: Request, recorded?: string | null): MailLanguage => mailLanguage(recorded ?? languageCookie(req));
  const page = (language: MailLanguage, options: Omit<Parameters<typeof simplePage>[0], 'language' | 'home'>) =>
    simplePage({ ...options, language, home: NEWSLETTER_PAGE_TEXT[language].home });
  const html = (res: Parameters<Parameters<Router['get']>[1]>[1], status: number, page: string) => {
    res.status(status).type('html').setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer'); // the address holds a token
    res.send(page);
  };

  router.get('/newsletter/confirm', async (req, res) => {
    const { token } = tokenQuery.parse(req.query);
    try {
      const subscriber = await confirmSubscription(deps.db, { token, now: deps.clock() });
      const language = languageOf(req, subscriber.language);
      const t = NEWSLETTER_PAGE_TEXT[language];
      html(res, 200, page(language, { title: t.subscribedTitle, heading: t.subscribedHeading, paragraphs: t.subscribedBody }));
    } catch (error) {
      if (!isC360Error(error, 'not_found')) throw error;
      const language = languageOf(req);
      const t = NEWSLETTER_PAGE_TEXT[language];
      html(res, 404, page(language, { title: t.linkInvalidTitle, heading: t.confirmInvalidHeading, paragraphs: [error.message, t.confirmInvalidHint] }));
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
      const language = languageOf(req);
      const t = NEWSLETTER_PAGE_TEXT[language];
      html(res, 400, page(language, { title: t.linkInvalidTitle, heading: t.emailInvalidHeading, paragraphs: [error.message, t.emailInvalidHint] }));
    }
  });

  router.get('/newsletter/unsubscribe', (req, res) => {
    const { id, token } = unsubscribeQuery.parse(req.query);
    const action = `/newsletter/unsubscribe?${new URLSearchParams({ id, token })}`;
    const language = languageOf(req);
    const t = NEWSLETTER_PAGE_TEXT[language];
    html(
      res,
      200,
      page(language, {
        title: t.unsubscribeTitle,
        heading: t.unsubscribeHeading,
        paragraphs: [t.unsubscribeBody],
        form: { action, button: t.unsubscribeButton },
      }),
    );
  });

  router.post('/newsletter/unsubscribe', async (req, res) => {
    const { id, token } = unsubscribeQuery.parse(req.query);
    try {
      const subscriber = await unsubscribe(deps.db, { id, token, secret: deps.secret, now: deps.clock() });
      const language = languageOf(req, subscriber.language);
      const t = NEWSLETTER_PAGE_TEXT[language];
      html(res, 200, page(language, { title: t.unsubscribedTitle, heading: t.unsubscribedHeading, paragraphs: [t.unsubscribedBody] }));
    } catch (error) {
      if (!isC360Error(error, 'not_found')) throw error;
      const language = languageOf(req);
      const t = NEWSLETTER_PAGE_TEXT[language];
      html(res, 404, page(language, { title: t.linkInvalidTitle, heading: t.unsubscribeInvalidHeading, paragraphs: [error.message] }));
    }
  });
  return router;
}
