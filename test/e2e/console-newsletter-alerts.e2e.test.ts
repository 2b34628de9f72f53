import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchAlerts } from '../../core/alerts/alerts';
import { recordPageView } from '../../core/analytics/page-views';
import { silentLogger } from '../../core/logger';
import { createMailer, type Mailer } from '../../core/mail/mailer';
import { ingestStormDocuments } from '../../core/storms/ingest-storms';
import { createStory } from '../factories/stories';
import { startSite, type Site } from './harness';

/**
 * The console's Newsletter Builder, Alert Manager, Analytics, Reader Analytics and Settings in
 * Chromium against the real server and a local SMTP server: a newsletter sent to a segment
 * arrives with a working unsubscribe link; an alert fires once for a matching storm advisory;
 * a screenshot of each screen.
 */
let site: Site;
let editor: BrowserContext;
let editorEmail: string;
let mailer: Mailer;
const storm = (name: string) => ({ label: name, text: readFileSync(new URL(`../../data/samples/storms/${name}`, import.meta.url), 'utf8') });
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140 Safari/537.36';

beforeAll(async () => {
  site = await startSite({
    seed: async (db, now) => {
      const titles = [
        ['Hurricane Keron strengthens south of Hispaniola', 'Jamaica', ['weather'], 92],
        ['Remittances from the diaspora reach a record', 'Jamaica', ['diaspora', 'remittances'], 60],
        ['Tourism arrivals climb in Barbados', 'Barbados', ['tourism', 'business'], 55],
        ['Inflation eases in Trinidad and Tobago', 'Trinidad and Tobago', ['inflation', 'economy'], 50],
        ['Nassau port expansion approved', 'Bahamas', ['trade'], 45],
        ['Grenada schools reopen after repairs', 'Grenada', ['education'], 40],
        ['Cricket: Windies name squad for tour', 'Barbados', ['sports'], 30],
      ] as const;
      for (const [i, [title, region, tags, urgency]] of titles.entries()) {
        const story = await createStory(db.knex, {
          now,
          daysAgo: i * 0.1,
          title,
          region,
          tags: [...tags],
          urgency,
          auto_publish_eligible: true,
          ai_risk_level: urgency > 80 ? 'high' : 'medium',
        });
        for (let v = 0; v < 7 - i; v++) {
          await recordPageView(
            db.knex,
            {
              kind: 'view',
              path: `/article/${story.slug}`,
              storyId: story.id,
              ip: `10.0.${i}.${v}`,
              userAgent: v % 2 ? PHONE : DESKTOP,
              siteHost: '127.0.0.1',
              timeZone: v % 3 ? 'America/Jamaica' : 'America/New_York',
              referrer: v % 2 ? 'https://www.google.com/' : null,
            },
            new Date(now.getTime() - (v + 1) * 3_600_000),
          );
        }
      }
      const subscribers: [string, string, string[]][] = [
        ['reader.one@example.org', 'confirmed', ['general']],
        ['reader.two@example.org', 'confirmed', ['general', 'diaspora-uk']],
        ['abroad@example.org', 'confirmed', ['diaspora-us']],
        ['waiting@example.org', 'pending', ['general']],
      ];
      for (const [email, status, segments] of subscribers)
        await db.knex('newsletter_subscribers').insert({ email, status, segments, confirmed_at: status === 'confirmed' ? now : null });
    },
  });
  editor = await site.newContext();
  editorEmail = (await site.signInAs(editor, 'editor', 'desk.editor@c360.test')).email;
  mailer = createMailer({ url: site.smtp.url, port: 587, from: 'C360 <alerts@c360.test>' });
});
afterAll(async () => {
  mailer?.close();
  await site?.close();
});

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
  return page;
}

const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title }).first().waitFor();

describe('Newsletter Builder', () => {
  it('generates from a template, previews the real e-mail, and sends to the chosen segment only, with a working unsubscribe link', async () => {
    const page = await open(editor, '/dashboard/newsletter');
    await page.getByRole('heading', { name: 'Newsletter Builder' }).waitFor();
    await site.screenshot(page, 'console-newsletter');

    await page.locator('.nl-template').filter({ hasText: 'Daily Digest' }).getByRole('button', { name: 'Generate Newsletter' }).click();
    await toast(page, 'Newsletter Generated');
    await page.getByRole('region', { name: 'Top Headlines' }).getByText('Hurricane Keron strengthens south of Hispaniola').waitFor();
    expect(await page.locator('.nl-section').count()).toBeGreaterThanOrEqual(3);
    for (const count of await page.locator('.nl-section > .c-list').evaluateAll((lists) => lists.map((l) => l.children.length)))
      expect(count).toBeLessThanOrEqual(3);
    await site.screenshot(page, 'console-newsletter-create');

    await page.getByRole('tab', { name: 'Preview' }).click();
    const frame = page.frameLocator('iframe[title^="E-mail preview"]');
    await frame.getByText('Hurricane Keron strengthens south of Hispaniola').first().waitFor();
    expect(await page.locator('iframe').getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    await site.screenshot(page, 'console-newsletter-preview-desktop');
    await page.getByRole('radio', { name: 'Mobile' }).click();
    expect(await page.locator('.nl-frame-mobile').count()).toBe(1);
    await site.screenshot(page, 'console-newsletter-preview-mobile');

    await page.getByRole('tab', { name: 'Audience' }).click();
    const general = page.locator('.nl-segment').filter({ hasText: 'General readers' });
    await general.locator('.nl-segment-size').filter({ hasText: '2' }).waitFor();
    // The Daily Digest suggests 'general'; make sure it is the only one chosen.
    for (const label of await page.locator('.nl-segment').all()) {
      const box = label.locator('input');
      const shouldBe = (await label.textContent())!.includes('General readers');
      if ((await box.isChecked()) !== shouldBe) await box.click();
    }
    await page.getByText('To General readers: 2 confirmed subscribers').waitFor();
    await site.screenshot(page, 'console-newsletter-audience');
    await page.getByRole('button', { name: 'Send Newsletter' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send to 2' }).click();
    await toast(page, 'Newsletter Sent');

    const one = await site.smtp.waitForMessage((m) => JSON.stringify(m.to).includes('reader.one@example.org') && Boolean(m.headers.get('x-c360-newsletter')));
    await site.smtp.waitForMessage((m) => JSON.stringify(m.to).includes('reader.two@example.org') && Boolean(m.headers.get('x-c360-newsletter')));
    await page.locator('.nl-send .c-badge').filter({ hasText: 'Delivered' }).waitFor({ timeout: 15_000 });
    await site.screenshot(page, 'console-newsletter-sent');
    const newsletterMails = site.smtp.messages.filter((m) => m.headers.get('x-c360-newsletter'));
    expect(newsletterMails.map((m) => JSON.stringify(m.to)).filter((t) => t.includes('abroad@') || t.includes('waiting@'))).toEqual([]);
    expect(newsletterMails).toHaveLength(2);

    // The story link and the unsubscribe link in the e-mail work in a browser.
    const html = one.html as string;
    const storyLink = /href="(http:\/\/127\.0\.0\.1:\d+\/article\/hurricane-keron[^"]*)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const reader = await site.newContext();
    const story = await reader.newPage();
    await story.goto(storyLink, { waitUntil: 'networkidle' });
    expect(await story.locator('h1').first().textContent()).toContain('Hurricane Keron strengthens south of Hispaniola');
    const unsubscribe = /href="(http:\/\/127\.0\.0\.1:\d+\/newsletter\/unsubscribe\?[^"]*)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const leave = await reader.newPage();
    await leave.goto(unsubscribe);
    await leave.getByRole('button', { name: 'Unsubscribe' }).click();
    await leave.getByText('You are unsubscribed').waitFor();
    expect((await site.db.knex('newsletter_subscribers').where({ email: 'reader.one@example.org' }).first()).status).toBe('unsubscribed');
    await reader.close();

    await page.getByRole('tab', { name: 'Rules' }).click();
    await page.getByText('Mentions remittances, tourism, investment, education').waitFor();
    await site.screenshot(page, 'console-newsletter-rules');
  });
});

describe('Alert Manager', () => {
  it('creates an alert that fires once for a matching storm advisory', async () => {
    const page = await open(editor, '/dashboard/alerts');
    await page.getByText('Manage your Caribbean weather and news alerts').waitFor();
    await page.getByText('No alerts configured yet.').waitFor();
    await site.screenshot(page, 'console-alerts-empty');
    await page.getByRole('button', { name: 'Create Your First Alert' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Region').selectOption('jamaica');
    await dialog.getByRole('checkbox', { name: 'Hurricane' }).check();
    await dialog.getByRole('button', { name: 'Create Alert' }).click();
    await toast(page, 'Alert created');
    await page.locator('.al-item').filter({ hasText: 'Jamaica' }).waitFor();

    // A storm advisory arrives (what `c360 storms ingest` does), then dispatch runs (after ingest, and on the server's minute tick).
    await ingestStormDocuments(
      site.db.knex,
      { clock: () => new Date(), logger: silentLogger },
      ['CurrentStorms-previous.json', 'index-at-previous.xml', 'CurrentStorms.json', 'index-at.xml'].map(storm),
      { shiftDatesToNow: true },
    );
    const run = () => dispatchAlerts({ db: site.db.knex, mailer, logger: silentLogger, clock: () => new Date(), origin: site.url });
    expect((await run()).sent).toBe(1);
    const alert = await site.smtp.waitForMessage((m) => JSON.stringify(m.to).includes(editorEmail) && Boolean(m.headers.get('x-c360-alert')));
    expect(alert.subject).toBe('C360 alert: Hurricane Watch for Jamaica: Hurricane Keron, advisory 14');
    expect((await run()).sent).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(site.smtp.messages.filter((m) => m.headers.get('x-c360-alert'))).toHaveLength(1);

    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText('1 e-mail sent').waitFor();
    await page.getByRole('button', { name: 'Show history' }).click();
    await page.getByText('Hurricane Watch for Jamaica').first().waitFor();
    await site.screenshot(page, 'console-alerts');

    await page.locator('.al-item').getByRole('checkbox').click();
    await toast(page, 'Alert disabled');
    await page.locator('.al-item').getByText('Disabled', { exact: true }).first().waitFor();
  });
});

describe('Analytics', () => {
  it('shows totals and charts from recorded page views for each range', async () => {
    // 28 seeded views, plus the story visit from the newsletter in the first test (recorded by the site's beacon).
    const recorded = Number((await site.db.knex('page_views').where({ kind: 'view' }).count({ n: '*' }).first())!.n);
    expect(recorded).toBeGreaterThanOrEqual(28);
    const fromNewsletter = await site.db.knex('page_views').where({ traffic_source: 'newsletter' }).count({ n: '*' }).first();
    const page = await open(editor, '/analytics');
    await page.getByRole('heading', { name: 'Analytics', exact: true }).waitFor();
    const views = page.locator('.c-stat').filter({ hasText: 'Total Views' }).locator('.c-stat-value');
    await expect.poll(() => views.textContent()).toBe(String(recorded));
    await page.locator('.recharts-surface').first().waitFor();
    await site.screenshot(page, 'console-analytics');

    const reader = await open(editor, '/dashboard/reader-analytics');
    await reader.getByRole('tab', { name: 'Article Performance' }).waitFor();
    await reader.getByRole('cell', { name: 'Hurricane Keron strengthens south of Hispaniola' }).waitFor();
    await site.screenshot(reader, 'console-reader-analytics');
    await reader.getByRole('radio', { name: '24h' }).click();
    await expect.poll(() => reader.locator('.c-stat').filter({ hasText: 'Total Views' }).locator('.c-stat-value').textContent()).toBe(String(recorded));
    for (const tab of ['Audience', 'Engagement', 'Traffic Sources']) {
      await reader.getByRole('tab', { name: tab }).click();
      // The chart itself is drawn (an area, a pie or bars), not just its box.
      await reader.locator('.an-chart :is(.recharts-area, .recharts-pie, .recharts-bar-rectangle), .an-bars').first().waitFor();
      await site.screenshot(reader, `console-reader-analytics-${tab.toLowerCase().replace(/\s+/g, '-')}`);
    }
    if (Number(fromNewsletter?.n ?? 0) > 0) await reader.locator('.an-bars').getByText('Newsletter').waitFor();
  });
});

describe('Settings', () => {
  it('saves the Sanity settings with a write-only token, and shows notifications, users and the system', async () => {
    const admin = await site.newContext();
    await site.signInAs(admin, 'admin', 'chief@c360.test');
    const page = await open(admin, '/dashboard/settings');
    await page.getByLabel('Project ID').fill('c360news');
    await page.getByLabel('API token').fill('skLiveToken-abcdef-0123456789-WXYZ');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Settings saved');
    await page.getByText('A token ending in WXYZ is stored, encrypted.').waitFor();
    expect(await page.getByLabel('API token').inputValue()).toBe('');
    expect(await page.content()).not.toContain('skLiveToken');
    expect(await page.getByLabel('Studio URL').inputValue()).toBe('https://c360news.sanity.studio');
    await site.screenshot(page, 'console-settings-sanity');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.getByText('Send reports').waitFor();
    await site.screenshot(page, 'console-settings-notifications');
    await page.getByRole('tab', { name: 'User Management' }).click();
    await page.getByRole('cell', { name: 'desk.editor@c360.test', exact: true }).waitFor();
    await site.screenshot(page, 'console-settings-users');
    await page.getByRole('tab', { name: 'System' }).click();
    await page.getByText('Last pipeline run').waitFor();
    await page.locator('.c-stat').filter({ hasText: 'AI provider' }).getByText('Offline').waitFor();
    await site.screenshot(page, 'console-settings-system');
    await admin.close();

    const editorPage = await open(editor, '/dashboard/settings');
    await editorPage.getByText('Settings are for administrators').waitFor();
  });
});
