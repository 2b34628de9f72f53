import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers/test-database';
import type { Database } from '../db/open-database';
import { checkSchedule } from './doctor';
import { writeSchedulerSetting } from './scheduler-setting';

const now = new Date('2026-11-27T12:00:00Z');
const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000);
let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

/** `c360 doctor`'s schedule line, with each fault made on purpose in the database. */
describe('the schedule check', () => {
  it('warns when nothing has ever run the pipeline', async () => {
    const check = await checkSchedule(db.knex, now);
    expect(check).toMatchObject({ status: 'warn', fix: expect.stringContaining('c360 serve --schedule') });
    expect(check.message).toBe("no pipeline run has ended yet; no scheduled job has fired on this database; the console's schedule switch is off");
  });

  it('warns when the last run ended over an hour ago, saying when and what last fired', async () => {
    await db
      .knex('pipeline_runs')
      .insert({ stage: 'all', status: 'succeeded', actor: 'cron:pipeline', started_at: minutesAgo(181), finished_at: minutesAgo(180) });
    await db.knex('schedule_runs').insert({ job: 'pipeline', due_at: minutesAgo(181), claimed_by: 'old-server', claimed_at: minutesAgo(181) });
    const check = await checkSchedule(db.knex, now);
    expect(check.status).toBe('warn');
    expect(check.message).toBe(
      "the last pipeline run ended 3 h ago (2026-11-27T09:00:00.000Z): nothing seems to run the pipeline; scheduled jobs last fired: pipeline 3 h ago (2026-11-27T08:59:00.000Z); the console's schedule switch is off",
    );
  });

  it('is ok while runs keep ending, and says when the last one failed', async () => {
    await writeSchedulerSetting(db.knex, { enabled: true, actor: 'admin@c360.test', now });
    await db.knex('schedule_runs').insert({ job: 'ingest', due_at: minutesAgo(6), claimed_by: 'server', claimed_at: minutesAgo(6) });
    await db
      .knex('pipeline_runs')
      .insert({ stage: 'all', status: 'failed', actor: 'worker:a', started_at: minutesAgo(5), finished_at: minutesAgo(4), error: 'boom' });
    await db.knex('pipeline_runs').insert({ stage: 'all', status: 'running', actor: 'worker:b', started_at: minutesAgo(1) });
    const check = await checkSchedule(db.knex, now);
    expect(check).toMatchObject({ status: 'ok' });
    expect(check.message).toBe(
      "the last pipeline run ended 4 min ago (2026-11-27T11:56:00.000Z) (failed), 1 running now; scheduled jobs last fired: ingest 6 min ago (2026-11-27T11:54:00.000Z), pipeline 3 h ago (2026-11-27T08:59:00.000Z); the console's schedule switch is on",
    );
  });
});
