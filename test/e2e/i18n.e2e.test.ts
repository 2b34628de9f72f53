import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../core/logger';
import { ingestStormDocuments } from '../../core/storms/ingest-storms';
import type { Story } from '../../core/stories/story';
import { createStory } from '../factories/stories';
import { fragments, interfaceText } from './english-fragments';
import { startSite, type Site } from './harness';

/**
 * Every screen in Spanish, French and Dutch with no English left: the server renders the page in
 * the c360_lang cookie's language (no English flash), and the visible text, less the stories' own
 * words (marked with their language in `lang`), holds none of the English-only interface words
 * below. The list is of words a Spanish, French or Dutch page never shows, so any new untranslated
 * string (a label, a date, a unit) trips it.
 */

let site: Site;
let article: Story;
let spanishStory: Story;

async function withLanguage(language: string, options: { signedIn?: boolean } = {}): Promise<BrowserContext> {
  const context = await site.newContext();
  await context.addCookies([{ name: 'c360_lang', value: language.toUpperCase(), url: site.url, sameSite: 'Lax' }]);
  if (options.signedIn) await site.signInAs(context, 'editor');
  return context;
}

beforeAll(async () => {
  site = await startSite({
    seed: async (db, now) => {
      article = await createStory(db.knex, {
        now,
        title: 'Hurricane Melissa: shelters open across Jamaica',
        summary: 'Shelters opened across Jamaica as the hurricane approached.',
        region: 'Jamaica',
        tags: ['weather'],
        daysAgo: 0.2,
        layers: [
          { layerType: 'short_version', content: 'Shelters opened across Jamaica as the hurricane approached.' },
          {
            layerType: 'what_happened',
            content: 'The government opened 120 shelters on Monday.',
            timeline: [
              { date: '2026-11-17', event: 'Watch issued.' },
              { date: '2026-11-18', event: 'Warning issued.' },
            ],
          },
          { layerType: 'why_it_matters', content: 'Thousands of families live in flood zones.' },
        ] as never,
      });
      spanishStory = await createStory(db.knex, {
        now,
        title: 'Santo Domingo abre refugios ante el huracán',
        summary: 'Las autoridades abrieron refugios en Santo Domingo.',
        region: 'Dominican Republic',
        daysAgo: 0.3,
        language: 'es',
      });
      for (let i = 0; i < 4; i++)
        await createStory(db.knex, { now, title: `Business report ${i} from Bridgetown`, region: 'Barbados', tags: ['business'], daysAgo: 0.5 + i });
      const storm = (name: string) => ({ label: name, text: readFileSync(new URL(`../../data/samples/storms/${name}`, import.meta.url), 'utf8') });
      await ingestStormDocuments(
        db.knex,
        { clock: () => now, logger: silentLogger },
        ['CurrentStorms-previous.json', 'index-at-previous.xml', 'CurrentStorms.json', 'index-at.xml'].map(storm),
        { shiftDatesToNow: true },
      );
    },
  });
});
afterAll(async () => {
  await site?.close();
});

const articlePath = (story: Story) => `/article/${story.slug}-${story.id.replace(/-/g, '').slice(-8)}`;

describe.each(['es', 'fr', 'nl'])('the site in %s', (language) => {
  it("renders on the server in the reader's language, with no English flash", async () => {
    const res = await fetch(`${site.url}/`, { headers: { cookie: `c360_lang=${language.toUpperCase()}` } });
    const html = await res.text();
    expect(html).toContain(`<html lang="${language}"`);
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    expect(html).not.toContain('Latest News');
    // The head's own words too (server/pages/head-text.ts).
    expect(html).toContain(`<meta property="og:locale" content="${{ es: 'es_419', fr: 'fr_FR', nl: 'nl_NL' }[language]}">`);
    expect(html).not.toContain('<title>C360 Caribbean Intelligence</title>');
    // English readers still get the English page (from the cache).
    expect(await (await fetch(`${site.url}/`)).text()).toContain('Latest News');
  });

  it('shows no English on the reader pages (home, section, article, storm centre, sign-in)', async () => {
    const context = await withLanguage(language);
    const problems: Record<string, string[]> = {};
    const check = async (name: string, page: Page) => {
      expect(await page.evaluate(() => document.documentElement.lang), name).toBe(language);
      const found = fragments(await interfaceText(page), language);
      if (found.length) problems[name] = found;
    };
    for (const [name, path] of [
      ['home', '/'],
      ['section', '/section/business'],
      ['article', articlePath(article)],
      ['sign-in', '/auth'],
    ] as const) {
      const page = await context.newPage();
      await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
      await check(name, page);
      if (name === 'article') await site.screenshot(page, `i18n-article-${language}`);
      await page.close();
    }
    const page = await context.newPage();
    await page.goto(`${site.url}/storm-centre`, { waitUntil: 'networkidle' });
    await check('storm-centre', page);
    await site.screenshot(page, `i18n-storm-centre-${language}`);
    // The guides are in the page's language too (no longer marked lang="en"), so they are checked like the rest.
    for (const tab of ['tracking', 'alerts', 'impact', 'guides']) {
      await page.locator(`#tab-${tab}`).click();
      await page.locator(`#panel-${tab}`).waitFor();
      await check(`storm-centre ${tab}`, page);
      if (tab === 'guides') {
        const first = page.locator('.guides h2').first();
        expect(await first.getAttribute('lang')).toBeNull();
        expect(await first.textContent()).toMatch({ es: /haga un plan/, fr: /préparez un plan/, nl: /maak een plan/ }[language]!);
      }
      if (tab === 'impact') await site.screenshot(page, `i18n-storm-impact-${language}`);
    }
    await page.close();
    await context.close();
    expect(problems).toEqual({});
  });

  it('shows no English on the console home (shell, dashboard, story cards)', async () => {
    const context = await withLanguage(language, { signedIn: true });
    const page = await context.newPage();
    await page.goto(`${site.url}/dashboard`, { waitUntil: 'networkidle' });
    await page.locator('.c-article').first().waitFor();
    await page.locator('[data-live-status="live"]').waitFor();
    const found = fragments(await interfaceText(page), language);
    await site.screenshot(page, `i18n-console-home-${language}`);
    await context.close();
    expect(found).toEqual([]);
  });

  it('says in which language a story is written, and offers no translation offline', async () => {
    const context = await withLanguage(language);
    const page = await context.newPage();
    await page.goto(`${site.url}${articlePath(article)}`, { waitUntil: 'networkidle' });
    const note = await page.locator('.translation-bar').textContent();
    expect(note).toMatch({ es: /inglés/, fr: /anglais/, nl: /Engels/ }[language]!);
    expect(await page.locator('.translation-bar button').count()).toBe(0);
    await page.goto(`${site.url}${articlePath(spanishStory)}`, { waitUntil: 'networkidle' });
    expect(await page.locator('.translation-bar').count()).toBe(language === 'es' ? 0 : 1);
    await context.close();
  });
});
