import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { openTestDatabase } from '../../test/helpers/test-database';
import { addUser, changeUserRole, ensureAdmin, signInWithIdentity, signInWithPassword, signUp } from './accounts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  authenticateAccessToken,
  createSession,
  pruneSessions,
  refreshSession,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  revokeSession,
} from './sessions';
import type { User } from './user';

let db: Database;
let user: User;
const t0 = new Date('2026-11-20T12:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

beforeAll(async () => {
  db = await openTestDatabase();
  user = await addUser(db.knex, { email: 'desk@c360.test', role: 'editor', password: 'harbour-lights-19' });
});
afterAll(() => db.close());

describe('sessions', () => {
  it('stores only hashes of tokens', async () => {
    const session = await createSession(db.knex, { user, method: 'password', now: t0 });
    const { rows } = await db.knex.raw('select token_hash from session_tokens where session_id = ?', [session.sessionId]);
    const stored = rows.map((r: { token_hash: string }) => r.token_hash);
    expect(stored).toHaveLength(2);
    expect(stored).not.toContain(session.accessToken);
    expect(stored).not.toContain(session.refreshToken);
  });

  it('an access token lives 15 minutes; refresh rotates; a reused refresh token revokes the family', async () => {
    const s = await createSession(db.knex, { user, method: 'password', now: t0 });
    expect((await authenticateAccessToken(db.knex, s.accessToken, at(ACCESS_TOKEN_TTL_SECONDS - 1)))?.user.email).toBe('desk@c360.test');
    expect(await authenticateAccessToken(db.knex, s.accessToken, at(ACCESS_TOKEN_TTL_SECONDS))).toBeNull();
    const r1 = await refreshSession(db.knex, s.refreshToken, at(ACCESS_TOKEN_TTL_SECONDS + 5));
    expect(r1.sessionId).toBe(s.sessionId);
    expect(r1.refreshToken).not.toBe(s.refreshToken);
    const late = ACCESS_TOKEN_TTL_SECONDS + 5 + REFRESH_REUSE_GRACE_SECONDS + 1;
    await expect(refreshSession(db.knex, s.refreshToken, at(late))).rejects.toMatchObject({ code: 'refresh_token_reused' });
    expect(await authenticateAccessToken(db.knex, r1.accessToken, at(late + 1))).toBeNull();
    await expect(refreshSession(db.knex, r1.refreshToken, at(late + 2))).rejects.toMatchObject({ code: 'refresh_token_invalid' });
  });

  it('two refreshes racing with one token (two tabs) both get a live session in the same family', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const s = await createSession(db.knex, { user, method: 'password', now: t0 });
      const results = await Promise.allSettled([refreshSession(db.knex, s.refreshToken, at(10)), refreshSession(db.knex, s.refreshToken, at(10))]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      const [a, b] = results.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof refreshSession>>>).value);
      expect(a!.sessionId).toBe(s.sessionId);
      expect(b!.sessionId).toBe(s.sessionId);
      expect(a!.refreshToken).not.toBe(b!.refreshToken);
      expect(await authenticateAccessToken(db.knex, a!.accessToken, at(11))).not.toBeNull();
      expect(await authenticateAccessToken(db.knex, b!.accessToken, at(11))).not.toBeNull();
      // Either tab's new refresh token keeps working.
      expect((await refreshSession(db.knex, b!.refreshToken, at(12))).sessionId).toBe(s.sessionId);
    }
  });

  it('keeps reuse detection outside the grace window and for any token older than the latest rotated one', async () => {
    const s = await createSession(db.knex, { user, method: 'password', now: t0 });
    const r1 = await refreshSession(db.knex, s.refreshToken, at(10));
    await refreshSession(db.knex, s.refreshToken, at(10 + REFRESH_REUSE_GRACE_SECONDS)); // still in the window: another pair
    const r2 = await refreshSession(db.knex, r1.refreshToken, at(12 + REFRESH_REUSE_GRACE_SECONDS));
    // The first token was superseded by a later rotation: presenting it now is a copy, even within seconds.
    await expect(refreshSession(db.knex, s.refreshToken, at(13 + REFRESH_REUSE_GRACE_SECONDS))).rejects.toMatchObject({ code: 'refresh_token_reused' });
    expect(await authenticateAccessToken(db.knex, r2.accessToken, at(14 + REFRESH_REUSE_GRACE_SECONDS))).toBeNull();

    const other = await createSession(db.knex, { user, method: 'password', now: t0 });
    const o1 = await refreshSession(db.knex, other.refreshToken, at(10));
    await expect(refreshSession(db.knex, other.refreshToken, at(11 + REFRESH_REUSE_GRACE_SECONDS))).rejects.toMatchObject({ code: 'refresh_token_reused' });
    expect(await authenticateAccessToken(db.knex, o1.accessToken, at(12 + REFRESH_REUSE_GRACE_SECONDS))).toBeNull();
  });

  it('refuses unknown, expired and revoked tokens; pruning drops expired sessions', async () => {
    await expect(refreshSession(db.knex, 'made-up-token', t0)).rejects.toMatchObject({ code: 'refresh_token_invalid' });
    const s = await createSession(db.knex, { user, method: 'password', now: t0 });
    await expect(refreshSession(db.knex, s.refreshToken, at(REFRESH_TOKEN_TTL_SECONDS + 1))).rejects.toMatchObject({ code: 'refresh_token_invalid' });
    const s2 = await createSession(db.knex, { user, method: 'password', now: t0 });
    await revokeSession(db.knex, s2.sessionId, 'sign_out', at(1));
    expect(await authenticateAccessToken(db.knex, s2.accessToken, at(2))).toBeNull();
    await expect(refreshSession(db.knex, s2.refreshToken, at(2))).rejects.toMatchObject({ code: 'refresh_token_invalid' });
    expect(await pruneSessions(db.knex, at(31 * 86_400))).toBeGreaterThan(0);
    expect((await db.knex.raw('select count(*)::int as n from sessions where expires_at < ?', [at(31 * 86_400).toISOString()])).rows[0].n).toBe(0);
  });
});

describe('accounts', () => {
  it('sign-up makes a reader; password sign-in checks the hash', async () => {
    const reader = await signUp(db.knex, { email: ' Someone@Example.org ', password: 'sea-breeze-2026', now: t0 });
    expect(reader).toMatchObject({ email: 'someone@example.org', role: 'reader', email_verified: false, identities: ['email'] });
    expect((await signInWithPassword(db.knex, { email: 'SOMEONE@example.org', password: 'sea-breeze-2026', now: t0 })).id).toBe(reader.id);
    await expect(signInWithPassword(db.knex, { email: 'someone@example.org', password: 'nope-nope-1', now: t0 })).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
  });

  it('identity sign-in: same subject → same user; unverified e-mail never links; verified links', async () => {
    const first = await signInWithIdentity(db.knex, { provider: 'google', subject: 's-1', email: 'new@example.org', emailVerified: true, now: t0 });
    expect(first.created).toBe(true);
    expect(
      (await signInWithIdentity(db.knex, { provider: 'google', subject: 's-1', email: 'changed@example.org', emailVerified: true, now: t0 })).user.id,
    ).toBe(first.user.id);
    await expect(
      signInWithIdentity(db.knex, { provider: 'microsoft', subject: 'm-1', email: 'desk@c360.test', emailVerified: false, now: t0 }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    const linked = await signInWithIdentity(db.knex, { provider: 'microsoft', subject: 'm-1', email: 'desk@c360.test', emailVerified: true, now: t0 });
    expect(linked).toMatchObject({ linked: true, user: { id: user.id, role: 'editor', identities: ['email', 'microsoft'] } });
    // The operator-created account keeps its password (its e-mail was vouched for).
    expect((await signInWithPassword(db.knex, { email: 'desk@c360.test', password: 'harbour-lights-19', now: t0 })).id).toBe(user.id);
  });

  it('keeps at least one admin; the demo admin is created only when none exists', async () => {
    const created = await ensureAdmin(db.knex, { email: 'admin@c360.test' });
    expect(created.created).toBe(true);
    expect(await ensureAdmin(db.knex, { email: 'admin2@c360.test' })).toEqual({ created: false });
    await expect(changeUserRole(db.knex, { user: 'admin@c360.test', role: 'reader' })).rejects.toMatchObject({ code: 'conflict' });
    await changeUserRole(db.knex, { user: 'desk@c360.test', role: 'admin' });
    expect((await changeUserRole(db.knex, { user: 'admin@c360.test', role: 'editor' })).previous).toBe('admin');
    await expect(changeUserRole(db.knex, { user: 'nobody@c360.test', role: 'editor' })).rejects.toMatchObject({ code: 'not_found' });
  });
});
