import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { C360Error } from '../../core/errors';
import { stormChanges } from '../../core/storms/ingest-storms';
import { getStormCentre } from '../../core/storms/storm-centre';
import { getStorm, listActiveAlerts, listStorms } from '../../core/storms/storm-repository';
import { presentStoryCard } from '../presenters/story';
import { caribbeanMap } from '../storm/caribbean-map';
import { parseQuery } from '../middleware/validate';

const alertsQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/**
 * Storms and storm alerts for the Storm Centre, read through the ingest's storm repository.
 * Advisories change every few hours, so browsers and proxies may keep an answer a minute.
 */
/** The query strings these routes parse, by operation as docs/openapi.json names it (its query parameters are derived from these; server/openapi.db.test.ts). */
export const STORM_QUERIES = { 'GET /api/storms/alerts': alertsQuery };

export function stormsRouter(deps: { db: Knex; clock: () => Date }): Router {
  const router = Router();
  const cacheFor = (res: Parameters<Parameters<Router['get']>[1]>[1]) => res.setHeader('Cache-Control', 'public, max-age=60');

  router.get('/storms', async (_req, res) => {
    const [storms, alerts] = [await listStorms(deps.db), await listActiveAlerts(deps.db, deps.clock(), { limit: 200 })];
    cacheFor(res);
    res.json({ storms, activeAlertCount: alerts.length });
  });

  // Everything the Storm Centre page shows in one answer (also rendered into the page by the server).
  router.get('/storm-centre', async (_req, res) => {
    cacheFor(res);
    res.json(await stormCentrePayload(deps.db, deps.clock()));
  });

  router.get('/storms/alerts', async (req, res) => {
    const { limit } = parseQuery(alertsQuery, req);
    const alerts = await listActiveAlerts(deps.db, deps.clock(), { limit });
    cacheFor(res);
    res.json({ alerts });
  });

  router.get('/storms/:id', async (req, res) => {
    const id = z.string().max(40).parse(req.params.id);
    const storm = await getStorm(deps.db, id);
    if (!storm) throw new C360Error('not_found', `No storm ${id}.`);
    const [{ previous, changes }, alerts] = [await stormChanges(deps.db, id), await listActiveAlerts(deps.db, deps.clock(), { stormId: id })];
    cacheFor(res);
    // What changed since the previous advisory, for the Storm Centre's Regional Impact tab.
    res.json({ storm, previous, changes, alerts });
  });

  return router;
}

export async function stormCentrePayload(db: Knex, now: Date) {
  const centre = await getStormCentre(db, now);
  return {
    ...centre,
    impact: centre.impact.map((island) => ({ ...island, stories: island.stories.map(presentStoryCard) })),
    map: caribbeanMap(),
  };
}
