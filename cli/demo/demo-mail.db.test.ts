import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { silentLogger } from '../../core/logger';
import { createStory } from '../../test/factories/stories';
import { openTestDatabase } from '../../test/helpers/test-database';
import type { Database } from '../../core/db/open-database';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';

/**
 * The demo's mail end to end: a sign-up on the site, the confirmation caught by the demo's mail
 * catcher, read by an admin in the Outbox API (editors and anonymous refused); and the newsletter
 * send guard: a segment with no confirmed subscriber is refused with 400, and the console is told
 * whether the server can send e-mail at all.
 */
let db: Database;
let catcher: MailCatcher;
let t: TestApp;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  db = await openTestDatabase();
  catcher = await startMailCatcher(db.knex, { logger: silentLogger });
  t = await startTestApp({ db, mailCatcher: true, env: { SMTP_URL: catcher.url, SMTP_FROM: 'C360 Demo <newsletter@c360.local>' } });
});
afterAll(async () => {
  await t.close();
  await catcher.close();
  await db.close();
});

describe('the demo Outbox', () => {
  it('shows an admin the sign-up confirmation the mail catcher received; editors get 403, anonymous 401', async () => {
    const reader = t.client();
    await reader.get('/api/auth/session');
    expect((await reader.post('/api/newsletter/subscribe', { email: 'visitor@example.org' })).status).toBe(202);

    const admin = (await t.signedIn('admin')).client;
    const page = await until(
      async () => (await (await admin.get('/api/console/outbox')).json()) as { enabled: boolean; items: { id: string; subject: string; to: string }[] },
      (p) => p.items.length > 0,
    );
    expect(page.enabled).toBe(true);
    expect(page.items[0]).toMatchObject({ to: 'visitor@example.org', subject: expect.stringMatching(/confirm/i) });
    const res = await admin.get(`/api/console/outbox/${page.items[0]!.id}`);
    expect(res.status).toBe(200);
    const { message } = (await res.json()) as { message: { text: string } };
    expect(message.text).toMatch(/\/newsletter\/confirm\?token=/);

    const editor = (await t.signedIn('editor')).client;
    expect((await editor.get('/api/console/outbox')).status).toBe(403);
    expect((await editor.get(`/api/console/outbox/${page.items[0]!.id}`)).status).toBe(403);
    expect((await t.client().get('/api/console/outbox')).status).toBe(401);
    expect((await admin.get('/api/console/outbox/not-a-number')).status).toBe(404);
  });

  it('says the Outbox is off in a server without a mail catcher', async () => {
    const plain = await startTestApp({ db });
    try {
      const admin = (await plain.signedIn('admin')).client;
      expect(((await (await admin.get('/api/console/outbox')).json()) as { enabled: boolean }).enabled).toBe(false);
    } finally {
      await plain.close();
    }
  });
});

describe('the newsletter send guard', () => {
  it('refuses a send to segments with no confirmed subscriber (400, with the reason), and says mail works', async () => {
    await createStory(db.knex, { now: new Date(), daysAgo: 0, title: 'Grenada nutmeg harvest recovers', auto_publish_eligible: true });
    const editor = (await t.signedIn('editor')).client;
    const { newsletter } = (await (await editor.post('/api/console/newsletters', { template: 'business-brief' })).json()) as { newsletter: { id: string } };
    const segments = (await (await editor.get('/api/console/newsletter/segments?segments=government')).json()) as { recipients: number; mail: boolean };
    expect(segments).toMatchObject({ recipients: 0, mail: true });
    const res = await editor.post(`/api/console/newsletters/${newsletter.id}/send`, { segments: ['government'] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('No confirmed subscribers in this segment.');
    expect(await db.knex('newsletter_sends').where({ newsletter_id: newsletter.id })).toHaveLength(0);
  });

  it('tells the console when the server cannot send e-mail', async () => {
    const noMail = await startTestApp({ db });
    try {
      const editor = (await noMail.signedIn('editor')).client;
      expect(((await (await editor.get('/api/console/newsletter/segments')).json()) as { mail: boolean }).mail).toBe(false);
    } finally {
      await noMail.close();
    }
  });
});
