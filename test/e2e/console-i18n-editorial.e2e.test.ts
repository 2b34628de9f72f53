import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCruiseSignal } from '../factories/signals';
import { createStory } from '../factories/stories';
import { fragments, interfaceText } from './english-fragments';
import { startSite, type Site } from './harness';

/**
 * The editorial console's working screens in Spanish, French and Dutch, signed in as an administrator,
 * with seeded stories: Live Publishing (its three tabs, the Review dialog, the article details), the
 * editorial task board, and a story's Workflow tab; AI Pipeline, Pipeline Testing, Signal Scanner, Enhanced
 * Signals, Regional Intelligence, and a story's Content and Community tabs. The visible text, less the stories' own words
 * (marked with their language in `lang`), holds none of the English-only interface words below.
 */

let site: Site;
let flaggedId: string;

async function withLanguage(language: string, options: { signedIn?: boolean } = {}): Promise<BrowserContext> {
  const context = await site.newContext();
  await context.addCookies([{ name: 'c360_lang', value: language.toUpperCase(), url: site.url, sameSite: 'Lax' }]);
  if (options.signedIn) await site.signInAs(context, 'admin');
  return context;
}

beforeAll(async () => {
  site = await startSite({
    seed: async (db, now) => {
      const flagged = await createStory(db.knex, {
        now,
        daysAgo: 0,
        title: 'Port authority confirms new cruise berth in Falmouth',
        region: 'Jamaica',
        tags: ['tourism', 'economy'],
        pipeline_stage: 'verified',
        status: 'draft',
        published_at: null,
        ai_risk_level: 'high',
        flag_reason: 'Risk high: quotes reworded',
        auto_publish_eligible: false,
        ai_fact_check_panel: [
          {
            claim: 'The berth opens in 2027',
            resolved: true,
            verdict: 'corroborated',
            supporting_outlets: ['Jamaica Gleaner', 'Jamaica Observer'],
            contradicting_outlets: [],
          },
          {
            claim: 'Ships of 5,000 passengers will dock',
            resolved: false,
            verdict: 'single source',
            supporting_outlets: ['Jamaica Gleaner'],
            contradicting_outlets: [],
          },
        ],
      });
      await db.knex('synced_content').where('id', flagged.id).update({ flag_origin: 'pipeline' });
      flaggedId = flagged.id;
      for (let i = 0; i < 3; i++)
        await createStory(db.knex, { now, title: `Business report ${i} from Bridgetown`, region: 'Barbados', tags: ['business'], daysAgo: 0.5 + i });
      // A signal for Signal Scanner and Enhanced Signals (its words are the server's, marked as English).
      await createCruiseSignal(db.knex, { now, storyIds: [flagged.id] });
    },
  });
});
afterAll(async () => {
  await site?.close();
});

/** Records the English a screen still shows under its name (and saves the Spanish one's screenshot). */
function englishCollector(page: Page, language: string, problems: Record<string, string[]>) {
  return async (name: string) => {
    const found = fragments(await interfaceText(page), language);
    if (found.length) problems[name] = found;
    if (language === 'es') await site.screenshot(page, `i18n-editorial-${name}-${language}`);
  };
}

describe.each(['es', 'fr', 'nl'])('the editorial console in %s', (language) => {
  it("shows no English on Live Publishing, its Review dialog, Content Curation, the task board and a story's workflow", async () => {
    const context = await withLanguage(language, { signedIn: true });
    const page = await context.newPage();
    const problems: Record<string, string[]> = {};
    const check = englishCollector(page, language, problems);

    await page.goto(`${site.url}/dashboard/publishing`, { waitUntil: 'networkidle' });
    await page.locator('.pl-scheduler').waitFor();
    await page.locator('.pl-steps, .c-card').first().waitFor();
    await check('publishing');
    await page.getByRole('tab').nth(1).click();
    await page.locator(`[data-story-id="${flaggedId}"]`).waitFor();
    await check('publishing-articles');
    await page.locator(`[data-story-id="${flaggedId}"] .c-button:not(.c-button-ghost)`).click();
    await page.locator('.c-claim').first().waitFor();
    await check('review-dialog');
    await page.keyboard.press('Escape');
    await page.locator('.c-claim').first().waitFor({ state: 'detached' });
    await page.getByRole('tab').nth(2).click();
    await page
      .locator('.c-stats')
      .nth(1)
      .waitFor()
      .catch(() => undefined);
    await check('publishing-analytics');

    await page.goto(`${site.url}/dashboard/content-curation`, { waitUntil: 'networkidle' });
    await page.locator('.c-card').first().waitFor();
    await check('curation-featured');
    await page.getByRole('tab').nth(1).click();
    await page.locator('.c-grid .c-article').first().waitFor();
    await check('curation-ready');

    await page.goto(`${site.url}/dashboard/editor`, { waitUntil: 'networkidle' });
    await page.locator('.c-board').waitFor();
    await page.locator('.c-link-list li').first().waitFor();
    await check('task-board');

    await page.goto(`${site.url}/dashboard/editor?doc=${flaggedId}&tab=workflow`, { waitUntil: 'networkidle' });
    await page.locator('.c-stepper').waitFor();
    await check('story-workflow');

    await context.close();
    expect(problems).toEqual({});
  });

  it("shows no English on AI Pipeline, Pipeline Testing, the signal screens, Regional Intelligence and a story's Content and Community tabs", async () => {
    const context = await withLanguage(language, { signedIn: true });
    const page = await context.newPage();
    const problems: Record<string, string[]> = {};
    const check = englishCollector(page, language, problems);
    const tab = async (n: number, ready: string, name: string) => {
      await page.getByRole('tab').nth(n).click();
      await page.locator(ready).first().waitFor();
      await check(name);
    };

    await page.goto(`${site.url}/dashboard/pipeline`, { waitUntil: 'networkidle' });
    await page.locator('.pl-principles').first().waitFor();
    await check('pipeline-overview');
    await tab(1, '.pl-lastrun, .pl-controls .c-hint', 'pipeline-controls');
    await tab(2, '.pl-steps', 'pipeline-workflow');
    await tab(3, `[data-story-id="${flaggedId}"]`, 'pipeline-articles');

    await page.goto(`${site.url}/dashboard/pipeline-test`, { waitUntil: 'networkidle' });
    await page.locator('main h1').waitFor();
    await check('pipeline-testing');

    await page.goto(`${site.url}/dashboard/signals`, { waitUntil: 'networkidle' });
    await page.locator('.pl-signal').first().waitFor();
    await check('signal-scanner');
    await page.locator('.pl-signal .c-button-ghost').first().click();
    await page.locator('dialog .pl-list').first().waitFor();
    await check('investigate-dialog');
    await page.keyboard.press('Escape');
    await page.locator('dialog').waitFor({ state: 'detached' });

    await page.goto(`${site.url}/dashboard/enhanced-signals`, { waitUntil: 'networkidle' });
    await page.locator('.pl-signal').first().waitFor();
    await check('enhanced-signals');
    await tab(1, '.c-empty, .pl-list', 'enhanced-patterns');
    await tab(2, '.c-empty, .pl-graph', 'enhanced-clusters');

    await page.goto(`${site.url}/dashboard/intelligence`, { waitUntil: 'networkidle' });
    await page.locator('.c-stats, .c-empty').first().waitFor();
    await check('intelligence-diaspora');
    await tab(1, '.c-table, .c-hint', 'intelligence-economic');
    await tab(2, '.pl-chart, .c-empty', 'intelligence-regional');

    await page.goto(`${site.url}/dashboard/editor?doc=${flaggedId}`, { waitUntil: 'networkidle' });
    await page.locator('.c-editor-form').waitFor();
    await check('story-content');
    await page.goto(`${site.url}/dashboard/editor?doc=${flaggedId}&tab=community`, { waitUntil: 'networkidle' });
    await page.locator('.c-community form').waitFor();
    await page.locator('.c-voices, .c-empty').first().waitFor();
    await check('story-community');

    await context.close();
    expect(problems).toEqual({});
  });
});
