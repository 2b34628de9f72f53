import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPageView } from '../../core/analytics/page-views';
import { recordDelivery } from '../../core/sanity/delivery-repository';
import { createStory } from '../factories/stories';
import { fragments, interfaceText } from './english-fragments';
import { startSite, type Site } from './harness';

/**
 * The console's outreach screens (Settings, Alert Manager, Newsletter Builder) and its reading and
 * content screens (Analytics, Reader Analytics, Article Feed, Content Sync, Sanity Editor, Five-Box
 * Reader, with the live-updates indicator in the header) in Spanish, French and Dutch, signed in
 * as an administrator: the visible text, less the stories' and newsletters'
 * own words (marked with their language in `lang`), holds none of the English-only interface words
 * below (the list and helpers are copied from i18n.e2e.test.ts).
 */

let site: Site;

async function signedIn(language: string): Promise<BrowserContext> {
  const context = await site.newContext();
  await context.addCookies([{ name: 'c360_lang', value: language.toUpperCase(), url: site.url, sameSite: 'Lax' }]);
  await site.signInAs(context, 'admin');
  return context;
}

beforeAll(async () => {
  site = await startSite({
    seed: async (db, now) => {
      const hurricane = await createStory(db.knex, {
        now,
        title: 'Hurricane Melissa: shelters open across Jamaica',
        region: 'Jamaica',
        tags: ['weather'],
        daysAgo: 0.2,
      });
      for (let i = 0; i < 4; i++)
        await createStory(db.knex, { now, title: `Business report ${i} from Bridgetown`, region: 'Barbados', tags: ['business'], daysAgo: 0.5 + i });
      // A CMS document with a webhook delivery (Sanity Editor, Content Sync), and page views (Analytics).
      const cms = await createStory(db.knex, {
        now,
        title: 'Carnival road closures announced',
        region: 'Trinidad and Tobago',
        sanity_id: 'carnival-closures',
        pipeline_stage: 'drafted',
        status: 'draft',
        published_at: null,
        source_count: 1,
      });
      await recordDelivery(db.knex, {
        idempotencyKey: 'i18n-1',
        operation: 'update',
        documentId: 'carnival-closures',
        documentType: 'article',
        result: 'applied',
        httpStatus: 200,
        storyId: cms.id,
        receivedAt: new Date(now.getTime() - 600_000),
        durationMs: 12,
      });
      for (let v = 0; v < 4; v++) {
        const userAgent =
          v % 2
            ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
            : 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140 Safari/537.36';
        const view = {
          path: `/article/${hurricane.slug}`,
          storyId: hurricane.id,
          ip: `10.1.0.${v}`,
          userAgent,
          siteHost: '127.0.0.1',
          timeZone: v % 2 ? 'America/Jamaica' : 'America/New_York',
          referrer: v % 2 ? 'https://www.google.com/' : null,
        };
        await recordPageView(db.knex, { kind: 'view', ...view }, new Date(now.getTime() - (v + 1) * 3_600_000));
        if (v === 0) await recordPageView(db.knex, { kind: 'share', ...view, detail: 'whatsapp' }, new Date(now.getTime() - 1_800_000));
      }
    },
  });
});
afterAll(async () => {
  await site?.close();
});

/** Waits for the screen's loading placeholders to go, then collects the English it still shows. */
async function englishOn(page: Page, language: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('.c-skeleton')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  return fragments(await interfaceText(page), language);
}

describe.each(['es', 'fr', 'nl'])('the console outreach screens in %s', (language) => {
  it('Settings shows no English on any tab', async () => {
    const context = await signedIn(language);
    const page = await context.newPage();
    await page.goto(`${site.url}/dashboard/settings`, { waitUntil: 'networkidle' });
    const problems: Record<string, string[]> = {};
    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    const count = await tabs.count();
    expect(count).toBe(4);
    for (let i = 0; i < count; i++) {
      await tabs.nth(i).click();
      const found = await englishOn(page, language);
      if (found.length) problems[`tab ${i + 1}`] = found;
      if (language === 'es') await site.screenshot(page, `i18n-console-settings-${i + 1}-${language}`);
    }
    await context.close();
    expect(problems).toEqual({});
  });

  it('the Alert Manager shows no English, with an alert and in its create dialog', async () => {
    const context = await signedIn(language);
    const page = await context.newPage();
    await page.goto(`${site.url}/dashboard/alerts`, { waitUntil: 'networkidle' });
    const problems: Record<string, string[]> = {};
    await page.locator('.c-page-header button').click();
    await page.locator('dialog select').first().selectOption('jamaica');
    await page.locator('dialog input[type=checkbox]').first().check();
    let found = await englishOn(page, language);
    if (found.length) problems.dialog = found;
    if (language === 'fr') await site.screenshot(page, `i18n-console-alerts-dialog-${language}`);
    await page.locator('dialog .c-dialog-foot .c-button:not(.c-button-ghost)').click();
    await page.locator('.al-item').first().waitFor();
    await page.locator('.al-link').first().click();
    found = await englishOn(page, language);
    if (found.length) problems.list = found;
    if (language === 'fr') await site.screenshot(page, `i18n-console-alerts-${language}`);
    await context.close();
    expect(problems).toEqual({});
  });

  it('the Newsletter Builder shows no English on its four tabs and the rule dialog', async () => {
    const context = await signedIn(language);
    const page = await context.newPage();
    await page.goto(`${site.url}/dashboard/newsletter`, { waitUntil: 'networkidle' });
    const problems: Record<string, string[]> = {};
    await page.locator('.nl-template').first().waitFor();
    const tabs = page.getByRole('tab');
    for (let i = 0; i < 4; i++) {
      await tabs.nth(i).click();
      const found = await englishOn(page, language);
      if (found.length) problems[`tab ${i + 1}`] = found;
      if (language === 'nl') await site.screenshot(page, `i18n-console-newsletter-${i + 1}-${language}`);
    }
    await tabs.nth(3).click();
    await page.locator('.c-card .c-button').first().click();
    await page.locator('dialog').waitFor();
    const found = await englishOn(page, language);
    if (found.length) problems['rule dialog'] = found;
    await context.close();
    expect(problems).toEqual({});
  });
  it('Analytics, Reader Analytics, the Article Feed, Content Sync, the Sanity Editor and the Five-Box Reader show no English', async () => {
    const context = await signedIn(language);
    const page = await context.newPage();
    const problems: Record<string, string[]> = {};
    const check = async (name: string) => {
      const found = await englishOn(page, language);
      if (found.length) problems[name] = found;
    };
    const visit = async (path: string, ready: string) => {
      await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
      await page.locator(ready).first().waitFor();
    };

    await visit('/dashboard/analytics', '.recharts-surface');
    await check('analytics');
    if (language === 'es') await site.screenshot(page, `i18n-console-analytics-${language}`);
    await visit('/dashboard/reader-analytics', '.an-chart');
    const tabs = page.getByRole('tab');
    for (let i = 0; i < 4; i++) {
      await tabs.nth(i).click();
      await page.locator('.an-chart, .an-bars').first().waitFor();
      await check(`reader analytics, tab ${i + 1}`);
    }
    await page.getByRole('radio').first().click();
    await page.locator('.an-chart, .an-bars').first().waitFor();
    await check('reader analytics, 24 hours');
    if (language === 'fr') await site.screenshot(page, `i18n-console-reader-analytics-${language}`);

    await visit('/dashboard/articles', '.c-article');
    await check('article feed');
    await visit('/dashboard/sync', '.c-table');
    await check('content sync');
    await page.getByRole('tab').nth(1).click();
    await page.locator('.c-steps').waitFor();
    await check('content sync, webhook setup');
    if (language === 'nl') await site.screenshot(page, `i18n-console-sync-setup-${language}`);

    await visit('/dashboard/sanity-editor', '.c-list-item');
    for (let i = 0; i < 3; i++) {
      await page.getByRole('tab').nth(i).click();
      await check(`sanity editor, tab ${i + 1}`);
    }

    await visit('/dashboard/five-box-reader', '.c-fivebox-box');
    await page.locator('.c-fivebox-nav .c-button').last().click();
    await page.locator('.c-fivebox-actions button[aria-expanded]').click();
    await page.locator('input[name=mode]').nth(1).check();
    await page.locator('.c-voice-reader').waitFor();
    await check('five-box reader, audio');
    await page.locator('input[name=mode]').nth(2).check();
    await page.locator('.c-takeaways').waitFor();
    await check('five-box reader, summary');
    if (language === 'es') await site.screenshot(page, `i18n-console-five-box-${language}`);
    await context.close();
    expect(problems).toEqual({});
  });
});
