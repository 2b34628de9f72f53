import type { Knex } from 'knex';
import { C360Error } from '../errors';
import { mailAddress, type Mailer } from '../mail/mailer';
import { emailConfirmationMail, mailLanguage } from '../mail/reader-mail-text';
import { hmac, safeEqual } from './tokens';

/**
 * Confirming a reader's e-mail address before their alerts e-mail it. Password sign-ups start
 * unconfirmed (anyone can type anyone's address); operator-created accounts and provider
 * sign-ins whose provider verified the address start confirmed. Like the newsletter's double
 * opt-in, a link proves the address: it is signed with the server secret (an HMAC over the
 * account, its address and the expiry), so it is not stored, cannot be altered, stops working
 * when it expires or the address changes, and may be followed twice (idempotent).
 */

export const EMAIL_CONFIRMATION_TTL_MS = 48 * 3600_000;
/** An account gets at most one confirmation e-mail per this interval (no mail-bombing). */
export const EMAIL_CONFIRMATION_RESEND_MS = 10 * 60_000;
export const CONFIRM_EMAIL_PATH = '/account/confirm-email';

export type EmailConfirmationContext = { db: Knex; mailer: Mailer; secret: string; origin: string; now: Date };

export type EmailConfirmationState = {
  email: string;
  confirmed: boolean;
  confirmed_at: string | null;
  /** When the last confirmation e-mail went out (null: none yet, or the last one failed). */
  sent_at: string | null;
};

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

export async function getEmailConfirmation(db: Knex, userId: string): Promise<EmailConfirmationState> {
  const { rows } = await db.raw(`select email, email_confirmed_at, email_confirmation_sent_at from users where id = ?`, [userId]);
  if (!rows[0]) throw new C360Error('unauthorized', 'This account no longer exists.');
  const confirmedAt = iso(rows[0].email_confirmed_at);
  return { email: String(rows[0].email), confirmed: confirmedAt !== null, confirmed_at: confirmedAt, sent_at: iso(rows[0].email_confirmation_sent_at) };
}

function signature(secret: string, userId: string, email: string, expires: number): string {
  return hmac(secret, `email-confirm:${userId}:${email}:${expires}`);
}

/** The token in the link: `<user id>.<expiry, ms>.<signature>`. */
export function emailConfirmationToken(secret: string, input: { userId: string; email: string; expiresAt: Date }): string {
  const expires = input.expiresAt.getTime();
  return `${input.userId}.${expires}.${signature(secret, input.userId, input.email, expires)}`;
}

export function emailConfirmationUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${CONFIRM_EMAIL_PATH}?${new URLSearchParams({ token })}`;
}

export type ConfirmationRequest = {
  outcome: 'already_confirmed' | 'recently_sent' | 'mail_unavailable' | 'sent';
  state: EmailConfirmationState;
  /** Sends the e-mail (outcome 'sent' only); on failure the account may ask again at once. */
  deliver?: () => Promise<void>;
};

/**
 * Prepares one confirmation e-mail for an unconfirmed account, at most one per
 * EMAIL_CONFIRMATION_RESEND_MS (claimed atomically, so two requests at once send one). Without
 * SMTP it says so (mail_unavailable) instead of pretending. The SMTP conversation is returned as
 * `deliver`, for the caller to run after answering.
 */
export async function requestEmailConfirmation(ctx: EmailConfirmationContext, userId: string): Promise<ConfirmationRequest> {
  const state = await getEmailConfirmation(ctx.db, userId);
  if (state.confirmed) return { outcome: 'already_confirmed', state };
  if (!ctx.mailer.configured) return { outcome: 'mail_unavailable', state };
  const { rows } = await ctx.db.raw(
    `update users set email_confirmation_sent_at = ?
      where id = ? and email_confirmed_at is null and (email_confirmation_sent_at is null or email_confirmation_sent_at <= ?)
      returning email, language`,
    [ctx.now.toISOString(), userId, new Date(ctx.now.getTime() - EMAIL_CONFIRMATION_RESEND_MS).toISOString()],
  );
  if (!rows[0]) return { outcome: 'recently_sent', state: await getEmailConfirmation(ctx.db, userId) };
  const email = String(rows[0].email);
  const language = mailLanguage(rows[0].language);
  const token = emailConfirmationToken(ctx.secret, { userId, email, expiresAt: new Date(ctx.now.getTime() + EMAIL_CONFIRMATION_TTL_MS) });
  const sentAt = ctx.now.toISOString();
  const deliver = async () => {
    try {
      await ctx.mailer.send({
        kind: 'email_confirmation',
        to: mailAddress(email),
        ...emailConfirmationMail(language, emailConfirmationUrl(ctx.origin, token)),
      });
    } catch (error) {
      // Let the reader ask again at once (only if no newer request claimed the slot since).
      await ctx.db.raw(`update users set email_confirmation_sent_at = null where id = ? and email_confirmation_sent_at = ?`, [userId, sentAt]);
      throw error;
    }
  };
  return { outcome: 'sent', state: { ...state, sent_at: sentAt }, deliver };
}

export const INVALID_CONFIRMATION_LINK =
  'This confirmation link is not valid. It may be incomplete or altered, or belong to an address the account no longer uses.';
export const EXPIRED_CONFIRMATION_LINK = 'This confirmation link has expired.';

/**
 * Follows a confirmation link: marks the address confirmed, so the account's alerts deliver.
 * It does not mark the account `email_verified`: whoever opened the mail did not choose the
 * password, so a later provider sign-in with this address must still take the account over
 * from a password set by someone else (accounts.ts, "pre-hijacking"). Following it again changes nothing. A garbled, altered or
 * expired link, or one for an address the account no longer has, is refused (invalid_input).
 */
export async function confirmEmail(
  db: Knex,
  input: { token: string; secret: string; now: Date },
): Promise<{ userId: string; email: string; alreadyConfirmed: boolean }> {
  const invalid = new C360Error('invalid_input', INVALID_CONFIRMATION_LINK, { hint: 'Ask for a new link from your account page (Alerts & settings).' });
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/i.exec(input.token.trim());
  if (!match) throw invalid;
  const [, userId, expiresRaw, sig] = match as unknown as [string, string, string, string];
  const { rows } = await db.raw(`select email, email_confirmed_at from users where id = ?`, [userId]);
  const user = rows[0] as { email: string; email_confirmed_at: unknown } | undefined;
  if (!user || !safeEqual(sig, signature(input.secret, userId, user.email, Number(expiresRaw)))) throw invalid;
  if (user.email_confirmed_at) return { userId, email: user.email, alreadyConfirmed: true };
  if (Number(expiresRaw) < input.now.getTime()) {
    throw new C360Error('invalid_input', EXPIRED_CONFIRMATION_LINK, { hint: 'Sign in and press "Send again" in Alerts & settings to get a new link.' });
  }
  await db.raw(`update users set email_confirmed_at = coalesce(email_confirmed_at, ?), updated_at = now() where id = ?`, [input.now.toISOString(), userId]);
  return { userId, email: user.email, alreadyConfirmed: false };
}
