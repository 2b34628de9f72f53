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

export type HealthFigures = { backlog: Backlog; feeds: FeedHealth; latestAdvisoryAt: Date | null };

export async function readHealthFigures(db: Knex): Promise<HealthFigures> {
  const [backlog, feeds, advisory] = await Promise.all([workBacklog(db), readFeedHealth(db), latestAdvisoryAt(db)]);
  return { backlog, feeds, latestAdvisoryAt: advisory };
}
