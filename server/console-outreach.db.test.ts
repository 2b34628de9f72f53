import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { recordPageView } from '../core/analytics/page-views';
import { silentLogger } from '../core/logger';
import { createMailer } from '../core/mail/mailer';
import { processNewsletterQueue } from '../core/newsletter/newsletters';
import { readSanityToken } from '../core/settings/settings';
import { createStory } from '../test/factories/stories';
import type { TestClient } from '../test/helpers/http-client';
import { startTestSmtpServer, type TestSmtpServer } from '../test/helpers/smtp-server';
import { startTestApp, TEST_SECRET, type TestApp } from '../test/helpers/test-app';

/**
 * The console's second half through its HTTP API, with a real SMTP server on 127.0.0.1:
 * newsletters (generation, rules, sending to chosen segments, failures and retries, unsubscribe),
 * alerts, analytics and settings.
 */

let smtp: TestSmtpServer;
let t: TestApp;
let editor: TestClient;
let editorEmail: string;
let admin: TestClient;
let flakyRefusals = 0;

beforeAll(async () => {
  smtp = await startTestSmtpServer({
    rejectRecipient: (address) => {
      if (address === 'bounce@example.org') return { code: 550, message: 'No such mailbox here' };
      if (address === 'flaky@example.org' && flakyRefusals++ === 0) return { code: 451, message: 'Try again later' };
      return null;
    },
  });
  t = await startTestApp({ env: { SMTP_URL: smtp.url, SMTP_FROM: 'C360 News <news@c360.test>' } });
  const e = await t.signedIn('editor', 'desk@c360.test');
  editor = e.client;
  editorEmail = e.user.email;
  admin = (await t.signedIn('admin', 'chief-settings@c360.test')).client;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const to = (mail: ParsedMail) => JSON.stringify(mail.to);
const newsletterMails = (id: string) => smtp.messages.filter((m) => m.headers.get('x-c360-newsletter') === id);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting; last value: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function addSubscriber(email: string, status: 'pending' | 'confirmed' | 'unsubscribed', segments: string[]): Promise<string> {
  const [row] = await t.db
    .knex('newsletter_subscribers')
    .insert({ email, status, segments, confirmed_at: status === 'confirmed' ? new Date() : null })
    .returning('id');
  return row.id as string;
}

describe('newsletter generation', () => {
  beforeEach(async () => {
    await t.db.knex('newsletters').delete();
    await t.db.knex('synced_content').delete();
  });

  it('fills sections from the 50 newest auto-eligible published stories, at most 3 each, applying the stored rules', async () => {
    const now = new Date();
    const eligible = [];
    for (let i = 0; i < 56; i++) {
      eligible.push(
        await createStory(t.db.knex, {
          now,
          daysAgo: i / 24,
          title:
            i === 3
              ? 'Cruise tourism arrivals hit a record in Barbados'
              : i === 5
                ? 'Central bank says inflation eased in Trinidad'
                : `Verified story number ${i} from the region`,
          region: ['Jamaica', 'Barbados', 'Trinidad and Tobago', 'Bahamas'][i % 4],
          tags: i === 5 ? ['inflation', 'economy'] : i === 54 ? ['diaspora'] : [],
          urgency: i === 10 || i === 55 ? 95 : 40,
          auto_publish_eligible: true,
        }),
      );
    }
    const notEligible = await createStory(t.db.knex, { now, daysAgo: 0, title: 'Fresh but not auto-eligible', auto_publish_eligible: false, urgency: 99 });
    const draft = await createStory(t.db.knex, {
      now,
      daysAgo: 0,
      title: 'Not published yet',
      auto_publish_eligible: true,
      pipeline_stage: 'verified',
      status: 'draft',
      published_at: null,
      urgency: 99,
    });

    const res = await editor.post('/api/console/newsletters', { template: 'daily-digest' });
    expect(res.status).toBe(201);
    const { newsletter } = await res.json();
    expect(newsletter).toMatchObject({ status: 'draft', template: 'daily-digest', pool_size: 50, created_by: editorEmail });
    const pool = new Set(eligible.slice(0, 50).map((s) => s.id));
    const ids = newsletter.sections.flatMap((s: { articles: { id: string }[] }) => s.articles.map((a) => a.id));
    expect(ids.every((id: string) => pool.has(id))).toBe(true);
    expect(ids).not.toContain(notEligible.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(eligible[55]!.id); // urgent, but 56th newest: outside the pool of 50
    for (const s of newsletter.sections) expect(s.articles.length).toBeLessThanOrEqual(3);
    const byType = Object.fromEntries(newsletter.sections.map((s: { type: string }) => [s.type, s]));
    expect(byType.headlines.articles.map((a: { id: string }) => a.id)).toEqual([eligible[10]!.id]);
    // The seeded rules: the urgency rule (80) put the headline first, the keyword and topic rules pick the next two.
    expect(byType.curated.articles.map((a: { title: string; matchedRules: string[] }) => [a.title, a.matchedRules])).toEqual([
      ['Cruise tourism arrivals hit a record in Barbados', ['Diaspora keywords']],
      ['Central bank says inflation eased in Trinidad', ['Economic topics']],
    ]);

    // Editors change the rules; the next fill applies them.
    const { rules } = await (await editor.get('/api/console/newsletter/rules')).json();
    expect(
      rules.map((r: { name: string; type: string; criteria: unknown; priority: number; enabled: boolean }) => [
        r.name,
        r.type,
        r.criteria,
        r.priority,
        r.enabled,
      ]),
    ).toEqual([
      ['High urgency', 'urgency', { threshold: 80 }, 1, true],
      ['Diaspora keywords', 'keyword', { keywords: ['remittances', 'tourism', 'investment', 'education'] }, 2, true],
      ['Economic topics', 'topic', { topics: ['GDP', 'inflation', 'trade', 'employment'] }, 3, true],
    ]);
    const keyword = rules[1];
    expect((await editor.request('PATCH', `/api/console/newsletter/rules/${keyword.id}`, { body: { enabled: false } })).status).toBe(200);
    const created = await editor.post('/api/console/newsletter/rules', {
      name: 'Jamaica desk',
      type: 'region',
      criteria: { regions: ['Jamaica'] },
      priority: 4,
    });
    expect(created.status).toBe(201);
    expect((await editor.post('/api/console/newsletter/rules', { name: 'Bad', type: 'urgency', criteria: { keywords: ['x'] } })).status).toBe(400);
    const refilled = await (await editor.post(`/api/console/newsletters/${newsletter.id}/regenerate`)).json();
    const curated = refilled.newsletter.sections.find((s: { type: string }) => s.type === 'curated');
    expect(curated.articles.map((a: { title: string }) => a.title)).toContain('Central bank says inflation eased in Trinidad');
    expect(curated.articles.map((a: { title: string }) => a.title)).not.toContain('Cruise tourism arrivals hit a record in Barbados');
    expect(curated.articles.map((a: { region: string; matchedRules: string[] }) => [a.region, a.matchedRules[0]])).toEqual([
      ['Barbados', 'Economic topics'],
      ['Jamaica', 'Jamaica desk'],
      ['Jamaica', 'Jamaica desk'],
    ]);
    // Restore the spec rules for the other tests.
    await editor.request('PATCH', `/api/console/newsletter/rules/${keyword.id}`, { body: { enabled: true } });
    await editor.request('DELETE', `/api/console/newsletter/rules/${(await created.json()).rule.id}`);
  });

  it('edits a draft, previews the real e-mail, and refuses what makes no sense', async () => {
    expect((await editor.post('/api/console/newsletters', { template: 'daily-digest' })).status).toBe(409); // nothing eligible yet
    const story = await createStory(t.db.knex, {
      now: new Date(),
      daysAgo: 0,
      title: 'Diaspora <bonds> drive investment in Jamaica',
      tags: ['diaspora'],
      auto_publish_eligible: true,
    });
    const { newsletter } = await (await editor.post('/api/console/newsletters', { template: 'diaspora-weekly', title: 'Diaspora Weekly, first issue' })).json();
    const edited = await editor.request('PATCH', `/api/console/newsletters/${newsletter.id}`, { body: { intro: 'Hello from Kingston & London.' } });
    expect((await edited.json()).newsletter.intro).toBe('Hello from Kingston & London.');
    const preview = await (await editor.get(`/api/console/newsletters/${newsletter.id}/preview`)).json();
    expect(preview.subject).toBe('Diaspora Weekly, first issue');
    expect(preview.html).toContain('Diaspora &lt;bonds&gt; drive investment in Jamaica');
    expect(preview.html).toContain(`${t.url}/article/${story.slug}-`);
    expect(preview.html).toContain('Hello from Kingston &amp; London.');
    expect(preview.text).toContain('Diaspora <bonds> drive investment in Jamaica');
    expect((await editor.post('/api/console/newsletters', { template: 'weekly-gossip' })).status).toBe(400);
    expect((await editor.request('PATCH', `/api/console/newsletters/${newsletter.id}`, { body: { status: 'sent' } })).status).toBe(400);
    expect((await editor.request('PATCH', `/api/console/newsletters/${newsletter.id}`, { body: { removeArticleIds: [story.id] } })).status).toBe(400); // it would be empty
    expect((await editor.post(`/api/console/newsletters/${newsletter.id}/send`, { segments: ['everyone'] })).status).toBe(400);
    expect((await editor.post(`/api/console/newsletters/${newsletter.id}/send`, { segments: [] })).status).toBe(400);
    expect((await editor.get('/api/console/newsletters/not-a-uuid')).status).toBe(404);
    expect((await editor.request('DELETE', `/api/console/newsletters/${newsletter.id}`)).status).toBe(200);
    expect((await editor.get(`/api/console/newsletters/${newsletter.id}`)).status).toBe(404);
  });
});

describe('sending a newsletter', () => {
  it("reaches exactly the chosen segments' confirmed subscribers, records failures, retries them, and never sends twice", async () => {
    await t.db.knex('synced_content').delete();
    await createStory(t.db.knex, {
      now: new Date(),
      daysAgo: 0,
      title: 'Hurricane season ends quietly for Barbados',
      auto_publish_eligible: true,
      urgency: 90,
    });
    const ids: Record<string, string> = {};
    for (const [email, status, segments] of [
      ['general@example.org', 'confirmed', ['general']],
      ['us@example.org', 'confirmed', ['diaspora-us']],
      ['both@example.org', 'confirmed', ['general', 'diaspora-us']],
      ['business@example.org', 'confirmed', ['business']],
      ['pending@example.org', 'pending', ['general']],
      ['gone@example.org', 'unsubscribed', ['diaspora-us']],
      ['flaky@example.org', 'confirmed', ['general']],
      ['bounce@example.org', 'confirmed', ['diaspora-us']],
    ] as const) {
      ids[email] = await addSubscriber(email, status, [...segments]);
    }
    const counts = await (await editor.get('/api/console/newsletter/segments?segments=general,diaspora-us')).json();
    expect(counts.segments.map((s: { id: string; size: number }) => [s.id, s.size])).toEqual([
      ['general', 3],
      ['diaspora-us', 3],
      ['diaspora-uk', 0],
      ['business', 1],
      ['government', 0],
    ]);
    expect(counts.recipients).toBe(5);

    const { newsletter } = await (await editor.post('/api/console/newsletters', { template: 'daily-digest' })).json();
    const res = await editor.post(`/api/console/newsletters/${newsletter.id}/send`, { segments: ['general', 'diaspora-us'] });
    expect(res.status).toBe(202);
    const { send, recipients } = await res.json();
    expect(recipients).toBe(5);
    expect(send).toMatchObject({ segments: ['general', 'diaspora-us'], requested_by: editorEmail });

    const detail = await until(
      async () => (await editor.get(`/api/console/newsletters/${newsletter.id}`)).json(),
      (d) => d.sends[0].counts.queued === 0 && d.sends[0].counts.sending === 0,
    );
    expect(detail.sends[0].counts).toMatchObject({ sent: 3, failed: 1, bounced: 1, skipped: 0 });
    expect(detail.sends[0].finished_at).toBeNull(); // the failed one will be retried
    expect(detail.sends[0].problems.map((p: { email: string; status: string; attempts: number }) => [p.email, p.status, p.attempts])).toEqual([
      ['flaky@example.org', 'failed', 1],
      ['bounce@example.org', 'bounced', 1],
    ]);
    expect(detail.sends[0].problems[0].last_error).toContain('451');
    expect(detail.sends[0].problems[0].next_attempt_at).not.toBeNull();
    expect(detail.newsletter.status).toBe('sending');

    // The retry button: the failed delivery goes again, and arrives.
    const retried = await (await editor.post(`/api/console/newsletters/${newsletter.id}/retry`, {})).json();
    expect(retried.requeued).toBe(1);
    const done = await until(
      async () => (await editor.get(`/api/console/newsletters/${newsletter.id}`)).json(),
      (d) => d.sends[0].finished_at !== null,
    );
    expect(done.sends[0].counts).toMatchObject({ sent: 4, failed: 0, bounced: 1 });
    expect(done.newsletter.status).toBe('sent');

    // A second send to other segments reaches only people who do not have it yet.
    const second = await (await editor.post(`/api/console/newsletters/${newsletter.id}/send`, { segments: ['general', 'business'] })).json();
    expect(second.recipients).toBe(1);
    await until(
      async () => newsletterMails(newsletter.id).length,
      (n) => n >= 5,
    );
    await new Promise((r) => setTimeout(r, 300));

    const mails = newsletterMails(newsletter.id);
    const recipientsOf = mails.map((m) => (m.to && !Array.isArray(m.to) ? m.to.value[0]!.address : '')).sort();
    expect(recipientsOf).toEqual(['both@example.org', 'business@example.org', 'flaky@example.org', 'general@example.org', 'us@example.org']);
    expect(mails.every((m) => m.subject === newsletter.title)).toBe(true);

    // Each copy has its own working unsubscribe link (body and List-Unsubscribe), and absolute story links.
    const mine = mails.find((m) => to(m).includes('general@example.org'))!;
    const link = /href="([^"]*\/newsletter\/unsubscribe\?[^"]*)"/.exec(mine.html as string)![1]!.replace(/&amp;/g, '&');
    expect(new URL(link).searchParams.get('id')).toBe(ids['general@example.org']);
    expect(mine.headerLines.map((h) => h.line.replace(/\r?\n(?=[ \t])/g, '')).join('\n')).toContain(`List-Unsubscribe: <${link}>`);
    expect(mine.html).toMatch(new RegExp(`href="${t.url}/article/hurricane-season-ends-quietly[^"]*utm_source=newsletter`));
    expect(mine.messageId).toBe(`<newsletter-${newsletter.id}.${ids['general@example.org']}@127.0.0.1>`);
    const unsubscribed = await t.client().fetch(new URL(link).pathname + new URL(link).search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect(await unsubscribed.text()).toContain('You are unsubscribed');
    expect((await t.db.knex('newsletter_subscribers').where({ id: ids['general@example.org'] }).first()).status).toBe('unsubscribed');

    // The editor who sent got a report for each finished send.
    const reports = await until(
      async () => smtp.messages.filter((m) => to(m).includes(editorEmail)),
      (r) => r.length >= 2,
    );
    expect(reports[0]!.subject).toBe('Newsletter send report: 4 of 5 delivered');
    expect(reports[0]!.text).toContain('bounce@example.org: bounced');
  });

  it('after a crash mid-send, the interrupted delivery is marked uncertain and only re-sent on request', async () => {
    await createStory(t.db.knex, { now: new Date(), daysAgo: 0, title: 'Grenada nutmeg harvest recovers', auto_publish_eligible: true });
    await addSubscriber('crash@example.org', 'confirmed', ['government']);
    const { newsletter } = await (await editor.post('/api/console/newsletters', { template: 'business-brief' })).json();
    // What a process that died after claiming leaves behind: a delivery 'sending' whose lease ran out.
    const [sendRow] = await t.db
      .knex('newsletter_sends')
      .insert({ newsletter_id: newsletter.id, segments: ['government'], origin: t.url, requested_by: editorEmail, recipients: 1 })
      .returning('id');
    const subscriber = await t.db.knex('newsletter_subscribers').where({ email: 'crash@example.org' }).first();
    await t.db.knex('newsletter_deliveries').insert({
      newsletter_id: newsletter.id,
      send_id: sendRow.id,
      subscriber_id: subscriber.id,
      status: 'sending',
      attempts: 1,
      lease_until: new Date(Date.now() - 60_000),
    });

    const mailer = createMailer({ url: smtp.url, port: 587, from: 'C360 <news@c360.test>' });
    try {
      const stats = await processNewsletterQueue({ db: t.db.knex, mailer, secret: TEST_SECRET, logger: silentLogger, clock: () => new Date() });
      expect(stats).toMatchObject({ uncertain: 1, sent: 0 });
      expect(newsletterMails(newsletter.id)).toHaveLength(0);
      // Sending again to the same segment does not queue the person again either.
      expect((await (await editor.post(`/api/console/newsletters/${newsletter.id}/send`, { segments: ['government'] })).json()).recipients).toBe(0);
      expect((await (await editor.post(`/api/console/newsletters/${newsletter.id}/retry`, {})).json()).requeued).toBe(0);
      expect((await (await editor.post(`/api/console/newsletters/${newsletter.id}/retry`, { includeUncertain: true })).json()).requeued).toBe(1);
      await until(
        async () => newsletterMails(newsletter.id).length,
        (n) => n === 1,
      );
    } finally {
      mailer.close();
    }
  });

  it('says so when the server cannot send e-mail', async () => {
    const noMail = await startTestApp({ db: t.db });
    try {
      const client = (await noMail.signedIn('editor')).client;
      const { newsletter } = await (await client.post('/api/console/newsletters', { template: 'daily-digest' })).json();
      const res = await client.post(`/api/console/newsletters/${newsletter.id}/send`, { segments: ['general'] });
      expect(res.status).toBe(503);
      expect((await res.json()).error.code).toBe('mail_unavailable');
    } finally {
      await noMail.close();
    }
  });
});

describe('subscribers and segments', () => {
  it('lists subscribers and puts one in several segments', async () => {
    const id = await addSubscriber('segments@example.org', 'confirmed', ['general']);
    const list = await (await editor.get('/api/console/newsletter/subscribers?q=SEGMENTS@')).json();
    expect(list.items.map((s: { email: string }) => s.email)).toEqual(['segments@example.org']);
    const res = await editor.request('PATCH', `/api/console/newsletter/subscribers/${id}`, { body: { segments: ['general', 'diaspora-uk', 'government'] } });
    expect((await res.json()).subscriber.segments).toEqual(['general', 'diaspora-uk', 'government']);
    expect((await editor.request('PATCH', `/api/console/newsletter/subscribers/${id}`, { body: { segments: ['vip'] } })).status).toBe(400);
    expect((await editor.request('PATCH', `/api/console/newsletter/subscribers/${id}`, { body: { segments: [] } })).status).toBe(400);
    expect((await editor.get("/api/console/newsletter/subscribers?q=%25' or 1=1 --")).status).toBe(200);
  });
});

describe('alerts API', () => {
  it("keeps each user's alerts to themselves", async () => {
    const res = await editor.post('/api/console/alerts', {
      region: 'trinidad',
      alert_level: 'high',
      storm_types: ['Flood'],
      notification_methods: ['email', 'whatsapp'],
    });
    expect(res.status).toBe(201);
    const { alert } = await res.json();
    expect(alert).toMatchObject({ region: 'trinidad', alert_level: 'high', is_active: true });
    const other = (await t.signedIn('editor')).client;
    expect((await (await other.get('/api/console/alerts')).json()).alerts).toEqual([]);
    expect((await other.request('PATCH', `/api/console/alerts/${alert.id}`, { body: { is_active: false } })).status).toBe(404);
    expect((await editor.request('PATCH', `/api/console/alerts/${alert.id}`, { body: { is_active: false } })).status).toBe(200);
    expect((await (await editor.get('/api/console/alerts')).json()).alerts[0].is_active).toBe(false);
    expect((await editor.post('/api/console/alerts', { region: 'miami' })).status).toBe(400);
    expect((await editor.post('/api/console/alerts', { region: 'jamaica', alert_level: 'apocalyptic' })).status).toBe(400);
    expect((await editor.request('DELETE', `/api/console/alerts/${alert.id}`)).status).toBe(200);
    expect((await editor.get(`/api/console/alerts/${alert.id}/deliveries`)).status).toBe(404);
  });
});

describe('analytics API', () => {
  it('answers each range from recorded page views, and refuses another', async () => {
    await t.db.knex('page_views').delete();
    const story = await createStory(t.db.knex, { now: new Date(), daysAgo: 0, title: 'Analytics story about Nassau' });
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140';
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
    await recordPageView(t.db.knex, { kind: 'view', path: '/article/x', storyId: story.id, ip: '10.0.0.1', userAgent: ua, siteHost: '127.0.0.1' }, at(1));
    await recordPageView(
      t.db.knex,
      { kind: 'view', path: '/', ip: '10.0.0.2', userAgent: ua, siteHost: '127.0.0.1', referrer: 'https://www.google.com/' },
      at(3 * 24),
    );
    await recordPageView(t.db.knex, { kind: 'view', path: '/', ip: '10.0.0.3', userAgent: ua, siteHost: '127.0.0.1' }, at(20 * 24));
    const views: Record<string, number> = {};
    for (const range of ['24h', '7d', '30d']) {
      const body = await (await editor.get(`/api/console/analytics?range=${range}`)).json();
      views[range] = body.totals.pageViews;
      expect(body.range).toBe(range);
    }
    expect(views).toEqual({ '24h': 1, '7d': 2, '30d': 3 });
    const week = await (await editor.get('/api/console/analytics')).json();
    expect(week.range).toBe('7d');
    expect(week.topArticles.map((a: { title: string }) => a.title)).toEqual(['Analytics story about Nassau']);
    expect((await editor.get('/api/console/analytics?range=1y')).status).toBe(400);
  });
});

describe('settings', () => {
  it('stores the Sanity token encrypted and never sends it back', async () => {
    const token = 'skSecretSanityToken0123456789wxyz';
    const res = await admin.request('PUT', '/api/admin/settings/sanity', { body: { projectId: 'c360news', dataset: 'production', token } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('skSecret');
    expect(JSON.parse(text)).toMatchObject({
      sanity: {
        projectId: 'c360news',
        dataset: 'production',
        studioUrl: 'https://c360news.sanity.studio',
        token: { set: true, last4: 'wxyz' },
        updated_by: 'chief-settings@c360.test',
      },
      webhookUrl: `${t.url}/api/sync-sanity`,
    });
    expect(await (await admin.get('/api/admin/settings/sanity')).text()).not.toContain('skSecret');
    const stored = JSON.stringify(await t.db.knex('settings').where({ key: 'sanity' }).first());
    expect(stored).not.toContain('skSecret');
    expect(await readSanityToken(t.db.knex, TEST_SECRET)).toBe(token);
    // Saving without a token keeps it; null removes it.
    await admin.request('PUT', '/api/admin/settings/sanity', { body: { dataset: 'staging' } });
    expect((await (await admin.get('/api/admin/settings/sanity')).json()).sanity).toMatchObject({ dataset: 'staging', token: { set: true, last4: 'wxyz' } });
    await admin.request('PUT', '/api/admin/settings/sanity', { body: { token: null } });
    expect((await (await admin.get('/api/admin/settings/sanity')).json()).sanity.token).toEqual({ set: false, last4: null });
    expect((await admin.request('PUT', '/api/admin/settings/sanity', { body: { projectId: 'Not A Project!' } })).status).toBe(400);
    expect((await admin.request('PUT', '/api/admin/settings/sanity', { body: { token: 'has spaces in it' } })).status).toBe(400);
    expect((await editor.get('/api/admin/settings/sanity')).status).toBe(403);
  });

  it('stores notification settings and reports the system', async () => {
    const res = await admin.request('PUT', '/api/admin/settings/notifications', { body: { failureReports: true } });
    expect((await res.json()).notifications).toMatchObject({ sendReports: true, failureReports: true });
    expect((await admin.request('PUT', '/api/admin/settings/notifications', { body: { everything: true } })).status).toBe(400);
    await admin.request('PUT', '/api/admin/settings/notifications', { body: { failureReports: false } });
    const system = await (await admin.get('/api/admin/system')).json();
    expect(system).toMatchObject({
      database: { mode: t.db.mode },
      ai: { provider: 'offline', model: null },
      mail: { configured: true },
      scheduler: { running: false },
      counts: { users: expect.any(Number), subscribers: expect.any(Number) },
    });
  });
});
