import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStory } from '../../test/factories/stories';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/helpers/smtp-server';
import { openTestDatabase } from '../../test/helpers/test-database';
import { dispatchAlerts } from '../alerts/alerts';
import { createReaderAlert } from '../alerts/reader-alerts';
import type { Database } from '../db/open-database';
import { silentLogger } from '../logger';
import { createMailer, type Mailer } from '../mail/mailer';
import { addUser, ensureAdmin, signInWithIdentity, signUp } from './accounts';
import {
  confirmEmail,
  EMAIL_CONFIRMATION_RESEND_MS,
  EMAIL_CONFIRMATION_TTL_MS,
  emailConfirmationToken,
  getEmailConfirmation,
  requestEmailConfirmation,
} from './email-confirmation';

const SECRET = 'email-confirmation-test-secret-0123456789';
let db: Database;
let smtp: TestSmtpServer;
let mailer: Mailer;
let seq = 0;
const hourAgo = () => new Date(Date.now() - 3_600_000);
const fresh = () => signUp(db.knex, { email: `fresh-${++seq}@example.org`, password: 'sea-breeze-2026', now: hourAgo() });
const ctx = (now = new Date()) => ({ db: db.knex, mailer, secret: SECRET, origin: 'https://c360.test', now });
const linkIn = (text: string) => /https:\/\/c360\.test\/account\/confirm-email\?token=([^\s]+)/.exec(text)?.[1];

beforeAll(async () => {
  db = await openTestDatabase();
  smtp = await startTestSmtpServer();
  mailer = createMailer({ url: smtp.url, port: 587, from: 'C360 <alerts@c360.test>' });
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
  await db.close();
});
beforeEach(async () => {
  for (const table of ['alert_deliveries', 'alerts', 'job_cursors', 'synced_content']) await db.knex(table).delete();
  smtp.messages.length = 0;
});

describe('who starts confirmed', () => {
  it('a password sign-up starts unconfirmed; CLI-created, ensureAdmin and provider-verified accounts are confirmed', async () => {
    const signedUp = await fresh();
    expect(await getEmailConfirmation(db.knex, signedUp.id)).toMatchObject({ confirmed: false, confirmed_at: null, sent_at: null });

    const added = await addUser(db.knex, { email: `cli-${++seq}@c360.test`, role: 'reader', password: 'correct horse 42' });
    expect((await getEmailConfirmation(db.knex, added.id)).confirmed).toBe(true);
    const admin = await ensureAdmin(db.knex, { email: 'first-admin@c360.test' });
    if (admin.created) expect((await getEmailConfirmation(db.knex, admin.user.id)).confirmed).toBe(true);

    const verified = await signInWithIdentity(db.knex, {
      provider: 'google',
      subject: `g-${++seq}`,
      email: `google-${seq}@example.org`,
      emailVerified: true,
      now: new Date(),
    });
    expect((await getEmailConfirmation(db.knex, verified.user.id)).confirmed).toBe(true);
    const unverified = await signInWithIdentity(db.knex, {
      provider: 'microsoft',
      subject: `m-${++seq}`,
      email: `ms-${seq}@example.org`,
      emailVerified: false,
      now: new Date(),
    });
    expect((await getEmailConfirmation(db.knex, unverified.user.id)).confirmed).toBe(false);

    // A verified provider sign-in that takes over an unverified password sign-up confirms it.
    const taken = await fresh();
    await signInWithIdentity(db.knex, { provider: 'google', subject: `g-${++seq}`, email: taken.email, emailVerified: true, now: new Date() });
    expect((await getEmailConfirmation(db.knex, taken.id)).confirmed).toBe(true);
  });
});

describe('the confirmation e-mail and link', () => {
  it('sends one e-mail per 10 minutes; its link confirms the account (twice is fine) and nobody else', async () => {
    const reader = await fresh();
    const other = await fresh();
    const first = await requestEmailConfirmation(ctx(), reader.id);
    expect(first.outcome).toBe('sent');
    await first.deliver!();
    const mail = await smtp.waitForMessage();
    expect(JSON.stringify(mail.to)).toContain(reader.email);
    expect(mail.subject).toBe('Confirm your e-mail address for C360 alerts');
    expect((await requestEmailConfirmation(ctx(new Date(Date.now() + 60_000)), reader.id)).outcome).toBe('recently_sent');
    const later = await requestEmailConfirmation(ctx(new Date(Date.now() + EMAIL_CONFIRMATION_RESEND_MS + 1000)), reader.id);
    expect(later.outcome).toBe('sent');

    const token = decodeURIComponent(linkIn(mail.text!)!);
    expect(await confirmEmail(db.knex, { token, secret: SECRET, now: new Date() })).toMatchObject({ userId: reader.id, alreadyConfirmed: false });
    expect(await confirmEmail(db.knex, { token, secret: SECRET, now: new Date() })).toMatchObject({ userId: reader.id, alreadyConfirmed: true });
    expect((await getEmailConfirmation(db.knex, reader.id)).confirmed).toBe(true);
    expect((await getEmailConfirmation(db.knex, other.id)).confirmed).toBe(false);
    expect((await requestEmailConfirmation(ctx(), reader.id)).outcome).toBe('already_confirmed');
  });

  it('refuses an expired, altered, garbled or other-secret link, and one pointed at another account', async () => {
    const reader = await fresh();
    const other = await fresh();
    const now = new Date();
    const valid = emailConfirmationToken(SECRET, { userId: reader.id, email: reader.email, expiresAt: new Date(now.getTime() + EMAIL_CONFIRMATION_TTL_MS) });
    const expired = emailConfirmationToken(SECRET, { userId: reader.id, email: reader.email, expiresAt: new Date(now.getTime() - 1000) });
    await expect(confirmEmail(db.knex, { token: expired, secret: SECRET, now })).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'This confirmation link has expired.',
    });
    const [, expires, sig] = valid.split('.');
    for (const bad of [
      `${other.id}.${expires}.${sig}`, // the signature of reader's link on another account
      `${reader.id}.${Number(expires) + 86_400_000}.${sig}`, // a longer life
      `${reader.id}.${expires}.${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`,
      'garbled',
      '',
      emailConfirmationToken('another-secret-another-secret-01234', { userId: reader.id, email: reader.email, expiresAt: new Date(now.getTime() + 60_000) }),
      emailConfirmationToken(SECRET, { userId: reader.id, email: 'previous@example.org', expiresAt: new Date(now.getTime() + 60_000) }),
    ]) {
      await expect(confirmEmail(db.knex, { token: bad, secret: SECRET, now })).rejects.toMatchObject({ code: 'invalid_input' });
    }
    expect((await getEmailConfirmation(db.knex, reader.id)).confirmed).toBe(false);
    expect((await getEmailConfirmation(db.knex, other.id)).confirmed).toBe(false);
    await confirmEmail(db.knex, { token: valid, secret: SECRET, now });
    expect((await getEmailConfirmation(db.knex, reader.id)).confirmed).toBe(true);
    expect((await getEmailConfirmation(db.knex, other.id)).confirmed).toBe(false);
  });

  it('without SMTP says so instead of pretending to send', async () => {
    const reader = await fresh();
    const none = createMailer(undefined);
    const result = await requestEmailConfirmation({ ...ctx(), mailer: none }, reader.id);
    expect(result).toMatchObject({ outcome: 'mail_unavailable', state: { confirmed: false, sent_at: null } });
    expect(result.deliver).toBeUndefined();
  });

  it('a failed send lets the reader ask again at once', async () => {
    const reader = await fresh();
    const broken = createMailer({ url: 'smtp://127.0.0.1:1', port: 1, from: 'x@c360.test' }, { timeoutMs: 2000 });
    const attempt = await requestEmailConfirmation({ ...ctx(), mailer: broken }, reader.id);
    await expect(attempt.deliver!()).rejects.toMatchObject({ code: 'mail_unavailable' });
    broken.close();
    expect((await getEmailConfirmation(db.knex, reader.id)).sent_at).toBeNull();
    expect((await requestEmailConfirmation(ctx(), reader.id)).outcome).toBe('sent');
  });
});

describe('alert dispatch', () => {
  const dispatch = () => dispatchAlerts({ db: db.knex, mailer, logger: silentLogger, clock: () => new Date(), origin: 'https://c360.test' });

  it('e-mails no alert to an unconfirmed reader; after confirmation the alert (still active) delivers new stories, not older ones', async () => {
    const unconfirmed = await fresh();
    const confirmed = await addUser(db.knex, { email: `confirmed-${++seq}@c360.test`, role: 'reader', password: 'correct horse 42' });
    const alert = await createReaderAlert(db.knex, { owner: unconfirmed, alert: { kind: 'story', scope: 'region', place: 'jamaica' }, now: hourAgo() });
    await createReaderAlert(db.knex, { owner: confirmed, alert: { kind: 'story', scope: 'region', place: 'jamaica' }, now: hourAgo() });

    const before = await createStory(db.knex, { now: new Date(), daysAgo: 0, title: 'Kingston port expands', region: 'Jamaica' });
    expect(await dispatch()).toMatchObject({ storyEvents: 1, matched: 1, sent: 1 });
    await smtp.waitForMessage();
    expect(smtp.messages.map((m) => JSON.stringify(m.to))).toEqual([expect.stringContaining(confirmed.email)]);
    expect(alert.is_active).toBe(true);

    const token = emailConfirmationToken(SECRET, { userId: unconfirmed.id, email: unconfirmed.email, expiresAt: new Date(Date.now() + 60_000) });
    await confirmEmail(db.knex, { token, secret: SECRET, now: new Date() });
    smtp.messages.length = 0;
    await new Promise((r) => setTimeout(r, 20));
    const after = await createStory(db.knex, { now: new Date(), daysAgo: 0, title: 'Ocho Rios festival dates set', region: 'Jamaica' });
    await dispatch();
    await smtp.waitForMessage((m) => JSON.stringify(m.to).includes(unconfirmed.email));
    const toNow = smtp.messages.filter((m) => JSON.stringify(m.to).includes(unconfirmed.email)).map((m) => m.subject);
    expect(toNow).toEqual([`C360 alert: ${after.title}`]);
    expect(toNow).not.toContain(`C360 alert: ${before.title}`);
  });
});
