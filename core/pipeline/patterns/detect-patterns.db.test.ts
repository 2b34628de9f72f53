import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/open-database';
import { CHANNELS } from '../../db/notify';
import { silentLogger } from '../../logger';
import { createStory } from '../../../test/factories/stories';
import { listenTo, until } from '../../../test/helpers/listen';
import { openTestDatabase } from '../../../test/helpers/test-database';
import type { StageContext } from '../types';
import { detectPatterns, findSignals } from './detect-patterns';
import { listPatterns, listSignals } from './signal-repository';

let db: Database;
const now = new Date('2026-11-20T12:00:00Z');
const HOUR = 3_600_000;
const ctx = (): StageContext => ({
  db: db.knex,
  clock: () => now,
  logger: silentLogger,
  actor: 'cli:pattern-detect (tester)',
  workerId: 'w',
  leaseMs: 60_000,
  batchSize: 10,
});

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.knex('synced_content').del();
  await db.knex('signals').del();
  await db.knex('story_patterns').del();
});

async function story(title: string, hoursAgo: number, topics: string[], entities: string[], outlet: string, region = 'Jamaica') {
  const s = await createStory(db.knex, { title, region, source_list: [outlet] });
  const at = new Date(now.getTime() - hoursAgo * HOUR).toISOString();
  await db.knex('synced_content').where('id', s.id).update({ topics, entities, first_item_at: at, last_item_at: at });
  return s;
}

describe('pattern detection', () => {
  it('pure rule: a key bursting against its 7-day baseline is a signal; a steady one is not', () => {
    const base = { summary: '', region: 'Jamaica', urgency: 50, source_list: ['A'] };
    const stories = [
      ...[1, 2, 3, 4].map((h) => ({
        ...base,
        id: `s${h}`,
        title: `Sargassum report ${h}`,
        topics: ['environment'],
        entities: ['name:sargassum'],
        at: new Date(now.getTime() - h * HOUR),
      })),
      // "politics" shows up every day: its 3 stories today match its baseline.
      ...Array.from({ length: 24 }, (_, d) => ({
        ...base,
        id: `p${d}`,
        title: `Politics ${d}`,
        topics: ['politics'],
        entities: [],
        at: new Date(now.getTime() - (d % 8) * 24 * HOUR - 2 * HOUR),
      })),
    ];
    const signals = findSignals(stories, now, 24);
    expect(signals.map((s) => s.key)).toContain('name:sargassum');
    expect(signals.find((s) => s.key === 'name:sargassum')).toMatchObject({ count: 4, baseline: 0, type: 'Environmental', region: 'Jamaica' });
    expect(signals.map((s) => s.key)).not.toContain('topic:politics');
  });

  it('writes signals and patterns in the spec shapes, returns the counts, announces them, and is idempotent', async () => {
    for (const [i, outlet] of ['Kingston Ledger', 'Antilles Wire', 'Bridgetown Courier'].entries()) {
      await story(`Sargassum piles up on beaches ${i}`, 2 + i, ['environment'], ['name:sargassum', 'place:jamaica//negril/town'], outlet);
    }
    await story('Old budget story', 100, ['economy'], ['org:ministry of finance'], 'Kingston Ledger');
    const listener = await listenTo(db, CHANNELS.patternsInserted);
    const first = await detectPatterns(ctx(), { windowHours: 24 });
    expect(first.clustersFound).toBeGreaterThanOrEqual(1);
    expect(first.patternsDetected).toBeGreaterThanOrEqual(1);
    const signals = await db.knex('signals').select('*');
    const sargassum = signals.find((s: { signal_key: string }) => s.signal_key === 'name:sargassum');
    expect(sargassum).toMatchObject({ type: 'Environmental', verified: true, region: 'Jamaica', mentions: 3 });
    expect(['High', 'Medium', 'Low']).toContain(sargassum.strength);
    expect(sargassum.keywords[0]).toBe('Sargassum');
    expect(sargassum.cluster_id).toBeTruthy();
    const [pattern] = await db.knex('story_patterns').select('*');
    expect(pattern.related_signals).toContain(sargassum.id);
    expect(pattern.confidence).toBeGreaterThan(0);
    expect(pattern.emerging_trend).toBe(true);
    const [shaped] = (await listSignals(db.knex)).filter((s) => s.title.startsWith('Sargassum'));
    expect(Object.keys(shaped!).sort()).toEqual([
      'clusterId',
      'id',
      'keywords',
      'patternTags',
      'region',
      'sentiment',
      'source',
      'strength',
      'summary',
      'timestamp',
      'title',
      'type',
      'urgency',
      'verified',
    ]);
    expect(shaped!.patternTags).toEqual([pattern.name]);
    const [shapedPattern] = await listPatterns(db.knex);
    expect(shapedPattern).toMatchObject({
      id: pattern.id,
      relatedSignals: expect.arrayContaining([sargassum.id]),
      emergingTrend: true,
      cluster: sargassum.cluster_id,
    });
    await until(() => listener.payloads.length > 0);
    await listener.stop();
    const second = await detectPatterns(ctx(), { windowHours: 24 });
    expect(second).toMatchObject({ patternsDetected: first.patternsDetected, clustersFound: first.clustersFound });
    expect(await db.knex('signals').count({ n: '*' }).first()).toMatchObject({ n: signals.length });
    expect(await db.knex('story_patterns').count({ n: '*' }).first()).toMatchObject({ n: first.patternsDetected });
  });
});
