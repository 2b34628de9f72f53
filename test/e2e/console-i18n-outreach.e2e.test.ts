import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStory } from '../factories/stories';
import { fragments, interfaceText } from './english-fragments';
import { startSite, type Site } from './harness';

/**
 * The console's outreach screens (Settings, Alert Manager, Newsletter Builder) in Spanish, French
 * and Dutch, signed in as an administrator: the visible text, less the stories' and newsletters'
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
      await createStory(db.knex, { now, title: 'Hurricane Melissa: shelters open across Jamaica', region: 'Jamaica', tags: ['weather'], daysAgo: 0.2 });
      for (let i = 0; i < 4; i++) await createStory(db.knex, { now, title: `Business report ${i} from Bridgetown`, region: 'Barbados', tags: ['business'], daysAgo: 0.5 + i });
    },
  });
});
afterAll(async () => {
  await site?.close();
});

/** Waits for the screen's loading placeholders to go, then collects the English it still shows. */
async function englishOn(page: Page, language: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.locator('.c-skeleton').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
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
});
