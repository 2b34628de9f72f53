import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../core/logger';
import { ingestStormDocuments } from '../../core/storms/ingest-storms';
import type { Story } from '../../core/stories/story';
import { CONSOLE_ROUTES } from '../../web/src/console/routes';
import { createStory } from '../factories/stories';
import { startSite, type Site } from './harness';

/**
 * Every screen at a phone (390 px), a tablet (768 px) and a laptop (1366 px): the reader's pages
 * and every console screen (as an admin). A page fails when anything runs past the right edge of
 * the viewport (the page scrolls sideways, or a visible element's box ends past the edge outside
 * a box that scrolls or clips it), or when a table squeezes a cell's words to a letter or two per
 * line. Screenshots: test-results/screenshots/<page>-<width>.png.
 */
const WIDTHS = [390, 768, 1366] as const;
let site: Site;
let article: Story;
let flagged: Story;
const storm = (name: string) => ({ label: name, text: readFileSync(new URL(`../../data/samples/storms/${name}`, import.meta.url), 'utf8') });

beforeAll(async () => {
  site = await startSite({
    seed: async (db, now) => {
      article = await createStory(db.knex, {
        now,
        title: 'Saint Vincent and the Grenadines opens its new international airport terminal to regional carriers',
        region: 'Saint Vincent and the Grenadines',
        daysAgo: 0.2,
        // Featured, so Content Curation's featured card is drawn at each width.
        is_featured: true,
        featured_priority: 1,
        source_count: 2,
        source_list: ['Searchlight', 'iWitness News'],
        layers: [
          { layerType: 'short_version', content: 'The terminal opened to regional carriers on Monday.' },
          {
            layerType: 'what_happened',
            content: '- The terminal opened.\n- Two carriers moved in.',
            timeline: [{ date: '2026-11-01', event: 'Terminal opened' }],
          },
          {
            layerType: 'what_locals_saying',
            content: 'Travellers welcomed it.',
            quotes: [{ quote: 'Much shorter queues.', author: 'K. Browne', role: 'Traveller', platform: 'Searchlight' }],
          },
          {
            layerType: 'why_it_matters',
            content: 'Air links shape the islands’ economy.',
            metricsTable: [
              {
                label: 'Stay-over arrivals, Saint Vincent and the Grenadines',
                previous: '79,800 (2024)',
                current: '91,300 (2025)',
                trend: '▲ up',
                year: 2025,
                source: 'Eastern Caribbean Central Bank',
                source_url: 'https://eccb.example.org/tourism-statistics/arrivals/2025',
              },
              {
                label: 'Gross domestic product growth',
                previous: '4.9% (2024)',
                current: '5.2% (2025)',
                trend: 'steady',
                year: 2025,
                source: 'ECCB',
                source_url: 'https://eccb.example.org/gdp',
              },
            ],
          },
          { layerType: 'our_take', content: 'A good step; fares will tell.' },
        ],
      });
      const regions = ['Jamaica', 'Trinidad and Tobago', 'Barbados', 'Turks and Caicos Islands', 'Caribbean', 'Bahamas'];
      for (const [i, region] of regions.entries()) {
        await createStory(db.knex, {
          now,
          title: `${region} report number ${i + 1} on budgets, ferries and schools`,
          region,
          daysAgo: 0.3 + i * 0.2,
          tags: ['business'],
        });
      }
      flagged = await createStory(db.knex, {
        now,
        title: 'Flagged story waiting for an editor with a rather long headline',
        region: 'Dominica',
        pipeline_stage: 'verified',
        status: 'draft',
        published_at: null,
        source_count: 1,
        source_list: ['Dominica News Online'],
        flag_reason: 'Only one outlet reports it',
        ai_fact_check_panel: [
          {
            claim: 'The port reopens on Friday.',
            resolved: false,
            verdict: 'single source',
            supporting_outlets: ['Dominica News Online'],
            contradicting_outlets: [],
            explanation: 'only Dominica News Online supports it',
          },
        ],
      });
      await ingestStormDocuments(db.knex, { clock: () => now, logger: silentLogger }, ['CurrentStorms.json', 'index-at.xml'].map(storm), {
        shiftDatesToNow: true,
      });
    },
  });
});

afterAll(async () => {
  await site?.close();
});

type Problem = string;

/** What a person would see as broken at this width (run in the page). */
async function layoutProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    const edge = root.clientWidth;
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide in ${root.clientWidth} px`);
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const contained = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x === 'auto' || x === 'scroll' || x === 'hidden' || x === 'clip') return true;
      }
      return false;
    };
    const visible = (el: Element) => {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return null;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'contents') return null;
      return rect;
    };
    const over = new Set<Element>();
    for (const el of document.body.querySelectorAll('*')) {
      const rect = visible(el);
      if (!rect || rect.right <= edge + 1 || contained(el)) continue;
      // Report the outermost element only.
      if (el.parentElement && over.has(el.parentElement)) {
        over.add(el);
        continue;
      }
      over.add(el);
      problems.push(`${name(el)} ends at ${Math.round(rect.right)} px, past the ${edge} px viewport`);
    }
    // Text that runs out of its box past the edge (a word wider than its card, say).
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !(node.textContent ?? '').trim() || over.has(parent) || !visible(parent) || contained(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const right = Math.max(0, ...[...range.getClientRects()].map((r) => r.right));
      if (right > edge + 1)
        problems.push(
          `the text "${(node.textContent ?? '').trim().slice(0, 40)}" in ${name(parent)} runs to ${Math.round(right)} px, past the ${edge} px viewport`,
        );
    }
    for (const cell of document.querySelectorAll('td, th')) {
      const rect = visible(cell);
      if (!rect) continue;
      const text = (cell.textContent ?? '').replace(/\s+/g, ' ').trim();
      const letters = text.replace(/\s/g, '').length;
      if (letters <= 3) continue;
      const style = getComputedStyle(cell);
      const fontSize = Number.parseFloat(style.fontSize);
      const inner = cell.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const range = document.createRange();
      range.selectNodeContents(cell);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      if (inner < 2 * fontSize || (lines > 3 && lines * 2 >= letters))
        problems.push(`table cell "${text.slice(0, 40)}" is ${Math.round(inner)} px wide, ${lines} lines for ${letters} letters`);
      else if (lines >= 5 && letters / lines < 8)
        problems.push(`table cell "${text.slice(0, 40)}" is squeezed to a word per line (${lines} lines, ${Math.round(inner)} px wide)`);
      // A word split across lines ("Previo|us"); long addresses and ids may break anywhere.
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/[^\s\-–—]+/g)) {
          const word = match[0];
          if (word.length < 2 || word.length > 24 || /[/@_]|^https?:/.test(word)) continue;
          const wordRange = document.createRange();
          wordRange.setStart(node, match.index);
          wordRange.setEnd(node, match.index + word.length);
          const tops = new Set([...wordRange.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) problems.push(`table cell "${text.slice(0, 40)}" breaks the word "${word}" across ${tops.size} lines`);
        }
      }
    }
    return problems.slice(0, 12);
  });
}

async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.c-skeleton, .spinner, [aria-busy="true"]'), undefined, { timeout: 8_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts?.ready);
}

async function visit(page: Page, path: string, label: string, width: number, options: { tabs?: boolean } = {}): Promise<Problem[]> {
  const response = await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
  expect(response?.status(), path).toBeLessThan(500);
  await settle(page);
  const problems = (await layoutProblems(page)).map((p) => `${label} at ${width} px: ${p}`);
  await site.screenshot(page, `${label}-${width}`);
  if (!options.tabs) return problems;
  // A screen's other tabs are screens too.
  const tabs = page.locator('.c-main [role="tab"]');
  const count = await tabs.count();
  for (let n = 1; n < count; n++) {
    const tab = tabs.nth(n);
    if ((await tab.getAttribute('aria-selected')) === 'true') continue;
    const name = ((await tab.textContent()) ?? `tab ${n}`).replace(/\d+$/, '').trim();
    await tab.click();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await settle(page);
    problems.push(...(await layoutProblems(page)).map((p) => `${label} (${name}) at ${width} px: ${p}`));
    await site.screenshot(page, `${label}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${width}`);
  }
  return problems;
}

const slugOf = (path: string) => (path === '/dashboard' ? 'console-home' : `console-${path.slice('/dashboard/'.length)}`);

describe.each(WIDTHS)('at %i px', (width) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await site.newContext({ viewport: { width, height: width < 500 ? 844 : width < 1000 ? 1024 : 900 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the reader pages fit the screen', async () => {
    const problems: Problem[] = [];
    for (const [label, path] of [
      ['reader-home', '/'],
      ['reader-section', '/section/business'],
      ['reader-article', `/article/${article.id}`],
      ['reader-storm-centre', '/storm-centre'],
      ['reader-sign-in', '/auth'],
    ] as const) {
      problems.push(...(await visit(page, path, label, width)));
    }
    expect(problems).toEqual([]);
  }, 120_000);

  if (width < 500)
    it("on a phone the Review dialog shows its four actions whole, and a featured card's title is not squeezed to a word a line", async () => {
      await site.signInAs(context, 'admin');
      await page.goto(`${site.url}/dashboard/publishing`, { waitUntil: 'networkidle' });
      await page.getByRole('tab', { name: /Articles/ }).click();
      await page.locator(`[data-story-id="${flagged.id}"]`).getByRole('button', { name: 'Review', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Review' });
      await dialog.getByRole('button', { name: 'Approve', exact: true }).waitFor();
      for (const name of ['Approve', 'Reject', 'Escalate', 'Force Publish']) {
        const box = (await dialog.getByRole('button', { name, exact: true }).boundingBox())!;
        expect({ name, left: box.x >= 0, right: Math.round(box.x + box.width) <= width }).toEqual({ name, left: true, right: true });
      }
      await site.screenshot(page, `review-dialog-${width}`);
      await page.keyboard.press('Escape');
      await page.goto(`${site.url}/dashboard/content-curation`, { waitUntil: 'networkidle' });
      await settle(page);
      const title = page.locator('.c-list-item h3', { hasText: article.title });
      const { lines, words } = await title.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        return { lines: tops.size, words: (el.textContent ?? '').trim().split(/\s+/).length };
      });
      // 14 words: about three lines on a phone, not fourteen.
      expect(lines).toBeLessThanOrEqual(Math.ceil(words / 3));
      await site.screenshot(page, `curation-featured-${width}`);
    }, 120_000);

  it('every console screen fits the screen', async () => {
    await site.signInAs(context, 'admin');
    const problems: Problem[] = [];
    for (const route of CONSOLE_ROUTES) problems.push(...(await visit(page, route.path, slugOf(route.path), width, { tabs: true })));
    expect(problems).toEqual([]);
  }, 300_000);

  if (width < 1024) {
    it('the console sidebar is a menu: it opens from the button, traps focus, closes on Escape and on navigation, and hands focus back', async () => {
      await site.signInAs(context, 'admin'); // signed in here too, so the test also runs on its own (-t)
      await page.goto(`${site.url}/dashboard`, { waitUntil: 'networkidle' });
      const button = page.getByRole('button', { name: 'Open the menu' });
      const sidebar = page.locator('#console-sidebar');
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await sidebar.isVisible()).toBe(false);
      // The screen takes the whole width.
      const main = await page.locator('#console-main').boundingBox();
      expect(main!.x).toBeLessThan(2);
      expect(main!.width).toBeGreaterThan(width - 4);

      await button.click();
      const close = page.getByRole('button', { name: 'Close the menu' });
      expect(await close.getAttribute('aria-expanded')).toBe('true');
      expect(await sidebar.isVisible()).toBe(true);
      expect(await page.evaluate(() => document.getElementById('console-sidebar')!.contains(document.activeElement))).toBe(true);
      await site.screenshot(page, `console-menu-open-${width}`);

      // Focus stays in the open menu: Shift+Tab from its first item goes to its last, Tab from there back to the first.
      const inMenu = () => page.evaluate(() => document.getElementById('console-sidebar')!.contains(document.activeElement));
      const first = await page.evaluate(() => document.activeElement?.textContent ?? '');
      await page.keyboard.press('Shift+Tab');
      expect(await inMenu()).toBe(true);
      expect(
        await page.evaluate(() => {
          const shown = [...document.querySelectorAll<HTMLElement>('#console-sidebar a[href], #console-sidebar button')].filter(
            (el) => el.getClientRects().length > 0,
          );
          return document.activeElement === shown.at(-1);
        }),
      ).toBe(true);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toBe(first);
      const links = await sidebar.locator('a[href], button').count();
      for (let i = 0; i < links + 2; i++) {
        await page.keyboard.press('Tab');
        expect(await inMenu()).toBe(true);
      }

      await page.keyboard.press('Escape');
      expect(await sidebar.isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('console-sidebar');

      await button.click();
      await sidebar.getByRole('link', { name: 'Settings' }).click();
      await page.waitForURL(/\/dashboard\/settings$/);
      await sidebar.waitFor({ state: 'hidden', timeout: 5_000 });
      await page.waitForFunction(() => document.activeElement?.id === 'console-main', undefined, { timeout: 5_000 });
    });
  } else {
    it('the console shows its sidebar beside the screen, with no menu button', async () => {
      await page.goto(`${site.url}/dashboard`, { waitUntil: 'networkidle' });
      expect(await page.locator('#console-sidebar').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Open the menu' }).count()).toBe(0);
    });
  }
});

describe('sharing', () => {
  it('the article page’s e-mail link carries the absolute article address (the site’s origin), before and after hydration', async () => {
    const html = await (await fetch(`${site.url}/article/${article.id}`, { redirect: 'follow' })).text();
    const served = /<a (?=[^>]*class="share-email")[^>]*href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    const context = await site.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/article/${article.id}`, { waitUntil: 'networkidle' });
    const live = await page.locator('a.share-email').getAttribute('href');
    await context.close();
    for (const href of [served, live]) {
      const body = new URLSearchParams(href!.slice('mailto:?'.length)).get('body')!;
      expect(body.split('\n\n').at(-1)).toBe(`${site.url}${page.url().slice(site.url.length)}`);
      expect(body.split('\n\n').at(-1)!.startsWith(`${site.url}/article/`)).toBe(true);
    }
  });
});

describe('toasts over dialogs', () => {
  it('a toast raised while a modal dialog is open shows above the dialog and its backdrop', async () => {
    const context = await site.newContext();
    await site.signInAs(context, 'editor');
    const page = await context.newPage();
    await page.goto(`${site.url}/dashboard/publishing`, { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: /Articles/ }).click();
    await page.locator(`[data-story-id="${flagged.id}"]`).getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Article details' });
    await dialog.getByRole('button', { name: 'Dismiss claim 1' }).click();
    await dialog.getByLabel('Reason to dismiss claim 1 (required)').fill('A date, not a claim worth checking');
    // Record every toast as it is added: none may appear outside the dialog, even for a frame.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { toastParents: string[] }).toastParents = seen;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof Element)
              for (const toast of [node, ...node.querySelectorAll('*')].filter((el) => el.matches('[data-testid="toast"]')))
                seen.push(toast.closest('dialog') ? 'dialog' : 'page');
      }).observe(document.body, { subtree: true, childList: true });
    });
    await dialog.locator('.c-claim-form').getByRole('button', { name: 'Dismiss claim 1', exact: true }).click();
    // Dismissing is asked again, like Force Publish.
    await page.getByRole('dialog', { name: 'Dismiss this claim?' }).getByRole('button', { name: 'Dismiss anyway' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Claim dismissed' });
    await toast.waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { toastParents: string[] }).toastParents)).toEqual(['dialog']);
    const hit = await toast.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { onTop: el.contains(top), inViewport: box.left >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight };
    });
    expect(hit).toEqual({ onTop: true, inViewport: true });
    await site.screenshot(page, 'toast-over-dialog');
    // It can be dismissed there too (the page under a modal dialog is inert; the toast is not).
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await toast.waitFor({ state: 'detached' });
    await context.close();
  });
});
