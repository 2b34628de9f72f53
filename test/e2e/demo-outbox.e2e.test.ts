import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeCaughtMail } from '../../core/demo/outbox-repository';
import { createStory } from '../factories/stories';
import { startSite, type Site } from './harness';

/**
 * The demo's mail, seen as a person sees it: a reader signs up in the footer box, an admin reads
 * the confirmation in the console's Outbox (an HTML message in a sandboxed frame, never in the
 * console's page); editors have no Outbox. Without SMTP the newsletter box is not offered at all,
 * and the Newsletter Builder says why Send is off; with mail but a segment of nobody, too.
 */
const seed = async (db: Site['db'], now: Date) => {
  await createStory(db.knex, {
    now,
    daysAgo: 0,
    title: 'Hurricane Keron strengthens south of Hispaniola',
    region: 'Jamaica',
    tags: ['weather'],
    urgency: 90,
    auto_publish_eligible: true,
  });
  await createStory(db.knex, {
    now,
    daysAgo: 0.2,
    title: 'Tourism arrivals climb in Barbados',
    region: 'Barbados',
    tags: ['tourism', 'business'],
    urgency: 50,
    auto_publish_eligible: true,
  });
};
const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title }).first().waitFor();
async function open(context: BrowserContext, path: string, site: Site): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${site.url}${path}`);
  return page;
}

describe('the demo Outbox (mail catcher on)', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ mail: 'demo-catcher', seed });
  });
  afterAll(() => site?.close());

  it('a reader signs up; an admin reads the confirmation and an HTML message in the Outbox; an editor has no Outbox', async () => {
    const reader = await site.newContext();
    const home = await open(reader, '/', site);
    await home.locator('#newsletter-email').fill('visitor@example.org');
    await home.getByRole('button', { name: 'Subscribe' }).click();
    await home.locator('.newsletter-status', { hasText: 'check your inbox' }).waitFor();

    // An alert-like HTML message whose markup tries to run a script and to reach the console's page.
    await storeCaughtMail(
      site.db.knex,
      {
        envelopeFrom: 'alerts@c360.local',
        envelopeTo: ['desk@example.org'],
        from: 'C360 <alerts@c360.local>',
        to: 'desk@example.org',
        subject: 'Storm alert: Hurricane Warning for Jamaica',
        text: 'Hurricane Warning in effect for Jamaica.',
        html: '<html><head><title>x</title></head><body><h1 id="mail-heading">Hurricane Warning for Jamaica</h1><p>Hurricane conditions expected within 36 hours.</p><script>parent.document.body.setAttribute("data-pwned","1")</script></body></html>',
        sizeBytes: 400,
      },
      new Date(),
    );

    const admin = await site.newContext();
    await site.signInAs(admin, 'admin');
    const page = await open(admin, '/dashboard', site);
    await page.getByRole('link', { name: 'Outbox' }).click();
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    await page.getByRole('button', { name: /Confirm your C360 newsletter subscription/ }).click();
    await page.locator('.ob-text', { hasText: '/newsletter/confirm?token=' }).waitFor();

    await page.getByRole('button', { name: /Storm alert: Hurricane Warning for Jamaica/ }).click();
    const frame = page.locator('iframe.ob-frame');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await page.frameLocator('iframe.ob-frame').locator('#mail-heading').waitFor();
    expect(await page.locator('#mail-heading').count()).toBe(0); // not in the console's own page
    expect(await page.locator('body').getAttribute('data-pwned')).toBeNull();
    await site.screenshot(page, 'console-outbox');

    const editor = await site.newContext();
    await site.signInAs(editor, 'editor');
    const editorPage = await open(editor, '/dashboard', site);
    await editorPage.getByRole('link', { name: 'Newsletter Builder' }).waitFor();
    expect(await editorPage.getByRole('link', { name: 'Outbox' }).count()).toBe(0);
  });

  it('Send is off, with the reason, for a segment with no confirmed subscriber', async () => {
    const editor = await site.newContext();
    await site.signInAs(editor, 'editor');
    const page = await open(editor, '/dashboard/newsletter', site);
    await page.locator('.nl-template').filter({ hasText: 'Daily Digest' }).getByRole('button', { name: 'Generate Newsletter' }).click();
    await toast(page, 'Newsletter Generated');
    await page.getByRole('tab', { name: 'Audience' }).click();
    await page.getByText('No confirmed subscribers in this segment.').waitFor();
    expect(await page.getByRole('button', { name: 'Send Newsletter' }).isDisabled()).toBe(true);
    await site.screenshot(page, 'console-newsletter-no-recipients');
  });
});

describe('without SMTP', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ mail: 'none', seed });
  });
  afterAll(() => site?.close());

  it('the server-rendered page has no newsletter box, and the console says why Send is off', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    expect(html).toContain('Hurricane Keron strengthens south of Hispaniola');
    expect(html).not.toContain('id="newsletter"');
    expect(html).toContain('"site":{"newsletter":false}');

    const editor = await site.newContext();
    await site.signInAs(editor, 'editor');
    const home = await open(editor, '/', site);
    await home.locator('.site-footer').waitFor();
    expect(await home.locator('#newsletter').count()).toBe(0);

    const page = await open(editor, '/dashboard/newsletter', site);
    await page.locator('.nl-template').filter({ hasText: 'Daily Digest' }).getByRole('button', { name: 'Generate Newsletter' }).click();
    await toast(page, 'Newsletter Generated');
    await page.getByRole('tab', { name: 'Audience' }).click();
    await page.getByText('This server cannot send e-mail').waitFor();
    expect(await page.getByRole('button', { name: 'Send Newsletter' }).isDisabled()).toBe(true);
  });
});
