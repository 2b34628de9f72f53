import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { Config } from '../../core/config';
import { C360Error } from '../../core/errors';
import type { Logger } from '../../core/logger';
import { createAiProvider } from '../../core/pipeline/summarise/create-provider';
import type { AiProvider } from '../../core/pipeline/summarise/provider';
import { findPublishedStory } from '../../core/stories/story-repository';
import { TRANSLATION_LANGUAGES, translateStory } from '../../core/stories/translate-story';
import { parseBody } from '../middleware/validate';
import { presentStory } from '../presenters/story';

const translateBody = z.object({ language: z.enum(TRANSLATION_LANGUAGES) });
/** The JSON bodies these routes parse, by operation as docs/openapi.json names it (its request bodies are derived from these; server/openapi.db.test.ts). */
export const TRANSLATION_REQUEST_BODIES = { 'POST /api/articles/{id}/translation': translateBody };
const articleParam = z.string().min(1).max(300);

/**
 * A reader's "Translate" on an article: published stories only, behind a per-address rate limit
 * (each new translation is one AI call; a kept one costs nothing). Offline (no AI provider) the
 * article offers no button and this answers 501.
 */
export function storyTranslationsRouter(deps: { db: Knex; config: Pick<Config, 'ai'>; logger: Logger; limit: RequestHandler; ai?: AiProvider }): Router {
  const router = Router();
  let ai: AiProvider | undefined = deps.ai;
  router.post('/articles/:id/translation', deps.limit, async (req, res) => {
    const { language } = parseBody(translateBody, req);
    const found = await findPublishedStory(deps.db, articleParam.parse(req.params.id));
    if (!found) throw new C360Error('not_found', 'The requested article could not be found');
    ai ??= createAiProvider(deps.config, deps.logger, { maxRetries: 0 });
    if (!ai.translate) throw new C360Error('unsupported', 'Translation needs an AI provider; none is configured.');
    const story = presentStory(found.story);
    const row = await deps.db('synced_content').select('sources_version').where('id', found.story.id).first();
    const translation = await translateStory(
      { db: deps.db, ai },
      {
        storyId: found.story.id,
        from: story.language,
        to: language,
        sourcesVersion: Number(row?.sources_version ?? 0),
        story: { title: story.title, summary: story.summary, layers: story.layers },
      },
    );
    res.setHeader('Cache-Control', 'no-store');
    res.json({ translation });
  });
  return router;
}
