import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRawItems, type FixtureItem } from '../factories/raw-items';
import { createCruiseSignal } from '../factories/signals';
import { createStory } from '../factories/stories';
import { startSite, type Site } from './harness';

/**
 * The console's pipeline screens in Chromium against the real server: an editor reviews a flagged
 * story in Live Publishing and approves it, runs the full pipeline from AI Pipeline's controls and
 * watches the progress overlay follow the real run to the end (the approved story is published by
 * it); Pipeline Testing, the signal screens and Regional Intelligence on the data the run made; a
 * screenshot of each screen.
 */
const fixture = JSON.parse(readFileSync(new URL('../fixtures/pipeline/clustering.json', import.meta.url), 'utf8')) as { items: FixtureItem[] };

let site: Site;
let editor: BrowserContext;
let admin: BrowserContext;
let flaggedId: string;

beforeAll(async () => {
  site = await startSite({
    seed: async (db, now) => {
      // Fact-checked by two independent outlets, but flagged for its risk: an editor's approval lets it through.
      const flagged = await createStory(db.knex, {
        now,
        daysAgo: 0,
        title: 'Port authority confirms new cruise berth for Falmouth',
        region: 'Jamaica',
        tags: ['tourism', 'infrastructure', 'economy'],
        pipeline_stage: 'verified',
        status: 'draft',
        published_at: null,
        ai_risk_level: 'high',
        flag_reason: 'Risk high: quotes reworded',
        auto_publish_eligible: false,
        truth_score: 0.82,
        ai_fact_check_panel: [{ claim: 'The berth opens in 2027', resolved: true }],
      });
      await db
        .knex('synced_content')
        .where('id', flagged.id)
        .update({ flag_origin: 'pipeline', topics: ['tourism', 'economy'], diaspora_relevance: 55 });
      flaggedId = flagged.id;
      await createCruiseSignal(db.knex, { now, storyIds: [flagged.id] });
      const newest = Math.max(...fixture.items.map((i) => new Date(i.published_at).getTime()));
      const shift = now.getTime() - 120_000 - newest;
      await insertRawItems(
        db.knex,
        fixture.items.slice(0, 24).map((i) => {
          const at = new Date(new Date(i.published_at).getTime() + shift).toISOString();
          return { outlet: i.outlet, title: i.title, summary: i.summary, published_at: at, created_at: at };
        }),
      );
    },
  });
  editor = await site.newContext();
  await site.signInAs(editor, 'editor', 'live.editor@c360.test');
  admin = await site.newContext();
  await site.signInAs(admin, 'admin', 'ops.admin@c360.test');
});
afterAll(async () => {
  await site?.close();
});

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
  return page;
}

const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title }).first().waitFor({ timeout: 30_000 });

describe('Live Publishing and AI Pipeline', () => {
  it('an editor approves a flagged story from Live Publishing, runs the full pipeline and watches the overlay complete; the story is published', async () => {
    const page = await open(editor, '/dashboard/publishing');
    await page.getByRole('heading', { name: 'Live Publishing' }).waitFor();
    await page.locator('.pl-live-badge', { hasText: 'Live' }).waitFor();
    await page.getByText('Processed today').waitFor();
    // Only an administrator switches the system; this server runs no schedule in the harness.
    expect(await page.getByRole('button', { name: 'Start System' }).isDisabled()).toBe(true);
    await site.screenshot(page, 'console-publishing');

    await page.getByRole('tab', { name: /Articles/ }).click();
    const item = page.locator(`li[data-story-id="${flaggedId}"]`);
    await item.getByText('Risk high: quotes reworded').waitFor();
    await item.getByRole('button', { name: 'Details' }).click();
    await page.getByRole('dialog', { name: 'Article details' }).getByText('Audit log').waitFor();
    await page.getByRole('dialog', { name: 'Article details' }).getByRole('button', { name: 'Close dialog' }).click();
    await item.getByRole('button', { name: 'Review' }).click();
    const review = page.getByRole('dialog', { name: 'Review' });
    await review.getByLabel('Reason (optional)').fill('Checked the quotes against the recording');
    await site.screenshot(page, 'console-publishing-review');
    await review.getByRole('button', { name: 'Approve' }).click();
    await toast(page, 'Article approved successfully');
    // Approved: no longer flagged, and queued for the pipeline's publish stage.
    await expect
      .poll(async () => site.db.knex('synced_content').where('id', flaggedId).first('pipeline_next', 'flag_reason', 'human_verified'))
      .toEqual({ pipeline_next: 'publish', flag_reason: null, human_verified: true });
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByText('Average processing time').waitFor();
    await site.screenshot(page, 'console-publishing-analytics');
    await page.close();

    const pipeline = await open(editor, '/dashboard/pipeline');
    await pipeline.getByRole('heading', { name: 'AI Pipeline' }).waitFor();
    await pipeline.getByText('Pending source items').waitFor();
    await site.screenshot(pipeline, 'console-pipeline');
    await pipeline.getByRole('tab', { name: 'Pipeline Controls' }).click();
    await pipeline.getByRole('button', { name: 'Run Full Pipeline' }).click();
    const overlay = pipeline.getByRole('dialog', { name: 'RSS Pipeline Progress' });
    await overlay.waitFor();
    await overlay.getByText('Fetch RSS Feeds').waitFor();
    await overlay.getByText('Pipeline completed successfully!').waitFor({ timeout: 45_000 });
    // The toast (shown inside the open dialog, so it stays above it) fades after 5 s: read it first.
    await toast(pipeline, 'Pipeline completed:');
    await overlay.getByText('Using existing RSS data').waitFor();
    expect(await overlay.locator('[data-stage][data-status="completed"]').count()).toBe(3);
    await overlay.getByRole('button', { name: 'Show Details' }).click();
    await overlay.getByRole('log').getByText('Pipeline completed successfully!').waitFor();
    await site.screenshot(pipeline, 'console-pipeline-overlay');
    await overlay.getByRole('button', { name: 'Close', exact: true }).click();

    // The run really processed the pending items, and published the approved story (its sources allow it).
    expect(await site.db.knex('raw_feeds').where('processing_status', 'pending').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(await site.db.knex('synced_content').where('id', flaggedId).first('pipeline_stage', 'status')).toEqual({
      pipeline_stage: 'published',
      status: 'published',
    });
    await pipeline.getByText('Last run results').waitFor();
    await pipeline.locator('.pl-lastrun').getByText('Auto-publish rate').waitFor();
    await site.screenshot(pipeline, 'console-pipeline-controls');

    await pipeline.getByRole('tab', { name: 'Interactive Workflow' }).click();
    await pipeline.locator('[data-step="editorial"]').waitFor();
    await site.screenshot(pipeline, 'console-pipeline-workflow');
    await pipeline.getByRole('tab', { name: 'Articles' }).click();
    await pipeline.getByRole('button', { name: /^published/ }).click();
    await pipeline.locator(`[data-story-id="${flaggedId}"]`).getByText('2+ independent sources').waitFor();
    await site.screenshot(pipeline, 'console-pipeline-articles');
    await pipeline.close();
  });

  it("the reader site's ?debug=true panel and Pipeline Testing share the operator API: an admin processes one pending item, then nothing is pending", async () => {
    await insertRawItems(site.db.knex, [
      {
        outlet: 'Nassau Tide',
        title: 'Nassau harbour dredging begins next week',
        summary: 'The port authority said dredging of Nassau harbour begins next week.',
      },
    ]);
    const home = await open(admin, '/?debug=true');
    const panel = home.getByRole('region', { name: 'Content pipeline (operator)' });
    await panel.getByRole('button', { name: 'Check pending items' }).click();
    await toast(home, 'Found 1 pending articles');
    await panel.getByText('Nassau harbour dredging begins next week').waitFor();
    await panel.getByRole('button', { name: 'Process first pending item' }).click();
    await toast(home, 'Article "Nassau harbour dredging begins next week" processed successfully');
    await panel.getByText('is part of the story').waitFor();
    await home.close();

    const page = await open(admin, '/dashboard/pipeline-test');
    await page.getByRole('heading', { name: 'Pipeline Testing' }).waitFor();
    await page.getByRole('button', { name: 'Check Pending Articles' }).click();
    await toast(page, 'No pending articles found');
    await site.screenshot(page, 'console-pipeline-test');
    await page.close();
    const refused = await open(editor, '/dashboard/pipeline-test');
    await refused.getByText('only administrators may call').waitFor();
    expect(await refused.getByRole('button', { name: 'Run Full Pipeline' }).isDisabled()).toBe(true);
    await refused.close();
  });
});

describe('signals and intelligence', () => {
  it('Signal Scanner, Enhanced Signals (Run Analysis, patterns, clusters) and Regional Intelligence on the data the run made', async () => {
    const signals = await open(editor, '/dashboard/signals');
    await signals.getByRole('heading', { name: 'Signal Scanner' }).waitFor();
    const card = signals.locator('[data-signal-id]').filter({ hasText: 'Cruise Tourism: 3 stories in 24 h' });
    await card.waitFor();
    await site.screenshot(signals, 'console-signals');
    await card.getByRole('button', { name: 'Investigate' }).click();
    const investigate = signals.getByRole('dialog', { name: 'Investigate: Cruise Tourism: 3 stories in 24 h' });
    await investigate.getByText('Port authority confirms new cruise berth for Falmouth').waitFor();
    await investigate.getByRole('button', { name: 'Close dialog' }).click();
    await card.getByRole('button', { name: 'Create Story' }).click();
    await toast(signals, 'Story created');
    await signals.getByRole('dialog', { name: 'Story created' }).getByRole('link', { name: 'Open in the editor' }).waitFor();
    const drafted = await site.db.knex('synced_content').where('title', 'Developing: Cruise Tourism (Jamaica)').first('status', 'last_updated_by');
    expect(drafted).toEqual({ status: 'draft', last_updated_by: 'live.editor@c360.test' });
    await signals.close();

    const enhanced = await open(editor, '/dashboard/enhanced-signals');
    await enhanced.getByRole('heading', { name: 'Enhanced Signals' }).waitFor();
    await enhanced.getByRole('button', { name: 'Run Analysis' }).click();
    await toast(enhanced, 'Running Caribbean pattern detection...');
    await toast(enhanced, 'Patterns detected:');
    await enhanced.getByRole('tab', { name: /Clusters/ }).click();
    await enhanced.locator('.pl-graph, .c-empty').first().waitFor();
    await site.screenshot(enhanced, 'console-enhanced-signals');
    await enhanced.getByRole('tab', { name: /Patterns/ }).click();
    await enhanced.locator('[data-pattern-id], .c-empty').first().waitFor();
    await enhanced.close();

    const intel = await open(editor, '/dashboard/intelligence');
    await intel.getByRole('heading', { name: 'Regional Intelligence' }).waitFor();
    await intel.getByRole('table').first().waitFor();
    await site.screenshot(intel, 'console-intelligence');
    await intel.getByRole('tab', { name: 'Economic Indicators' }).click();
    await intel.getByText('GDP (current US$), Jamaica').waitFor();
    await site.screenshot(intel, 'console-intelligence-economic');
    await intel.getByRole('tab', { name: 'Regional Insights' }).click();
    await intel.getByText('Stories by region').waitFor();
    await site.screenshot(intel, 'console-intelligence-regional');
    await intel.close();
  });
});

describe('accessibility', () => {
  // Seventeen screens and tabs, each analysed by axe (2–4 s apiece), and a real run: more than the default minute.
  it('has no axe violations above minor on the pipeline screens and the progress overlay', { timeout: 180_000 }, async () => {
    const screens: [string, string[]][] = [
      ['/dashboard/pipeline', ['Overview', 'Pipeline Controls', 'Interactive Workflow', 'Articles']],
      ['/dashboard/pipeline-test', []],
      ['/dashboard/publishing', ['Pipeline', 'Articles', 'Analytics']],
      ['/dashboard/signals', []],
      ['/dashboard/enhanced-signals', ['Clusters']],
      ['/dashboard/intelligence', ['Diaspora Analysis', 'Economic Indicators', 'Regional Insights']],
    ];
    const failures: string[] = [];
    const check = async (page: Page, label: string) => {
      await page
        .locator('[role="status"][aria-live="polite"] .c-skeleton-row')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => {});
      await page.waitForTimeout(200);
      const results = await new AxeBuilder({ page }).analyze();
      for (const v of results.violations.filter((x) => x.impact !== 'minor'))
        failures.push(
          `${label} ${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 4)
            .join(', ')}`,
        );
    };
    for (const [path, tabs] of screens) {
      const page = await open(editor, path);
      await page.locator('main h1').first().waitFor();
      if (tabs.length === 0) await check(page, path);
      for (const tab of tabs) {
        await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
        await check(page, `${path} › ${tab}`);
      }
      await page.close();
    }
    const page = await open(editor, '/dashboard/pipeline');
    await page.getByRole('tab', { name: 'Pipeline Controls' }).click();
    await page.getByRole('button', { name: 'Detect Patterns' }).click();
    const overlay = page.getByRole('dialog', { name: 'Pattern Detection Progress' });
    await overlay.getByText('Pipeline completed successfully!').waitFor({ timeout: 30_000 });
    await overlay.getByRole('button', { name: 'Show Details' }).click();
    await check(page, 'progress overlay');
    await page.close();
    expect(failures).toEqual([]);
  });
});
