import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { C360Error } from '../../core/errors';
import { findPublishedStory, getHomePage, listHomeStories, listSectionStories, searchStories, type PublishedLookup } from '../../core/stories/story-repository';
import { isBreaking, type StormContext } from '../../core/stories/storm-news';
import type { Story } from '../../core/stories/story';
import { searchStorms } from '../../core/storms/storm-search';
import { getStormContext } from '../../core/storms/storm-threat';
import { jsonBody, sendCached, type ResponseCache } from '../cache/response-cache';
import { parseQuery } from '../middleware/validate';
import { presentStormBanners } from '../presenters/storm-banner';
import { presentStory, presentStoryCard } from '../presenters/story';

const pageQuery = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
const searchQuery = pageQuery.extend({ q: z.string().max(200).default('') });
const sectionParam = z.string().max(40);
const articleParam = z.string().max(300);

/** Browsers revalidate every time (a 304 costs nothing); the server cache keeps answers fresh. */
const API_CACHE_CONTROL = 'public, no-cache';

/** Public reads: published stories only, filtered, ranked and paginated in SQL by the core. */
/** The query strings these routes parse, by operation as docs/openapi.json names it (its query parameters are derived from these; server/openapi.db.test.ts). */
export const PUBLIC_STORY_QUERIES = {
  'GET /api/stories': pageQuery,
  'GET /api/sections/{section}': pageQuery,
  'GET /api/search': searchQuery,
};

export function publicStoriesRouter(deps: { db: Knex; clock: () => Date; cache: ResponseCache; searchLimit: RequestHandler; translation?: boolean }): Router {
  const router = Router();

  const cachedJson = async (req: Request, res: Response, key: string, build: () => Promise<unknown>, options: { search?: boolean } = {}) => {
    const cached = await deps.cache.get(
      key,
      async () => ({
        status: 200,
        type: 'application/json; charset=utf-8',
        body: jsonBody(await build()),
        cacheControl: API_CACHE_CONTROL,
      }),
      options,
    );
    sendCached(req, res, cached);
    // These answers depend on the URL alone: later requests for it may take the fast lane.
    if (cached.status === 200) deps.cache.bindUrl(req.originalUrl, key);
  };

  router.get('/home', async (req, res) => {
    await cachedJson(req, res, 'api:home', () => homePayload(deps.db, deps.clock()));
  });

  router.get('/stories', async (req, res) => {
    const { offset, limit } = parseQuery(pageQuery, req);
    await cachedJson(req, res, `api:stories:${offset}:${limit}`, async () => {
      const page = await listHomeStories(deps.db, { now: deps.clock(), offset, limit });
      return { ...page, items: page.items.map(presentStoryCard) };
    });
  });

  router.get('/sections/:section', async (req, res) => {
    const { offset, limit } = parseQuery(pageQuery, req);
    const section = sectionParam.parse(req.params.section);
    await cachedJson(req, res, `api:section:${section.toLowerCase()}:${offset}:${limit}`, () => sectionPayload(deps.db, { section, offset, limit }));
  });

  // Each new text is a database search: limited per address. A repeated search that the cache
  // holds is answered by the fast lane before this runs, so it costs nothing and is not counted.
  router.get('/search', deps.searchLimit, async (req, res) => {
    const { q, offset, limit } = parseQuery(searchQuery, req);
    // Any text makes a new entry: searches get a bounded share of the cache, never pages' room.
    await cachedJson(
      req,
      res,
      `api:search:${offset}:${limit}:${q}`,
      async () => {
        const page = await searchStories(deps.db, { q, offset, limit });
        // The Storm Centre, when the words name a threatening storm, its type or a country under watch (first page only).
        const storms = offset === 0 ? await searchStorms(deps.db, { q, now: deps.clock() }) : [];
        return { ...page, items: page.items.map(presentStoryCard), storms };
      },
      { search: true },
    );
  });

  router.get('/articles/:id', async (req, res) => {
    const id = articleParam.parse(req.params.id);
    await cachedJson(req, res, `api:article:${id}`, async () => {
      const found = await articlePayload(deps.db, id, deps.clock(), { translation: deps.translation ?? false });
      if (!found) throw new C360Error('not_found', 'The requested article could not be found');
      return found;
    });
  });

  return router;
}

/** The answers above, shared with the server renderer so a rendered page holds exactly what the API would send. */
export async function homePayload(db: Knex, now: Date) {
  const home = await getHomePage(db, { now });
  // BREAKING is decided here, by the core rule, and sent as a flag.
  const card = (story: Story & { ranking?: { score: number } }) => ({ ...presentStoryCard(story), breaking: isBreaking(story, home.storms, now) });
  return {
    storms: presentStormBanners(home.storms),
    lead: home.lead && card(home.lead),
    latest: home.latest.map((s) => ({ ...card(s), trending: s.trending })),
    categories: home.categories.map((c) => ({ ...c, stories: c.stories.map(card) })),
    moreNews: home.moreNews.map(card),
    moreNewsHasMore: home.moreNewsHasMore,
    moreNewsNext: home.moreNewsNext,
  };
}

export async function sectionPayload(db: Knex, options: { section: string; offset: number; limit?: number }) {
  const page = await listSectionStories(db, options);
  return { ...page, items: page.items.map(presentStoryCard) };
}

export async function articlePayload(db: Knex, id: string, now: Date, options: { translation: boolean } = { translation: false }) {
  const found = await findPublishedStory(db, id);
  return found ? presentArticle(found, await getStormContext(db, now), now, options) : null;
}

/** `translation`: whether a reader may ask for the story in their language (an AI provider is configured). */
export function presentArticle(found: PublishedLookup, storms: StormContext, now: Date, options: { translation: boolean } = { translation: false }) {
  // A UUID address is not the article's address: canonicalPath tells the client where to go.
  const story = { ...presentStory(found.story), breaking: isBreaking(found.story, storms, now) };
  return {
    story,
    canonicalPath: found.canonicalPath,
    matchedBy: found.matchedBy,
    redirect: found.matchedBy === 'uuid' || found.matchedBy === 'redirect',
    translation: options.translation,
  };
}
