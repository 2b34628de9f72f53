import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import { C360Error } from '../../core/errors';
import { pagesSitemap, robotsTxt, RSS_ITEMS, rssFeed, sitemapIndex, SITEMAP_PAGE_SIZE, storiesSitemap } from '../../core/site/site-files';
import { countPublished, listPublishedForFeeds } from '../../core/site/site-repository';
import { sendCached, type ResponseCache } from '../cache/response-cache';

/** /robots.txt, /sitemap.xml (an index of pages), /rss.xml: built from SQL-limited reads, cached. */
export function siteFilesRouter(deps: { db: Knex; cache: ResponseCache; originOf: (req: Request) => string }): Router {
  const router = Router();
  const originOf = deps.originOf;
  const serve = async (req: Request, res: Response, name: string, type: string, maxAge: number, build: (origin: string) => Promise<string>) => {
    const origin = originOf(req);
    const key = `file:${origin}:${name}`;
    const cached = await deps.cache.get(key, async () => ({
      status: 200,
      type,
      body: Buffer.from(await build(origin)),
      cacheControl: `public, max-age=${maxAge}`,
    }));
    sendCached(req, res, cached);
    // A site file depends on the origin and its name alone: later requests for it may take the fast lane.
    if (cached.status === 200) deps.cache.bindUrl(origin + req.originalUrl, key);
  };

  router.get('/robots.txt', (req, res) => serve(req, res, 'robots', 'text/plain; charset=utf-8', 3600, async (origin) => robotsTxt(origin)));

  router.get('/sitemap.xml', (req, res) =>
    serve(req, res, 'sitemap', 'application/xml; charset=utf-8', 600, async (origin) => {
      const [count, newest] = [await countPublished(deps.db), (await listPublishedForFeeds(deps.db, { offset: 0, limit: 1 }))[0]];
      return sitemapIndex(origin, count, newest?.updated_at ?? null);
    }),
  );

  router.get('/sitemaps/:file', async (req, res) => {
    const file = String(req.params.file);
    if (file === 'pages.xml') return serve(req, res, 'sitemap-pages', 'application/xml; charset=utf-8', 3600, async (origin) => pagesSitemap(origin));
    const match = /^stories-([1-9]\d{0,4})\.xml$/.exec(file);
    if (!match) throw new C360Error('not_found', 'No such sitemap.');
    const page = Number(match[1]);
    await serve(req, res, `sitemap-stories-${page}`, 'application/xml; charset=utf-8', 600, async (origin) => {
      const stories = await listPublishedForFeeds(deps.db, { offset: (page - 1) * SITEMAP_PAGE_SIZE, limit: SITEMAP_PAGE_SIZE });
      if (stories.length === 0 && page > 1) throw new C360Error('not_found', 'No such sitemap.');
      return storiesSitemap(origin, stories);
    });
  });

  router.get('/rss.xml', (req, res) =>
    serve(req, res, 'rss', 'application/rss+xml; charset=utf-8', 300, async (origin) =>
      rssFeed(origin, await listPublishedForFeeds(deps.db, { offset: 0, limit: RSS_ITEMS, verification: true })),
    ),
  );

  return router;
}
