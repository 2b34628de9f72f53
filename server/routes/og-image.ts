import { createHash } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import type { RateLimiters } from '../middleware/rate-limits';
import { parseQuery } from '../middleware/validate';
import type { OgImageCache } from '../og/og-cache';

const ogQuery = z.object({
  title: z.string().max(300).default('C360 Caribbean Intelligence'),
  region: z.string().max(80).default('Caribbean'),
});

/** GET /api/og-image?title&region: a 1200×630 PNG preview card, cached here and by browsers/CDNs. */
/** The query strings these routes parse, by operation as docs/openapi.json names it (its query parameters are derived from these; server/openapi.db.test.ts). */
export const OG_IMAGE_QUERIES = { 'GET /api/og-image': ogQuery };

export function ogImageRouter(deps: { cache: OgImageCache; limits: RateLimiters }): Router {
  const router = Router();
  router.get('/og-image', async (req, res, next) => {
    const { title, region } = parseQuery(ogQuery, req);
    const key = { title: title.replace(/\s+/g, ' ').trim(), region: region.replace(/\s+/g, ' ').trim() };
    const etag = `"${createHash('sha1').update(`${key.region}\u0000${key.title}`).digest('base64url').slice(0, 22)}"`;
    res.setHeader('Cache-Control', 'public, max-age=86400, stale-while-revalidate=604800');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) return void res.status(304).end();
    // Only renders (cache misses) count against the limit.
    const render = async () => {
      const png = await deps.cache.get(key.title, key.region);
      res.type('png').setHeader('Content-Length', png.length);
      res.end(png);
    };
    if (deps.cache.has(key.title, key.region)) return render();
    deps.limits.ogImage(req, res, () => void render().catch(next));
  });
  return router;
}
