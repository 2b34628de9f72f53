import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { recordPageView } from '../../core/analytics/page-views';
import type { Logger } from '../../core/logger';
import type { RateLimiters } from '../middleware/rate-limits';
import { parseBody } from '../middleware/validate';

const body = z.object({
  kind: z.enum(['view', 'share']).default('view'),
  path: z.string().min(1).max(500).startsWith('/'),
  storyId: z.uuid().optional(),
  referrer: z.string().max(1000).optional(),
  timeZone: z.string().max(64).optional(),
  detail: z.string().max(100).optional(),
});

/**
 * The reader site's beacon: a page view or a share. No cookie is read or set; the address is
 * used only inside the day's hash (core/analytics) and never stored or logged.
 */
/** The JSON bodies these routes parse, by operation as docs/openapi.json names it (its request bodies are derived from these; server/openapi.db.test.ts). */
export const PAGE_VIEW_REQUEST_BODIES = { 'POST /api/page-views': body };

export function pageViewsRouter(deps: {
  db: Knex;
  clock: () => Date;
  logger: Logger;
  siteHost: (host: string | undefined) => string;
  limits: Pick<RateLimiters, 'pageViews' | 'pageViewsPerStory'>;
}): Router {
  const router = Router();
  // Per address (all beacons; views of one story), then one view per visitor per story per half hour (core).
  router.post('/page-views', deps.limits.pageViews, deps.limits.pageViewsPerStory, async (req, res) => {
    const input = parseBody(body, req);
    let utm: URLSearchParams | undefined;
    try {
      utm = new URL(input.path, 'http://x').searchParams;
    } catch {
      utm = undefined;
    }
    const result = await recordPageView(
      deps.db,
      {
        ...input,
        path: input.path.split('?')[0]!,
        ip: req.ip ?? '',
        userAgent: req.get('user-agent'),
        siteHost: deps.siteHost(req.get('host')),
        utmSource: utm?.get('utm_source'),
        utmMedium: utm?.get('utm_medium'),
      },
      deps.clock(),
    );
    res.setHeader('Cache-Control', 'no-store');
    res.status(202).json(result);
  });
  return router;
}
