import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/open-database';
import { silentLogger } from '../../logger';
import { createStory } from '../../../test/factories/stories';
import { openTestDatabase } from '../../../test/helpers/test-database';
import type { StageContext } from '../types';
import { factCheckStories } from './fact-check-stories';

let db: Database;
const ctx = (): StageContext => ({
  db: db.knex,
  clock: () => new Date('2026-11-20T12:00:00Z'),
  logger: silentLogger,
  actor: 'cron:pipeline',
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

describe('fact-check stage failures', () => {
  it('a story it cannot check keeps its reason and an audit entry, and waits to be retried', async () => {
    const story = await createStory(db.knex, { pipeline_stage: 'drafted', status: 'draft', published_at: null });
    await db
      .knex('synced_content')
      .where('id', story.id)
      .update({ pipeline_next: 'fact_check', claims: JSON.stringify('not a list') });
    const stats = await factCheckStories(ctx());
    expect(stats).toMatchObject({ processed: 0, failed: 1 });
    const row = await db.knex('synced_content').where('id', story.id).first();
    expect(row).toMatchObject({ pipeline_next: 'fact_check', lease_owner: null, work_attempts: 1, pipeline_stage: 'drafted' });
    expect(row.work_error).toMatch(/^fact_check: /);
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now());
    expect(row.audit_log.at(-1)).toMatchObject({ action: 'fact_check_failed', user: 'cron:pipeline' });
    expect(await factCheckStories(ctx())).toMatchObject({ processed: 0, failed: 0 });
  });
});
