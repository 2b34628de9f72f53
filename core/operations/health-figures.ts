import type { Knex } from 'knex';
import { workBacklog, type Backlog } from './console-run-repository';

/**
 * Figures an operator watches, read at the moment they are asked for (a /metrics scrape, `c360
 * doctor`) with a few count queries on indexed columns, so they hold for every process sharing the
 * database, workers included.
 */

export type FeedHealth = { enabled: number; failing: number };

export async function readFeedHealth(db: Knex): Promise<FeedHealth> {
  const { rows } = await db.raw(`
    select count(*)::int as enabled, (count(*) filter (where consecutive_errors > 0))::int as failing
    from feeds where enabled`);
  return { enabled: Number(rows[0].enabled), failing: Number(rows[0].failing) };
}

/** When the newest storm advisory was issued; null before the first. */
export async function latestAdvisoryAt(db: Knex): Promise<Date | null> {
  const { rows } = await db.raw(`select max(issued_at) as at from storm_advisories`);
  const at = rows[0]?.at as Date | string | null | undefined;
  return at ? new Date(at) : null;
}

export type FailingFeed = { id: number; outlet: string; consecutiveErrors: number; lastSuccessAt: Date | null };

/** The enabled feeds whose last fetches failed, worst first (at most `limit`, so a scrape stays small). */
export async function readFailingFeeds(db: Knex, limit = 100): Promise<FailingFeed[]> {
  const rows = (await db('feeds')
    .where('enabled', true)
    .where('consecutive_errors', '>', 0)
    .orderBy([{ column: 'consecutive_errors', order: 'desc' }, 'id'])
    .limit(limit)
    .select('id', 'outlet', 'consecutive_errors', 'last_success_at')) as {
    id: number;
    outlet: string;
    consecutive_errors: number;
    last_success_at: Date | string | null;
  }[];
  return rows.map((r) => ({
    id: r.id,
    outlet: r.outlet,
    consecutiveErrors: r.consecutive_errors,
    lastSuccessAt: r.last_success_at ? new Date(r.last_success_at) : null,
  }));
}

/**
 * Signs of life of whatever runs the pipeline (`c360 worker`, `c360 schedule`, a server's schedule
 * or console): when a run last ended, by outcome; how many run now; when each scheduled job last fired.
 */
export type RunHeartbeat = {
  lastRunEnded: { succeeded: Date | null; failed: Date | null };
  running: number;
  scheduleLastFired: { job: string; at: Date }[];
};

export async function readRunHeartbeat(db: Knex): Promise<RunHeartbeat> {
  const { rows } = await db.raw(`
    select max(finished_at) filter (where status = 'succeeded') as succeeded,
           max(finished_at) filter (where status = 'failed') as failed,
           (count(*) filter (where status = 'running'))::int as running
      from pipeline_runs`);
  const schedule = (await db('schedule_runs').select('job').max({ at: 'claimed_at' }).groupBy('job').orderBy('job')) as { job: string; at: Date | string }[];
  const at = (value: Date | string | null) => (value ? new Date(value) : null);
  return {
    lastRunEnded: { succeeded: at(rows[0]?.succeeded ?? null), failed: at(rows[0]?.failed ?? null) },
    running: Number(rows[0]?.running ?? 0),
    scheduleLastFired: schedule.map((r) => ({ job: r.job, at: new Date(r.at) })),
  };
}

export type HealthFigures = { backlog: Backlog; feeds: FeedHealth; failingFeeds: FailingFeed[]; latestAdvisoryAt: Date | null; runs: RunHeartbeat };

export async function readHealthFigures(db: Knex): Promise<HealthFigures> {
  const [backlog, feeds, failingFeeds, advisory, runs] = await Promise.all([
    workBacklog(db),
    readFeedHealth(db),
    readFailingFeeds(db),
    latestAdvisoryAt(db),
    readRunHeartbeat(db),
  ]);
  return { backlog, feeds, failingFeeds, latestAdvisoryAt: advisory, runs };
}
