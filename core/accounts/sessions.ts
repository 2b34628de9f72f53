import type { Knex } from 'knex';
import { C360Error } from '../errors';
import {
  claimRefreshToken,
  deleteExpiredSessions,
  findSessionOfToken,
  findLiveAccessToken,
  insertSession,
  insertToken,
  markSessionRefreshed,
  revokeSessionRow,
  revokeSessionsOfUser,
} from './session-repository';
import { hashToken, randomToken } from './tokens';
import { publicUser, findUserById } from './user-repository';
import type { User } from './user';

/**
 * Sessions: a short-lived access token (15 minutes) and a single-use refresh token that is
 * rotated on every refresh. All tokens of one sign-in form a family (one `sessions` row): a
 * refresh token presented a second time means it was copied, so the whole family is revoked
 * and both the thief and the user must sign in again. A session ends after 30 days whatever
 * its refreshes.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 14 * 86_400;
export const SESSION_MAX_AGE_SECONDS = 30 * 86_400;
/**
 * Two tabs (or a tab and a retry) refreshing at once present the same refresh token: the second
 * arrives just after the first rotated it. Within this many seconds of that rotation, and only for
 * the family's latest rotated token, the second gets a fresh pair in the same family instead of
 * revoking it. An older token, or the same one presented later, is still treated as copied.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 20;

export type SignInMethod = 'password' | 'signup' | 'google' | 'microsoft';

export type IssuedSession = {
  sessionId: string;
  user: User;
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
};

export type AuthenticatedSession = { sessionId: string; user: User; accessExpiresAt: Date };

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
const earlier = (a: Date, b: Date) => (a.getTime() < b.getTime() ? a : b);

async function issueTokens(db: Knex, sessionId: string, sessionExpiresAt: Date, now: Date) {
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const accessExpiresAt = earlier(addSeconds(now, ACCESS_TOKEN_TTL_SECONDS), sessionExpiresAt);
  const refreshExpiresAt = earlier(addSeconds(now, REFRESH_TOKEN_TTL_SECONDS), sessionExpiresAt);
  await insertToken(db, { hash: hashToken(accessToken), sessionId, kind: 'access', now, expiresAt: accessExpiresAt });
  await insertToken(db, { hash: hashToken(refreshToken), sessionId, kind: 'refresh', now, expiresAt: refreshExpiresAt });
  return { accessToken, refreshToken, accessExpiresAt, refreshExpiresAt };
}

/** A brand-new session (new id, new tokens): sign-in never reuses what the browser brought. */
export async function createSession(db: Knex, input: { user: User; method: SignInMethod; now: Date; userAgent?: string }): Promise<IssuedSession> {
  return db.transaction(async (trx) => {
    const session = await insertSession(trx, {
      userId: input.user.id,
      method: input.method,
      expiresAt: addSeconds(input.now, SESSION_MAX_AGE_SECONDS),
      userAgent: input.userAgent,
    });
    const tokens = await issueTokens(trx, session.id, session.expiresAt, input.now);
    return { sessionId: session.id, user: input.user, ...tokens };
  });
}

/** The session an access token proves, or null when it is unknown, expired or revoked. */
export async function authenticateAccessToken(db: Knex, accessToken: string, now: Date): Promise<AuthenticatedSession | null> {
  if (!accessToken || accessToken.length > 200) return null;
  const found = await findLiveAccessToken(db, hashToken(accessToken), now);
  return found ? { sessionId: found.sessionId, user: publicUser(found.user), accessExpiresAt: found.tokenExpiresAt } : null;
}

/**
 * Rotates a refresh token: the old one is used up, a new pair is issued in the same family.
 * A token used before revokes the family (refresh_token_reused), except the latest one within
 * REFRESH_REUSE_GRACE_SECONDS of its use (another pair in the family); unknown, expired or revoked
 * ones fail with refresh_token_invalid. The revocation is committed before the error leaves.
 */
export async function refreshSession(db: Knex, refreshToken: string, now: Date): Promise<IssuedSession> {
  if (!refreshToken || refreshToken.length > 200) throw invalidRefresh();
  const result = await db.transaction(async (trx) => {
    const claim = await claimRefreshToken(trx, hashToken(refreshToken), now, REFRESH_REUSE_GRACE_SECONDS);
    if (claim.outcome === 'reused') {
      await revokeSessionRow(trx, claim.sessionId, 'refresh_token_reused', now);
      return { error: 'reused' as const };
    }
    if (claim.outcome === 'invalid') return { error: 'invalid' as const };
    const user = await findUserById(trx, claim.userId);
    if (!user) return { error: 'invalid' as const };
    await markSessionRefreshed(trx, claim.sessionId, now);
    const tokens = await issueTokens(trx, claim.sessionId, claim.sessionExpiresAt, now);
    return { session: { sessionId: claim.sessionId, user: publicUser(user), ...tokens } };
  });
  if ('error' in result) {
    if (result.error === 'reused') {
      throw new C360Error('refresh_token_reused', 'This refresh token was already used; the session has been ended for safety. Please sign in again.');
    }
    throw invalidRefresh();
  }
  return result.session;
}

function invalidRefresh(): C360Error {
  return new C360Error('refresh_token_invalid', 'Invalid Refresh Token: the session has ended. Please sign in again.');
}

export async function revokeSession(db: Knex, sessionId: string, reason: string, now: Date): Promise<boolean> {
  return revokeSessionRow(db, sessionId, reason, now);
}

export async function revokeAllSessions(db: Knex, userId: string, reason: string, now: Date): Promise<number> {
  return revokeSessionsOfUser(db, userId, reason, now);
}

export async function pruneSessions(db: Knex, now: Date): Promise<number> {
  return deleteExpiredSessions(db, now);
}

/** Ends the session a refresh token belongs to (sign-out, or a sign-in replacing it). */
export async function revokeSessionOfRefreshToken(db: Knex, refreshToken: string | undefined, reason: string, now: Date): Promise<void> {
  if (!refreshToken || refreshToken.length > 200) return;
  const sessionId = await findSessionOfToken(db, hashToken(refreshToken), 'refresh');
  if (sessionId) await revokeSessionRow(db, sessionId, reason, now);
}
