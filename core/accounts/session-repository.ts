import type { Knex } from 'knex';
import { rowToUser, USER_COLUMNS, type UserRow } from './user-repository';

/** All SQL about sessions and their tokens. Tokens arrive here already hashed. */

export type TokenKind = 'access' | 'refresh';

export async function insertSession(
  db: Knex,
  input: { userId: string; method: string; expiresAt: Date; userAgent?: string },
): Promise<{ id: string; expiresAt: Date }> {
  const { rows } = await db.raw(`insert into sessions (user_id, method, expires_at, user_agent) values (?, ?, ?, ?) returning id, expires_at`, [
    input.userId,
    input.method,
    input.expiresAt.toISOString(),
    input.userAgent?.slice(0, 300) ?? null,
  ]);
  return { id: rows[0].id as string, expiresAt: new Date(rows[0].expires_at as string) };
}

export async function insertToken(db: Knex, input: { hash: string; sessionId: string; kind: TokenKind; now: Date; expiresAt: Date }): Promise<void> {
  await db.raw(`insert into session_tokens (token_hash, session_id, kind, created_at, expires_at) values (?, ?, ?, ?, ?)`, [
    input.hash,
    input.sessionId,
    input.kind,
    input.now.toISOString(),
    input.expiresAt.toISOString(),
  ]);
}

export type AccessLookup = { sessionId: string; tokenExpiresAt: Date; user: UserRow };

/** The live session an access token belongs to, or null (unknown, expired or revoked). */
export async function findLiveAccessToken(db: Knex, hash: string, now: Date): Promise<AccessLookup | null> {
  const at = now.toISOString();
  const { rows } = await db.raw(
    `select s.id as session_id, t.expires_at as token_expires_at, ${USER_COLUMNS}
       from session_tokens t
       join sessions s on s.id = t.session_id
       join users u on u.id = s.user_id
      where t.token_hash = ? and t.kind = 'access' and t.expires_at > ? and s.revoked_at is null and s.expires_at > ?`,
    [hash, at, at],
  );
  const row = rows[0];
  if (!row) return null;
  return { sessionId: row.session_id as string, tokenExpiresAt: new Date(row.token_expires_at as string), user: rowToUser(row) };
}

export type RefreshClaim =
  | { outcome: 'claimed'; sessionId: string; userId: string; sessionExpiresAt: Date }
  | { outcome: 'grace'; sessionId: string; userId: string; sessionExpiresAt: Date }
  | { outcome: 'reused'; sessionId: string }
  | { outcome: 'invalid' };

/**
 * Marks a refresh token used, atomically: of two requests racing with one token, exactly one
 * claims it. The other sees it used: within `graceSeconds` of that use, and when it is still the
 * family's most recently used refresh token (nothing rotated after it) in a live session, that is
 * two tabs refreshing at once ('grace'); otherwise the token was copied ('reused').
 */
export async function claimRefreshToken(db: Knex, hash: string, now: Date, graceSeconds = 0): Promise<RefreshClaim> {
  const at = now.toISOString();
  const { rows } = await db.raw(
    `update session_tokens t set used_at = ?
       from sessions s
      where t.token_hash = ? and t.kind = 'refresh' and t.used_at is null and s.id = t.session_id
      returning t.session_id, t.expires_at, s.user_id, s.revoked_at, s.expires_at as session_expires_at`,
    [at, hash],
  );
  const row = rows[0];
  if (row) {
    const live = row.revoked_at === null && new Date(row.expires_at).getTime() > now.getTime() && new Date(row.session_expires_at).getTime() > now.getTime();
    return live
      ? { outcome: 'claimed', sessionId: row.session_id, userId: row.user_id, sessionExpiresAt: new Date(row.session_expires_at) }
      : { outcome: 'invalid' };
  }
  const { rows: used } = await db.raw(
    `select t.session_id, t.used_at, s.user_id, s.revoked_at, s.expires_at as session_expires_at,
            exists (select 1 from session_tokens later
                     where later.session_id = t.session_id and later.kind = 'refresh' and later.used_at > t.used_at) as superseded
       from session_tokens t join sessions s on s.id = t.session_id
      where t.token_hash = ? and t.kind = 'refresh'`,
    [hash],
  );
  const prior = used[0];
  if (!prior) return { outcome: 'invalid' };
  const usedAgoMs = now.getTime() - new Date(prior.used_at).getTime();
  const sessionLive = prior.revoked_at === null && new Date(prior.session_expires_at).getTime() > now.getTime();
  if (sessionLive && !prior.superseded && usedAgoMs >= 0 && usedAgoMs <= graceSeconds * 1000) {
    return { outcome: 'grace', sessionId: prior.session_id, userId: prior.user_id, sessionExpiresAt: new Date(prior.session_expires_at) };
  }
  return { outcome: 'reused', sessionId: prior.session_id as string };
}

export async function markSessionRefreshed(db: Knex, sessionId: string, now: Date): Promise<void> {
  await db.raw(`update sessions set refreshed_at = ? where id = ?`, [now.toISOString(), sessionId]);
}

export async function revokeSessionRow(db: Knex, sessionId: string, reason: string, now: Date): Promise<boolean> {
  const { rows } = await db.raw(`update sessions set revoked_at = ?, revoked_reason = ? where id = ? and revoked_at is null returning id`, [
    now.toISOString(),
    reason,
    sessionId,
  ]);
  return rows.length > 0;
}

export async function revokeSessionsOfUser(db: Knex, userId: string, reason: string, now: Date): Promise<number> {
  const { rows } = await db.raw(`update sessions set revoked_at = ?, revoked_reason = ? where user_id = ? and revoked_at is null returning id`, [
    now.toISOString(),
    reason,
    userId,
  ]);
  return rows.length;
}

export async function findSession(db: Knex, sessionId: string): Promise<{ id: string; revoked_at: string | null; revoked_reason: string | null } | null> {
  const { rows } = await db.raw(`select id, revoked_at, revoked_reason from sessions where id = ?`, [sessionId]);
  return rows[0] ?? null;
}

/**
 * Drops what can no longer be used. Revoked sessions are kept until they would have expired,
 * so a stolen refresh token presented late still meets a revoked family, not an unknown token.
 */
export async function deleteExpiredSessions(db: Knex, now: Date): Promise<number> {
  const at = now.toISOString();
  const { rows } = await db.raw(`delete from sessions where expires_at < ? returning id`, [at]);
  await db.raw(`delete from session_tokens where kind = 'access' and expires_at < ?`, [at]);
  await db.raw(`delete from oidc_flows where expires_at < ?`, [at]);
  await db.raw(`delete from password_resets where expires_at < ?`, [at]);
  return rows.length;
}

export async function findSessionOfToken(db: Knex, hash: string, kind: TokenKind): Promise<string | null> {
  const { rows } = await db.raw(`select session_id from session_tokens where token_hash = ? and kind = ?`, [hash, kind]);
  return (rows[0]?.session_id as string | undefined) ?? null;
}
