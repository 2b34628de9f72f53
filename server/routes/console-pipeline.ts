import type { Request } from 'express';
import { z } from 'zod';
import { pipelineOverview, livePublishingStatus } from '../../core/console/pipeline-overview';
import { INTELLIGENCE_WINDOWS, regionalIntelligence } from '../../core/console/regional-intelligence';
import {
  createStoryFromSignal,
  investigateSignal,
  listConsolePatterns,
  listConsoleSignals,
  SIGNAL_STRENGTHS,
  SIGNAL_TYPES,
  storyClusters,
} from '../../core/console/signal-scanner';
import { listAttentionStories } from '../../core/editorial/attention';
import { C360Error } from '../../core/errors';
import { getConsoleRun, latestConsoleRun, RUN_KINDS, RUNNABLE_STEPS } from '../../core/operations/console-runs';
import { buildPipelineDeps, consoleActor, DEFAULT_INDICATORS_FILE } from '../../core/operations/pipeline-services';
import { listPendingItems, MAX_PENDING_LISTED, processSourceItem } from '../../core/operations/source-items';
import { parseBody, parseQuery } from '../middleware/validate';
import { presentConsoleStory } from '../presenters/console-story';
import type { ConsoleContext, ConsoleRoute } from './console';

/**
 * The console's pipeline screens: AI Pipeline (overview, runs with the progress overlay, articles
 * through /console/stories), Live Publishing (status, attention list, the scheduler switch), Signal
 * Scanner and Enhanced Signals, Regional Intelligence; and the operator API the reader site's
 * ?debug=true panel and Pipeline Testing share (/admin/pipeline/*: admins only).
 *
 * The scheduler switch is an admin route: it starts or stops ingest and the pipeline for every
 * server on the database and for every editor, an operator's decision like the operator API's runs.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idParam(req: Request, what: string): string {
  const id = String(req.params.id ?? '');
  if (!UUID.test(id)) throw new C360Error('not_found', `No ${what} ${id.slice(0, 80)}.`);
  return id;
}

/** "Today" is the browser's: it sends its local midnight. At most two days back; default UTC midnight. */
const sinceQuery = z.object({
  since: z.iso.datetime({ offset: true }).optional(),
});
function sinceOf(req: Request, ctx: ConsoleContext): Date {
  const { since } = parseQuery(sinceQuery, req);
  const now = ctx.clock();
  if (!since) return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const at = new Date(since);
  if (at.getTime() > now.getTime() + 3_600_000 || at.getTime() < now.getTime() - 2 * 86_400_000) {
    throw new C360Error('invalid_input', 'since must be the start of today (within the last two days).');
  }
  return at;
}

const runBody = z
  .object({ kind: z.enum(RUN_KINDS), step: z.enum(RUNNABLE_STEPS as [string, ...string[]]).optional() })
  .strict()
  .refine((b) => (b.kind === 'step') === (b.step !== undefined), { message: 'step is required for a step run, and only for one', path: ['step'] });
const retryBody = z.object({ stage: z.string().min(1).max(40) }).strict();
/** A full run takes no options: an empty object (or no body), so a misspelt option is refused rather than ignored. */
const fullRunBody = z.object({}).strict();
const signalQuery = z.object({
  type: z.enum(SIGNAL_TYPES).optional(),
  strength: z.enum(SIGNAL_STRENGTHS).optional(),
  region: z.string().trim().min(1).max(80).optional(),
  q: z.string().trim().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const patternQuery = z.object({
  strength: z.enum(SIGNAL_STRENGTHS).optional(),
  region: z.string().trim().min(1).max(80).optional(),
  q: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const clusterQuery = z.object({ days: z.coerce.number().int().min(1).max(30).default(7) });
const intelligenceQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (INTELLIGENCE_WINDOWS as readonly number[]).includes(d), { message: `days must be one of ${INTELLIGENCE_WINDOWS.join(', ')}` })
    .default(30),
});
const pendingQuery = z.object({ limit: z.coerce.number().int().min(1).max(MAX_PENDING_LISTED).default(MAX_PENDING_LISTED) });
const processBody = z.object({ articleId: z.string().regex(UUID, 'articleId must be a source item id (UUID)') }).strict();
const schedulerBody = z.object({ running: z.boolean() }).strict();

/** The query strings these routes parse, by operation as docs/openapi.json names it (its query parameters are derived from these; server/openapi.db.test.ts). */
export const PIPELINE_QUERIES = {
  'GET /api/console/pipeline/overview': sinceQuery,
  'GET /api/console/publishing': sinceQuery,
  'GET /api/console/signals': signalQuery,
  'GET /api/console/patterns': patternQuery,
  'GET /api/console/clusters': clusterQuery,
  'GET /api/console/intelligence': intelligenceQuery,
  'GET /api/admin/pipeline/pending': pendingQuery,
};

/** The JSON bodies these routes parse, by operation as docs/openapi.json names it (its request bodies are derived from these; server/openapi.db.test.ts). */
export const PIPELINE_REQUEST_BODIES = {
  'POST /api/console/pipeline/runs': runBody,
  'POST /api/console/pipeline/runs/{id}/retry': retryBody,
  'POST /api/admin/pipeline/run': fullRunBody,
  'POST /api/admin/pipeline/process': processBody,
  'PUT /api/admin/scheduler': schedulerBody,
};

export const PIPELINE_ROUTES: readonly ConsoleRoute[] = [
  // AI Pipeline › Overview and Interactive Workflow
  {
    method: 'get',
    path: '/console/pipeline/overview',
    role: 'editor',
    handler: async (req, res, ctx) => pipelineOverview(ctx.db, { since: sinceOf(req, ctx), now: ctx.clock(), editor: ctx.actor(res).email }),
  },
  // Runs started from the console (the progress overlay reads these; SSE 'pipeline' events say when to)
  {
    method: 'get',
    path: '/console/pipeline/runs/current',
    role: 'editor',
    handler: async (_req, _res, ctx) => ({ run: await latestConsoleRun(ctx.db, ctx.clock()) }),
  },
  {
    method: 'post',
    path: '/console/pipeline/runs',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const body = parseBody(runBody, req);
      const { run } = await ctx.pipeline.runs.start({
        kind: body.kind,
        step: (body.step as (typeof RUNNABLE_STEPS)[number] | undefined) ?? null,
        email: ctx.actor(res).email,
      });
      res.status(202);
      return { run };
    },
  },
  {
    method: 'get',
    path: '/console/pipeline/runs/:id',
    role: 'editor',
    handler: async (req, _res, ctx) => ({ run: await getConsoleRun(ctx.db, idParam(req, 'pipeline run')) }),
  },
  {
    method: 'post',
    path: '/console/pipeline/runs/:id/cancel',
    role: 'editor',
    handler: async (req, _res, ctx) => ({ run: await ctx.pipeline.runs.cancel(idParam(req, 'pipeline run')) }),
  },
  {
    method: 'post',
    path: '/console/pipeline/runs/:id/retry',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const id = idParam(req, 'pipeline run');
      const { stage } = parseBody(retryBody, req);
      const { run } = await ctx.pipeline.runs.retry({ id, stage, email: ctx.actor(res).email });
      res.status(202);
      return { run };
    },
  },
  // Live Publishing
  {
    method: 'get',
    path: '/console/publishing',
    role: 'editor',
    handler: async (req, _res, ctx) => ({
      ...(await livePublishingStatus(ctx.db, { since: sinceOf(req, ctx), now: ctx.clock() })),
      scheduler: await ctx.pipeline.scheduler.view(),
    }),
  },
  {
    method: 'get',
    path: '/console/publishing/attention',
    role: 'editor',
    handler: async (_req, _res, ctx) => ({ items: (await listAttentionStories(ctx.db)).map(presentConsoleStory) }),
  },
  // Signal Scanner and Enhanced Signals
  {
    method: 'get',
    path: '/console/signals',
    role: 'editor',
    handler: async (req, _res, ctx) => listConsoleSignals(ctx.db, parseQuery(signalQuery, req)),
  },
  {
    method: 'get',
    path: '/console/signals/:id',
    role: 'editor',
    handler: async (req, _res, ctx) => investigateSignal(ctx.db, idParam(req, 'signal')),
  },
  {
    method: 'post',
    path: '/console/signals/:id/story',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const { story, created } = await createStoryFromSignal(ctx.db, { signalId: idParam(req, 'signal'), actor: ctx.actor(res).email, now: ctx.clock() });
      res.status(created ? 201 : 200);
      return { story: presentConsoleStory(story), created };
    },
  },
  {
    method: 'get',
    path: '/console/patterns',
    role: 'editor',
    handler: async (req, _res, ctx) => listConsolePatterns(ctx.db, parseQuery(patternQuery, req)),
  },
  {
    method: 'get',
    path: '/console/clusters',
    role: 'editor',
    handler: async (req, _res, ctx) => storyClusters(ctx.db, { now: ctx.clock(), days: parseQuery(clusterQuery, req).days }),
  },
  // Regional Intelligence
  {
    method: 'get',
    path: '/console/intelligence',
    role: 'editor',
    handler: async (req, _res, ctx) =>
      regionalIntelligence(ctx.db, { now: ctx.clock(), days: parseQuery(intelligenceQuery, req).days, indicatorsFile: DEFAULT_INDICATORS_FILE }),
  },
  // The operator API (the reader site's ?debug=true panel and Pipeline Testing): admins only
  {
    method: 'post',
    path: '/admin/pipeline/run',
    role: 'admin',
    handler: async (req, res, ctx) => {
      parseBody(fullRunBody, req);
      const { done } = await ctx.pipeline.runs.start({ kind: 'full', email: ctx.actor(res).email });
      const run = await done;
      if (run.status === 'cancelled') throw new C360Error('conflict', 'The pipeline run was cancelled before it finished.');
      if (run.status === 'failed') {
        const errors = run.stages.filter((s) => s.status === 'error').map((s) => `${s.name}: ${s.error}`);
        throw new C360Error('internal', `Some stages encountered errors: ${errors.join('; ')}`);
      }
      return {
        stats: run.result?.stats ?? { processed: 0, autoPublished: 0, flaggedForReview: 0, failed: 0 },
        patternStats: run.result?.patternStats ?? null,
        run,
      };
    },
  },
  {
    method: 'get',
    path: '/admin/pipeline/pending',
    role: 'admin',
    handler: async (req, _res, ctx) => ({ items: await listPendingItems(ctx.db, parseQuery(pendingQuery, req).limit) }),
  },
  {
    method: 'post',
    path: '/admin/pipeline/process',
    role: 'admin',
    handler: async (req, res, ctx) => {
      const { articleId } = parseBody(processBody, req);
      const deps = buildPipelineDeps({
        db: ctx.db,
        config: ctx.config,
        logger: ctx.logger,
        clock: ctx.clock,
        actor: consoleActor('process item', ctx.actor(res).email),
      });
      const { message, storyId } = await processSourceItem(deps, articleId);
      return { message, storyId };
    },
  },
  {
    method: 'put',
    path: '/admin/scheduler',
    role: 'admin',
    handler: async (req, res, ctx) => {
      const { running } = parseBody(schedulerBody, req);
      return { scheduler: await ctx.pipeline.scheduler.setEnabled(running, ctx.actor(res).email) };
    },
  },
];
