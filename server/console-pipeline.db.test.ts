import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addFeed } from '../core/feeds/feed-repository';
import { silentLogger } from '../core/logger';
import { readSchedulerSetting } from '../core/operations/scheduler-setting';
import { startSchedule } from '../core/pipeline/scheduler';
import { insertRawItems, type FixtureItem } from '../test/factories/raw-items';
import { createStory } from '../test/factories/stories';
import { startFeedHost, type FeedHost } from '../test/helpers/feed-host';
import type { TestClient } from '../test/helpers/http-client';
import { SseStream } from '../test/helpers/sse-client';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

const fixture = JSON.parse(readFileSync(new URL('../test/fixtures/pipeline/clustering.json', import.meta.url), 'utf8')) as { items: FixtureItem[] };
const RSS = readFileSync(new URL('../test/fixtures/feeds/rss2.xml', import.meta.url), 'utf8');

let t: TestApp;
let feeds: FeedHost;
let editor: TestClient;
let editorEmail: string;
let admin: TestClient;
let adminEmail: string;

/** The fixture's items, dated as if they arrived over the last hours. */
async function seedItems(count = fixture.items.length): Promise<string[]> {
  const newest = Math.max(...fixture.items.map((i) => new Date(i.published_at).getTime()));
  const shift = Date.now() - 60_000 - newest;
  return insertRawItems(
    t.db.knex,
    fixture.items.slice(0, count).map((i) => {
      const at = new Date(new Date(i.published_at).getTime() + shift).toISOString();
      return { outlet: i.outlet, title: i.title, summary: i.summary, published_at: at, created_at: at };
    }),
  );
}

async function waitForRun(client: TestClient, id: string) {
  for (let i = 0; i < 400; i++) {
    const { run } = await client.json(await client.get(`/api/console/pipeline/runs/${id}`));
    if (run.status !== 'running') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('run did not finish');
}

beforeAll(async () => {
  feeds = await startFeedHost({ '/rss.xml': (_req, res) => res.setHeader('content-type', 'application/rss+xml').end(RSS) });
  t = await startTestApp({ env: { C360_ALLOW_PRIVATE_FEEDS: '1' } });
  const e = await t.signedIn('editor', 'pipeline.editor@c360.test');
  editor = e.client;
  editorEmail = e.user.email;
  const a = await t.signedIn('admin', 'pipeline.admin@c360.test');
  admin = a.client;
  adminEmail = a.user.email;
});
afterAll(async () => {
  await t.close();
  await feeds.close();
});
beforeEach(async () => {
  for (const table of [
    'console_runs',
    'raw_item_carriers',
    'raw_feeds',
    'synced_content',
    'pipeline_runs',
    'cluster_term_stats',
    'signals',
    'story_patterns',
    'feeds',
  ])
    await t.db.knex(table).del();
});

describe('runs from Pipeline Controls', () => {
  it('Run Full Pipeline really fetches the due feeds, processes the pending items, detects patterns, and its progress events arrive in order', async () => {
    await seedItems(20);
    await addFeed(t.db.knex, { url: feeds.url('/rss.xml'), outlet: 'Kingston Ledger', region: 'Jamaica', kind: 'press' });
    const stream = await SseStream.open(editor, '/api/console/events');
    await stream.next('ready');

    const res = await editor.post('/api/console/pipeline/runs', { kind: 'full' });
    expect(res.status).toBe(202);
    const { run: started } = await res.json();
    expect(started.stages.map((s: { id: string; name: string }) => [s.id, s.name])).toEqual([
      ['fetch-rss', 'Fetch RSS Feeds'],
      ['process-ai', 'AI Processing'],
      ['detect-patterns', 'Pattern Detection'],
    ]);
    expect(started.startedBy).toBe(editorEmail);
    const run = await waitForRun(editor, started.id);
    expect(run.status).toBe('completed');
    expect(run.stages.map((s: { status: string }) => s.status)).toEqual(['completed', 'completed', 'completed']);
    expect(run.stages[0].message).toMatch(/^1 feed\(s\) fetched: \d+ new item\(s\)$/);
    expect(feeds.requests.some((r) => r.path === '/rss.xml')).toBe(true);
    expect(run.result.ingest.itemsNew).toBeGreaterThan(0);
    expect(run.result.stats.processed).toBeGreaterThan(0);
    expect(await t.db.knex('raw_feeds').where('processing_status', 'pending').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(run).toMatchObject({ overall: 100, complete: true, hasErrors: false });

    // The stream carried this run's progress, stage by stage, never backwards, ending completed.
    const order = ['fetch-rss', 'process-ai', 'detect-patterns'];
    const seen: { stage: string; status: string; overall: number }[] = [];
    while (!seen.some((e) => e.status === 'completed')) {
      const event = await stream.next('pipeline');
      if (event.data.runId === started.id) seen.push(event.data);
    }
    stream.close();
    const positions = seen.map((e) => order.indexOf(e.stage));
    expect(positions.every((p, i) => p >= 0 && (i === 0 || p >= positions[i - 1]!))).toBe(true);
    expect(seen.at(-1)).toMatchObject({ source: 'console', status: 'completed', overall: 100 });

    // The AI Pipeline overview shows the run's record as the last run, with its auto-publish rate.
    const overview = await editor.json(await editor.get('/api/console/pipeline/overview'));
    expect(overview.lastRun).toMatchObject({ label: 'console', actor: `console:pipeline run (${editorEmail})`, processed: run.result.stats.processed });
    expect(overview.lastRun.autoPublishRate).toBe(Math.round((run.result.stats.autoPublished / run.result.stats.processed) * 100));
    expect(overview.yourLastRun).toEqual(overview.lastRun);

    // A scheduled run that finds nothing finishes later: it is the latest run, but the editor's card keeps their own.
    const mine = overview.lastRun;
    await t.db.knex('pipeline_runs').insert({
      stage: 'schedule',
      actor: 'cron:pipeline',
      status: 'succeeded',
      started_at: new Date(Date.parse(mine.startedAt) + 60_000).toISOString(),
      finished_at: new Date(Date.parse(mine.startedAt) + 61_000).toISOString(),
      processed: 0,
      auto_published: 0,
      flagged_for_review: 0,
      failed: 0,
      stats: JSON.stringify({ publish: { processed: 0 } }),
    });
    const later = await editor.json(await editor.get('/api/console/pipeline/overview'));
    expect(later.lastRun).toMatchObject({ label: 'schedule', actor: 'cron:pipeline', processed: 0 });
    expect(later.yourLastRun).toEqual(mine);
    // Another editor started no run: their card shows the latest run, not this editor's.
    expect((await admin.json(await admin.get('/api/console/pipeline/overview'))).yourLastRun).toBeNull();
    expect(overview.counts).toMatchObject({ pendingItems: 0, feeds: 1 });
    expect(overview.stages.all).toBeGreaterThan(0);
    expect(overview.principles.map((p: { key: string }) => p.key)).toEqual([
      'two_sources',
      'fact_checked',
      'caribbean_context',
      'summary_length',
      'five_box',
      'diaspora_score',
    ]);
    const twoSources = overview.principles[0];
    const published = await t.db.knex('synced_content').where('pipeline_stage', 'published').select('source_count');
    expect(twoSources.checked).toBe(published.length);
    expect(twoSources.met).toBe(published.filter((p: { source_count: number }) => p.source_count >= 2).length);
    expect(overview.steps.map((s: { id: string }) => s.id)).toEqual([
      'ingestion',
      'drafting',
      'verification',
      'signal-detection',
      'enrichment',
      'editorial',
      'publishing',
    ]);
    expect(overview.steps.find((s: { id: string }) => s.id === 'editorial').waiting).toBe(overview.counts.attention);
  });

  it('step runs, cancel and retry through the API; bad input is refused', async () => {
    for (const body of [
      {},
      { kind: 'everything' },
      { kind: 'step' },
      { kind: 'step', step: 'editorial' },
      { kind: 'full', step: 'drafting' },
      { kind: 'full', extra: 1 },
    ]) {
      expect((await editor.post('/api/console/pipeline/runs', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await editor.get('/api/console/pipeline/runs/not-a-uuid')).status).toBe(404);
    expect((await editor.post('/api/console/pipeline/runs/00000000-0000-4000-8000-000000000000/cancel', {})).status).toBe(404);
    expect((await editor.post('/api/console/pipeline/runs/00000000-0000-4000-8000-000000000001/retry', {})).status).toBe(400);

    // One run at a time (a run going on another server, beating recently).
    await t.db
      .knex('console_runs')
      .insert({ kind: 'patterns', status: 'running', stages: JSON.stringify([]), started_by: 'elsewhere@c360.test', server: 'other:1' });
    const refused = await editor.post('/api/console/pipeline/runs', { kind: 'full' });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toContain('started by elsewhere@c360.test');
    await t.db.knex('console_runs').del();

    await seedItems(12);
    const { run: step } = await editor.json(await editor.post('/api/console/pipeline/runs', { kind: 'step', step: 'ingestion' }));
    expect(step.stages).toMatchObject([{ id: 'ingestion', name: 'Ingestion' }]);
    const done = await waitForRun(editor, step.id);
    expect(done.status).toBe('completed');
    expect(await t.db.knex('raw_feeds').where('processing_status', 'pending').count({ n: '*' }).first()).toEqual({ n: 0 });
    // Only clustering ran: the stories wait for their summary.
    expect(Number((await t.db.knex('synced_content').where('pipeline_next', 'summarise').count({ n: '*' }).first())!.n)).toBeGreaterThan(0);
    expect((await editor.post(`/api/console/pipeline/runs/${step.id}/cancel`, {})).status).toBe(409);
    expect((await editor.post(`/api/console/pipeline/runs/${step.id}/retry`, { stage: 'ingestion' })).status).toBe(409);

    // A cancel asked while the run goes: it stops, and says so (or it had already finished).
    const { run: drafting } = await editor.json(await editor.post('/api/console/pipeline/runs', { kind: 'step', step: 'drafting' }));
    const cancel = await admin.post(`/api/console/pipeline/runs/${drafting.id}/cancel`, {});
    const finished = await waitForRun(editor, drafting.id);
    if (cancel.status === 200) {
      expect(finished.status).toBe('cancelled');
      expect(finished.stages[0]).toMatchObject({ status: 'pending', progress: 0 });
    } else {
      expect(cancel.status).toBe(409);
      expect(finished.status).toBe('completed');
    }
    const current = await editor.json(await editor.get('/api/console/pipeline/runs/current'));
    expect(current.run.id).toBe(drafting.id);
  });
});

describe('the operator API (admins only)', () => {
  it('lists pending items newest first (at most 5), processes one through every stage, and runs the whole pipeline', async () => {
    const ids = await seedItems(8);
    const list = await admin.json(await admin.get('/api/admin/pipeline/pending?limit=5'));
    expect(list.items).toHaveLength(5);
    const created = list.items.map((i: { created_at: string }) => i.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(list.items[0]).toEqual({ id: expect.any(String), title: expect.any(String), processing_status: 'pending', created_at: expect.any(String) });
    for (const q of ['limit=6', 'limit=0', 'limit=x']) expect((await admin.get(`/api/admin/pipeline/pending?${q}`)).status).toBe(400);
    expect((await editor.get('/api/admin/pipeline/pending')).status).toBe(403);

    const first = (await admin.json(await admin.get('/api/admin/pipeline/pending?limit=1'))).items[0];
    const res = await admin.post('/api/admin/pipeline/process', { articleId: first.id });
    expect(res.status).toBe(200);
    const { message, storyId } = await res.json();
    expect(message).toContain(`"${first.title}" is part of the story`);
    const item = await t.db.knex('raw_feeds').where('id', first.id).first('processing_status', 'story_id');
    expect(item).toEqual({ processing_status: 'processed', story_id: storyId });
    // Its story went through summarise, fact-check and a publish decision; the other items wait.
    const story = await t.db.knex('synced_content').where('id', storyId).first('pipeline_next', 'pipeline_stage', 'audit_log');
    expect(story.pipeline_next).toBeNull();
    expect(['verified', 'published']).toContain(story.pipeline_stage);
    expect(JSON.stringify(story.audit_log)).toContain(`console:process item (${adminEmail})`);
    expect(await t.db.knex('raw_feeds').where('processing_status', 'pending').count({ n: '*' }).first()).toEqual({ n: ids.length - 1 });
    expect((await admin.post('/api/admin/pipeline/process', { articleId: first.id })).status).toBe(409);
    expect((await admin.post('/api/admin/pipeline/process', { articleId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await admin.post('/api/admin/pipeline/process', { articleId: 'nope' })).status).toBe(400);
    expect((await admin.post('/api/admin/pipeline/process', {})).status).toBe(400);

    const run = await admin.post('/api/admin/pipeline/run', {});
    expect(run.status).toBe(200);
    const body = await run.json();
    expect(body.stats).toEqual({ processed: expect.any(Number), autoPublished: expect.any(Number), flaggedForReview: expect.any(Number), failed: 0 });
    expect(body.stats.processed).toBeGreaterThan(0);
    expect(await t.db.knex('raw_feeds').where('processing_status', 'pending').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect((await admin.post('/api/admin/pipeline/run', { action: 'run_full_pipeline' })).status).toBe(400);
    expect((await editor.post('/api/admin/pipeline/run', {})).status).toBe(403);
  });
});

describe('Live Publishing', () => {
  it("counts today's runs and reviews, computes the analytics, and lists the stories that need attention", async () => {
    await seedItems(16);
    await admin.post('/api/admin/pipeline/run', {});
    const flagged = await createStory(t.db.knex, {
      title: 'Two outlets report a disputed port fee in Kingston',
      pipeline_stage: 'verified',
      status: 'draft',
      published_at: null,
      ai_risk_level: 'high',
      flag_reason: 'Risk high: contradictory figures',
      auto_publish_eligible: false,
    });
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    const status = await editor.json(await editor.get(`/api/console/publishing?since=${encodeURIComponent(midnight.toISOString())}`));
    const runs = await t.db.knex('pipeline_runs').where('started_at', '>=', midnight.toISOString()).select('processed', 'auto_published', 'flagged_for_review');
    const sum = (k: string) => runs.reduce((n: number, r: Record<string, number>) => n + Number(r[k]), 0);
    expect(status.counters).toMatchObject({
      processedToday: sum('processed'),
      autoPublished: sum('auto_published'),
      flagged: sum('flagged_for_review'),
      humanReviews: 0,
    });
    expect(status.analytics.successRate).toBe(Math.round(((sum('processed') - sum('flagged_for_review')) / sum('processed')) * 1000) / 10);
    const outlets = await t.db.knex('raw_feeds').where('created_at', '>=', midnight.toISOString()).countDistinct({ n: 'outlet' }).first();
    expect(status.analytics.activeSources).toBe(Number(outlets!.n));
    const published = await t.db.knex('synced_content').where('pipeline_stage', 'published').count({ n: '*' }).first();
    expect(status.analytics.processingTime.stories).toBe(Number(published!.n));
    expect(status.analytics.processingTime.averageMinutes).toBeGreaterThanOrEqual(0);
    expect(status.scheduler).toMatchObject({ enabled: false, thisServer: { running: false, canRun: false } });

    const attention = await editor.json(await editor.get('/api/console/publishing/attention'));
    expect(attention.items.length).toBeLessThanOrEqual(20);
    expect(attention.items[0]).toMatchObject({ id: flagged.id, status_label: 'Flagged' });
    const updated = attention.items.map((s: { updated_at: string }) => s.updated_at);
    expect([...updated].sort().reverse()).toEqual(updated);
    expect(
      attention.items.every(
        (s: { pipeline_stage: string; flag_reason: string | null; auto_publish_eligible: boolean }) =>
          s.pipeline_stage !== 'published' && (s.flag_reason || !s.auto_publish_eligible),
      ),
    ).toBe(true);

    for (const q of ['since=yesterday', 'since=2020-01-01T00:00:00Z', `since=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`]) {
      expect((await editor.get(`/api/console/publishing?${q}`)).status, q).toBe(400);
    }
  });

  it('the Review dialog: the four overrides write audit entries with the signed-in user, and an approved story is queued and published by the next run', async () => {
    const story = await createStory(t.db.knex, {
      title: 'Approve me: new ferry schedule between Trinidad and Tobago',
      region: 'Trinidad and Tobago',
      pipeline_stage: 'verified',
      status: 'draft',
      published_at: null,
      ai_risk_level: 'high',
      flag_reason: 'Risk high: single quote reworded',
      auto_publish_eligible: false,
    });
    const override = async (client: TestClient, action: string, reason?: string) => {
      const res = await client.post(`/api/console/stories/${story.id}/override`, { action, reason });
      expect(res.status, action).toBe(200);
      return (await res.json()).story;
    };
    expect(await override(editor, 'reject', 'Needs a second source')).toMatchObject({ flag_reason: 'Needs a second source', auto_publish_eligible: false });
    expect(await override(admin, 'escalate')).toMatchObject({ flag_reason: 'Escalated for review', pipeline_stage: 'verified' });
    const approved = await override(editor, 'approve', 'Confirmed with the ministry');
    expect(approved).toMatchObject({ flag_reason: null, human_verified: true, auto_publish_eligible: true, last_updated_by: editorEmail });
    expect(await t.db.knex('synced_content').where('id', story.id).first('pipeline_next', 'flag_origin')).toEqual({
      pipeline_next: 'publish',
      flag_origin: null,
    });
    expect((await editor.post(`/api/console/stories/${story.id}/override`, { action: 'delete' })).status).toBe(400);
    expect((await editor.post(`/api/console/stories/${story.id}/override`, { action: 'approve', reason: 'x'.repeat(501) })).status).toBe(400);

    // The next run's publish stage takes it to a decision: its sources allow it, so it is published.
    const { run } = await editor.json(await editor.post('/api/console/pipeline/runs', { kind: 'step', step: 'publishing' }));
    expect((await waitForRun(editor, run.id)).result.stats).toMatchObject({ processed: 1, autoPublished: 1 });
    const after = await editor.json(await editor.get(`/api/console/stories/${story.id}`));
    expect(after.story).toMatchObject({ pipeline_stage: 'published', status: 'published' });
    expect(after.story.audit_log.map((e: { action: string; user: string }) => [e.action, e.user])).toEqual([
      ['manual_override_reject', editorEmail],
      ['manual_override_escalate', adminEmail],
      ['manual_override_approve', editorEmail],
      ['publish', `console:publishing (${editorEmail})`],
    ]);
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    const status = await editor.json(await editor.get(`/api/console/publishing?since=${encodeURIComponent(midnight.toISOString())}`));
    expect(status.counters.humanReviews).toBe(3);

    // Force Publish needs no gate.
    const single = await createStory(t.db.knex, {
      title: 'Single-source scoop on a Barbados budget leak',
      pipeline_stage: 'verified',
      status: 'draft',
      published_at: null,
      source_count: 1,
      triangulation_check: false,
    });
    const forced = await editor.json(await editor.post(`/api/console/stories/${single.id}/override`, { action: 'publish', reason: 'Editor in chief' }));
    expect(forced.story).toMatchObject({ pipeline_stage: 'published', human_verified: true, auto_publish_eligible: true });
    expect(forced.story.audit_log.at(-1)).toMatchObject({ action: 'manual_override_publish', user: editorEmail, reason: 'Editor in chief' });
  });
});

describe('the Start/Stop System switch', () => {
  it("starts and stops this server's schedule for real, is kept in the database, and other servers follow it", async () => {
    let ticks = 0;
    const schedule = () => startSchedule([{ name: 'tick', cron: '* * * * * *', run: async () => void ticks++ }], { logger: silentLogger });
    const one = await startTestApp({ db: t.db, schedule: { create: schedule, pollMs: 200 } });
    const two = await startTestApp({ db: t.db, schedule: { create: schedule, pollMs: 200 } });
    try {
      const a = (await one.signedIn('admin', 'switch.admin@c360.test')).client;
      const e = (await one.signedIn('editor', 'switch.editor@c360.test')).client;
      const view = async (client: TestClient) => (await client.json(await client.get('/api/console/publishing'))).scheduler;
      expect(await view(e)).toMatchObject({ enabled: false, thisServer: { running: false, canRun: true } });

      expect((await e.request('PUT', '/api/admin/scheduler', { body: { running: true } })).status).toBe(403);
      for (const body of [{}, { running: 'yes' }, { running: true, jobs: [] }])
        expect((await a.request('PUT', '/api/admin/scheduler', { body })).status).toBe(400);

      const on = await a.json(await a.request('PUT', '/api/admin/scheduler', { body: { running: true } }));
      expect(on.scheduler).toMatchObject({ enabled: true, updatedBy: 'switch.admin@c360.test', thisServer: { running: true, jobs: ['tick (* * * * * *)'] } });
      await expect.poll(() => ticks, { timeout: 5000 }).toBeGreaterThan(0);
      // The state survives a reload: it is read back from the server and the database.
      expect(await view(e)).toMatchObject({ enabled: true, thisServer: { running: true } });
      expect((await readSchedulerSetting(t.db.knex)).enabled).toBe(true);

      // The other server picks the switch up from the database.
      const other = (await two.signedIn('editor', 'switch.other@c360.test')).client;
      await expect.poll(async () => (await view(other)).thisServer.running, { timeout: 5000, interval: 100 }).toBe(true);

      const off = await a.json(await a.request('PUT', '/api/admin/scheduler', { body: { running: false } }));
      expect(off.scheduler).toMatchObject({ enabled: false, thisServer: { running: false, jobs: [] } });
      await new Promise((r) => setTimeout(r, 1200));
      await expect.poll(async () => (await view(other)).thisServer.running, { timeout: 5000, interval: 100 }).toBe(false);
      const stoppedAt = ticks;
      await new Promise((r) => setTimeout(r, 1500));
      expect(ticks).toBe(stoppedAt);
      // Settings › System reports this server's real state.
      expect((await a.json(await a.get('/api/admin/system'))).scheduler).toMatchObject({ running: false });
    } finally {
      await one.close();
      await two.close();
    }
  }, 60_000);
});
