import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertRawItems, type FixtureItem } from '../../test/factories/raw-items';
import { createStory } from '../../test/factories/stories';
import { startFeedHost } from '../../test/helpers/feed-host';
import { addFeed } from '../feeds/feed-repository';
import { listenTo, until } from '../../test/helpers/listen';
import { openTestDatabase } from '../../test/helpers/test-database';
import type { Database } from '../db/open-database';
import { CHANNELS } from '../db/notify';
import { isC360Error } from '../errors';
import { silentLogger } from '../logger';
import { countryFactsEnricher } from '../pipeline/enrich/enrichers';
import { createOfflineProvider } from '../pipeline/summarise/offline-provider';
import type { AiProvider } from '../pipeline/summarise/provider';
import {
  createConsoleRun,
  executeConsoleRun,
  getConsoleRun,
  overallProgress,
  planStages,
  reopenForRetry,
  requestCancel,
  USING_EXISTING_RSS,
  type ConsoleRunDeps,
} from './console-runs';

const fixture = JSON.parse(readFileSync(new URL('../../test/fixtures/pipeline/clustering.json', import.meta.url), 'utf8')) as { items: FixtureItem[] };
const now = new Date('2026-11-20T18:00:00Z');
const editor = 'desk@c360.test';
let db: Database;

function deps(options: { ai?: AiProvider; failFirstPipeline?: boolean } = {}): ConsoleRunDeps {
  let calls = 0;
  return {
    db: db.knex,
    clock: () => now,
    logger: silentLogger,
    pipeline: (actor) => {
      calls++;
      if (options.failFirstPipeline && calls === 1) throw new Error('AI provider unreachable');
      return {
        db: db.knex,
        clock: () => now,
        logger: silentLogger,
        actor,
        workerId: `test-${calls}`,
        leaseMs: 60_000,
        batchSize: 10,
        ai: options.ai ?? createOfflineProvider(),
        enrichers: [countryFactsEnricher()],
      };
    },
    ingest: () => ({ clock: () => now, logger: silentLogger, fetch: { userAgent: 'C360 test', allowPrivate: true, maxBytes: 1_000_000 } }),
  };
}

async function seedItems(): Promise<void> {
  await insertRawItems(
    db.knex,
    fixture.items.map((i) => ({ outlet: i.outlet, title: i.title, summary: i.summary, published_at: i.published_at, created_at: i.published_at })),
  );
}

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  for (const table of ['console_runs', 'raw_feeds', 'synced_content', 'pipeline_runs', 'cluster_term_stats', 'signals', 'story_patterns', 'feeds'])
    await db.knex(table).del();
});

describe('progress rules (console spec section 4)', () => {
  it('plans the overlay stages per kind, all pending', () => {
    expect(planStages('full').map((s) => [s.id, s.name, s.status, s.progress])).toEqual([
      ['fetch-rss', 'Fetch RSS Feeds', 'pending', 0],
      ['process-ai', 'AI Processing', 'pending', 0],
      ['detect-patterns', 'Pattern Detection', 'pending', 0],
    ]);
    expect(planStages('step', 'drafting').map((s) => s.name)).toEqual(['Drafting']);
    expect(() => planStages('step')).toThrow('A step run needs a step');
  });

  it('overall progress is 33.33 per finished stage plus a third of the active one', () => {
    const s = (status: 'pending' | 'active' | 'completed' | 'error', progress = 0) => ({ status, progress });
    expect(overallProgress([s('pending'), s('pending'), s('pending')])).toBe(0);
    expect(overallProgress([s('completed', 100), s('active', 50), s('pending')])).toBe(50);
    expect(overallProgress([s('completed', 100), s('error'), s('active', 30)])).toBe(76.67);
    expect(overallProgress([s('completed', 100), s('completed', 100), s('error')])).toBe(100);
    expect(overallProgress([s('active', 40)])).toBe(40);
  });
});

describe('console runs', () => {
  it('a full run: no feed due → "Using existing RSS data"; the items are processed in batches, patterns detected; every change announced in order', async () => {
    await seedItems();
    const listener = await listenTo(db, CHANNELS.pipelineProgress);
    const created = await createConsoleRun(db.knex, { kind: 'full', startedBy: editor, now });
    expect(created).toMatchObject({ status: 'running', overall: 0, complete: false, startedBy: editor });
    const run = await executeConsoleRun(deps(), created.id);
    await until(() => listener.payloads.some((p) => p.runId === created.id && p.status === 'completed'));
    await listener.stop();

    expect(run.status).toBe('completed');
    expect(run.stages.map((s) => [s.id, s.status, s.progress])).toEqual([
      ['fetch-rss', 'completed', 100],
      ['process-ai', 'completed', 100],
      ['detect-patterns', 'completed', 100],
    ]);
    expect(run.stages[0]!.message).toBe(USING_EXISTING_RSS);
    expect(run).toMatchObject({ overall: 100, complete: true, hasErrors: false });
    expect(run.logs.at(-1)!.message).toBe('Pipeline completed successfully!');
    expect(run.logs.some((l) => l.message === 'No feeds registered')).toBe(true);
    const items = await db.knex('raw_feeds').select('processing_status');
    expect(items.every((i: { processing_status: string }) => i.processing_status === 'processed')).toBe(true);
    const decided = await db.knex('synced_content').whereNull('pipeline_next').count({ n: '*' }).first();
    expect(run.result!.stats.processed).toBe(Number(decided!.n));
    expect(run.result!.stats.autoPublished + run.result!.stats.flaggedForReview).toBe(run.result!.stats.processed);
    expect(run.result!.patternStats).toEqual({ patternsDetected: expect.any(Number), clustersFound: expect.any(Number) });

    // Recorded as pipeline runs by the editor, and the stories' audit entries name them.
    const runs = await db.knex('pipeline_runs').select('stage', 'actor', 'status').orderBy('started_at');
    expect(runs).toEqual([
      { stage: 'console', actor: `console:pipeline run (${editor})`, status: 'succeeded' },
      { stage: 'console patterns', actor: `console:pattern-detect (${editor})`, status: 'succeeded' },
    ]);
    const story = await db.knex('synced_content').first('audit_log');
    expect(JSON.stringify(story.audit_log)).toContain(`console:pipeline run (${editor})`);

    // The announcements: this run's stages never go backwards, and the last says completed.
    const mine = listener.payloads.filter((p) => p.runId === created.id);
    const order = ['fetch-rss', 'process-ai', 'detect-patterns'];
    const positions = mine.map((p) => order.indexOf(p.stage as string));
    expect(positions.every((p, i) => p >= 0 && (i === 0 || p >= positions[i - 1]!))).toBe(true);
    expect(new Set(positions)).toEqual(new Set([0, 1, 2]));
    expect(mine.at(-1)).toMatchObject({ source: 'console', kind: 'full', status: 'completed', overall: 100 });
    const overall = mine.map((p) => p.overall as number);
    expect(overall.every((v, i) => i === 0 || v >= overall[i - 1]!)).toBe(true);
  });

  it('one console run at a time; a run whose server stopped beating is marked interrupted by the next start', async () => {
    const first = await createConsoleRun(db.knex, { kind: 'patterns', startedBy: editor, now });
    const refused = await createConsoleRun(db.knex, { kind: 'full', startedBy: 'other@c360.test', now }).catch((e: unknown) => e);
    expect(isC360Error(refused, 'conflict')).toBe(true);
    expect((refused as Error).message).toContain(`started by ${editor}`);
    await db
      .knex('console_runs')
      .where('id', first.id)
      .update({
        heartbeat_at: new Date(now.getTime() - 10 * 60_000).toISOString(),
        stages: JSON.stringify(planStages('patterns').map((s) => ({ ...s, status: 'active' }))),
      });
    const second = await createConsoleRun(db.knex, { kind: 'full', startedBy: 'other@c360.test', now });
    expect(second.status).toBe('running');
    const interrupted = await getConsoleRun(db.knex, first.id);
    expect(interrupted.status).toBe('failed');
    expect(interrupted.stages[0]).toMatchObject({ status: 'error', error: 'Interrupted: the server running it stopped' });
  });

  it('a stage that fails is marked error with its message, the next stage still runs, and Retry runs it again', async () => {
    await seedItems();
    const created = await createConsoleRun(db.knex, { kind: 'full', startedBy: editor, now });
    const failing = deps({ failFirstPipeline: true });
    const run = await executeConsoleRun(failing, created.id);
    expect(run.status).toBe('failed');
    expect(run.hasErrors).toBe(true);
    expect(run.complete).toBe(true);
    expect(run.stages.map((s) => s.status)).toEqual(['completed', 'error', 'completed']);
    expect(run.stages[1]!.error).toBe('AI provider unreachable');
    expect(run.logs.at(-1)!.message).toBe('Some stages encountered errors');
    expect(await db.knex('raw_feeds').where('processing_status', 'pending').count({ n: '*' }).first()).toEqual({ n: fixture.items.length });

    await expect(reopenForRetry(db.knex, { id: created.id, stage: 'detect-patterns', actor: editor, now })).rejects.toThrow(
      'Only a stage that failed can be retried',
    );
    await expect(reopenForRetry(db.knex, { id: created.id, stage: 'nope', actor: editor, now })).rejects.toThrow('has no stage nope');
    const reopened = await reopenForRetry(db.knex, { id: created.id, stage: 'process-ai', actor: editor, now });
    expect(reopened.stages[1]).toMatchObject({ status: 'active', progress: 0, error: null });
    const retried = await executeConsoleRun(failing, created.id);
    expect(retried.status).toBe('completed');
    expect(retried.stages.map((s) => s.status)).toEqual(['completed', 'completed', 'completed']);
    expect(await db.knex('raw_feeds').where('processing_status', 'pending').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(retried.logs.some((l) => l.message === `Retry of AI Processing requested by ${editor}`)).toBe(true);
  });

  it('cancel (from any server, through the database) stops between batches: the active stage goes back to pending, the run is recorded as cancelled', async () => {
    await seedItems();
    const offline = createOfflineProvider();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const summarising = new Promise<void>((resolve) => (reached = resolve));
    const slow: AiProvider = {
      name: offline.name,
      model: offline.model,
      summarise: async (input) => {
        reached();
        await gate;
        return offline.summarise(input);
      },
    };
    const created = await createConsoleRun(db.knex, { kind: 'full', startedBy: editor, now });
    const running = executeConsoleRun(deps({ ai: slow }), created.id);
    await summarising;
    const asked = await requestCancel(db.knex, created.id);
    expect(asked.status).toBe('running');
    release();
    const run = await running;
    expect(run.status).toBe('cancelled');
    expect(run.stages.map((s) => [s.id, s.status, s.progress])).toEqual([
      ['fetch-rss', 'completed', 100],
      ['process-ai', 'pending', 0],
      ['detect-patterns', 'pending', 0],
    ]);
    expect(run.logs.at(-1)!.message).toBe('Cancelled');
    expect(await db.knex('pipeline_runs').where('stage', 'console').first('status')).toEqual({ status: 'cancelled' });
    // Every item was clustered first; summarising stopped after its first batch: stories remain for the next run.
    expect(await db.knex('raw_feeds').where('processing_status', 'pending').count({ n: '*' }).first()).toEqual({ n: 0 });
    const waiting = await db.knex('synced_content').where('pipeline_next', 'summarise').count({ n: '*' }).first();
    expect(Number(waiting!.n)).toBeGreaterThan(0);
    expect(await db.knex('synced_content').where('pipeline_next', 'fact_check').orWhere('pipeline_stage', 'published').count({ n: '*' }).first()).toEqual({
      n: 10,
    });
    await expect(requestCancel(db.knex, created.id)).rejects.toThrow('already finished');
  });

  it('every due feed failing makes Fetch RSS Feeds an error with the reason; AI processing still runs on what is stored', async () => {
    const host = await startFeedHost({ '/down.xml': (_req, res) => res.writeHead(500).end('boom') });
    try {
      const feed = await addFeed(db.knex, { url: host.url('/down.xml'), outlet: 'Kingston Ledger', region: 'Jamaica', kind: 'press' });
      await db
        .knex('feeds')
        .where('id', feed.id)
        .update({ next_fetch_at: new Date(now.getTime() - 60_000).toISOString() });
      await seedItems();
      const created = await createConsoleRun(db.knex, { kind: 'full', startedBy: editor, now });
      const run = await executeConsoleRun(deps(), created.id);
      expect(run.status).toBe('failed');
      expect(run.stages.map((s) => s.status)).toEqual(['error', 'completed', 'completed']);
      expect(run.stages[0]!.error).toMatch(/^Every feed failed \(1 feed\(s\) fetched: 0 new item\(s\), 1 failed\)$/);
      expect(run.logs.some((l) => l.level === 'error' && l.message.startsWith(host.url('/down.xml')))).toBe(true);
      expect(run.result!.ingest).toEqual({ feeds: 1, itemsNew: 0, failed: 1 });
      expect(await db.knex('raw_feeds').where('processing_status', 'pending').count({ n: '*' }).first()).toEqual({ n: 0 });
    } finally {
      await host.close();
    }
  });

  it('Enrich External Data: stories with layers and no external data get it; a step run does only its step', async () => {
    for (const region of ['Jamaica', 'Barbados', 'Atlantis']) {
      const story = await createStory(db.knex, { title: `Budget news from ${region}`, region, tags: ['economy'] });
      await db
        .knex('synced_content')
        .where('id', story.id)
        .update({ layers: JSON.stringify([{ layerType: 'why_it_matters', content: 'It matters.' }]) });
    }
    const enrich = await executeConsoleRun(deps(), (await createConsoleRun(db.knex, { kind: 'enrich', startedBy: editor, now })).id);
    expect(enrich).toMatchObject({ status: 'completed', result: { enriched: 2 } });
    expect(enrich.stages[0]!.message).toBe('3 story(ies) looked at, 2 enriched with external data');
    expect(await db.knex('synced_content').whereNull('external_data_feeds').count({ n: '*' }).first()).toEqual({ n: 0 });

    await seedItems();
    const step = await executeConsoleRun(deps(), (await createConsoleRun(db.knex, { kind: 'step', step: 'ingestion', startedBy: editor, now })).id);
    expect(step.stages).toMatchObject([{ id: 'ingestion', status: 'completed', progress: 100 }]);
    expect(await db.knex('synced_content').where('pipeline_next', 'summarise').count({ n: '*' }).first()).not.toEqual({ n: 0 });
    expect(await db.knex('pipeline_runs').where('stage', 'console ingestion').first('actor')).toEqual({ actor: `console:ingestion (${editor})` });
  });
});
