import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp } from '../core/accounts/accounts';
import { listAccountEvents } from '../core/accounts/account-events';
import { createSession } from '../core/accounts/sessions';
import type { User } from '../core/accounts/user';
import { TestClient } from '../test/helpers/http-client';
import { startTestSmtpServer, type TestSmtpServer } from '../test/helpers/smtp-server';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

let t: TestApp;
let smtp: TestSmtpServer;
let seq = 0;
const PASSWORD = 'sea-breeze-2026';
const NEW_PASSWORD = 'mango-harbour-lantern-77';

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({
    env: { SMTP_URL: smtp.url, SMTP_FROM: 'C360 <accounts@c360.test>' },
    rateLimits: { signUp: { windowMs: 60_000, limit: 1000 }, newsletter: { windowMs: 60_000, limit: 1000 } },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

/** A reader who signed up with a password, and a client holding a session of theirs. */
async function reader(): Promise<{ user: User; client: TestClient }> {
  const user = await signUp(t.db.knex, { email: `reader-${++seq}-${Date.now()}@example.org`, password: PASSWORD, now: new Date() });
  return { user, client: await clientOf(user) };
}

async function clientOf(user: User): Promise<TestClient> {
  const client = t.client();
  const session = await createSession(t.db.knex, { user, method: 'password', now: new Date() });
  client.jar.set(client.host, 'c360_at', session.accessToken);
  client.jar.set(client.host, 'c360_rt', session.refreshToken, '/api/auth');
  return client;
}

const signIn = (email: string, password: string) => t.client().post('/api/auth/sign-in', { email, password });

describe('addresses are plain local@domain', () => {
  it.each(['editor@x.test,', 'x<editor@x.test>', 'ｅditor@x.test', 'editor@x.test\u200b', '"ed"@x.test', 'ed itor@x.test'])(
    'sign-up and the newsletter box refuse %j with 400 invalid_email',
    async (email) => {
      const signUpRes = await t.client().post('/api/auth/sign-up', { email, password: PASSWORD });
      expect(signUpRes.status).toBe(400);
      expect((await signUpRes.json()).error).toMatchObject({ code: 'invalid_email', reason: expect.any(String) });
      const news = await t.client().post('/api/newsletter/subscribe', { email });
      expect(news.status).toBe(400);
      expect((await news.json()).error.code).toBe('invalid_email');
      const { rows } = await t.db.knex.raw(
        `select (select count(*)::int from users where email like '%ditor%') + (select count(*)::int from newsletter_subscribers where email like '%ditor%') as n`,
      );
      expect(rows[0].n).toBe(0);
      expect(smtp.messages).toEqual([]);
    },
  );
});

describe('forgot password', () => {
  it('answers the same for any address, e-mails a single-use link, and the reset ends every session', async () => {
    const { user, client } = await reader();
    const known = await t.client().post('/api/auth/password/forgot', { email: user.email });
    const unknown = await t.client().post('/api/auth/password/forgot', { email: `nobody-${seq}@example.org` });
    const again = await t.client().post('/api/auth/password/forgot', { email: user.email });
    for (const res of [known, unknown, again]) {
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ status: 'sent_if_account' });
    }
    const mail = await smtp.waitForMessage((m) => JSON.stringify(m.to).includes(user.email));
    const link = /https?:\/\/\S+\/auth\?reset_token=(\S+)/.exec(mail.text!)!;
    const token = decodeURIComponent(link[1]!);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages).toHaveLength(1);

    const weak = await t.client().post('/api/auth/password/reset', { token, password: 'password1' });
    expect(weak.status).toBe(422);
    const reset = await t.client().post('/api/auth/password/reset', { token, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ reset: true });
    expect((await client.get('/api/me/follows')).status).toBe(401);
    expect((await signIn(user.email, PASSWORD)).status).toBe(400);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
    const reused = await t.client().post('/api/auth/password/reset', { token, password: 'another-lantern-harbour-88' });
    expect(reused.status).toBe(400);
    expect((await reused.json()).error.code).toBe('reset_link_invalid');
  });

  it('refuses a garbled address with invalid_email (whoever owns it)', async () => {
    const res = await t.client().post('/api/auth/password/forgot', { email: 'x<someone@example.org>' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('invalid_email');
  });
});

describe('change password', () => {
  it('needs the current password; keeps this session and ends the others', async () => {
    const { user, client } = await reader();
    const other = await clientOf(user);
    const wrong = await client.post('/api/me/password', { currentPassword: 'not-my-password-1', newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.code).toBe('invalid_credentials');
    const ok = await client.post('/api/me/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ changed: true, sessionsEnded: 1 });
    expect((await client.get('/api/me/follows')).status).toBe(200);
    expect((await other.get('/api/me/follows')).status).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await t.client().post('/api/me/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(401);
  });
});

describe('delete account', () => {
  it('needs the password; removes the account, its follows and its subscription; keeps the audit entry', async () => {
    const { user, client } = await reader();
    expect((await client.request('PUT', '/api/me/follows', { body: { regions: ['jamaica'], topics: [] } })).status).toBe(200);
    await t.db.knex('newsletter_subscribers').insert({ email: user.email, status: 'confirmed', segments: ['general'] });
    const wrong = await client.request('DELETE', '/api/me', { body: { password: 'not-my-password-1' } });
    expect(wrong.status).toBe(400);
    const csrfless = await client.request('DELETE', '/api/me', { body: { password: PASSWORD }, csrf: false });
    expect(csrfless.status).toBe(403);
    const ok = await client.request('DELETE', '/api/me', { body: { password: PASSWORD } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ deleted: true });
    expect((await client.get('/api/me/follows')).status).toBe(401);
    expect((await signIn(user.email, PASSWORD)).status).toBe(400);
    expect(await t.db.knex('reader_follows').where('user_id', user.id)).toEqual([]);
    expect(await t.db.knex('newsletter_subscribers').where('email', user.email)).toEqual([]);
    expect((await listAccountEvents(t.db.knex, user.id)).map((e) => [e.action, e.actor])).toEqual([['account_deleted', 'self']]);
  });

  it('an admin removes an account from the console API; an editor may not', async () => {
    const { user, client } = await reader();
    const { user: admin, client: adminClient } = await t.signedIn('admin');
    const { client: editorClient } = await t.signedIn('editor');
    expect((await editorClient.request('DELETE', `/api/admin/users/${user.id}`)).status).toBe(403);
    const removed = await adminClient.request('DELETE', `/api/admin/users/${user.id}`);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ deleted: true, id: user.id });
    expect((await client.get('/api/me/follows')).status).toBe(401);
    expect((await listAccountEvents(t.db.knex, user.id)).map((e) => [e.action, e.actor])).toEqual([['account_deleted', admin.email]]);
    const self = await adminClient.request('DELETE', `/api/admin/users/${admin.id}`);
    expect(self.status).toBe(403);
  });
});

describe('the sign-in page is told a code, never a text', () => {
  it('a failed provider sign-in redirects to /auth with the error code only', async () => {
    const res = await t.client().get('/api/auth/oidc/google/callback?code=x&state=y&error_description=Call%20555');
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!, t.url);
    expect(location.pathname).toBe('/auth');
    expect([...location.searchParams.keys()]).toEqual(['error']);
  });
});
