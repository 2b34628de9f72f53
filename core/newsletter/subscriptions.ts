import type { Knex } from 'knex';
import { hashToken, hmac, randomToken, safeEqual } from '../accounts/tokens';
import { parseEmailAddress } from '../accounts/email-address';
import { C360Error } from '../errors';
import { mailAddress, type Mailer } from '../mail/mailer';
import { mailLanguage, newsletterConfirmationMail, storedLanguage } from '../mail/reader-mail-text';
import {
  clearConfirmationSent,
  confirmByTokenHash,
  findSubscriberById,
  insertPendingSubscriber,
  markUnsubscribed,
  setConfirmationToken,
  type Subscriber,
} from './subscriber-repository';

/**
 * Newsletter sign-up with double opt-in: the footer box records a pending address and e-mails
 * a confirmation link; only a followed link makes it a subscriber. Every e-mail carries an
 * unsubscribe link (an HMAC of the subscriber id, so it never expires and is not stored).
 */

export const CONFIRMATION_TTL_MS = 48 * 3600_000;
/** A pending address gets at most one confirmation e-mail per this interval (no mail-bombing). */
export const RESEND_INTERVAL_MS = 10 * 60_000;
export const DEFAULT_SEGMENTS = ['general'];

export type NewsletterContext = { db: Knex; mailer: Mailer; secret: string; origin: string; now: Date };

export function unsubscribeToken(secret: string, subscriberId: string): string {
  return hmac(secret, `newsletter-unsubscribe:${subscriberId}`);
}

export function unsubscribeUrl(origin: string, secret: string, subscriberId: string): string {
  const query = new URLSearchParams({ id: subscriberId, token: unsubscribeToken(secret, subscriberId) });
  return `${origin}/newsletter/unsubscribe?${query}`;
}

export function confirmationUrl(origin: string, token: string): string {
  return `${origin}/newsletter/confirm?${new URLSearchParams({ token })}`;
}

export type SubscribeResult = {
  outcome: 'sent' | 'already_confirmed' | 'recently_sent';
  /** Sends the confirmation e-mail (outcome 'sent' only); on failure the address may try again at once. */
  deliver?: () => Promise<void>;
};

/**
 * Records a sign-up and prepares the confirmation. The outcome is not revealed to the caller's
 * client (the API answers the same for new, pending and confirmed addresses), so the box
 * cannot be used to learn who subscribes; nor may the time it takes: the slow part, the SMTP
 * conversation, is returned as `deliver` for the caller to run after answering.
 */
/** `language`: the c360_lang cookie's at sign-up; the confirmation (and the record) are in it. */
export async function subscribe(ctx: NewsletterContext, input: { email: string; source?: string; language?: string | null }): Promise<SubscribeResult> {
  // The same rule as accounts: one mailbox, one subscriber (no "x<editor@x.test>" or U+200B twins).
  const email = parseEmailAddress(input.email);
  if (!ctx.mailer.configured) {
    throw new C360Error('mail_unavailable', 'Newsletter sign-up is not available right now: this server cannot send e-mail.', {
      hint: 'Set SMTP_URL (or SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS) and SMTP_FROM.',
    });
  }
  const { subscriber } = await insertPendingSubscriber(ctx.db, {
    email,
    source: input.source ?? 'footer',
    segments: DEFAULT_SEGMENTS,
    language: storedLanguage(input.language),
  });
  if (subscriber.status === 'confirmed') return { outcome: 'already_confirmed' };
  const lastSent = subscriber.confirmation_sent_at ? new Date(subscriber.confirmation_sent_at).getTime() : 0;
  if (subscriber.status === 'pending' && ctx.now.getTime() - lastSent < RESEND_INTERVAL_MS) return { outcome: 'recently_sent' };

  const token = randomToken();
  await setConfirmationToken(ctx.db, subscriber.id, {
    tokenHash: hashToken(token),
    expiresAt: new Date(ctx.now.getTime() + CONFIRMATION_TTL_MS),
    now: ctx.now,
  });
  const deliver = async () => {
    try {
      await ctx.mailer.send(confirmationMessage(ctx, subscriber, token));
    } catch (error) {
      await clearConfirmationSent(ctx.db, subscriber.id); // let the reader try again at once
      throw error;
    }
  };
  return { outcome: 'sent', deliver };
}

/** In the subscriber's language (English when not known). */
function confirmationMessage(ctx: NewsletterContext, subscriber: Subscriber, token: string) {
  const unsubscribe = unsubscribeUrl(ctx.origin, ctx.secret, subscriber.id);
  const { subject, text } = newsletterConfirmationMail(mailLanguage(subscriber.language), { confirm: confirmationUrl(ctx.origin, token), unsubscribe });
  return { kind: 'newsletter_confirmation' as const, to: mailAddress(subscriber.email), subject, text, unsubscribeUrl: unsubscribe };
}

export async function confirmSubscription(db: Knex, input: { token: string; now: Date }): Promise<Subscriber> {
  const token = input.token.trim();
  const confirmed = token.length >= 20 && token.length <= 200 ? await confirmByTokenHash(db, hashToken(token), input.now) : null;
  if (!confirmed) {
    throw new C360Error('not_found', 'This confirmation link is not valid any more. It may have expired or been used already.', {
      hint: 'Sign up again from the newsletter box to get a new link.',
    });
  }
  return confirmed;
}

export async function unsubscribe(db: Knex, input: { id: string; token: string; secret: string; now: Date }): Promise<Subscriber> {
  const invalid = new C360Error('not_found', 'This unsubscribe link is not valid. Please use the link from your most recent e-mail.');
  if (!safeEqual(input.token, unsubscribeToken(input.secret, input.id))) throw invalid;
  const subscriber = await findSubscriberById(db, input.id);
  if (!subscriber) throw invalid;
  return (await markUnsubscribed(db, subscriber.id, input.now))!;
}
