import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { silentLogger } from '../logger';
import { useTestDatabase } from '../../test/helpers/test-database';
import { listenTo, until } from '../../test/helpers/listen';
import { CHANNELS } from '../db/notify';
import { insertRawItems, type FixtureItem } from '../../test/factories/raw-items';
import { countryFactsEnricher } from './enrich/enrichers';
import { runPipeline, type PipelineDeps } from './runner';
import { createOfflineProvider } from './summarise/offline-provider';

const fixture = JSON.parse(readFileSync(new URL('../../test/fixtures/pipeline/clustering.json', import.meta.url), 'utf8')) as { items: FixtureItem[] };
const now = new Date('2026-11-20T18:00:00Z');
let db: Database;

function deps(overrides: Partial<PipelineDeps> = {}): PipelineDeps {
  return {
    db: db.knex,
    clock: () => now,
    logger: silentLogger,
    actor: 'cli:pipeline run (tester)',
    workerId: 'test-worker',
    leaseMs: 60_000,
    batchSize: 10,
    ai: createOfflineProvider(),
    enrichers: [countryFactsEnricher()],
    ...overrides,
  };
}

useTestDatabase((opened) => (db = opened), ['raw_feeds', 'synced_content', 'pipeline_runs', 'cluster_term_stats']);

describe('runPipeline', () => {
  it('turns the fixture items into stories, checks them, publishes the triangulated ones and records the run', async () => {
    await insertRawItems(
      db.knex,
      fixture.items.map((i) => ({ outlet: i.outlet, title: i.title, summary: i.summary, published_at: i.published_at, created_at: i.published_at })),
    );
    const listener = await listenTo(db, CHANNELS.pipelineProgress);
    const result = await runPipeline(deps());
    await until(() => listener.payloads.some((p) => p.stage === 'run'));
    await listener.stop();
    expect(listener.payloads.filter((p) => p.status === 'finished').map((p) => p.stage)).toEqual([
      'cluster',
      'summarise',
      'fact_check',
      'patterns',
      'enrich',
      'publish',
      'run',
    ]);
    expect(listener.payloads.at(-1)).toMatchObject({ runId: result.runId, stage: 'run', stats: result.stats });
    const stories = await db.knex('synced_content').select('*').orderBy('title');
    // Clustering quality is measured by cluster-quality.test.ts and bench:clustering; here one report pair
    // that shares only its town and the word fire (May Pen, Clarendon) may stay two stories.
    const events = new Set(fixture.items.map((i) => i.event)).size;
    expect(stories.length).toBeGreaterThanOrEqual(events);
    expect(stories.length).toBeLessThanOrEqual(events + 1);
    const items = await db.knex('raw_feeds').select('processing_status', 'story_id');
    expect(items.every((i: { processing_status: string; story_id: string }) => i.processing_status === 'processed' && i.story_id)).toBe(true);
    const fire = stories.find((s: { source_list: string[] }) => s.source_list.includes('Northcoast Times'));
    expect(fire.source_count).toBe(3);
    expect(['verified', 'published']).toContain(fire.pipeline_stage);
    const single = stories.find((s: { source_list: string[] }) => s.source_list.includes('Spice Isle News'));
    expect(single.pipeline_stage).toBe('verified');
    // One outlet alone is held back by the two-source rule, not rated a risk: risk follows what could mislead (fact-check/risk.ts).
    expect(single.ai_risk_level).toMatch(/low|medium/);
    expect(single.flag_reason).toContain('needs at least 2 sources');
    const published = stories.filter((s: { pipeline_stage: string }) => s.pipeline_stage === 'published');
    expect(result.stats.autoPublished).toBe(published.length);
    expect(result.stats.autoPublished + result.stats.flaggedForReview).toBe(result.stats.processed);
    expect(result.stats.failed).toBe(0);
    const [run] = await db.knex('pipeline_runs').select('*');
    expect(run).toMatchObject({ stage: 'full', status: 'succeeded', actor: 'cli:pipeline run (tester)', auto_published: published.length });
  });
});
