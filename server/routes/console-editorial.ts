import type { Request } from 'express';
import { z } from 'zod';
import {
  addInsight,
  deleteInsight,
  editInsight,
  generateCommunityInsights,
  INSIGHT_SOURCES,
  listInsights,
  MAX_SCAN_ITEMS,
  scanCommunity,
  SENTIMENTS,
} from '../../core/console/community-insights';
import { curationLists, dashboardOverview, sanityDocuments, searchArticles, syncOverview, type CardFilter } from '../../core/console/console-overview';
import { createTask, deleteTask, listAssignees, listTasks, TASK_PRIORITIES, TASK_STATUSES, updateTask } from '../../core/console/editorial-tasks';
import { createConsoleStory, editStoryContent, moveStoryStage } from '../../core/console/story-editing';
import { C360Error } from '../../core/errors';
import { describeWebhookSecurity } from '../../core/sanity/handle-webhook';
import { createAiProvider } from '../../core/pipeline/summarise/create-provider';
import { LAYER_TYPES, PIPELINE_STAGES } from '../../core/stories/story';
import { parseBody, parseQuery } from '../middleware/validate';
import { presentStoryCard } from '../presenters/console-card';
import { presentConsoleStory } from '../presenters/console-story';
import type { ConsoleRoute } from './console';
import { trustedOrigin, type OriginSettings } from '../site-origin';

/**
 * The editorial half of the console's API: dashboard home, article lists (Article Feed, Content
 * Sync, Sanity Editor, Five-Box Reader), Content Curation, the story editor (content, workflow
 * stage, new stories), community insights, and the editorial task list. Editors and admins.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidParam(req: Request, name: string, what: string): string {
  const id = String(req.params[name] ?? '');
  if (!UUID.test(id)) throw new C360Error('not_found', `No ${what} with id ${id.slice(0, 80)}.`);
  return id;
}

const page = {
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(24),
};
const articlesQuery = z.object({
  q: z.string().max(200).optional(),
  region: z.string().max(100).optional(),
  stage: z.enum(PIPELINE_STAGES).optional(),
  source: z.enum(['all', 'sanity']).default('all'),
  live: z.enum(['published', 'unpublished']).optional(),
  order: z.enum(['updated', 'published']).default('updated'),
  ...page,
});
const curationQuery = z.object({ readyOffset: page.offset, readyLimit: page.limit });

const text = (max: number) => z.string().max(max);
const layersBody = z
  .object(Object.fromEntries(LAYER_TYPES.map((t) => [t, text(20_000).optional()])) as Record<(typeof LAYER_TYPES)[number], z.ZodOptional<z.ZodString>>)
  .strict();
const contentBody = z
  .object({
    title: z.string().trim().min(3).max(200).optional(),
    summary: text(2_000).optional(),
    region: z.string().trim().min(1).max(100).optional(),
    tags: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
    layers: layersBody.optional(),
  })
  .strict();
const newStoryBody = contentBody.extend({ title: z.string().trim().min(3).max(200) });
const stageBody = z.object({ stage: z.enum(PIPELINE_STAGES), reason: text(500).optional() }).strict();

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'use YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'not a date');
const insightBody = z
  .object({
    quote: z.string().trim().min(1, 'a quote is required').max(2_000),
    attribution: z.string().trim().min(1, 'an attribution is required').max(200),
    sentiment: z.enum(SENTIMENTS).default('neutral'),
    source: z.enum(INSIGHT_SOURCES),
    date: day.optional(),
  })
  .strict();
const insightPatch = insightBody
  .partial()
  .extend({ sentiment: z.enum(SENTIMENTS).optional() })
  .strict();
const generateBody = z.object({ itemIds: z.array(z.uuid()).min(1).max(MAX_SCAN_ITEMS) }).strict();

const deadline = z.iso.datetime({ offset: true }).nullable();
const taskBody = z
  .object({
    title: z.string().trim().min(1).max(200),
    notes: text(2_000).optional(),
    storyId: z.uuid().nullable().optional(),
    assigneeId: z.uuid().nullable().optional(),
    deadline: deadline.optional(),
    priority: z.enum(TASK_PRIORITIES).default('MEDIUM'),
    status: z.enum(TASK_STATUSES).default('pending_review'),
  })
  .strict();
const taskPatch = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    notes: text(2_000).optional(),
    storyId: z.uuid().nullable().optional(),
    assigneeId: z.uuid().nullable().optional(),
    deadline: deadline.optional(),
    priority: z.enum(TASK_PRIORITIES).optional(),
    status: z.enum(TASK_STATUSES).optional(),
  })
  .strict();
const tasksQuery = z.object({ status: z.enum(TASK_STATUSES).optional(), assignee: z.uuid().optional(), story: z.uuid().optional() });

function cardFilter(q: z.infer<typeof articlesQuery>): CardFilter {
  return { q: q.q, region: q.region, stage: q.stage, live: q.live, order: q.order, fromSanity: q.source === 'sanity', offset: q.offset, limit: q.limit };
}

function presentSearch<T extends { items: Parameters<typeof presentStoryCard>[0][] }>(result: T) {
  return { ...result, items: result.items.map(presentStoryCard) };
}

/** Where Sanity must send its webhook: this server's public address, else the address this request came to. */
function webhookUrl(req: Request, config: OriginSettings): string {
  return `${trustedOrigin(req, config)}/api/sync-sanity`;
}

/** The query strings these routes parse, by operation as docs/openapi.json names it (its query parameters are derived from these; server/openapi.db.test.ts). */
export const EDITORIAL_QUERIES = {
  'GET /api/console/articles': articlesQuery,
  'GET /api/console/curation': curationQuery,
  'GET /api/console/sync': articlesQuery,
  'GET /api/console/sanity/documents': articlesQuery,
  'GET /api/console/tasks': tasksQuery,
};

/** The JSON bodies these routes parse, by operation as docs/openapi.json names it (its request bodies are derived from these; server/openapi.db.test.ts). */
export const EDITORIAL_REQUEST_BODIES = {
  'POST /api/console/stories': newStoryBody,
  'PUT /api/console/stories/{id}/content': contentBody,
  'POST /api/console/stories/{id}/stage': stageBody,
  'POST /api/console/stories/{id}/insights/generate': generateBody,
  'POST /api/console/stories/{id}/insights': insightBody,
  'PATCH /api/console/stories/{id}/insights/{insightId}': insightPatch,
  'POST /api/console/tasks': taskBody,
  'PATCH /api/console/tasks/{id}': taskPatch,
};

export const EDITORIAL_ROUTES: readonly ConsoleRoute[] = [
  // Dashboard home: counts, the newest three stories, signals and the last run.
  {
    method: 'get',
    path: '/console/overview',
    role: 'editor',
    handler: async (_req, _res, ctx) => {
      const o = await dashboardOverview(ctx.db, ctx.clock());
      return { ...o, latest: o.latest.map(presentStoryCard) };
    },
  },
  // Story cards with filters (Article Feed, Five-Box Reader list), and the regions to filter by.
  {
    method: 'get',
    path: '/console/articles',
    role: 'editor',
    handler: async (req, _res, ctx) => presentSearch(await searchArticles(ctx.db, cardFilter(parseQuery(articlesQuery, req)))),
  },
  // Content Curation's three tabs.
  {
    method: 'get',
    path: '/console/curation',
    role: 'editor',
    handler: async (req, _res, ctx) => {
      const { readyOffset, readyLimit } = parseQuery(curationQuery, req);
      const lists = await curationLists(ctx.db, { readyOffset, readyLimit });
      return {
        ...lists,
        homepage: lists.homepage.map(presentStoryCard),
        section: lists.section.map(presentStoryCard),
        ready: presentSearch(lists.ready),
        published: lists.published.map(presentStoryCard),
      };
    },
  },
  // Content Sync: webhook health from recorded deliveries, this server's webhook address, the synced stories.
  {
    method: 'get',
    path: '/console/sync',
    role: 'editor',
    handler: async (req, _res, ctx) => {
      const overview = await syncOverview(ctx.db, ctx.clock(), cardFilter(parseQuery(articlesQuery, req)));
      const security = describeWebhookSecurity({ secret: ctx.config.sanity.webhookSecret, insecureDev: ctx.config.sanity.insecureDev });
      return {
        ...overview,
        health: { ...overview.health, healthy: overview.health.healthy && security.mode !== 'refusing', security },
        articles: presentSearch(overview.articles),
        webhookUrl: webhookUrl(req, ctx.config),
        secretConfigured: Boolean(ctx.config.sanity.webhookSecret),
      };
    },
  },
  // Sanity Editor page: CMS documents and their status.
  {
    method: 'get',
    path: '/console/sanity/documents',
    role: 'editor',
    handler: async (req, _res, ctx) => {
      const result = await sanityDocuments(ctx.db, ctx.clock(), cardFilter(parseQuery(articlesQuery, req)));
      return { ...result, documents: presentSearch(result.documents), webhookUrl: webhookUrl(req, ctx.config) };
    },
  },
  // Story editor: a new story, the Content tab, the Workflow tab.
  {
    method: 'post',
    path: '/console/stories',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const body = parseBody(newStoryBody, req);
      const story = await createConsoleStory(ctx.db, { ...body, actor: ctx.actor(res), now: ctx.clock() });
      res.status(201);
      return { story: presentConsoleStory(story) };
    },
  },
  {
    method: 'put',
    path: '/console/stories/:id/content',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const id = uuidParam(req, 'id', 'story');
      const edit = parseBody(contentBody, req);
      return { story: presentConsoleStory(await editStoryContent(ctx.db, { id, edit, actor: ctx.actor(res), now: ctx.clock() })) };
    },
  },
  {
    method: 'post',
    path: '/console/stories/:id/stage',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const id = uuidParam(req, 'id', 'story');
      const { stage, reason } = parseBody(stageBody, req);
      return { story: presentConsoleStory(await moveStoryStage(ctx.db, { id, stage, reason, actor: ctx.actor(res), now: ctx.clock() })) };
    },
  },
  // Community insights.
  {
    method: 'get',
    path: '/console/stories/:id/insights',
    role: 'editor',
    handler: async (req, _res, ctx) => ({ insights: await listInsights(ctx.db, uuidParam(req, 'id', 'story')) }),
  },
  {
    method: 'post',
    path: '/console/stories/:id/insights/scan',
    role: 'editor',
    handler: async (req, _res, ctx) => scanCommunity(ctx.db, { storyId: uuidParam(req, 'id', 'story'), now: ctx.clock() }),
  },
  {
    method: 'post',
    path: '/console/stories/:id/insights/generate',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const storyId = uuidParam(req, 'id', 'story');
      const { itemIds } = parseBody(generateBody, req);
      const ai = createAiProvider(ctx.config, ctx.logger, { maxRetries: 1 });
      const result = await generateCommunityInsights(ctx.db, ai, { storyId, itemIds, actor: ctx.actor(res), now: ctx.clock() });
      ctx.logger.info(
        { storyId, added: result.added.length, skipped: result.skipped, provider: result.usage.provider, tokens: result.usage.totalTokens },
        'community insights generated',
      );
      return { added: result.added.length, skipped: result.skipped, itemsRead: result.itemsRead, provider: result.usage.provider, insights: result.insights };
    },
  },
  {
    method: 'post',
    path: '/console/stories/:id/insights',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const storyId = uuidParam(req, 'id', 'story');
      const insight = await addInsight(ctx.db, { storyId, insight: parseBody(insightBody, req), actor: ctx.actor(res), now: ctx.clock() });
      res.status(201);
      return { insight };
    },
  },
  {
    method: 'patch',
    path: '/console/stories/:id/insights/:insightId',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const storyId = uuidParam(req, 'id', 'story');
      const insightId = uuidParam(req, 'insightId', 'community voice');
      return { insight: await editInsight(ctx.db, { storyId, insightId, insight: parseBody(insightPatch, req), actor: ctx.actor(res), now: ctx.clock() }) };
    },
  },
  {
    method: 'delete',
    path: '/console/stories/:id/insights/:insightId',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const storyId = uuidParam(req, 'id', 'story');
      const insightId = uuidParam(req, 'insightId', 'community voice');
      await deleteInsight(ctx.db, { storyId, insightId, actor: ctx.actor(res), now: ctx.clock() });
      return { deleted: insightId };
    },
  },
  // Editorial tasks.
  {
    method: 'get',
    path: '/console/tasks',
    role: 'editor',
    handler: async (req, _res, ctx) => {
      const q = parseQuery(tasksQuery, req);
      return listTasks(ctx.db, { status: q.status, assigneeId: q.assignee, storyId: q.story });
    },
  },
  {
    method: 'post',
    path: '/console/tasks',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const task = await createTask(ctx.db, parseBody(taskBody, req), ctx.actor(res));
      res.status(201);
      return { task };
    },
  },
  {
    method: 'patch',
    path: '/console/tasks/:id',
    role: 'editor',
    handler: async (req, res, ctx) => ({ task: await updateTask(ctx.db, uuidParam(req, 'id', 'task'), parseBody(taskPatch, req), ctx.actor(res)) }),
  },
  {
    method: 'delete',
    path: '/console/tasks/:id',
    role: 'editor',
    handler: async (req, _res, ctx) => {
      const id = uuidParam(req, 'id', 'task');
      await deleteTask(ctx.db, id);
      return { deleted: id };
    },
  },
  {
    method: 'get',
    path: '/console/assignees',
    role: 'editor',
    handler: async (_req, _res, ctx) => ({ items: await listAssignees(ctx.db) }),
  },
];
