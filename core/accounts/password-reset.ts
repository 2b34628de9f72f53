import type { Knex } from 'knex';
import { C360Error } from '../errors';
import { mailAddress, type Mailer } from '../mail/mailer';
import { mailLanguage, passwordResetMail } from '../mail/reader-mail-text';
import { recordAccountEvent, SELF } from './account-events';
import { parseEmailAddress } from './email-address';
import { assertStrongPassword, hashPassword } from './passwords';
import { revokeSessionsOfUser } from './session-repository';
import { hashToken, randomToken } from './tokens';
import type { User } from './user';
import { findUserById, markEmailVerified, publicUser, setUserPassword } from './user-repository';

/**
 * "Forgot your password?": a reset link by e-mail, single use, for an hour. Asking answers the
 * same whether or not the address has an account (the route says "if an account uses this
 * address, a link is on its way" in every case, and the SMTP conversation runs after the answer),
 * so the form cannot be used to learn who has an account. Following the link sets the password,
 * ends every session of the account (whoever knew the old password is signed out), voids the
 * account's other links, and counts the address as verified: the mailbox's owner chose the
 * password, which is how the real owner takes back an address someone else signed up with.
 */

export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
/** An account gets at most one reset e-mail per this interval (no mail-bombing through the form). */
export const PASSWORD_RESET_RESEND_MS = 5 * 60_000;
/** The link opens the sign-in page in its "choose a new password" form. */
export const RESET_PASSWORD_PATH = '/auth';

export type PasswordResetContext = { db: Knex; mailer: Mailer; origin: string; now: Date };

export function passwordResetUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${RESET_PASSWORD_PATH}?${new URLSearchParams({ reset_token: token })}`;
}

/**
 * Prepares a reset e-mail when the address has an account and none was sent in the last
 * PASSWORD_RESET_RESEND_MS; otherwise nothing, silently. An address the rule refuses is
 * invalid_email and a server without SMTP is mail_unavailable, whoever asks: neither depends on
 * the account. `deliver` (when present) is the SMTP conversation, for the caller to run after
 * answering; on failure the account may ask again at once.
 */
export async function requestPasswordReset(ctx: PasswordResetContext, input: { email: string }): Promise<{ deliver?: () => Promise<void> }> {
  const email = parseEmailAddress(input.email);
  if (!ctx.mailer.configured) {
    throw new C360Error('mail_unavailable', 'Password reset is not available right now: this server cannot send e-mail.', {
      hint: 'Ask the site’s administrator to reset it (c360 users), or to set up SMTP.',
    });
  }
  const token = randomToken();
  const tokenHash = hashToken(token);
  const claimed = await ctx.db.transaction(async (trx) => {
    // The row lock makes "one link per interval" hold for two requests at once.
    const { rows } = await trx.raw(`select id, email, language from users where email = ? for update`, [email]);
    const user = rows[0] as { id: string; email: string; language: string | null } | undefined;
    if (!user) return null;
    const since = new Date(ctx.now.getTime() - PASSWORD_RESET_RESEND_MS).toISOString();
    const { rows: recent } = await trx.raw(`select 1 from password_resets where user_id = ? and created_at > ? limit 1`, [user.id, since]);
    if (recent.length > 0) return null;
    await trx.raw(`insert into password_resets (token_hash, user_id, created_at, expires_at) values (?, ?, ?, ?)`, [
      tokenHash,
      user.id,
      ctx.now.toISOString(),
      new Date(ctx.now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
    ]);
    return user;
  });
  if (!claimed) return {};
  const deliver = async () => {
    try {
      await ctx.mailer.send({
        kind: 'password_reset',
        to: mailAddress(claimed.email),
        ...passwordResetMail(mailLanguage(claimed.language), passwordResetUrl(ctx.origin, token)),
      });
    } catch (error) {
      await ctx.db.raw(`delete from password_resets where token_hash = ?`, [tokenHash]);
      throw error;
    }
  };
  return { deliver };
}

export const INVALID_RESET_LINK = 'This password reset link is not valid any more: it may be incomplete, expired (after one hour) or used already.';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Sets a new password through a reset link: the link is used up atomically (of two requests with
 * one link, one wins), every session of the account ends, and the account's other links are void.
 * A weak password is refused before the link is used, so the reader can try another.
 */
export async function resetPassword(db: Knex, input: { token: string; password: string; now: Date }): Promise<{ user: User; sessionsEnded: number }> {
  const invalid = new C360Error('reset_link_invalid', INVALID_RESET_LINK, { hint: 'Ask for a new link: “Forgot your password?” on the sign-in page.' });
  const token = input.token.trim();
  if (!TOKEN.test(token)) throw invalid;
  const tokenHash = hashToken(token);
  const at = input.now.toISOString();
  const { rows } = await db.raw(
    `select r.user_id, u.email from password_resets r join users u on u.id = r.user_id where r.token_hash = ? and r.used_at is null and r.expires_at > ?`,
    [tokenHash, at],
  );
  const pending = rows[0] as { user_id: string; email: string } | undefined;
  if (!pending) throw invalid;
  assertStrongPassword(input.password, [pending.email]);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (trx) => {
    const { rows: used } = await trx.raw(
      `update password_resets set used_at = ? where token_hash = ? and used_at is null and expires_at > ? returning user_id`,
      [at, tokenHash, at],
    );
    if (!used[0]) throw invalid;
    const userId = String(used[0].user_id);
    await trx.raw(`update password_resets set used_at = ? where user_id = ? and used_at is null`, [at, userId]);
    await setUserPassword(trx, userId, passwordHash);
    await markEmailVerified(trx, userId);
    const sessionsEnded = await revokeSessionsOfUser(trx, userId, 'password_reset', input.now);
    await recordAccountEvent(trx, { userId, action: 'password_reset', actor: SELF, now: input.now, details: { sessionsEnded } });
    return { user: publicUser((await findUserById(trx, userId))!), sessionsEnded };
  });
}
