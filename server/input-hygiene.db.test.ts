import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/helpers/test-app';
import { startTestSmtpServer, type TestSmtpServer } from '../test/helpers/smtp-server';

/** NUL bytes and inputs with nothing searchable: a clear 400 or an empty answer, never a 500. */
let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  const generous = { windowMs: 60_000, limit: 10_000 };
  t = await startTestApp({ env: { SMTP_URL: smtp.url }, rateLimits: { signIn: generous, signUp: generous, newsletter: generous } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('NUL bytes in queries and bodies', () => {
  it.each([
    ['GET', '/api/search?q=kingston%00harbour'],
    ['GET', '/api/search?q=%00'],
    ['GET', '/api/stories?offset=0&region=%00'],
    ['GET', '/api/sections/politics?region=Jam%00aica'],
    ['GET', '/api/storms?x=%00'],
    ['GET', '/api/og-image?title=a%00b'],
  ])('%s %s → 400 invalid_input', async (method, path) => {
    const res = await t.client().fetch(path, { method });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('NUL') });
  });

  it.each([
    ['/api/auth/sign-in', { email: 'editor\u0000@c360.test', password: 'tropical-storm-77' }],
    ['/api/auth/sign-in', { email: 'editor@c360.test', password: 'tropical\u0000storm-77' }],
    ['/api/auth/sign-up', { email: 'new\u0000@c360.test', password: 'tropical-storm-77' }],
    ['/api/newsletter/subscribe', { email: 'reader\u0000@example.org' }],
    ['/api/page-views', { path: '/\u0000', kind: 'view' }],
    ['/api/page-views', { path: '/', referrer: 'https://x.example/\u0000' }],
    ['/api/auth/sign-in', { email: 'editor@c360.test', password: 'x', nested: { deep: ['ok', 'bad\u0000'] } }],
  ])('POST %s with a NUL in the JSON body → 400 invalid_input', async (path, body) => {
    const res = await t.client().post(path, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('NUL'),
    });
  });

  it('refuses a NUL in a form body and in a JSON key too', async () => {
    const form = await t
      .client()
      .fetch('/newsletter/unsubscribe', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'id=a%00b&token=x' });
    expect(form.status).toBe(400);
    const key = await t.client().post('/api/newsletter/subscribe', { ['em\u0000ail']: 'x@example.org' });
    expect(key.status).toBe(400);
  });
});

describe('searches with nothing to search for', () => {
  it.each(['-'.repeat(50), '!!!', '"', '- - -', '&|!()', ':*', '\\', "'''"])('%j → 200 with no results', async (q) => {
    const res = await t.client().get(`/api/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { items: unknown[] }).items).toEqual([]);
  });
});
