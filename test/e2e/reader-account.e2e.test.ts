import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '../../core/stories/story';
import { createStory } from '../factories/stories';
import { startSite, type Site } from './harness';

/**
 * A reader's account in Chromium: sign up, the header shows who is signed in, follow Jamaica and
 * Business, My Caribbean lists the matching stories, save a story and find it on /saved, set an
 * alert, sign out; and the same pages on a phone. Screenshots at 390 and 1366 px.
 */
let site: Site;
const stories: Record<string, Story> = {};

beforeAll(async () => {
  site = await startSite({
    seed: async (db, now) => {
      const add = async (key: string, over: Parameters<typeof createStory>[1]) => {
        stories[key] = await createStory(db.knex, { now, ...over });
      };
      await add('kingston', { title: 'Kingston water main work begins', region: 'Jamaica', daysAgo: 0.5 });
      await add('montego', { title: 'Montego Bay cruise arrivals climb', region: 'Jamaica', daysAgo: 1 });
      await add('bank', { title: 'Barbados bank reports record profit', region: 'Barbados', tags: ['finance'], daysAgo: 1.5 });
      await add('cricket', { title: 'Haiti cricket side wins the cup', region: 'Haiti', tags: ['cricket'], daysAgo: 0.2 });
      await add('bridgetown', { title: 'Bridgetown ferry timetable changes', region: 'Barbados', daysAgo: 0.3 });
    },
  });
}, 60_000);
afterAll(async () => {
  await site?.close();
});

// The machine running the tests is shared: give the page time.
const WAIT = { timeout: 20_000 };
const titles = (page: Page, selector = '.account-feed h2') => page.locator(selector).allTextContents();

describe('a reader account', () => {
  it('signs up, follows Jamaica and Business, reads My Caribbean, saves a story, sets an alert and signs out (1366 px)', async () => {
    const context = await site.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.url}/auth`);
    await page.getByRole('button', { name: 'New here? Create an account' }).click();
    await page.locator('#auth-email').fill('islander@example.org');
    await page.locator('#auth-password').fill('harbour lights over kingston');
    await page.getByRole('button', { name: 'Create account' }).click();

    // A reader lands on their own page, not on "The console is for editors".
    await page.waitForURL(`${site.url}/my-caribbean`);
    await expect.poll(() => page.locator('.account-name').textContent(), WAIT).toBe('islander@example.org');
    await expect.poll(() => page.locator('h1').textContent(), WAIT).toBe('My Caribbean');
    expect(await page.locator('.account-hint').textContent()).toContain("You don't follow any island or topic yet");

    await page.getByLabel('Jamaica').check();
    await page.getByLabel('Business').check();
    await page.getByRole('button', { name: 'Save choices' }).click();
    await expect.poll(() => titles(page), WAIT).toEqual([stories.kingston!.title, stories.montego!.title, stories.bank!.title]);
    await site.screenshot(page, 'reader-account-my-caribbean-1366');

    // The account menu: My Caribbean, Saved, Alerts & settings, Sign out (no console for a reader).
    await page.getByRole('button', { name: /Account menu, signed in as islander@example.org/ }).click();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['My Caribbean', 'Saved', 'Alerts & settings', 'Sign out']);
    await site.screenshot(page, 'reader-account-menu-1366');
    await page.keyboard.press('Escape');

    // Save a story from its article page; it is on /saved, newest saved first.
    await page.getByRole('link', { name: stories.montego!.title }).click();
    await page.waitForURL(/\/article\//);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.locator('.article-actions button').first().textContent(), WAIT).toBe('✓ Saved');
    await expect.poll(() => page.getByRole('button', { name: '✓ Following Jamaica' }).count(), WAIT).toBe(1);
    await site.screenshot(page, 'reader-account-article-1366');
    await page.goto(`${site.url}/saved`);
    await expect.poll(() => titles(page), WAIT).toEqual([stories.montego!.title]);
    await site.screenshot(page, 'reader-account-saved-1366');

    // The home page: the same public page, plus a My Caribbean tab for this reader.
    await page.goto(`${site.url}/`);
    await page.getByRole('tab', { name: 'My Caribbean' }).click();
    await expect.poll(() => titles(page, '.home-mine h2'), WAIT).toEqual([stories.kingston!.title, stories.montego!.title, stories.bank!.title]);
    await site.screenshot(page, 'reader-account-home-tab-1366');

    // An e-mail alert for storms threatening what they follow.
    await page.goto(`${site.url}/account`);
    await page.getByRole('button', { name: 'Add alert' }).click();
    await expect.poll(() => page.locator('.alert-row').count(), WAIT).toBe(1);
    expect(await page.locator('.alert-row').textContent()).toContain('Storm alerts for what you follow · Watches and warnings');
    // A password sign-up is unconfirmed: no alert is e-mailed until the address is confirmed.
    await expect
      .poll(() => page.locator('.confirm-email-notice').textContent(), WAIT)
      .toContain('Confirm your e-mail address to receive alerts: we sent a link to');
    expect(await page.getByRole('button', { name: 'Send again' }).count()).toBe(1);
    await site.screenshot(page, 'reader-account-settings-1366');
    const confirmation = await site.smtp.waitForMessage((m) => m.subject === 'Confirm your e-mail address for C360 alerts');
    await page.goto(/https?:\/\/\S+\/account\/confirm-email\?token=\S+/.exec(confirmation.text!)![0]);
    await page.waitForURL(/\/account\?email_confirmed=1/);
    await expect.poll(() => page.locator('.confirm-email-notice').textContent(), WAIT).toContain('your e-mail address is confirmed');
    expect(await page.getByRole('button', { name: 'Send again' }).count()).toBe(0);

    // Sign out: a real POST with the CSRF token; the header offers sign-in again.
    await page.getByRole('button', { name: /Account menu, signed in as/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${site.url}/`);
    await expect.poll(() => page.locator('.account-name').count(), WAIT).toBe(0);
    const session = await page.evaluate(() => fetch('/api/auth/session').then((r) => r.json()));
    expect(session.user).toBeNull();
    await page.goto(`${site.url}/saved`);
    await page.waitForURL(/\/auth\?redirectTo=%2Fsaved/);
    await context.close();
  }, 120_000);

  it('on a phone: the header fits, an anonymous Save leads to sign-in and back, and the story is saved (390 px)', async () => {
    const reader = await site.addUser('reader', 'a-rather-long-address.for-the-header@example.org');
    const context = await site.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${site.url}${stories.kingston!.slug ? `/article/${stories.kingston!.slug}-${stories.kingston!.id.replace(/-/g, '').slice(-8)}` : '/'}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/auth\?redirectTo=/);
    await page.locator('#auth-email').fill(reader.email);
    await page.locator('#auth-password').fill(reader.password);
    await page.locator('.auth-page form button[type=submit]').click();
    await page.waitForURL(/\/article\//);
    await expect.poll(() => page.locator('.article-actions button').first().textContent(), WAIT).toBe('✓ Saved');
    expect(page.url()).not.toContain('save=1');

    // The e-mail is shown, cut to fit, and the header does not overflow the screen.
    const button = await page.locator('.account-button').boundingBox();
    expect(button!.x + button!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await site.screenshot(page, 'reader-account-article-390');

    await page.goto(`${site.url}/saved`);
    await expect.poll(() => titles(page), WAIT).toEqual([stories.kingston!.title]);
    await site.screenshot(page, 'reader-account-saved-390');
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.locator('.empty-state').textContent(), WAIT).toContain('No saved stories yet');

    await page.goto(`${site.url}/my-caribbean`);
    await page.getByLabel('Haiti').check();
    await page.getByRole('button', { name: 'Save choices' }).click();
    await expect.poll(() => titles(page), WAIT).toEqual([stories.cricket!.title]);
    await site.screenshot(page, 'reader-account-my-caribbean-390');
    // "Follow Business" on the section page adds the topic to what they follow.
    await page.goto(`${site.url}/section/business`);
    await page.getByRole('button', { name: 'Follow Business' }).click();
    await page.getByRole('button', { name: '✓ Following Business' }).waitFor(WAIT);
    await page.goto(`${site.url}/account`);
    await page.getByRole('button', { name: 'Add alert' }).waitFor(WAIT);
    expect(await page.getByLabel('Business').isChecked()).toBe(true);
    expect(await page.getByLabel('Haiti').isChecked()).toBe(true);
    await site.screenshot(page, 'reader-account-settings-390');
    await context.close();
  }, 120_000);

  it('editors still land in the console after signing in, with the console in their account menu', async () => {
    const editor = await site.addUser('editor');
    const context = await site.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.url}/auth`);
    await page.locator('#auth-email').fill(editor.email);
    await page.locator('#auth-password').fill(editor.password);
    await page.locator('.auth-page form button[type=submit]').click();
    await page.waitForURL(`${site.url}/dashboard`);
    await page.goto(`${site.url}/`);
    await page.getByRole('button', { name: /Account menu, signed in as/ }).click();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['My Caribbean', 'Saved', 'Alerts & settings', 'Editorial console', 'Sign out']);
    await context.close();
  }, 60_000);
});
