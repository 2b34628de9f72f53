import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { listConfirmedSubscribers } from '../core/newsletter/subscriber-repository';
import { captureLogger } from '../test/helpers/capture-logger';
import { startTestSmtpServer, type TestSmtpServer } from '../test/helpers/smtp-server';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

let smtp: TestSmtpServer;
let t: TestApp;
const logs = captureLogger();

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({
    logger: logs.logger,
    env: { SMTP_URL: smtp.url, SMTP_FROM: 'C360 News <news@c360.test>' },
    rateLimits: { newsletter: { windowMs: 60_000, limit: 6 } },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function linkIn(text: string, path: string): URL {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}\\?[^\\s]+`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return new URL(match[0]);
}

describe('newsletter sign-up with double opt-in', () => {
  it('e-mails a confirmation link; the address becomes a subscriber only when it is followed', async () => {
    const c = t.client();
    const res = await c.post('/api/newsletter/subscribe', { email: 'Reader@Example.org' });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'pending', message: expect.stringContaining('Check your inbox') });
    const mail = await smtp.waitForMessage((m) => m.to !== undefined && JSON.stringify(m.to).includes('reader@example.org'));
    expect(mail.subject).toBe('Confirm your C360 newsletter subscription');
    expect(mail.from?.text).toContain('news@c360.test');
    const confirm = linkIn(mail.text!, '/newsletter/confirm');
    const unsubscribe = linkIn(mail.text!, '/newsletter/unsubscribe');
    const headerText = mail.headerLines.map((h) => h.line).join('\n');
    expect(headerText).toMatch(/List-Unsubscribe:\s*<http:\/\/127\.0\.0\.1:\d+\/newsletter\/unsubscribe\?id=/);
    expect(headerText).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(confirm.origin).toBe(t.url);
    expect(await listConfirmedSubscribers(t.db.knex, { offset: 0, limit: 10 })).toEqual([]);

    const page = await c.fetch(confirm.pathname + confirm.search);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('You are subscribed');
    const subscribers = await listConfirmedSubscribers(t.db.knex, { offset: 0, limit: 10 });
    expect(subscribers.map((s) => [s.email, s.segments])).toEqual([['reader@example.org', ['general']]]);
    // The link is used up.
    expect((await c.fetch(confirm.pathname + confirm.search)).status).toBe(404);

    // Unsubscribe: the link shows a button (a mail scanner following it changes nothing)…
    const ask = await c.fetch(unsubscribe.pathname + unsubscribe.search);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain('<form method="post"');
    expect(await listConfirmedSubscribers(t.db.knex, { offset: 0, limit: 10 })).toHaveLength(1);
    // …and the POST (the button, or a mail program's one-click) unsubscribes, without a CSRF token.
    const done = await c.fetch(unsubscribe.pathname + unsubscribe.search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');
    expect(await listConfirmedSubscribers(t.db.knex, { offset: 0, limit: 10 })).toEqual([]);
  });

  it('refuses a forged unsubscribe link, a bad address, and answers alike for known addresses', async () => {
    const c = t.client();
    const forged = await c.fetch('/newsletter/unsubscribe?id=00000000-0000-4000-8000-000000000000&token=forged', { method: 'POST' });
    expect(forged.status).toBe(404);
    expect((await c.post('/api/newsletter/subscribe', { email: 'not an address' })).status).toBe(400);
    expect((await c.post('/api/newsletter/subscribe', {})).status).toBe(400);
    // A former subscriber may sign up again (one e-mail); a pending address gets at most one
    // confirmation e-mail per 10 minutes, and the answer never says which case it was.
    const before = smtp.messages.length;
    const again = await c.post('/api/newsletter/subscribe', { email: 'reader@example.org' });
    expect(again.status).toBe(202);
    const twice = await c.post('/api/newsletter/subscribe', { email: 'reader@example.org' });
    expect(twice.status).toBe(202);
    expect(await twice.json()).toEqual(await again.json());
    // The one e-mail arrives (sending is queued, so wait for it rather than a fixed time); a second
    // would follow right behind it, so a short wait after the first shows there is none.
    const sent = (m: ParsedMail) => smtp.messages.indexOf(m) >= before && JSON.stringify(m.to).includes('reader@example.org');
    await smtp.waitForMessage(sent);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.messages.filter(sent)).toHaveLength(1);
    expect(smtp.messages.length).toBe(before + 1);
  });

  it('rate-limits the box (429 with Retry-After)', async () => {
    const c = t.client();
    let last: Response | undefined;
    for (let i = 0; i < 8; i++) last = await c.post('/api/newsletter/subscribe', { email: `flood-${i}@example.org` });
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('says so when the server cannot send e-mail (503), and logs no addresses or tokens', async () => {
    const noMail = await startTestApp({ db: t.db });
    try {
      const res = await noMail.client().post('/api/newsletter/subscribe', { email: 'someone@example.org' });
      expect(res.status).toBe(503);
      expect((await res.json()).error.code).toBe('mail_unavailable');
    } finally {
      await noMail.close();
    }
    expect(logs.text()).not.toContain('reader@example.org');
    expect(logs.text()).toContain('/newsletter/confirm?token=[redacted]');
  });
});
