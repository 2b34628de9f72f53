import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimRawItems, claimStories } from '../pipeline/work/leases';
import { startRun } from '../pipeline/runner';
import { insertRawItems } from '../../test/factories/raw-items';
import { createStory } from '../../test/factories/stories';
import { openTestDatabase } from '../../test/helpers/test-database';
import { migrateLatest } from './migrations';
import { openDatabase } from './open-database';
import { INTERRUPTED_REASON, recoverInterruptedWork } from './recover-interrupted';

/** What a process killed mid-run leaves: a run 'running' forever and leases that hold work for minutes. */
async function leaveInterruptedWork(knex: Parameters<typeof startRun>[0]) {
  const runId = await startRun(knex, 'full', 'cli:pipeline run (test)');
  const [itemId] = await insertRawItems(knex, [{ outlet: 'Kingston Courier', title: 'Harbour reopens after repairs' }]);
  const story = await createStory(knex, { title: 'Harbour story waiting to be summarised', pipeline_stage: 'ingested', status: 'draft', published_at: null });
  await knex('synced_content').where({ id: story.id }).update({ pipeline_next: 'summarise' });
  expect(await claimRawItems(knex, { workerId: 'dead-worker', leaseMs: 5 * 60_000, limit: 10 })).toEqual([itemId]);
  expect(await claimStories(knex, { work: 'summarise', workerId: 'dead-worker', leaseMs: 5 * 60_000, limit: 10 })).toEqual([story.id]);
  // Held: nobody else can take the work until the lease runs out.
  expect(await claimRawItems(knex, { workerId: 'next', leaseMs: 60_000, limit: 10 })).toEqual([]);
  return { runId, itemId: itemId!, storyId: story.id };
}

describe('recoverInterruptedWork', () => {
  it('marks runs still running as failed with the reason and releases every lease', async () => {
    const db = await openTestDatabase();
    try {
      const left = await leaveInterruptedWork(db.knex);
      expect(await recoverInterruptedWork(db.knex)).toEqual({ runs: 1, rawItems: 1, stories: 1 });
      expect(await db.knex('pipeline_runs').where({ id: left.runId }).first()).toMatchObject({
        status: 'failed',
        error: INTERRUPTED_REASON,
        finished_at: expect.anything(),
      });
      expect(await claimRawItems(db.knex, { workerId: 'next', leaseMs: 60_000, limit: 10 })).toEqual([left.itemId]);
      expect(await claimStories(db.knex, { work: 'summarise', workerId: 'next', leaseMs: 60_000, limit: 10 })).toEqual([left.storyId]);
      // Nothing left to do a second time.
      await db.knex('raw_feeds').update({ lease_owner: null, lease_expires_at: null });
      await db.knex('synced_content').update({ lease_owner: null, lease_expires_at: null });
      expect(await recoverInterruptedWork(db.knex)).toEqual({ runs: 0, rawItems: 0, stories: 0 });
    } finally {
      await db.close();
    }
  });

  it('happens when the embedded database is opened after a process was killed, and not on an unmigrated one', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'c360-recover-')), 'data');
    const fresh = await openDatabase({ dataDir }, { command: 'c360 test' });
    expect(fresh.recovered).toEqual({ runs: 0, rawItems: 0, stories: 0 });
    await migrateLatest(fresh.knex);
    const left = await leaveInterruptedWork(fresh.knex);
    // A kill -9 skips every cleanup: the rows stay as they are (the lock is stale, see data-dir-lock).
    await fresh.close();
    const reopened = await openDatabase({ dataDir }, { command: 'c360 serve' });
    try {
      expect(reopened.recovered).toEqual({ runs: 1, rawItems: 1, stories: 1 });
      expect(await reopened.knex('pipeline_runs').where({ id: left.runId }).first()).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('interrupted'),
      });
      expect(await claimRawItems(reopened.knex, { workerId: 'restarted', leaseMs: 60_000, limit: 10 })).toEqual([left.itemId]);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
