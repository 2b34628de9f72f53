import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { HtmlValidate } from 'html-validate';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../core/logger';
import { ingestStormDocuments } from '../../core/storms/ingest-storms';
import type { Story } from '../../core/stories/story';
import { createStory } from '../factories/stories';
import { startSite, type Site } from './harness';

/**
 * The reader site in Chromium against the real server on a seeded database: layout rules,
 * sections, article layers, redirects, 404, sign-in, languages, newsletter, view counts,
 * accessibility, and screenshots of every screen at phone and desktop widths.
 */
let site: Site;
let context: BrowserContext;
const stories: Record<string, Story> = {};
const storm = (name: string) => ({ label: name, text: readFileSync(new URL(`../../data/samples/storms/${name}`, import.meta.url), 'utf8') });

beforeAll(async () => {
  site = await startSite({
    seed: async (db, now) => {
      const add = async (key: string, over: Parameters<typeof createStory>[1]) => {
        stories[key] = await createStory(db.knex, { now, region: 'Barbados', tags: [], ...over });
      };
      // Featured first, whatever its age.
      await add('featured', {
        title: 'Housing bill passes in Parliament',
        region: 'Jamaica',
        daysAgo: 4,
        is_featured: true,
        featured_priority: 1,
        urgency: 90,
      });
      // Jamaica's base is 10: one day old scores 9, above every Barbados story (base 5), and trends.
      await add('jamaica', { title: 'Kingston water main work begins', region: 'Jamaica', daysAgo: 1 });
      for (const [i, letter] of ['A', 'B', 'C', 'D', 'E'].entries())
        await add(`latest${letter}`, { title: `Bridgetown harbour report ${letter}`, daysAgo: 0.1 * (i + 1) });
      // Each with its own lead, as real stories have: the topic classifier reads both (core/stories/topic-classifier.ts).
      const pool: [string, string][] = [
        ['Business leaders meet on trade', 'Chamber of commerce members met exporters to discuss trade deals and new investment.'],
        ['Election date set for March', 'The prime minister announced that the general election will be held in March.'],
        ['Digital ID pilot expands', 'The digital identity app pilot now covers three more parishes, the technology ministry said.'],
        ['Storm watch lifted for Barbados', 'Forecasters lifted the tropical storm watch as the system moved away from the island.'],
        ['Cricket squad named for tour', 'Selectors named a 15-man cricket squad for the tour of Sri Lanka.'],
        ['Festival crowds return', 'Crowds returned to the music festival after two quiet years.'],
        ['Ferry timetable changes', 'The inter-island ferry will sail at new times from Monday.'],
        ['School term starts Monday', 'Pupils return to classrooms on Monday after the holiday.'],
      ];
      for (const [i, [title, summary]] of pool.entries()) await add(`pool${i}`, { title, summary, daysAgo: 0.6 + 0.1 * i });
      await add('older1', { title: 'Older report one', daysAgo: 6, source_count: 1, source_list: ['Nation News'] });
      await add('older2', { title: 'Older report two', daysAgo: 7, source_count: 3, source_list: ['Nation News', 'Barbados Today', 'CBC Barbados'] });
      await add('draft', { title: 'Unpublished draft story', pipeline_stage: 'drafted', status: 'draft', published_at: null });
      await add('abroad', { title: 'Toronto carnival parade', region: 'Canada', daysAgo: 0.05 });
      await add('layered', {
        title: 'Sugar cane harvest lifts rural incomes',
        daysAgo: 30,
        source_count: 2,
        source_list: ['Jamaica Gleaner', 'Antilles Wire'],
        sources: [
          {
            outlet: 'Antilles Wire',
            url: 'https://wire.example.org/sugar',
            owner_group: 'Antilles Wire',
            kind: 'press',
            independent: true,
            counted_as: 'Antilles Wire',
            region: 'Caribbean',
            link: null,
          },
          {
            outlet: 'Jamaica Gleaner',
            url: null,
            owner_group: 'RJRGLEANER Communications Group',
            kind: 'press',
            independent: false,
            counted_as: 'Antilles Wire',
            region: 'Jamaica',
            link: 'copy',
          },
        ],
        layers: [
          {
            layerType: 'short_version',
            content: 'The harvest lifted rural incomes this year.',
            sentences: [{ text: 'The harvest lifted rural incomes this year.', item_ids: [], outlets: ['Antilles Wire', 'Jamaica Gleaner'] }],
          },
          {
            layerType: 'what_happened',
            content: '- Mills opened early.\n- Prices rose.',
            sentences: [
              { text: 'Mills opened early.', item_ids: [], outlets: ['Jamaica Gleaner'] },
              { text: 'Prices rose.', item_ids: [], outlets: ['Antilles Wire'] },
            ],
            timeline: [
              { date: '2026-10-01', event: 'Harvest began' },
              { date: '2026-10-02', event: 'Story published by C360' },
            ],
          },
          {
            layerType: 'what_locals_saying',
            content: 'Farmers are relieved.',
            quotes: [{ quote: 'A good year at last.', author: 'Ann Clarke', role: 'Farmer', platform: 'Antilles Wire' }],
          },
          {
            layerType: 'why_it_matters',
            content: 'Sugar employs thousands.',
            metricsTable: [
              {
                label: 'Sugar price per tonne, Jamaica',
                previous: '90 (2025)',
                current: '110 (2026)',
                trend: '▲ up',
                year: 2026,
                source: 'Sugar Industry Authority',
                source_url: 'https://sia.example.org/prices',
              },
              {
                label: 'Cane farmers, Jamaica',
                current: '4,200 (2026)',
                trend: 'steady',
                year: 2026,
                source: 'Sugar Industry Authority',
                source_url: 'https://sia.example.org/prices',
              },
              { label: 'A.m.', current: '11', trend: 'reported' },
            ],
          },
          { layerType: 'our_take', content: '', sentences: [] },
        ],
      });
      await add('bare', {
        title: 'Fishermen report calm seas',
        daysAgo: 31,
        summary: 'Calm seas let the fleet stay out longer.',
        layers: [
          {
            layerType: 'why_it_matters',
            content: '',
            metricsTable: [
              { label: 'Catch', current: 'TBD', trend: '' },
              { label: 'Boats', current: 'N/A', trend: '' },
            ],
          },
        ],
      });
      await ingestStormDocuments(
        db.knex,
        { clock: () => now, logger: silentLogger },
        ['CurrentStorms-previous.json', 'index-at-previous.xml', 'CurrentStorms.json', 'index-at.xml'].map(storm),
        { shiftDatesToNow: true },
      );
    },
  });
  context = await site.newContext();
});
afterAll(async () => {
  await site?.close();
});

async function open(path: string, ctx: BrowserContext = context): Promise<Page> {
  const page = await ctx.newPage();
  const response = await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
  expect(response, path).not.toBeNull();
  return page;
}

/**
 * html-validate's recommended rules, bar three of spelling where React writes valid HTML its own
 * way: void elements as `<br/>`, attribute names as their props (`autoComplete`; HTML's are
 * case-insensitive) and booleans as `disabled=""`. The DOM as the browser serializes it once
 * hydrated also writes `crossorigin=""` and keeps text nodes' trailing spaces.
 */
const SPELLING = { 'void-style': 'off', 'attr-case': 'off', 'attribute-boolean-style': 'off' } as const;
const htmlValidator = new HtmlValidate({ extends: ['html-validate:recommended'], rules: SPELLING });
const domValidator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: { ...SPELLING, 'attribute-empty-style': 'off', 'no-trailing-whitespace': 'off' },
});

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact !== 'minor').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('home', () => {
  it('places the stories by the ranking and layout rules, with their badges, rendered by the server', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    expect(html).toContain('Housing bill passes in Parliament'); // in the HTML itself, for crawlers
    const page = await open('/');
    await expect(page.locator('.lead-story h1').textContent()).resolves.toBe('Housing bill passes in Parliament');
    // Urgency 90, but four days old: no longer BREAKING (the rule wants the last 24 hours).
    expect(await page.locator('.lead-story .badge-breaking').count()).toBe(0);
    expect(await page.locator('.lead-story .region-badge').textContent()).toBe('Jamaica');
    const latest = await page.locator('.latest .story-card h3').allTextContents();
    expect(latest).toEqual(['Kingston water main work begins', ...['A', 'B', 'C', 'D', 'E'].map((l) => `Bridgetown harbour report ${l}`)]);
    const trending = await page.locator('.latest .story-card').evaluateAll((cards) => cards.map((c) => Boolean(c.querySelector('.badge-trending'))));
    expect(trending).toEqual([true, false, false, false, false, false]);
    const blocks = await page
      .locator('.category-block')
      .evaluateAll((els) => els.map((el) => [el.querySelector('h2')!.textContent, [...el.querySelectorAll('h3')].map((h) => h.textContent)]));
    // A block shows only stories of its topic (fewer rather than a wrong one): the ferry and the school term fill none.
    // A block short of stories takes a later one of its topic: the sugar harvest (business) and the calm seas (weather).
    expect(blocks).toEqual([
      ['Business', ['Business leaders meet on trade', 'Sugar cane harvest lifts rural incomes']],
      ['Politics', ['Election date set for March']],
      ['Technology', ['Digital ID pilot expands']],
      ['Weather & Climate', ['Storm watch lifted for Barbados', 'Fishermen report calm seas']],
      ['Sports', ['Cricket squad named for tour']],
      ['Culture & Society', ['Festival crowds return']],
    ]);
    const more = await page
      .locator('.more-news-item')
      .evaluateAll((items) =>
        items.map((i) => [i.querySelector('h3')!.textContent, Boolean(i.querySelector('.badge-verified')), i.querySelector('.source-count')!.textContent]),
      );
    // The stories no block took come first (the ferry and the school term), then the older ones.
    expect(more.slice(0, 4)).toEqual([
      ['Ferry timetable changes', true, '2 sources'],
      ['School term starts Monday', true, '2 sources'],
      ['Older report one', false, '1 source'],
      ['Older report two', true, '3 sources'],
    ]);
    const text = await page.locator('main').textContent();
    expect(text).not.toContain('Unpublished draft story');
    expect(text).not.toContain('Toronto carnival parade');
    // Story links open in the app (one listener for the page, not a router Link each): no reload.
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.locator('.lead-story h1 a').click();
    await page.waitForURL(/\/article\/housing-bill-passes-parliament-jamaica-[0-9a-f]{8}$/);
    await expect(page.locator('.article h1').textContent()).resolves.toBe('Housing bill passes in Parliament');
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    // And the footer's links (a part hydrated after the rest) too.
    await page.locator('.site-footer a[href="/section/business"]').click();
    await page.waitForURL(/\/section\/business$/);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  it('leads with a storm banner while Hurricane Keron threatens, and with the storm story when no editor chose a lead', async () => {
    const page = await open('/');
    // The banner comes first, above the editor's priority-1 lead, which stays the lead.
    const banner = page.getByRole('region', { name: 'Hurricane Keron' });
    expect(await banner.locator('.storm-banner-facts').textContent()).toMatch(
      /^Category 1 hurricane · winds \d+ mph · about \d+ km from (Dominican Republic|Haiti)$/,
    );
    expect(await banner.locator('.storm-banner-advisory').textContent()).toMatch(/^Advisory \d+, /);
    expect(await banner.locator('.storm-banner-alerts li').allTextContents()).toEqual(expect.arrayContaining(['Hurricane watch: Jamaica']));
    expect(await page.locator('main > .home-storm-banner:first-child').count()).toBe(1); // first in the page, above the advertisement
    expect(await page.locator('.lead-story h1').textContent()).toBe('Housing bill passes in Parliament');

    // Without the editor's lead, the storm's story leads, BREAKING though its urgency is 40.
    const keron = await createStory(site.db.knex, {
      now: new Date(),
      title: 'Jamaica under hurricane watch as Keron nears',
      region: 'Jamaica',
      daysAgo: 0.05,
      urgency: 40,
      storm_id: 'AL192026',
      storm_name: 'Keron',
    });
    await site.db.knex('synced_content').where({ id: stories.featured!.id }).update({ is_featured: false });
    try {
      for (const [width, height] of [
        [390, 844],
        [1366, 900],
      ] as const) {
        const ctx = await site.newContext({ viewport: { width, height } });
        const storm = await open('/', ctx);
        expect(await storm.locator('.lead-story h1').textContent()).toBe('Jamaica under hurricane watch as Keron nears');
        expect(await storm.locator('.lead-story .badge-breaking').textContent()).toBe('BREAKING');
        expect(await storm.locator('.home-storm-banner h2').textContent()).toBe('Hurricane Keron');
        expect(await storm.locator('.category-block:not(:has(.block-story))').count()).toBe(0);
        expect(await storm.evaluate(() => document.documentElement.scrollWidth), `${width}px`).toBeLessThanOrEqual(width);
        await storm.getByRole('link', { name: 'Track it in the Storm Centre' }).click();
        await storm.waitForURL(/\/storm-centre$/);
        await storm.goBack({ waitUntil: 'networkidle' });
        await site.screenshot(storm, `reader-home-storm-${width}`);
        await ctx.close();
      }
    } finally {
      await site.db.knex('synced_content').where({ id: keron.id }).del();
      await site.db.knex('synced_content').where({ id: stories.featured!.id }).update({ is_featured: true });
    }
  });

  it('loads at most 115 KB of JavaScript gzipped and no console code, on every kind of reader page', async () => {
    const article = `/article/${stories.layered!.slug}-${stories.layered!.id.replace(/-/g, '').slice(-8)}`;
    for (const path of ['/', '/section/business', article, '/storm-centre', '/auth', '/about']) {
      const page = await open(path);
      const urls = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((name) => name.endsWith('.js')),
      );
      // The bar is gzip: ask for each script as a gzip-only client would and count the bytes sent.
      const sizes = await Promise.all(urls.map((url) => gzippedSize(url)));
      const total = sizes.reduce((n, size) => n + size, 0);
      process.stdout.write(`first-load JavaScript of ${path}: ${total} bytes gzip in ${urls.length} files\n`);
      expect(urls.length, path).toBeGreaterThan(1);
      expect(total, path).toBeGreaterThan(10_000);
      expect(total, path).toBeLessThanOrEqual(115_000);
      expect(urls.join(' '), path).not.toMatch(/Console|console/);
      await page.close();
    }
  });
});

function gzippedSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${res.statusCode}`))));
    }).on('error', reject);
  });
}

describe('sections', () => {
  it('filters by keyword, toggles grid and list with reading time and real view counts, and shows the empty state', async () => {
    const page = await open('/section/sports');
    expect(await page.locator('h1').textContent()).toBe('Sports');
    expect(await page.locator('.subtitle').textContent()).toBe('Latest analysis from the Caribbean sports sector');
    expect(await page.locator('.count-line').textContent()).toBe('1 story found');
    expect(await page.locator('.story-card-featured h2').textContent()).toBe('Cricket squad named for tour');
    await site.screenshot(page, 'reader-section-grid');

    const latest = await open('/section/latest');
    expect(await latest.locator('h1').textContent()).toBe('Latest Caribbean Intelligence');
    expect(await latest.locator('.count-line').textContent()).toBe('19 stories found'); // every visible published story (20 at most)
    await latest.getByRole('button', { name: 'List view' }).click();
    const row = latest.locator('.story-row').first();
    expect(await row.locator('.meta').textContent()).toMatch(/\d+ sources? · \d+ min read · \d+ views?/);
    await site.screenshot(latest, 'reader-section-list');

    const empty = await open('/section/lifestyle');
    expect(await empty.locator('.empty-state h2').textContent()).toBe('No stories found');
    await empty.getByRole('link', { name: 'View Latest Stories' }).click();
    await empty.waitForURL(/\/section\/latest$/);
  });
});

describe('article', () => {
  it('shows the written layers in order with source marks, the timeline without "published" events, quotes, the indicator table with its source, sources and sharing', async () => {
    const story = stories.layered!;
    const page = await open(story.id.replace(/^/, '/article/')); // a UUID address…
    expect(page.url()).toBe(`${site.url}/article/${story.slug}-${story.id.replace(/-/g, '').slice(-8)}`); // …moves to the SEO address
    expect(story.slug).toBe('sugar-cane-harvest-lifts-rural-incomes-barbados');
    const headings = await page.locator('.layer-card h2').allTextContents();
    // "Our take" was left empty by the writer: it is not shown, and no placeholder pretends it is coming.
    expect(headings).toEqual(['THE SHORT VERSION', 'WHAT HAPPENED', 'WHAT LOCALS ARE SAYING', 'WHY IT MATTERS']);
    expect(await page.locator('.layer-what_happened .bullets li').allTextContents()).toEqual(['Mills opened early.2', 'Prices rose.1']);
    const marks = await page
      .locator('.layer-short_version .source-marks a')
      .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-label')]));
    expect(marks).toEqual([
      ['1', '#source-1', 'Source 1: Antilles Wire'],
      ['2', '#source-2', 'Source 2: Jamaica Gleaner'],
    ]);
    await page.locator('.layer-short_version .source-marks a').nth(1).click();
    expect(page.url()).toMatch(/#source-2$/);
    expect(await page.locator('.timeline li').count()).toBe(1);
    expect(await page.locator('.quote blockquote').textContent()).toBe('“A good year at last.”');
    expect(await page.locator('.quote figcaption').textContent()).toBe('— Ann Clarke, Farmer, Antilles Wire1');
    // Indicator rows with their year and source; a figure with no source (picked out of a text once) is never shown.
    expect(await page.locator('table.metrics tbody th').allTextContents()).toEqual(['Sugar price per tonne, Jamaica', 'Cane farmers, Jamaica']);
    expect(await page.locator('table.metrics tbody tr').first().locator('td').nth(1).textContent()).toBe('110 (2026)');
    expect(await page.locator('table.metrics .trend-up').count()).toBe(1);
    expect(await page.locator('table.metrics tbody tr').nth(1).locator('td').nth(0).textContent()).toBe('N/A'); // previous defaults to N/A
    expect(await page.locator('.metrics-source').textContent()).toBe('Source: Sugar Industry Authority');
    expect(await page.locator('.article').textContent()).not.toMatch(/bias/i);
    // Who covered it: the Gleaner ran the wire's text, so one independent source, and none from Barbados.
    expect(await page.locator('.coverage dd').allTextContents()).toEqual(['2', '1', '2', '2']);
    expect(await page.locator('.coverage-link').textContent()).toBe(' — near-identical to Antilles Wire: wire copy or a re-published release (counted once)');
    expect(await page.locator('.blindspots li').allTextContents()).toEqual([
      'Only one independent source: every outlet here carries the same report.',
      'No outlet based in Barbados has reported it.',
    ]);
    const sources = await page
      .locator('.sources a')
      .evaluateAll((as) => as.map((a) => [a.textContent!.replace(/\(opens.*\)/, '').trim(), a.getAttribute('href'), a.getAttribute('target')]));
    expect(sources).toEqual([
      ['Antilles Wire', 'https://wire.example.org/sugar', '_blank'],
      ['Jamaica Gleaner', 'https://jamaica-gleaner.com', '_blank'],
    ]);
    expect(await page.locator('.meta .badge-sources').textContent()).toBe('2 sources');
    expect(await page.locator('time').first().textContent()).toMatch(/^Published [A-Z][a-z]+ \d{1,2}, \d{4}$/);

    // The network's page is answered locally: tests never leave the machine.
    await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>share</title>' }));
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Share on WhatsApp' }).click()]);
    expect(popup.url()).toContain('wa.me');
    expect(popup.viewportSize()).toEqual({ width: 600, height: 400 });
    await popup.close();
    await page.locator('[data-testid="toast"]', { hasText: 'Opening WhatsApp to share this story' }).waitFor();
    expect(await page.locator('.share-email').getAttribute('href')).toMatch(/^mailto:\?subject=Sugar%20cane/);
    await site.screenshot(page, 'reader-article');
  });

  it('keeps the server HTML while the home, a section, the article and the Storm Centre hydrate (parts of them after the rest): no spinner, no element replaced, no script error', async () => {
    for (const path of ['/', '/section/latest', `/article/${stories.layered!.slug}-${stories.layered!.id.replace(/-/g, '').slice(-8)}`, '/storm-centre']) {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      // Watches the page from its first byte: a spinner drawn over the server's HTML, or the page's
      // content thrown away or drawn twice (a hydration mismatch), is what a reader sees as a jump.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { hydrationTrouble: string[] }).hydrationTrouble = seen;
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) {
              if (node instanceof Element && node.matches('.spinner-wrap, .spinner-wrap *')) seen.push('spinner');
              // Once the HTML is parsed, hydration adds nothing: a part drawn again beside the server's is a mismatch.
              else if (document.readyState !== 'loading' && node instanceof Element && record.target instanceof Element && record.target.closest('#root'))
                seen.push(`added ${node.tagName.toLowerCase()}.${node.className}`);
            }
            for (const node of record.removedNodes)
              if (node instanceof Element && record.target instanceof Element && record.target.closest('#root'))
                seen.push(`removed ${node.tagName.toLowerCase()}.${node.className}`);
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
      // Hydrated: the app has taken the root.
      await page.waitForFunction(() => document.querySelector<HTMLElement>('#root')?.dataset.hydrated === 'true', null, { timeout: 10_000 });
      await page.waitForTimeout(300);
      // One assertion, so a failure shows both what changed in the page and the error behind it (a
      // Suspense boundary whose hydration threw is drawn again: React error 422 beside the nodes).
      const trouble = await page.evaluate(() => (window as unknown as { hydrationTrouble: string[] }).hydrationTrouble);
      expect({ path, trouble, errors }).toEqual({ path, trouble: [], errors: [] });
      await page.close();
    }
  });

  it('falls back to the summary, and hides empty layers and a table with no real values', async () => {
    const page = await open(stories.bare!.slug!.replace(/^/, '/article/') + `-${stories.bare!.id.replace(/-/g, '').slice(-8)}`);
    expect(await page.locator('.layer-short_version p').textContent()).toBe('Calm seas let the fleet stay out longer.');
    expect(await page.locator('.layer-card h2').allTextContents()).toEqual(['THE SHORT VERSION']);
    expect(await page.locator('table.metrics').count()).toBe(0);
  });

  it('hydrates a page whose data changed since the server rendered it: the server content until the new data arrives, no hydration error', async () => {
    const story = await createStory(site.db.knex, {
      now: new Date(),
      title: 'Reef survey counts more fish',
      daysAgo: 0.2,
      summary: 'Divers counted fish on ten reefs.',
      layers: [],
    });
    const path = `/article/${story.slug}-${story.id.replace(/-/g, '').slice(-8)}`;
    // The page as the server rendered it, kept (as a cache or a restored tab keeps it) while the story changes.
    const kept = await (await fetch(`${site.url}${path}`)).text();
    expect(kept).toContain('Divers counted fish on ten reefs.');
    await site.db.knex('synced_content').where({ id: story.id }).update({ summary: 'Divers counted more fish on twelve reefs.' });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await page.route(`${site.url}${path}`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: kept }));
      // Every text the summary shows, in order, and what the page showed once hydrated.
      await page.addInitScript(() => {
        const w = window as unknown as { shown: string[]; atHydration?: string };
        w.shown = [];
        const look = () => {
          const text = document.querySelector('.layer-short_version p')?.textContent;
          if (text && text !== w.shown.at(-1)) w.shown.push(text);
          if (w.atHydration === undefined && document.querySelector<HTMLElement>('#root')?.dataset.hydrated === 'true') w.atHydration = text ?? '';
        };
        new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
      });
      await page.goto(`${site.url}${path}`, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => document.querySelector('.layer-short_version p')?.textContent === 'Divers counted more fish on twelve reefs.', null, {
        timeout: 10_000,
      });
      expect(await page.evaluate(() => (window as unknown as { shown: string[]; atHydration?: string }).atHydration)).toBe('Divers counted fish on ten reefs.');
      expect(await page.evaluate(() => (window as unknown as { shown: string[] }).shown)).toEqual([
        'Divers counted fish on ten reefs.',
        'Divers counted more fish on twelve reefs.',
      ]);
      expect(await page.locator('.spinner-wrap').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await site.db.knex('synced_content').where({ id: story.id }).del();
    }
  });

  it('says so for a missing article, with a 404 status and a way back', async () => {
    const response = await fetch(`${site.url}/article/no-such-story-deadbeef`);
    expect(response.status).toBe(404);
    const page = await open('/article/no-such-story-deadbeef');
    expect(await page.locator('h1').textContent()).toBe('Article not found');
    expect(await page.locator('.empty-state p').first().textContent()).toBe('The requested article could not be found');
    const noId = await open('/article');
    expect(await noId.locator('.empty-state p').first().textContent()).toBe('No article ID provided');
  });

  it('counts a real view when an article is read', async () => {
    const story = stories.latestA!;
    const path = `/article/${story.slug}-${story.id.replace(/-/g, '').slice(-8)}`;
    const before = Number((await site.db.knex('story_view_counts').where({ story_id: story.id }).first('views'))?.views ?? 0);
    const reader = await site.newContext();
    const page = await open(path, reader);
    // The beacon goes once the browser is idle after the page's start-up.
    await expect
      .poll(async () => Number((await site.db.knex('story_view_counts').where({ story_id: story.id }).first('views'))?.views ?? 0), { timeout: 5000 })
      .toBe(before + 1);
    // The same reader again within 30 minutes counts once: wait for the server's answer to the second beacon.
    const again = page.waitForResponse((r) => r.url().endsWith('/api/page-views') && r.request().method() === 'POST');
    await page.reload({ waitUntil: 'networkidle' });
    await again;
    expect(Number((await site.db.knex('story_view_counts').where({ story_id: story.id }).first('views'))?.views ?? 0)).toBe(before + 1);
    await reader.close();
  });
});

describe('pages and people', () => {
  it('shows the 404 page and logs the 404', async () => {
    const page = await context.newPage();
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    const response = await page.goto(`${site.url}/no/such/page`, { waitUntil: 'networkidle' });
    expect(response!.status()).toBe(404);
    expect(await page.locator('.not-found p').textContent()).toBe('Oops! Page not found');
    expect(logs.join('\n')).toContain('404 Error: User attempted to access non-existent route: /no/such/page');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${site.url}/`);
    await site.screenshot(page, 'reader-404');
  });

  it('signs in with e-mail and password, lands on /dashboard, and signs out from the account menu', async () => {
    const editor = await site.addUser('editor');
    const ctx = await site.newContext();
    const page = await open('/auth', ctx);
    await site.screenshot(page, 'reader-sign-in');
    await page.getByLabel('E-mail', { exact: true }).fill(editor.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // A fixed, translated text for the error's code (issue 25), never the server's message.
    await page.locator('.form-error', { hasText: 'Wrong e-mail or password.' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(editor.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    // The header names who is signed in; the account menu offers the console to an editor.
    await page.getByRole('button', { name: `Account menu, signed in as ${editor.email}` }).click();
    expect(await page.locator('.account-email').textContent()).toBe(`Signed in as${editor.email}`);
    expect(await page.getByRole('menuitem', { name: 'Editorial console' }).count()).toBe(1);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Account menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Sign In' }).waitFor();
    expect((await (await page.request.get(`${site.url}/api/auth/session`)).json()).user).toBeNull();
    await ctx.close();
  });

  it('shows the ?debug=true operator panel to an admin only, calling the real pipeline', async () => {
    const editor = await site.newContext();
    await site.signInAs(editor, 'editor');
    const editorPage = await open('/?debug=true', editor);
    await editorPage.locator('.lead-story').waitFor();
    expect(await editorPage.locator('.operator-panel').count()).toBe(0);
    await editor.close();

    const admin = await site.newContext();
    await site.signInAs(admin, 'admin');
    const page = await open('/?debug=true', admin);
    await page.locator('.operator-panel').waitFor();
    await page.getByRole('button', { name: 'Check pending items' }).click();
    await page.locator('[data-testid="toast"]', { hasText: /No pending articles found|Found \d+ pending articles/ }).waitFor();
    await page.getByRole('button', { name: 'Run full pipeline' }).click();
    await page.locator('[data-testid="toast"]', { hasText: /Pipeline completed: \d+ processed, \d+ published/ }).waitFor({ timeout: 30_000 });
    await site.screenshot(page, 'reader-operator-panel');
    await admin.close();
  });

  it('tells a reader that the console is for editors', async () => {
    const ctx = await site.newContext();
    await site.signInAs(ctx, 'reader');
    const page = await open('/dashboard', ctx);
    await page.locator('h1', { hasText: 'The console is for editors' }).waitFor();
    await ctx.close();
  });

  it('cycles the language EN → ES → FR → NL → EN, translating the site but not the stories', async () => {
    const ctx = await site.newContext();
    const page = await open('/', ctx);
    const button = page.locator('.language-button');
    const seen: [string, string][] = [];
    for (let i = 0; i < 4; i++) {
      seen.push([(await button.textContent())!, (await page.locator('#latest-title').textContent())!]);
      await button.click();
      await page.waitForFunction((prev) => document.querySelector('.language-button')!.textContent !== prev, seen.at(-1)![0]);
    }
    expect(seen).toEqual([
      ['EN', 'Latest News'],
      ['ES', 'Últimas noticias'],
      ['FR', 'Dernières nouvelles'],
      ['NL', 'Laatste nieuws'],
    ]);
    expect(await button.textContent()).toBe('EN');
    await button.click(); // ES, and it sticks across pages
    await page.goto(`${site.url}/section/sports`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.querySelector('.subtitle')?.textContent?.startsWith('Los últimos'));
    expect(await page.locator('.story-card-featured h2').textContent()).toBe('Cricket squad named for tour'); // stories stay in their language
    await ctx.close();
  });

  it('subscribes from the footer: the confirmation e-mail reaches the mail server and its link confirms', async () => {
    const page = await open('/');
    const email = `reader-${Date.now()}@example.org`;
    await page.locator('#newsletter-email').fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('.newsletter-status', { hasText: 'check your inbox' }).waitFor();
    const mail = await site.smtp.waitForMessage((m) => m.to !== undefined && JSON.stringify(m.to).includes(email));
    const link = /(http:\/\/127\.0\.0\.1:\d+\/newsletter\/confirm\?[^\s"<]+)/.exec(mail.text ?? '')?.[1];
    expect(link).toBeDefined();
    const confirm = await page.goto(link!.replace(/&amp;/g, '&'));
    expect(confirm!.status()).toBe(200);
    const row = await site.db.knex('newsletter_subscribers').where({ email }).first();
    expect(row.confirmed_at).not.toBeNull();
  });

  it('opens a real search from the header', async () => {
    const page = await open('/');
    await page.getByRole('button', { name: 'Search stories' }).click();
    await page.getByRole('searchbox').fill('cricket');
    await page.locator('.search-results li', { hasText: 'Cricket squad named for tour' }).waitFor();
    expect(await page.locator('.search-count').textContent()).toBe('1 result for “cricket”');
  });

  it('is usable with the keyboard: the skip link and the account menu', async () => {
    const page = await open('/');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => location.hash)).toBe('#main');
    await page.getByRole('button', { name: 'Account menu' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.getByRole('menu').count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('menu').count()).toBe(0);
  });
});

describe('storm centre', () => {
  it('shows the banner and five tabs on the storm data, with the map and island-by-island impact', async () => {
    const page = await open('/storm-centre');
    expect(await page.locator('.storm-banner strong').textContent()).toMatch(/^\d+ active storm alerts?$/);
    await page.getByRole('tab').first().waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Overview', 'Live Tracking', 'Alerts', 'Regional Impact', 'Emergency Guides']);
    await page.getByRole('tab', { name: 'Live Tracking' }).click();
    expect(await page.locator('svg.storm-map .storm-marker').count()).toBeGreaterThan(0);
    await site.screenshot(page, 'reader-storm-tracking');
    await page.getByRole('tab', { name: 'Regional Impact' }).click();
    expect(await page.locator('.impact h2').allTextContents()).toContain('Jamaica');
    await page.getByRole('tab', { name: 'Alerts' }).click();
    // The badge names the alert in full ("HURRICANE WARNING"), in the reader's language.
    expect(await page.locator('.alert-list .badge').first().textContent()).toMatch(/^(HURRICANE|TROPICAL STORM|STORM SURGE) (WARNING|WATCH)$/);
    await page.getByRole('tab', { name: 'Emergency Guides' }).click();
    expect(await page.locator('.guides h2').first().textContent()).toContain('make a plan');
  });
});

describe('accessibility and screenshots', () => {
  it('has no axe violations above minor on the public screens', { timeout: 180_000 }, async () => {
    const article = stories.layered!;
    const paths = ['/', '/section/business', `/article/${article.slug}-${article.id.replace(/-/g, '').slice(-8)}`, '/storm-centre', '/auth'];
    for (const path of paths) {
      const page = await open(path);
      expect(await violations(page), path).toEqual([]);
      await page.close();
    }
  });

  it('passes html-validate on every reader page, as the server sends it in each language and once hydrated', { timeout: 180_000 }, async () => {
    const article = stories.layered!;
    const paths = [
      '/',
      '/section/business',
      '/section/latest',
      `/article/${article.slug}-${article.id.replace(/-/g, '').slice(-8)}`,
      '/article/no-such-story-00000000',
      '/storm-centre',
      '/auth',
      '/about',
      '/my-caribbean',
      '/saved',
      '/account',
      '/no-such-page',
    ];
    const problems: string[] = [];
    const check = async (label: string, html: string, validator = htmlValidator) => {
      const report = await validator.validateString(html, label);
      for (const result of report.results)
        for (const m of result.messages) problems.push(`${label}: ${m.ruleId} ${m.message} (${m.selector ?? `line ${m.line}`})`);
    };
    for (const language of ['EN', 'ES', 'FR', 'NL']) {
      for (const path of paths) {
        const res = await fetch(`${site.url}${path}`, { headers: { cookie: `c360_lang=${language}` } });
        await check(`${language} ${path}`, await res.text());
      }
    }
    for (const path of paths) {
      const page = await open(path);
      await page.waitForFunction(() => document.querySelector<HTMLElement>('#root')?.dataset.hydrated === 'true', null, { timeout: 10_000 });
      await check(`hydrated ${path}`, `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`, domValidator);
      await page.close();
    }
    expect(problems).toEqual([]);
  });

  it('saves each screen at phone and desktop widths', { timeout: 180_000 }, async () => {
    const phone = await site.newContext({ viewport: { width: 375, height: 812 } });
    const article = stories.featured!;
    const screens: [string, string][] = [
      ['home', '/'],
      ['section', '/section/weather'],
      ['article', `/article/${article.slug}-${article.id.replace(/-/g, '').slice(-8)}`],
      ['storm-centre', '/storm-centre'],
      ['sign-in', '/auth'],
      ['about', '/about'],
    ];
    for (const [name, path] of screens) {
      for (const [ctx, width] of [
        [context, 1280],
        [phone, 375],
      ] as const) {
        const page = await open(path, ctx);
        // Nothing wider than the screen: no sideways scrolling on a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}px`).toBeLessThanOrEqual(width);
        await site.screenshot(page, `reader-${name}-${width}`);
        await page.close();
      }
    }
    await phone.close();
  });
});
