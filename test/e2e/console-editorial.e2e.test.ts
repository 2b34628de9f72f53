import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask } from '../../core/console/editorial-tasks';
import { recordDelivery } from '../../core/sanity/delivery-repository';
import { createStory } from '../factories/stories';
import { insertRawItems } from '../factories/raw-items';
import { startSite, type Site } from './harness';

/**
 * The console's shell and editorial screens in Chromium against the real server: an editor signs
 * in; a story that fails the gate shows the spec's message; an approve override makes it
 * publishable; publishing it featured puts it on the home page, and a second browser sees it
 * arrive live without reloading; readers cannot open any console route; a screenshot of every
 * editorial screen (test-results/screenshots/console-*.png).
 */
let site: Site;
let editor: BrowserContext;
let editorEmail: string;
const NEEDS_VERIFICATION = 'Needs verification (confirmed by two independent sources or an official source, or an editor’s approval)';
const GATED_TITLE = 'Ferry operator adds a night crossing to Tobago';
const ids: Record<string, string> = {};

const CONSOLE_PATHS = [
  '/admin',
  '/dashboard',
  '/dashboard/articles',
  '/dashboard/sanity-editor',
  '/dashboard/editor',
  '/dashboard/pipeline',
  '/dashboard/pipeline-test',
  '/dashboard/publishing',
  '/dashboard/content-curation',
  '/dashboard/sync',
  '/dashboard/signals',
  '/dashboard/enhanced-signals',
  '/dashboard/intelligence',
  '/dashboard/five-box-reader',
  '/dashboard/newsletter',
  '/dashboard/alerts',
  '/dashboard/analytics',
  '/dashboard/reader-analytics',
  '/dashboard/settings',
  '/analytics',
];

beforeAll(async () => {
  site = await startSite({
    // Without a secret the webhook refuses every delivery and Content Sync says so (not 'Healthy').
    env: { SANITY_WEBHOOK_SECRET: 'e2e-sanity-webhook-secret-0123456789' },
    seed: async (db, now) => {
      const published = [
        ['Kingston water main repairs finish early', 'Jamaica', 'low', ['infrastructure']],
        ['Storm surge warning for the south coast of Barbados', 'Barbados', 'critical', ['weather']],
        ['Port of Spain hosts Caribbean trade ministers', 'Trinidad and Tobago', 'medium', ['trade', 'business']],
        ['Nassau straw market reopens after fire', 'Bahamas', 'high', ['business']],
      ] as const;
      for (const [i, [title, region, risk, tags]] of published.entries()) {
        const s = await createStory(db.knex, {
          now,
          daysAgo: i * 0.2,
          title,
          region,
          ai_risk_level: risk,
          tags: [...tags],
          summary: `${title}. Two outlets reported it on the same day.`,
          layers: [
            { layerType: 'short_version', content: `${title}. Both outlets agree on the main facts.` },
            {
              layerType: 'what_happened',
              content: '- Work began on Monday (Kingston Ledger)\n- Crews finished on Thursday (Antilles Wire)',
              timeline: [{ date: '2026-11-16', event: 'Work began' }],
            },
            {
              layerType: 'what_locals_saying',
              content: 'Residents welcomed the news.',
              quotes: [{ quote: 'We finally have water again', author: 'Marcia Brown', role: 'resident' }],
            },
            { layerType: 'why_it_matters', content: 'Thousands of households depend on the main.' },
            { layerType: 'our_take', content: 'The outlets agree on dates; they differ on the cost.' },
          ],
        });
        ids[`published${i}`] = s.id;
      }
      await db.knex('story_view_counts').insert({ story_id: ids.published0, views: 42 });
      // Passes on sources and fact-checks, fails on verification: an approval cures it.
      const gated = await createStory(db.knex, {
        now,
        title: GATED_TITLE,
        region: 'Trinidad and Tobago',
        pipeline_stage: 'verified',
        status: 'draft',
        published_at: null,
        source_count: 2,
        triangulation_check: false,
        ai_risk_level: 'medium',
        flag_reason: 'Sources disagree on the start date',
      });
      ids.gated = gated.id;
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
      ids.cms = cms.id;
      await recordDelivery(db.knex, {
        idempotencyKey: 'e2e-1',
        operation: 'update',
        documentId: 'carnival-closures',
        documentType: 'article',
        result: 'applied',
        httpStatus: 200,
        storyId: cms.id,
        receivedAt: new Date(now.getTime() - 600_000),
        durationMs: 12,
      });
      const [item] = await insertRawItems(db.knex, [
        {
          outlet: 'Kingston Ledger',
          title: 'Water back in Kingston homes',
          content: '<p>"We finally have water again," said Marcia Brown, a resident of Rae Town.</p>',
          published_at: new Date(now.getTime() - 86_400_000).toISOString(),
        },
      ]);
      await db.knex('raw_feeds').update({ story_id: ids.published0 }).where('id', item);
      const lead = await db.knex('users').insert({ email: 'night.editor@c360.test', role: 'editor' }).returning('id');
      await createTask(
        db.knex,
        {
          title: 'Find a second source for the ferry story',
          storyId: gated.id,
          assigneeId: lead[0].id,
          priority: 'HIGH',
          deadline: new Date(now.getTime() + 3 * 3_600_000).toISOString(),
        },
        { email: 'chief@c360.test' },
      );
      await createTask(
        db.knex,
        { title: 'Check the carnival closure map', storyId: cms.id, priority: 'LOW', status: 'in_progress' },
        { email: 'chief@c360.test' },
      );
    },
  });
  editor = await site.newContext();
  editorEmail = (await site.signInAs(editor, 'editor', 'desk.editor@c360.test')).email;
});
afterAll(async () => {
  await site?.close();
});

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  // Not 'networkidle': the console's event stream stays open.
  await page.goto(`${site.url}${path}`);
  return page;
}
/** A screenshot from the top of the page, with no field focused. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur?.();
    window.scrollTo(0, 0);
  });
  await site.screenshot(page, name);
}
const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title }).first().waitFor();

describe('console shell', () => {
  it('lets an editor sign in with the form and shows the shell: every sidebar link, e-mail, Sign Out, live updates', async () => {
    const user = await site.addUser('editor', 'form.editor@c360.test');
    const context = await site.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/auth`);
    await page.locator('#auth-email').fill(user.email);
    await page.locator('#auth-password').fill(user.password);
    await page
      .locator('form')
      .getByRole('button', { name: /sign in/i })
      .click();
    await page.waitForURL(`${site.url}/dashboard`);
    await page.getByText('Admin Console').waitFor();
    await page.getByText(user.email).waitFor();
    const nav = page.getByRole('navigation', { name: 'Console' });
    const labels = await nav.getByRole('link').allTextContents();
    expect(labels.map((l) => l.trim()).filter(Boolean)).toEqual(
      expect.arrayContaining([
        'Admin Home',
        'Article Feed',
        'Sanity Editor',
        'Editorial Workflow',
        'AI Pipeline',
        'Pipeline Testing',
        'Live Publishing',
        'Content Curation',
        'Content Sync',
        'Signal Scanner',
        'Enhanced Signals',
        'Regional Intelligence',
        'Five-Box Reader',
        'Newsletter Builder',
        'Alert Manager',
        'Analytics',
        'Reader Analytics',
        'Settings',
      ]),
    );
    await page.locator('[data-live-status="live"]').waitFor();
    expect(await nav.evaluate((el) => el.getBoundingClientRect().width)).toBe(256);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(() => nav.evaluate((el) => el.getBoundingClientRect().width)).toBe(64);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${site.url}/auth`);
    await context.close();
  });

  it('refuses every console route to a reader, and sends anonymous visitors to sign in', async () => {
    const reader = await site.newContext();
    await site.signInAs(reader, 'reader');
    const page = await reader.newPage();
    for (const path of CONSOLE_PATHS) {
      await page.goto(`${site.url}${path}`);
      await page.getByRole('heading', { name: 'The console is for editors' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Console' }).count(), path).toBe(0);
    }
    await shot(page, 'console-reader-refused');
    await reader.close();
    const anonymous = await site.newContext();
    const anon = await anonymous.newPage();
    await anon.goto(`${site.url}/dashboard/content-curation`);
    await anon.waitForURL(`${site.url}/auth`);
    await anonymous.close();
  });
});

describe('publishing through the gate', () => {
  it('shows the gate, approves, publishes featured: the home page shows it and a second browser sees it live', async () => {
    // A second editor watches the featured list.
    const watcher = await site.newContext();
    await site.signInAs(watcher, 'editor', 'second.editor@c360.test');
    const watch = await open(watcher, '/dashboard/content-curation');
    await watch.getByRole('heading', { name: 'Homepage Featured' }).waitFor();
    await watch.locator('[data-live-status="live"]').waitFor();
    await watch.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    expect(await watch.getByText(GATED_TITLE).count()).toBe(0);

    const page = await open(editor, '/dashboard/content-curation');
    await page.getByRole('tab', { name: /Ready to Publish/ }).click();
    const card = page.locator(`[data-story-id="${ids.gated}"]`);
    // A story that fails the gate cannot be published from here: the button is off, and says why.
    await card.getByText(NEEDS_VERIFICATION).waitFor();
    await shot(page, 'console-content-curation-ready');
    const publishButton = card.getByRole('button', { name: 'Publish' });
    expect(await publishButton.isDisabled()).toBe(true);
    expect(await publishButton.getAttribute('aria-describedby')).toBe(`gate-${ids.gated}`);
    const dialog = page.getByRole('dialog');

    await card.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('dialog').getByLabel('Reason (optional)').fill('Checked both reports by phone');
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await toast(page, 'Article approved successfully');
    await card.getByText(NEEDS_VERIFICATION).waitFor({ state: 'detached' });
    expect(await card.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(false);

    await card.getByRole('button', { name: 'Publish' }).click();
    await dialog.getByText('Passes the publish gate').waitFor();
    await dialog.getByLabel('Feature on homepage').check();
    expect(await dialog.getByLabel('Featured priority').inputValue()).toBe('1');
    expect(await dialog.getByLabel('Featured priority').locator('option').allTextContents()).toEqual(['1 Highest', '2 High', '3 Medium', '4 Low', '5 Lowest']);
    await dialog.getByText('No expiration').waitFor();
    await shot(page, 'console-publish-dialog');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await toast(page, 'Article Published');
    await page.getByText(`Successfully published "${GATED_TITLE}" with featured status.`).waitFor();

    // The second browser, without reloading.
    await watch.locator('.c-list').getByText(GATED_TITLE).waitFor({ timeout: 10_000 });
    expect(await watch.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await watcher.close();

    // The public home page leads with it.
    const reader = await site.newContext();
    const home = await open(reader, '/');
    await home.getByText(GATED_TITLE).first().waitFor();
    await reader.close();

    const audit = (await site.db.knex('synced_content').where('id', ids.gated).first()).audit_log as { action: string; user: string }[];
    expect(audit.map((e) => [e.action, e.user])).toEqual([
      ['manual_override_approve', editorEmail],
      ['publish', editorEmail],
    ]);
    await page.getByRole('tab', { name: /Featured Content/ }).click();
    await page.getByRole('heading', { name: 'Homepage Featured' }).waitFor();
    await shot(page, 'console-content-curation');
  });
});

describe('editorial screens', () => {
  it('dashboard home, with a story preview', async () => {
    const page = await open(editor, '/dashboard');
    await page.getByRole('heading', { name: 'Editorial Dashboard' }).waitFor();
    await page.getByText('Latest Intelligence Brief').waitFor();
    await page.getByRole('link', { name: /View All \d+ Articles/ }).waitFor();
    expect(await page.locator('.c-article').count()).toBe(3);
    await shot(page, 'console-home');
    await page.goto(`${site.url}/dashboard?preview=${ids.published0}`);
    await page.getByRole('dialog').getByRole('heading', { name: 'Kingston water main repairs finish early' }).waitFor();
    await shot(page, 'console-home-preview');
  });

  it('article feed, filtered by stage', async () => {
    const page = await open(editor, '/dashboard/articles');
    await page.getByRole('heading', { name: 'Article Feed' }).waitFor();
    await page.getByRole('button', { name: /^drafted/ }).click();
    await expect.poll(() => page.locator('.c-article').count()).toBe(1);
    await page.locator('.c-article').filter({ hasText: 'Carnival road closures announced' }).waitFor();
    await page.getByRole('button', { name: /^All/ }).click();
    await page.locator('.c-article').nth(3).waitFor();
    await shot(page, 'console-articles');
  });

  it('content sync: health from recorded deliveries, filters, and the webhook setup with this server’s address', async () => {
    const page = await open(editor, '/dashboard/sync');
    await page.getByText('Healthy').waitFor();
    await page.locator('.c-table').getByText('carnival-closures').waitFor();
    await page.getByPlaceholder('Search articles...').fill('straw market');
    await page.getByRole('heading', { name: 'Synced Articles (1)' }).waitFor();
    await page.getByPlaceholder('Search articles...').fill('');
    await expect.poll(() => page.locator('.c-article').count()).toBeGreaterThan(1);
    await shot(page, 'console-sync');
    await page.getByRole('tab', { name: 'Webhook Setup' }).click();
    expect(await page.getByLabel('Webhook URL', { exact: true }).inputValue()).toBe(`${site.url}/api/sync-sanity`);
    await page.getByRole('button', { name: 'Copy Webhook URL' }).click();
    await toast(page, 'Webhook URL copied successfully');
    await shot(page, 'console-sync-setup');
  });

  it('sanity editor page: CMS documents and their status', async () => {
    const page = await open(editor, '/dashboard/sanity-editor');
    await page.getByRole('heading', { name: 'Carnival road closures announced' }).waitFor();
    const row = page.locator('.c-list-item').filter({ hasText: 'Carnival road closures announced' });
    expect(await row.getByRole('link', { name: 'Edit', exact: true }).getAttribute('href')).toBe(`/dashboard/editor?doc=${ids.cms}`);
    expect(await row.getByRole('link', { name: 'Preview', exact: true }).getAttribute('href')).toBe(`/dashboard?preview=${ids.cms}`);
    expect(await page.getByRole('link', { name: 'New Document', exact: true }).getAttribute('href')).toBe('/dashboard/editor?new=true');
    await shot(page, 'console-sanity-editor');
    await page.getByRole('tab', { name: /Workflow/ }).click();
    await page.getByText('PENDING REVIEW').first().waitFor();
    await shot(page, 'console-sanity-editor-workflow');
  });

  it('editorial workflow: tasks move; the story editor edits content, community voices and the stage', async () => {
    const page = await open(editor, '/dashboard/editor');
    await page.locator('.c-task-title', { hasText: 'Find a second source for the ferry story' }).waitFor();
    await page.locator('.c-link-list li').first().waitFor();
    await shot(page, 'console-editor');
    await page.getByLabel('Status of Check the carnival closure map').selectOption('ready_publish');
    await toast(page, 'Moved to READY PUBLISH');

    await page.goto(`${site.url}/dashboard/editor?doc=${ids.published0}`);
    const form = page.locator('.c-editor-form');
    await form.getByLabel('Title').fill('Kingston water main repairs finish two days early');
    await form.getByLabel('Our take').fill('The outlets agree on the dates.');
    await page.locator('.c-editor-preview').getByText('The outlets agree on the dates.').waitFor();
    await shot(page, 'console-story-editor');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Story saved');

    await page.getByRole('tab', { name: 'Community' }).click();
    const add = page.getByRole('button', { name: 'Add', exact: true });
    expect(await add.isDisabled()).toBe(true);
    await page.getByLabel('Quote').fill('The trucks never came to our street');
    expect(await add.isDisabled()).toBe(true);
    await page.getByLabel('Attribution').fill('Devon Hall, shopkeeper');
    await add.click();
    await toast(page, 'Insight added');
    await page.getByRole('button', { name: 'Auto-generate' }).click();
    await page.getByText('We finally have water again').first().waitFor();
    await page.getByText('100%').waitFor();
    await shot(page, 'console-community');

    await page.getByRole('tab', { name: 'Workflow' }).click();
    await page.getByText('auto-generated-community-insights').waitFor();
    await page.getByText('manual-add-insight').waitFor();
    await shot(page, 'console-workflow-tab');
  });

  it('five-box reader: real story, swipe, progress, font size, audio mode', async () => {
    const page = await open(editor, `/dashboard/five-box-reader?story=${ids.published0}`);
    await page.getByText('42 readers').waitFor();
    await page.getByText('20% read').waitFor();
    const box = page.locator('.c-fivebox-box');
    const area = (await box.boundingBox())!;
    await page.mouse.move(area.x + area.width * 0.7, area.y + area.height / 2);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width * 0.3, area.y + area.height / 2, { steps: 4 });
    await page.mouse.up();
    await page.getByText('40% read').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('60% read').waitFor();
    await page.getByRole('button', { name: /Layer 5/ }).click();
    await page.getByText('100% read').waitFor();
    await page.getByRole('button', { name: 'Reading settings' }).click();
    expect(await page.getByLabel('medium').isChecked()).toBe(true);
    expect(await page.getByLabel('visual').isChecked()).toBe(true);
    await page.getByLabel('large').check();
    await page.getByLabel('audio').check();
    await page.getByRole('group', { name: 'AI Voice Reading' }).waitFor();
    await page.getByRole('button', { name: /Layer 1/ }).click();
    await shot(page, 'console-five-box-reader');
  });
});

describe('accessibility', () => {
  // Many screens, each analysed by axe (2–4 s apiece): more than the default minute.
  it('has no axe violations above minor on the editorial screens', { timeout: 180_000 }, async () => {
    const paths = [
      '/dashboard',
      '/dashboard/articles',
      '/dashboard/content-curation',
      '/dashboard/sync',
      '/dashboard/sanity-editor',
      '/dashboard/editor',
      `/dashboard/editor?doc=${ids.published1}`,
      `/dashboard/editor?doc=${ids.published1}&tab=community`,
      `/dashboard/editor?doc=${ids.published1}&tab=workflow`,
      `/dashboard/five-box-reader?story=${ids.published1}`,
    ];
    const failures: string[] = [];
    for (const path of paths) {
      const page = await open(editor, path);
      await page.locator('main h1').first().waitFor();
      await page
        .locator('[role="status"][aria-live="polite"] .c-skeleton-row')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => {});
      await page.waitForTimeout(300);
      const results = await new AxeBuilder({ page }).analyze();
      for (const v of results.violations.filter((x) => x.impact !== 'minor'))
        failures.push(
          `${path} ${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 4)
            .join(', ')}`,
        );
      await page.close();
    }
    expect(failures).toEqual([]);
  });
});
