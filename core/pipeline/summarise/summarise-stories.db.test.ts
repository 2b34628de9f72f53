import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/open-database';
import { silentLogger } from '../../logger';
import { insertRawItems } from '../../../test/factories/raw-items';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/helpers/fake-openai';
import { openTestDatabase } from '../../../test/helpers/test-database';
import { clusterItems } from '../cluster/cluster-items';
import type { StageContext } from '../types';
import { createOpenAiProvider } from './openai-provider';
import { summariseStories } from './summarise-stories';

let db: Database;
let fake: FakeOpenAi;
const ctx = (): StageContext => ({
  db: db.knex,
  clock: () => new Date('2026-11-20T12:00:00Z'),
  logger: silentLogger,
  actor: 'cli:summarise (tester)',
  workerId: 'w',
  leaseMs: 60_000,
  batchSize: 10,
});
const ai = () => createOpenAiProvider({ apiKey: 'k', baseUrl: fake.baseUrl, model: 'fake-model', timeoutMs: 3000, maxRetries: 1, backoffMs: 1 });

beforeAll(async () => {
  db = await openTestDatabase();
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
  await db.close();
});
beforeEach(async () => {
  await db.knex('raw_feeds').del();
  await db.knex('synced_content').del();
  fake.calls = 0;
  fake.setScript([], 'valid');
});

async function twoOutletStory(): Promise<string> {
  await insertRawItems(db.knex, [
    {
      outlet: 'Kingston Ledger',
      title: 'Blaze destroys four homes in Ocho Rios community',
      summary: 'Four houses were gutted by fire in the Ocho Rios area of St Ann early Monday, leaving 15 residents homeless.',
      published_at: '2026-11-16T08:00:00Z',
    },
    {
      outlet: 'Antilles Wire',
      title: 'St Ann fire leaves 15 people homeless',
      summary: 'Fifteen people are homeless after a fire swept through four dwellings near Ocho Rios, St Ann, on Monday morning.',
      published_at: '2026-11-16T11:30:00Z',
    },
  ]);
  await clusterItems(ctx());
  const [story] = await db.knex('synced_content').select('id');
  return story.id;
}

describe('summarise stage with the OpenAI-compatible provider', () => {
  it('one AI call per story; layers written, story drafted, token usage recorded, items processed', async () => {
    const id = await twoOutletStory();
    const stats = await summariseStories(ctx(), { ai: ai() });
    expect(stats).toMatchObject({ processed: 1, failed: 0 });
    expect(fake.calls).toBe(1);
    const story = await db.knex('synced_content').where('id', id).first();
    expect(story.pipeline_stage).toBe('drafted');
    expect(story.pipeline_next).toBe('fact_check');
    expect(story.layers.map((l: { layerType: string }) => l.layerType)).toEqual([
      'short_version',
      'what_happened',
      'what_locals_saying',
      'why_it_matters',
      'our_take',
    ]);
    expect(story.ai_usage).toMatchObject({ provider: 'openai', model: 'fake-model', calls: 1, total_tokens: fake.promptTokens + fake.completionTokens });
    expect(story.audit_log.at(-1)).toMatchObject({ action: 'summarised', user: 'cli:summarise (tester)' });
    const items = await db.knex('raw_feeds').select('processing_status');
    expect(items.map((i: { processing_status: string }) => i.processing_status)).toEqual(['processed', 'processed']);
  });

  it('garbage forever: the story and its items are marked failed with the reason, nothing is lost, and a later retry succeeds', async () => {
    const id = await twoOutletStory();
    fake.setScript([], 'garbage');
    const stats = await summariseStories(ctx(), { ai: ai() });
    expect(stats).toMatchObject({ processed: 0, failed: 1 });
    expect(fake.calls).toBe(2); // the call and its one repair
    const story = await db.knex('synced_content').where('id', id).first();
    expect(story).toMatchObject({ pipeline_next: 'summarise', pipeline_stage: 'ingested', work_attempts: 1, lease_owner: null });
    expect(story.work_error).toMatch(/^summarise: invalid output after one repair/);
    expect(story.ai_usage.calls).toBe(2);
    expect(story.audit_log.at(-1)).toMatchObject({ action: 'summarise_failed', user: 'cli:summarise (tester)' });
    const items = await db.knex('raw_feeds').select('processing_status', 'processing_error', 'story_id');
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(item).toMatchObject({ processing_status: 'failed', story_id: id });
      expect(item.processing_error).toMatch(/invalid output after one repair/);
    }
    // Not retried before its back-off ends...
    expect(await summariseStories(ctx(), { ai: ai() })).toMatchObject({ processed: 0, failed: 0 });
    // ...then retried once the provider behaves.
    await db
      .knex('synced_content')
      .where('id', id)
      .update({ next_attempt_at: new Date(Date.now() - 1000).toISOString() });
    fake.setScript([], 'valid');
    expect(await summariseStories(ctx(), { ai: ai() })).toMatchObject({ processed: 1, failed: 0 });
    expect(await db.knex('synced_content').where('id', id).first('pipeline_next', 'work_error', 'work_attempts')).toEqual({
      pipeline_next: 'fact_check',
      work_error: null,
      work_attempts: 0,
    });
    expect((await db.knex('raw_feeds').select('processing_status')).every((i: { processing_status: string }) => i.processing_status === 'processed')).toBe(
      true,
    );
  });

  it('drops a summary written while a new outlet joined, and summarises again with it', async () => {
    const id = await twoOutletStory();
    let joined = false;
    const provider = ai();
    const slow = {
      ...provider,
      summarise: async (input: Parameters<typeof provider.summarise>[0]) => {
        if (!joined) {
          joined = true;
          await insertRawItems(db.knex, [
            {
              outlet: 'Northcoast Times',
              title: 'Ocho Rios families count losses after Monday blaze',
              summary: 'Residents of a St Ann community near Ocho Rios are picking up the pieces after fire destroyed four homes.',
              published_at: '2026-11-17T06:00:00Z',
            },
          ]);
          await clusterItems({ ...ctx(), workerId: 'other' });
        }
        return provider.summarise(input);
      },
    };
    const stats = await summariseStories(ctx(), { ai: slow });
    // The first summary (two sources) was dropped at commit; the story was taken again at once with three.
    expect(stats).toMatchObject({ processed: 1, failed: 0 });
    expect(fake.calls).toBe(2);
    const story = await db.knex('synced_content').where('id', id).first();
    expect(story).toMatchObject({ pipeline_next: 'fact_check', source_count: 3, lease_owner: null });
    const summaries = story.audit_log.filter((e: { action: string }) => e.action === 'summarised');
    expect(summaries).toHaveLength(1);
    expect(summaries[0].details).toContain('3 source item(s)');
    expect(story.ai_usage.calls).toBe(2);
  });
});
