import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/open-database';
import { silentLogger } from '../../logger';
import { insertRawItems, type FixtureItem } from '../../../test/factories/raw-items';
import { useTestDatabase } from '../../../test/helpers/test-database';
import type { StageContext } from '../types';
import { clusterItems, newClusterCache } from './cluster-items';
import { startFakeOpenAi } from '../../../test/helpers/fake-openai';
import { createOpenAiProvider } from '../summarise/openai-provider';
import { pairwiseQuality } from './quality';

const fixture = JSON.parse(readFileSync(new URL('../../../test/fixtures/pipeline/clustering.json', import.meta.url), 'utf8')) as { items: FixtureItem[] };
let db: Database;
const ctx = (): StageContext => ({
  db: db.knex,
  clock: () => new Date('2026-11-20T12:00:00Z'),
  logger: silentLogger,
  actor: 'cli:cluster (tester)',
  workerId: 'w',
  leaseMs: 60_000,
  batchSize: 7,
});

useTestDatabase((opened) => (db = opened), ['raw_feeds', 'synced_content', 'cluster_term_stats']);

describe('cluster stage on the database', () => {
  it('clusters the labelled fixture as well as the in-memory rule (candidates found by index)', async () => {
    const ids = await insertRawItems(
      db.knex,
      fixture.items.map((i) => ({ outlet: i.outlet, title: i.title, summary: i.summary, published_at: i.published_at, created_at: i.published_at })),
    );
    const stats = await clusterItems(ctx());
    expect(stats).toMatchObject({ processed: fixture.items.length, failed: 0 });
    const rows = await db.knex('raw_feeds').select('id', 'story_id');
    const label = new Map(ids.map((id, i) => [id, fixture.items[i]!.event]));
    const predicted = new Map(rows.map((r: { id: string; story_id: string }) => [r.id, r.story_id]));
    const quality = pairwiseQuality(predicted, label);
    console.log(`database clustering of the fixture: precision ${quality.precision.toFixed(3)}, recall ${quality.recall.toFixed(3)}`);
    expect(quality.precision).toBeGreaterThanOrEqual(0.95);
    expect(quality.recall).toBeGreaterThanOrEqual(0.95);
  });

  it('counts distinct outlets (also those recorded as carrying an item) and regenerates layers only when a new outlet joins', async () => {
    const [first] = await insertRawItems(db.knex, [
      {
        outlet: 'Kingston Ledger',
        title: 'Blaze destroys four homes in Ocho Rios community',
        summary: 'Four houses were gutted by fire in the Ocho Rios area of St Ann early Monday, leaving 15 residents homeless.',
        published_at: '2026-11-16T08:00:00Z',
      },
    ]);
    await clusterItems(ctx());
    const [story] = await db.knex('synced_content').select('*');
    expect(story).toMatchObject({
      source_count: 1,
      source_list: ['Kingston Ledger'],
      pipeline_stage: 'ingested',
      pipeline_next: 'summarise',
      sources_version: 1,
      region: 'Jamaica',
    });
    // Pretend it was summarised and checked.
    await db.knex('synced_content').where('id', story.id).update({ pipeline_next: null });
    await db.knex('raw_feeds').where('id', first).update({ processing_status: 'processed' });

    await insertRawItems(db.knex, [
      {
        outlet: 'Kingston Ledger',
        title: 'Ocho Rios fire: four homes lost, 15 homeless',
        summary: 'An update on the fire in Ocho Rios, St Ann, that destroyed four homes on Monday.',
        published_at: '2026-11-16T12:00:00Z',
      },
    ]);
    await clusterItems(ctx());
    let after = await db.knex('synced_content').where('id', story.id).first();
    expect(after).toMatchObject({ source_count: 1, pipeline_next: null, sources_version: 1 });
    expect(await db.knex('raw_feeds').where('title', 'like', 'Ocho Rios fire%').first('processing_status')).toEqual({ processing_status: 'processed' });

    await insertRawItems(db.knex, [
      {
        outlet: 'Antilles Wire',
        title: 'St Ann fire leaves 15 people homeless',
        summary: 'Fifteen people are homeless after a fire swept through four dwellings near Ocho Rios, St Ann, on Monday morning.',
        published_at: '2026-11-16T11:30:00Z',
      },
    ]);
    await clusterItems(ctx());
    after = await db.knex('synced_content').where('id', story.id).first();
    expect(after).toMatchObject({ source_count: 2, source_list: ['Kingston Ledger', 'Antilles Wire'], pipeline_next: 'summarise', sources_version: 2 });
    expect(after.audit_log.at(-1)).toMatchObject({ action: 'source_added', user: 'cli:cluster (tester)' });
    expect(after.audit_log.at(-1).details).toContain('new outlet, layers to regenerate');

    // Ingest records that a third outlet carried the first item (wire copy): it counts as an outlet.
    await db.knex('synced_content').where('id', story.id).update({ pipeline_next: null });
    await db.knex('raw_item_carriers').insert({ raw_feed_id: first, outlet: 'Northcoast Times', matched_by: 'content_hash' });
    await clusterItems(ctx());
    after = await db.knex('synced_content').where('id', story.id).first();
    expect(after).toMatchObject({
      source_count: 3,
      source_list: ['Kingston Ledger', 'Antilles Wire', 'Northcoast Times'],
      pipeline_next: 'summarise',
      sources_version: 3,
    });
    expect(await db.knex('synced_content').count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });
});

describe("cluster stage on the database: the issue's rate week and re-checks", () => {
  it("joins three outlets' rate reports into one story and keeps the governor's speech (same bank, same outlet hours earlier) apart", async () => {
    const ids = await insertRawItems(db.knex, [
      {
        outlet: 'Jamaica Observer',
        title: 'Bank of Jamaica governor urges tourism investment at Montego Bay conference',
        summary: 'BOJ Governor Dr Everton Lyle told hoteliers in Montego Bay that more tourism earnings should stay in the local economy.',
        content: '<p>Lyle said linkages between hotels and local farmers were still too weak. He did not comment on interest rates.</p>',
        published_at: '2026-11-18T15:20:00Z',
      },
      {
        outlet: 'Jamaica Gleaner',
        title: 'Bank of Jamaica raises policy rate to 7.5 per cent',
        summary: 'The Bank of Jamaica has increased its policy interest rate by 50 basis points to 7.5 per cent, citing rising food prices after the storm.',
        content: '<p>The central bank said inflation, at 6.1 per cent in October, was above its target range.</p>',
        published_at: '2026-11-18T20:10:00Z',
      },
      {
        outlet: 'Jamaica Observer',
        title: 'BOJ hikes rate by 50 basis points to 7.5% as inflation climbs',
        summary: 'The BOJ raised its key rate to 7.5% on Tuesday in a bid to pull inflation back into its target range.',
        content: '<p>Governor Everton Lyle said the Monetary Policy Committee voted unanimously for the increase.</p>',
        published_at: '2026-11-18T21:00:00Z',
      },
      {
        outlet: 'CMC',
        title: 'Jamaica central bank lifts key rate to 7.5 percent',
        summary: "Jamaica's central bank on Tuesday lifted its benchmark policy rate by half a percentage point to 7.5 percent.",
        content: '<p>The bank said food prices had climbed sharply after the storm.</p>',
        published_at: '2026-11-19T01:30:00Z',
      },
    ]);
    await clusterItems(ctx());
    const rows = await db.knex('raw_feeds').select('id', 'story_id', 'cluster_fit').orderBy('published_at');
    const storyOf = new Map(rows.map((r: { id: string; story_id: string }) => [r.id, r.story_id]));
    expect(storyOf.get(ids[1]!)).toBe(storyOf.get(ids[2]!));
    expect(storyOf.get(ids[1]!)).toBe(storyOf.get(ids[3]!));
    expect(storyOf.get(ids[0]!)).not.toBe(storyOf.get(ids[1]!));
    const rate = await db.knex('synced_content').where('id', storyOf.get(ids[1]!)).first();
    expect(rate).toMatchObject({ source_count: 3, region: 'Jamaica' });
    expect(rate.source_list).toEqual(['Jamaica Gleaner', 'Jamaica Observer', 'CMC']);
    // Each member's fit to the rest is kept: the most central report leads the story's summary.
    expect(
      rows
        .filter((r: { story_id: string; cluster_fit: number | null }) => r.story_id === rate.id)
        .every((r: { cluster_fit: number | null }) => (r.cluster_fit ?? 0) > 0),
    ).toBe(true);
  });

  it('merges two stories when a later report shows they tell one event, and recounts its sources', async () => {
    const ids = await insertRawItems(db.knex, [
      {
        outlet: 'Jamaica Gleaner',
        title: 'JPS restores power to 140,000 customers',
        summary: 'Jamaica Public Service said 140,000 customers had electricity again after the storm.',
        published_at: '2026-11-17T10:00:00Z',
      },
      {
        outlet: 'Radio Jamaica News',
        title: 'Light company: most customers back on grid',
        summary: 'Crews worked overnight on lines in St Elizabeth and Manchester, the utility says.',
        published_at: '2026-11-17T11:00:00Z',
      },
    ]);
    await clusterItems(ctx());
    const before = await db.knex('raw_feeds').select('story_id').whereIn('id', ids);
    expect(new Set(before.map((r: { story_id: string }) => r.story_id)).size).toBe(2);
    await insertRawItems(db.knex, [
      {
        outlet: 'CMC',
        title: 'JPS says power back for 140,000 customers as crews work overnight',
        summary: 'Jamaica Public Service restored electricity to 140,000 customers after crews worked overnight on lines in St Elizabeth and Manchester.',
        published_at: '2026-11-17T14:00:00Z',
      },
    ]);
    await clusterItems(ctx());
    const stories = await db.knex('synced_content').select('*');
    expect(stories).toHaveLength(1);
    expect(stories[0]).toMatchObject({ source_count: 3, pipeline_next: 'summarise' });
    expect(stories[0].audit_log.map((e: { action: string }) => e.action)).toContain('sources_changed');
    expect(stories[0].audit_log.at(-1).details).toMatch(/merged story/);
    // The story merged away is deleted; how each of its reports came in is kept in the survivor's log.
    const items = await db.knex('raw_feeds').select('id');
    const recorded = (stories[0].audit_log as { action: string; details?: string }[])
      .filter((e) => e.action === 'story_created' || e.action === 'source_added')
      .map((e) => /item ([0-9a-f-]{36})/.exec(e.details ?? '')?.[1]);
    expect(new Set(recorded)).toEqual(new Set(items.map((r: { id: string }) => r.id)));
  });
});

describe('cluster stage: storms', () => {
  it("links a country's storm story (a hurricane watch for Jamaica) to the storm NHC tracks", async () => {
    await db.knex('storms').insert({
      id: 'al142026',
      name: 'Keron',
      classification: 'HU',
      category: 1,
      lat: 17.1,
      lng: -74.2,
      status: 'active',
      threat_level: 'high',
      last_update_at: '2026-11-20T09:00:00Z',
      source: 'test',
    });
    try {
      await insertRawItems(db.knex, [
        {
          outlet: 'Kingston Ledger',
          title: 'Hurricane watch for Jamaica as Keron gains strength',
          summary: 'The Meteorological Service has issued a hurricane watch for Jamaica.',
          published_at: '2026-11-20T10:00:00Z',
        },
        {
          outlet: 'Kingston Ledger',
          title: 'JSE main index closes at record high',
          summary: 'The Jamaica Stock Exchange main index rose 1.2 per cent.',
          published_at: '2026-11-20T09:00:00Z',
        },
      ]);
      await clusterItems(ctx());
      const stories = await db.knex('synced_content').select('title', 'storm_id', 'storm_name', 'storm_type', 'region').orderBy('title');
      expect(stories).toEqual([
        { title: 'Hurricane watch for Jamaica as Keron gains strength', storm_id: 'al142026', storm_name: 'Keron', storm_type: 'Hurricane', region: 'Jamaica' },
        { title: 'JSE main index closes at record high', storm_id: null, storm_name: null, storm_type: null, region: 'Jamaica' },
      ]);
    } finally {
      await db.knex('synced_content').del();
      await db.knex('storms').del();
    }
  });
});

describe('cluster stage: a borderline join put to the model', () => {
  // Two reports of one water lock-off in words that share little: the rule's fit is just over its bar.
  const pair = [
    {
      outlet: 'Jamaica Gleaner',
      title: 'Water lock-offs for Portmore as NWC repairs main',
      summary: 'Crews will work through Thursday.',
      published_at: '2026-11-17T10:00:00Z',
    },
    {
      outlet: 'Radio Jamaica News',
      title: 'Portmore residents told to store water',
      summary: 'The water company said the main would be repaired.',
      published_at: '2026-11-17T11:00:00Z',
    },
  ];
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());
  const ai = () => createOpenAiProvider({ apiKey: 'k', baseUrl: fake.baseUrl, model: 'fake-model', timeoutMs: 20_000, maxRetries: 0, backoffMs: 1 });
  const storiesAfter = async (answer: boolean | 'garbage' | null) => {
    await db.knex('raw_feeds').del();
    await db.knex('synced_content').del();
    await db.knex('cluster_term_stats').del();
    if (answer !== null) fake.setSameEvent(answer);
    const before = fake.sameEventCalls;
    await insertRawItems(db.knex, pair);
    const stats = await clusterItems(ctx(), answer === null ? {} : { ai: ai() });
    const stories = await db.knex('synced_content').count({ n: '*' }).first();
    return { stories: Number(stories?.n), asked: fake.sameEventCalls - before, counted: stats.aiConfirmations };
  };

  it('joins by the rule offline, asks once and follows the answer with a model, and keeps the rule when the answer is garbage', async () => {
    expect(await storiesAfter(null)).toEqual({ stories: 1, asked: 0, counted: 0 });
    expect(await storiesAfter(true)).toEqual({ stories: 1, asked: 1, counted: 1 });
    expect(await storiesAfter(false)).toEqual({ stories: 2, asked: 1, counted: 1 });
    expect(await storiesAfter('garbage')).toEqual({ stories: 1, asked: 1, counted: 1 });
  });

  it('puts a near miss to the model: the rule alone keeps two reports apart, a "yes" joins them, a "no" or garbage keeps them apart', async () => {
    // One landslide told in two frames, the damage and the commuters (fit 0.33: under the bar of 0.4).
    const nearMiss = [
      {
        outlet: 'Jamaica Gleaner',
        title: 'Landslide blocks main road above Papine',
        summary: 'Works crews cleared debris on Tuesday after heavy overnight rain.',
        published_at: '2026-11-17T10:00:00Z',
      },
      {
        outlet: 'Radio Jamaica News',
        title: 'Commuters stranded after hillside collapse',
        summary: 'People from the hills above Papine walked to work on Tuesday after heavy rain.',
        published_at: '2026-11-17T12:00:00Z',
      },
    ];
    const run = async (answer: boolean | 'garbage' | null) => {
      await db.knex('raw_feeds').del();
      await db.knex('synced_content').del();
      await db.knex('cluster_term_stats').del();
      if (answer !== null) fake.setSameEvent(answer);
      const before = fake.sameEventCalls;
      await insertRawItems(db.knex, nearMiss);
      const stats = await clusterItems(ctx(), answer === null ? {} : { ai: ai() });
      const stories = await db.knex('synced_content').count({ n: '*' }).first();
      return { stories: Number(stories?.n), asked: fake.sameEventCalls - before, counted: stats.aiConfirmations };
    };
    expect(await run(null)).toEqual({ stories: 2, asked: 0, counted: 0 });
    expect(await run(true)).toEqual({ stories: 1, asked: 1, counted: 1 });
    // The model saw the story as it stood: the first report, clustered in the same batch and not yet written.
    const question = fake.sameEventRequests
      .at(-1)!
      .messages.map((m) => m.content)
      .join('\n');
    expect(question).toContain('Landslide blocks main road above Papine');
    expect(question).toContain('Commuters stranded after hillside collapse');
    expect(await run(false)).toEqual({ stories: 2, asked: 1, counted: 1 });
    expect(await run('garbage')).toEqual({ stories: 2, asked: 1, counted: 1 });
  });
});

describe('cluster stage: stray dates', () => {
  it('an item dated 1970 among today’s news is decided against its own window: the archive is not loaded, today’s reports still join', async () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    // A month of earlier news, a report a day (the labelled pipeline fixture's reports, one per event).
    const oneEach = [...new Map(fixture.items.map((i) => [i.event, i])).values()].slice(0, 30);
    await insertRawItems(
      db.knex,
      oneEach.map((i, k) => ({ outlet: i.outlet, title: i.title, summary: i.summary, published_at: new Date(now - (40 - k) * 86_400_000).toISOString() })),
    );
    await clusterItems(ctx());
    const [stray, a, b] = await insertRawItems(db.knex, [
      {
        outlet: 'Clockless Feed',
        title: 'Ferry service resumes after engine repairs',
        summary: 'The ferry sails again today.',
        published_at: '1970-01-02T00:00:00Z',
      },
      {
        outlet: 'Harbour Times',
        title: 'Ferry service resumes after engine repairs',
        summary: 'The inter-island ferry sails again today after repairs to its engine.',
        published_at: new Date(now - 3_600_000).toISOString(),
      },
      {
        outlet: 'Island Radio',
        title: 'Inter-island ferry back in service after engine repairs',
        summary: 'The ferry resumed sailing today once its engine was repaired.',
        published_at: new Date(now).toISOString(),
      },
    ]);
    const cache = newClusterCache();
    const stats = await clusterItems(ctx(), {}, cache);
    expect(stats).toMatchObject({ processed: 3, failed: 0 });
    const story = async (id: string) => ((await db.knex('raw_feeds').where({ id }).first()) as { story_id: string }).story_id;
    expect(await story(a!)).toBe(await story(b!));
    expect(await story(stray!)).not.toBe(await story(a!));
    // The engine left in the cache holds today's window, not the month before it.
    expect(cache.engine!.size).toBeLessThan(10);
  });
});

describe('cluster stage: a backlog of older reports', () => {
  it('keeps its copy of the open stories from batch to batch, moving its window forward (the one-answer test holds the assignments to the in-memory rule)', async () => {
    await db.knex('raw_feeds').del();
    await db.knex('synced_content').del();
    // 450 reports of last month over ten days (the fixture's, cycled under other outlet names): three batches.
    const start = Date.parse('2026-10-10T00:00:00Z');
    const items = Array.from({ length: 450 }, (_, k) => {
      const i = fixture.items[k % fixture.items.length]!;
      const at = new Date(start + Math.floor((k / 450) * 10 * 86_400_000)).toISOString();
      return { outlet: `${i.outlet} ${Math.floor(k / fixture.items.length)}`, title: i.title, summary: i.summary, published_at: at, created_at: at };
    });
    await insertRawItems(db.knex, items);
    const reads: string[] = [];
    const listen = (q: { sql: string }) => {
      if (/from raw_feeds r where r\.story_id = any/.test(q.sql)) reads.push(q.sql);
    };
    db.knex.on('query', listen);
    try {
      const stats = await clusterItems(ctx());
      expect(stats).toMatchObject({ processed: 450, failed: 0 });
    } finally {
      db.knex.off('query', listen);
    }
    // Before, each batch after the first read every report of the window's stories back from the database.
    expect(reads).toEqual([]);
  });
});

describe('cluster stage: progress', () => {
  it('counts up across batches (claimed 7 at a time) to the whole run', async () => {
    await db.knex('raw_feeds').del();
    await db.knex('synced_content').del();
    await insertRawItems(
      db.knex,
      fixture.items.map((i) => ({ outlet: i.outlet, title: i.title, summary: i.summary, published_at: i.published_at, created_at: i.published_at })),
    );
    const seen: number[] = [];
    await clusterItems({ ...ctx(), onProgress: (e) => (e.status === 'progress' ? seen.push(e.processed ?? 0) : undefined) });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(fixture.items.length);
  });
});
