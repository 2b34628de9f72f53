import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { C360Error } from '../../core/errors';
import { findPublishedStory, getHomePage, listHomeStories, listSectionStories, searchStories } from '../../core/stories/story-repository';
import { presentStory, presentStoryCard } from '../presenters/story';

const pageQuery = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** Public reads: published stories only, filtered, ranked and paginated in SQL by the core. */
export function publicStoriesRouter(deps: { db: Knex; clock: () => Date }): Router {
  const router = Router();

  router.get('/home', async (_req, res) => {
    const home = await getHomePage(deps.db, { now: deps.clock() });
    res.json({
      lead: home.lead && presentStoryCard(home.lead),
      latest: home.latest.map((s) => ({ ...presentStoryCard(s), trending: s.trending })),
      categories: home.categories.map((c) => ({ ...c, stories: c.stories.map(presentStoryCard) })),
      moreNews: home.moreNews.map(presentStoryCard),
      moreNewsHasMore: home.moreNewsHasMore,
    });
  });

  router.get('/stories', async (req, res) => {
    const { offset, limit } = pageQuery.parse(req.query);
    const page = await listHomeStories(deps.db, { now: deps.clock(), offset, limit });
    res.json({ ...page, items: page.items.map(presentStoryCard) });
  });

  router.get('/sections/:section', async (req, res) => {
    const { offset, limit } = pageQuery.parse(req.query);
    const page = await listSectionStories(deps.db, { section: req.params.section, offset, limit });
    res.json({ ...page, items: page.items.map(presentStoryCard) });
  });

  router.get('/search', async (req, res) => {
    const { q, offset, limit } = pageQuery.extend({ q: z.string().max(200).default('') }).parse(req.query);
    const page = await searchStories(deps.db, { q, offset, limit });
    res.json({ ...page, items: page.items.map(presentStoryCard) });
  });

  router.get('/articles/:id', async (req, res) => {
    const found = await findPublishedStory(deps.db, req.params.id);
    if (!found) throw new C360Error('not_found', 'The requested article could not be found');
    res.json({ story: presentStory(found.story), canonicalPath: found.canonicalPath, matchedBy: found.matchedBy });
  });

  return router;
}
