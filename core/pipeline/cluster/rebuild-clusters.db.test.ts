import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/open-database';
import { silentLogger } from '../../logger';
import { findPublishedStory, insertStory } from '../../stories/story-repository';
import { insertRawItems } from '../../../test/factories/raw-items';
import { useTestDatabase } from '../../../test/helpers/test-database';
import type { StageContext } from '../types';
import { clusterItems } from './cluster-items';
import { lastRebuild, rebuildClusters } from './rebuild-clusters';

let db: Database;
const ctx = (): StageContext => ({
  db: db.knex,
  clock: () => new Date('2026-11-20T12:00:00Z'),
  logger: silentLogger,
  actor: 'cli:cluster --rebuild (tester)',
  workerId: 'w',
  leaseMs: 60_000,
  batchSize: 25,
});

useTestDatabase((opened) => (db = opened), ['raw_feeds', 'synced_content', 'cluster_term_stats']);

const reports = [
  {
    outlet: 'Jamaica Gleaner',
    title: 'JPS restores power to 140,000 customers',
    summary: 'Jamaica Public Service said 140,000 customers had electricity again after the storm.',
    published_at: '2026-11-17T10:00:00Z',
  },
  {
    outlet: 'CMC',
    title: 'JPS says power back for 140,000 customers as crews work overnight',
    summary: 'Jamaica Public Service restored electricity to 140,000 customers after crews worked overnight.',
    published_at: '2026-11-17T14:00:00Z',
  },
  {
    outlet: 'Jamaica Observer',
    title: 'Reggae Boyz name squad for Haiti friendly',
    summary: 'Head coach Marlon Dacres named 23 players for the match in Port-au-Prince.',
    published_at: '2026-11-17T15:00:00Z',
  },
];

describe('c360 cluster --rebuild', () => {
  it('prints what a re-clustering would change without writing, then merges a split event, keeps the published address working and records the rebuild', async () => {
    const ids = await insertRawItems(db.knex, reports);
    await clusterItems(ctx());
    const story = async (id: string) => (await db.knex('raw_feeds').select('story_id').where('id', id).first()).story_id as string;
    expect(await story(ids[0]!)).toBe(await story(ids[1]!));
    // As an older rule left it: the CMC report in a published story of its own.
    const old = await insertStory(db.knex, {
      title: reports[1]!.title,
      region: 'Jamaica',
      source_list: ['CMC'],
      source_count: 1,
      status: 'published',
      pipeline_stage: 'published',
      published_at: '2026-11-17T15:00:00Z',
    });
    await db.knex('raw_feeds').where('id', ids[1]!).update({ story_id: old.id });
    const survivor = await story(ids[0]!);
    await db
      .knex('synced_content')
      .where('id', survivor)
      .update({ source_list: ['Jamaica Gleaner'], source_count: 1 });

    const dry = await rebuildClusters(ctx(), { since: new Date('2026-11-16T00:00:00Z'), dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, items: 3, storiesBefore: 3, storiesAfter: 2, movedItems: 1 });
    expect(dry.merged).toHaveLength(1);
    expect(dry.changed.find((c) => c.sourcesAfter === 2)).toMatchObject({ sourcesBefore: 1 });
    expect(await story(ids[1]!)).toBe(old.id); // nothing written

    const applied = await rebuildClusters(ctx(), { since: new Date('2026-11-16T00:00:00Z'), dryRun: false });
    expect(applied.storiesAfter).toBe(2);
    // The published story survives; the other one's report joins it and its outlets are recounted.
    expect(await story(ids[0]!)).toBe(old.id);
    expect(await story(ids[1]!)).toBe(old.id);
    const kept = await db.knex('synced_content').where('id', old.id).first();
    expect(kept).toMatchObject({ source_count: 2, pipeline_next: 'summarise' });
    expect(kept.audit_log.at(-1)).toMatchObject({ action: 'sources_changed', user: 'cli:cluster --rebuild (tester)' });
    expect(await db.knex('synced_content').where('id', survivor).first()).toBeUndefined();
    expect(await lastRebuild(db.knex)).toMatchObject({ dryRun: false, movedItems: 1, actor: 'cli:cluster --rebuild (tester)' });
  });

  it('redirects the address of a published story merged into another published one', async () => {
    const ids = await insertRawItems(db.knex, reports.slice(0, 2));
    const published = (title: string) =>
      insertStory(db.knex, { title, region: 'Jamaica', status: 'published', pipeline_stage: 'published', published_at: '2026-11-17T15:00:00Z' });
    const [a, b] = [await published(reports[0]!.title), await published(reports[1]!.title)];
    await db.knex('raw_feeds').where('id', ids[0]!).update({ story_id: a.id, processing_status: 'processed' });
    await db.knex('raw_feeds').where('id', ids[1]!).update({ story_id: b.id, processing_status: 'processed' });
    await rebuildClusters(ctx(), { since: new Date('2026-11-16T00:00:00Z'), dryRun: false });
    expect(await db.knex('synced_content').whereIn('id', [a.id, b.id])).toHaveLength(1);
    const left = (await db.knex('synced_content').select('id').whereIn('id', [a.id, b.id]).first()).id as string;
    const merged = left === a.id ? b : a;
    const found = await findPublishedStory(db.knex, merged.id);
    expect(found).toMatchObject({ matchedBy: 'redirect' });
    expect(found!.story.id).toBe(left);
    expect((await findPublishedStory(db.knex, merged.slug))!.story.id).toBe(left);
  });
});
