import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp } from '../core/accounts/accounts';
import { emailConfirmationToken, getEmailConfirmation } from '../core/accounts/email-confirmation';
import { createSession } from '../core/accounts/sessions';
import { TestClient } from '../test/helpers/http-client';
import { startTestSmtpServer, type TestSmtpServer } from '../test/helpers/smtp-server';
import { startTestApp, TEST_SECRET, type TestApp } from '../test/helpers/test-app';

let t: TestApp;
let noMail: TestApp;
let smtp: TestSmtpServer;
let seq = 0;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({ env: { SMTP_URL: smtp.url, SMTP_FROM: 'C360 <alerts@c360.test>' } });
  noMail = await startTestApp();
});
afterAll(async () => {
  await t.close();
  await noMail.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

/** A reader who signed up with a password (unconfirmed), with a live session. */
async function signedUpReader(app: TestApp) {
  const user = await signUp(app.db.knex, { email: `signed-up-${++seq}-${Date.now()}@example.org`, password: 'sea-breeze-2026', now: new Date() });
  const client = new TestClient(app.url);
  const session = await createSession(app.db.knex, { user, method: 'password', now: new Date() });
  client.jar.set(client.host, 'c360_at', session.accessToken);
  client.jar.set(client.host, 'c360_rt', session.refreshToken, '/api/auth');
  return { user, client };
}

describe('confirming a reader’s e-mail for alerts', () => {
  it('POST /api/me/confirm-email answers 401 signed out and 403 without the CSRF token', async () => {
    const anonymous = await t.client().post('/api/me/confirm-email', {});
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.code).toBe('unauthorized');
    const { client } = await signedUpReader(t);
    const forged = await client.request('POST', '/api/me/confirm-email', { body: {}, csrf: false });
    expect(forged.status).toBe(403);
    expect(smtp.messages).toEqual([]);
  });

  it('a new alert sends one confirmation e-mail; "Send again" waits 10 minutes; the link confirms and lands on /account', async () => {
    const { user, client } = await signedUpReader(t);
    const listed = await client.json(await client.get('/api/me/alerts'));
    expect(listed.email).toEqual({ address: user.email, confirmed: false, sent_at: null, mail_configured: true });

    const created = await client.post('/api/me/alerts', { kind: 'storm', scope: 'region', place: 'jamaica' });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body.email).toMatchObject({ address: user.email, confirmed: false, outcome: 'sent', sent_at: expect.any(String) });
    const mail = await smtp.waitForMessage((m) => JSON.stringify(m.to).includes(user.email));
    expect(mail.subject).toBe('Confirm your e-mail address for C360 alerts');

    // Switching it off and on, or asking again, within 10 minutes sends nothing more.
    await client.request('PATCH', `/api/me/alerts/${body.alert.id}`, { body: { is_active: false } });
    const on = await client.json(await client.request('PATCH', `/api/me/alerts/${body.alert.id}`, { body: { is_active: true } }));
    expect(on.email.outcome).toBe('recently_sent');
    const again = await client.post('/api/me/confirm-email', {});
    expect(again.status).toBe(200);
    expect((await again.json()).email.outcome).toBe('recently_sent');
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.filter((m) => JSON.stringify(m.to).includes(user.email))).toHaveLength(1);

    const link = new URL(/https?:\/\/\S+\/account\/confirm-email\?token=\S+/.exec(mail.text!)![0]);
    const anonymous = t.client(); // the link is the proof: no session needed
    const confirmed = await anonymous.get(`${link.pathname}${link.search}`);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/account?email_confirmed=1#alerts');
    expect((await anonymous.get(`${link.pathname}${link.search}`)).status).toBe(303); // idempotent
    expect((await client.json(await client.get('/api/me/alerts'))).email).toMatchObject({ confirmed: true });
    expect((await client.json(await client.post('/api/me/confirm-email', {}))).email.outcome).toBe('already_confirmed');
  });

  it('an expired or altered link gets a 400 page that says what to do, and confirms nothing', async () => {
    const { user } = await signedUpReader(t);
    const expired = emailConfirmationToken(TEST_SECRET, { userId: user.id, email: user.email, expiresAt: new Date(Date.now() - 1000) });
    const res = await t.client().get(`/account/confirm-email?token=${encodeURIComponent(expired)}`);
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('This confirmation link has expired.');
    expect(page).toContain('Send again');
    const garbled = await t.client().get(`/account/confirm-email?token=${encodeURIComponent(expired.slice(0, -3))}`);
    expect(garbled.status).toBe(400);
    expect(await garbled.text()).toContain('This confirmation link is not valid.');
    expect((await getEmailConfirmation(t.db.knex, user.id)).confirmed).toBe(false);
  });

  it('without SMTP the API says e-mail is not set up instead of pretending to send', async () => {
    const { client } = await signedUpReader(noMail);
    const created = await client.json(await client.post('/api/me/alerts', { kind: 'story', scope: 'follows' }));
    expect(created.email).toMatchObject({ confirmed: false, mail_configured: false, outcome: 'mail_unavailable', sent_at: null });
    expect((await client.json(await client.post('/api/me/confirm-email', {}))).email.outcome).toBe('mail_unavailable');
  });
});
