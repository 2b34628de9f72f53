import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/open-database';
import { silentLogger } from '../../logger';
import { insertRawItems } from '../../../test/factories/raw-items';
import { useTestDatabase } from '../../../test/helpers/test-database';
import { clusterClaimed, clusterItems } from '../cluster/cluster-items';
import type { StageContext } from '../types';
import { claimRawItems, outstandingWork } from './leases';

let db: Database;
const ctx = (workerId: string, leaseMs = 60_000): StageContext => ({
  db: db.knex,
  clock: () => new Date('2026-11-20T12:00:00Z'),
  logger: silentLogger,
  actor: 'cli:worker (tester)',
  workerId,
  leaseMs,
  batchSize: 5,
});

useTestDatabase((opened) => (db = opened), ['raw_feeds', 'synced_content']);

const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    outlet: `Outlet ${i % 3}`,
    title: `Story number ${i} about topic ${i}`,
    summary: `Unique words ${i} zeta${i} omega${i}.`,
    published_at: '2026-11-19T10:00:00Z',
  }));

describe('work claiming with leases', () => {
  it('two claimers never get the same item, and claims count attempts', async () => {
    await insertRawItems(db.knex, items(8));
    const a = await claimRawItems(db.knex, { workerId: 'A', leaseMs: 60_000, limit: 5 });
    const b = await claimRawItems(db.knex, { workerId: 'B', leaseMs: 60_000, limit: 5 });
    expect(a).toHaveLength(5);
    expect(b).toHaveLength(3);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
    expect(await claimRawItems(db.knex, { workerId: 'C', leaseMs: 60_000, limit: 5 })).toEqual([]);
    expect((await outstandingWork(db.knex)).leased).toBe(8);
  });

  it("takes over a dead worker's items once its lease ends, and the dead worker can no longer finish them", async () => {
    await insertRawItems(db.knex, items(3));
    const dead = await claimRawItems(db.knex, { workerId: 'dead', leaseMs: 200, limit: 10 });
    expect(dead).toHaveLength(3);
    expect(await claimRawItems(db.knex, { workerId: 'alive', leaseMs: 60_000, limit: 10 })).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    const alive = await claimRawItems(db.knex, { workerId: 'alive', leaseMs: 60_000, limit: 10 });
    expect(alive.sort()).toEqual([...dead].sort());
    // The slow worker wakes up and tries to finish its old claim: fenced off, nothing applied.
    expect(await clusterClaimed(ctx('dead'), dead)).toMatchObject({ processed: 0, failed: 0 });
    expect(await clusterClaimed(ctx('alive'), alive)).toMatchObject({ processed: 3, failed: 0 });
    const rows = await db.knex('raw_feeds').select('attempts', 'processing_status', 'lease_owner', 'story_id');
    expect(
      rows.every(
        (r: { attempts: number; processing_status: string; lease_owner: string | null; story_id: string | null }) =>
          r.attempts === 2 && r.processing_status === 'clustered' && r.lease_owner === null && r.story_id,
      ),
    ).toBe(true);
    const stories = await db.knex('synced_content').select('id', 'audit_log');
    const joins = stories.flatMap((s: { audit_log: { action: string }[] }) =>
      s.audit_log.filter((e) => e.action === 'story_created' || e.action === 'source_added'),
    );
    expect(joins).toHaveLength(3);
  });

  it('an item that fails is marked failed with its reason and retried later, never dropped', async () => {
    const [id] = await insertRawItems(db.knex, items(1));
    // Force a failure: the clustering transaction hits a constraint we break on purpose.
    await db.knex.raw(`alter table synced_content add constraint c360_test_no_stories check (title <> title) not valid`);
    try {
      const stats = await clusterItems(ctx('W'));
      expect(stats).toMatchObject({ processed: 0, failed: 1 });
    } finally {
      await db.knex.raw('alter table synced_content drop constraint c360_test_no_stories');
    }
    const row = await db.knex('raw_feeds').where('id', id).first();
    expect(row).toMatchObject({ processing_status: 'failed', lease_owner: null, story_id: null });
    expect(row.processing_error).toMatch(/^cluster: .*c360_test_no_stories/);
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now());
    expect((await outstandingWork(db.knex)).waiting).toBe(1);
    await db
      .knex('raw_feeds')
      .where('id', id)
      .update({ next_attempt_at: new Date(Date.now() - 1000).toISOString() });
    expect(await clusterItems(ctx('W'))).toMatchObject({ processed: 1, failed: 0 });
    expect(await db.knex('raw_feeds').where('id', id).first('processing_status', 'processing_error')).toEqual({
      processing_status: 'clustered',
      processing_error: null,
    });
  });
});
