import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/helpers/smtp-server';
import { openTestDatabase } from '../../test/helpers/test-database';
import { createReaderAlert } from '../alerts/reader-alerts';
import type { Database } from '../db/open-database';
import { createMailer, type Mailer } from '../mail/mailer';
import { listAccountEvents } from './account-events';
import { addUser, changePassword, deleteOwnAccount, removeUser, signInWithIdentity, signInWithPassword, signUp } from './accounts';
import { PASSWORD_RESET_RESEND_MS, PASSWORD_RESET_TTL_MS, requestPasswordReset, resetPassword } from './password-reset';
import { authenticateAccessToken, createSession } from './sessions';

let db: Database;
let smtp: TestSmtpServer;
let mailer: Mailer;
let seq = 0;
const PASSWORD = 'sea-breeze-2026';
const NEW_PASSWORD = 'mango-harbour-lantern-77';
const ctx = (now = new Date()) => ({ db: db.knex, mailer, origin: 'https://c360.test', now });
const linkIn = (text: string) => /https:\/\/c360\.test\/auth\?reset_token=([^\s]+)/.exec(text)?.[1];
const reader = () => signUp(db.knex, { email: `reader-${++seq}@example.org`, password: PASSWORD, now: new Date() });
const sessionOf = (user: Awaited<ReturnType<typeof reader>>) => createSession(db.knex, { user, method: 'password', now: new Date() });

async function resetLinkFor(email: string, now = new Date()): Promise<string> {
  const request = await requestPasswordReset(ctx(now), { email });
  await request.deliver!();
  const mail = await smtp.waitForMessage((m) => JSON.stringify(m.to).includes(email) && m.subject === 'Reset your C360 password');
  smtp.messages.splice(smtp.messages.indexOf(mail), 1);
  return decodeURIComponent(linkIn(mail.text!)!);
}

beforeAll(async () => {
  db = await openTestDatabase();
  smtp = await startTestSmtpServer();
  mailer = createMailer({ url: smtp.url, port: 587, from: 'C360 <accounts@c360.test>' });
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
  await db.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

describe('addresses: one mailbox, one account', () => {
  it.each(['editor@x.test,', 'x<editor@x.test>', 'ｅditor@x.test', 'edi\u200btor@x.test', '"editor"@x.test', 'editor @x.test'])(
    'refuses a sign-up as %j with invalid_email, and creates no account',
    async (email) => {
      await expect(signUp(db.knex, { email, password: PASSWORD, now: new Date() })).rejects.toMatchObject({ code: 'invalid_email' });
      const { rows } = await db.knex.raw(`select count(*)::int as n from users where email like '%editor%'`);
      expect(rows[0].n).toBe(0);
    },
  );
});

describe('forgotten password', () => {
  it('e-mails a single-use link to an account, nothing to an unknown address, and answers alike', async () => {
    const user = await reader();
    const known = await requestPasswordReset(ctx(), { email: ` ${user.email.toUpperCase()} ` });
    const unknown = await requestPasswordReset(ctx(), { email: 'nobody-here@example.org' });
    expect(Object.keys(unknown)).toEqual([]);
    expect(typeof known.deliver).toBe('function');
    await known.deliver!();
    const mail = await smtp.waitForMessage((m) => JSON.stringify(m.to).includes(user.email));
    expect(mail.subject).toBe('Reset your C360 password');
    expect(smtp.messages).toHaveLength(1);
  });

  it('resets the password once, ends every session, voids other links, and logs it', async () => {
    const user = await reader();
    const first = await sessionOf(user);
    const second = await sessionOf(user);
    const older = await resetLinkFor(user.email, new Date(Date.now() - PASSWORD_RESET_RESEND_MS - 1000));
    const token = await resetLinkFor(user.email);
    const { sessionsEnded } = await resetPassword(db.knex, { token, password: NEW_PASSWORD, now: new Date() });
    expect(sessionsEnded).toBe(2);
    expect(await authenticateAccessToken(db.knex, first.accessToken, new Date())).toBeNull();
    expect(await authenticateAccessToken(db.knex, second.accessToken, new Date())).toBeNull();
    await expect(signInWithPassword(db.knex, { email: user.email, password: PASSWORD, now: new Date() })).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    await expect(signInWithPassword(db.knex, { email: user.email, password: NEW_PASSWORD, now: new Date() })).resolves.toMatchObject({ id: user.id });
    // Used once: the same link, and the older one, no longer work.
    await expect(resetPassword(db.knex, { token, password: 'another-lantern-harbour-88', now: new Date() })).rejects.toMatchObject({
      code: 'reset_link_invalid',
    });
    await expect(resetPassword(db.knex, { token: older, password: 'another-lantern-harbour-88', now: new Date() })).rejects.toMatchObject({
      code: 'reset_link_invalid',
    });
    expect((await listAccountEvents(db.knex, user.id)).map((e) => [e.action, e.actor, e.details])).toEqual([['password_reset', 'self', { sessionsEnded: 2 }]]);
  });

  it('refuses an expired link, and a weak password without using the link up', async () => {
    const user = await reader();
    const stale = await resetLinkFor(user.email, new Date(Date.now() - PASSWORD_RESET_TTL_MS - 60_000));
    await expect(resetPassword(db.knex, { token: stale, password: NEW_PASSWORD, now: new Date() })).rejects.toMatchObject({ code: 'reset_link_invalid' });
    const token = await resetLinkFor(user.email);
    await expect(resetPassword(db.knex, { token, password: 'password1', now: new Date() })).rejects.toMatchObject({ code: 'weak_password' });
    await expect(resetPassword(db.knex, { token, password: NEW_PASSWORD, now: new Date() })).resolves.toMatchObject({ user: { id: user.id } });
  });

  it('sends at most one link per account per interval, and none for a garbled address', async () => {
    const user = await reader();
    expect((await requestPasswordReset(ctx(), { email: user.email })).deliver).toBeDefined();
    expect((await requestPasswordReset(ctx(), { email: user.email })).deliver).toBeUndefined();
    await expect(requestPasswordReset(ctx(), { email: `x<${user.email}>` })).rejects.toMatchObject({ code: 'invalid_email' });
    await expect(resetPassword(db.knex, { token: 'not-a-token', password: NEW_PASSWORD, now: new Date() })).rejects.toMatchObject({
      code: 'reset_link_invalid',
    });
  });

  it('lets the mailbox owner take back an address someone else signed up with', async () => {
    const squatter = await reader();
    const squatterSession = await sessionOf(squatter);
    const token = await resetLinkFor(squatter.email);
    const { user } = await resetPassword(db.knex, { token, password: NEW_PASSWORD, now: new Date() });
    expect(user.email_verified).toBe(true);
    expect(await authenticateAccessToken(db.knex, squatterSession.accessToken, new Date())).toBeNull();
  });
});

describe('changing a password', () => {
  it('needs the current password, keeps the asking session and ends the others', async () => {
    const user = await reader();
    const here = await sessionOf(user);
    const elsewhere = await sessionOf(user);
    await expect(
      changePassword(db.knex, { userId: user.id, currentPassword: 'wrong-one-2026', newPassword: NEW_PASSWORD, now: new Date() }),
    ).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    await expect(changePassword(db.knex, { userId: user.id, currentPassword: PASSWORD, newPassword: 'password1', now: new Date() })).rejects.toMatchObject({
      code: 'weak_password',
    });
    const result = await changePassword(db.knex, {
      userId: user.id,
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      keepSessionId: here.sessionId,
      now: new Date(),
    });
    expect(result).toEqual({ sessionsEnded: 1 });
    expect(await authenticateAccessToken(db.knex, here.accessToken, new Date())).not.toBeNull();
    expect(await authenticateAccessToken(db.knex, elsewhere.accessToken, new Date())).toBeNull();
    await expect(signInWithPassword(db.knex, { email: user.email, password: NEW_PASSWORD, now: new Date() })).resolves.toMatchObject({ id: user.id });
    const { rows } = await db.knex.raw(`select password_hash from users where id = ?`, [user.id]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect((await listAccountEvents(db.knex, user.id)).map((e) => e.action)).toEqual(['password_changed']);
  });

  it('tells a provider-only account to use the reset link', async () => {
    const { user } = await signInWithIdentity(db.knex, {
      provider: 'google',
      subject: `g-${++seq}`,
      email: `google-${seq}@example.org`,
      emailVerified: true,
      now: new Date(),
    });
    await expect(
      changePassword(db.knex, { userId: user.id, currentPassword: 'anything-2026', newPassword: NEW_PASSWORD, now: new Date() }),
    ).rejects.toMatchObject({
      code: 'invalid_credentials',
      hint: expect.stringContaining('Forgot your password?'),
    });
  });
});

describe('deleting an account', () => {
  it('needs the password; removes sessions, follows, alerts and the newsletter subscription; keeps the audit entry', async () => {
    const user = await reader();
    const session = await sessionOf(user);
    await db.knex.raw(`insert into reader_follows (user_id, kind, value) values (?, 'region', 'jamaica')`, [user.id]);
    await createReaderAlert(db.knex, { owner: { id: user.id }, alert: { kind: 'storm', scope: 'region', place: 'jamaica' }, now: new Date() });
    await db.knex('newsletter_subscribers').insert({ email: user.email, status: 'confirmed', segments: ['general'] });

    await expect(deleteOwnAccount(db.knex, { userId: user.id, password: 'wrong-one-2026', now: new Date() })).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    await expect(deleteOwnAccount(db.knex, { userId: user.id, confirmation: 'DELETE', now: new Date() })).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    const deleted = await deleteOwnAccount(db.knex, { userId: user.id, password: PASSWORD, now: new Date() });
    expect(deleted).toEqual({ userId: user.id, role: 'reader', newsletterSubscriptions: 1 });

    expect(await authenticateAccessToken(db.knex, session.accessToken, new Date())).toBeNull();
    for (const [table, column, value] of [
      ['users', 'id', user.id],
      ['sessions', 'user_id', user.id],
      ['reader_follows', 'user_id', user.id],
      ['alerts', 'user_id', user.id],
      ['newsletter_subscribers', 'email', user.email],
    ] as const) {
      expect((await db.knex(table).where(column, value)).length, table).toBe(0);
    }
    expect((await listAccountEvents(db.knex, user.id)).map((e) => [e.action, e.actor])).toEqual([['account_deleted', 'self']]);
    // The address is free again: its owner may sign up anew.
    await expect(signUp(db.knex, { email: user.email, password: PASSWORD, now: new Date() })).resolves.toMatchObject({ email: user.email });
  });

  it('asks an account without a password to type DELETE', async () => {
    const { user } = await signInWithIdentity(db.knex, {
      provider: 'google',
      subject: `g-${++seq}`,
      email: `google-${seq}@example.org`,
      emailVerified: true,
      now: new Date(),
    });
    await expect(deleteOwnAccount(db.knex, { userId: user.id, confirmation: 'delete it', now: new Date() })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(deleteOwnAccount(db.knex, { userId: user.id, confirmation: 'DELETE', now: new Date() })).resolves.toMatchObject({ userId: user.id });
  });

  it('an admin removes someone else, never themselves, and never the last admin', async () => {
    const admin = await addUser(db.knex, { email: `admin-${++seq}@c360.test`, role: 'admin', password: 'harbour-lantern-2026' });
    const target = await reader();
    const removed = await removeUser(db.knex, { user: target.email, actor: admin, now: new Date() });
    expect(removed).toMatchObject({ userId: target.id, email: target.email });
    expect((await listAccountEvents(db.knex, target.id)).map((e) => [e.action, e.actor])).toEqual([['account_deleted', admin.email]]);
    await expect(removeUser(db.knex, { user: admin.id, actor: admin, now: new Date() })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(removeUser(db.knex, { user: target.id, actor: admin, now: new Date() })).rejects.toMatchObject({ code: 'not_found' });
    await db.knex.raw(`update users set role = 'editor' where role = 'admin' and id <> ?`, [admin.id]);
    await expect(deleteOwnAccount(db.knex, { userId: admin.id, password: 'harbour-lantern-2026', now: new Date() })).rejects.toMatchObject({
      code: 'conflict',
    });
  });
});
