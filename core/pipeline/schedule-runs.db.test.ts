import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { silentLogger } from '../logger';
import { useTwoConnections } from '../../test/helpers/test-database';
import { claimScheduledRun } from './schedule-runs';
import { startSchedule } from './scheduler';

/** Two servers running `serve --schedule` on one database: each tick of a job runs on one of them. */
let db: Database;
let other: Knex;

// On PostgreSQL the second "server" has its own connection pool, as another process would.
useTwoConnections((opened, second) => {
  db = opened;
  other = second;
});

describe('scheduled runs across servers', () => {
  it('a claim for a job and tick is won once', async () => {
    const dueAt = new Date('2026-11-27T12:05:00Z');
    const now = new Date('2026-11-27T12:05:00.120Z');
    const claims = await Promise.all([
      claimScheduledRun(db.knex, { job: 'ingest', dueAt, server: 'a:1', now }),
      claimScheduledRun(other, { job: 'ingest', dueAt, server: 'b:2', now }),
      claimScheduledRun(other, { job: 'ingest', dueAt, server: 'b:2', now }),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimScheduledRun(db.knex, { job: 'pipeline', dueAt, server: 'a:1', now })).toBe(true);
    expect(await claimScheduledRun(other, { job: 'ingest', dueAt: new Date('2026-11-27T12:10:00Z'), server: 'b:2', now })).toBe(true);
  });

  it('two schedulers firing every second: each tick runs the job once', async () => {
    const runs: { server: string; at: number }[] = [];
    const scheduler = (server: string, knex: Knex) =>
      startSchedule([{ name: 'every-second', cron: '* * * * * *', run: async () => void runs.push({ server, at: Date.now() }) }], {
        logger: silentLogger,
        serial: true,
        claim: (job, dueAt) => claimScheduledRun(knex, { job, dueAt, server, now: new Date() }),
      });
    const a = scheduler('a', db.knex);
    const b = scheduler('b', other);
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await Promise.all([a.stop(), b.stop()]);
    const ticks = await db.knex.raw(`select count(*)::int as n from schedule_runs where job = 'every-second'`);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    // Each claimed tick ran once, and a tick can be claimed once: no tick ran on both servers.
    expect(runs.length).toBe(ticks.rows[0].n);
    expect(new Set(runs.map((r) => r.server)).size).toBeGreaterThanOrEqual(1);
  });
});
