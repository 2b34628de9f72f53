/**
 * The console API (/api/console/*: editor or admin) and the admin API (/api/admin/*: admin).
 *
 * HOW TO ADD A ROUTE (two lines):
 *   1. Add one entry to CONSOLE_ROUTES below, e.g.
 *        { method: 'post', path: '/admin/pipeline/run', role: 'admin', handler: (req, res, ctx) => runPipeline(ctx.db, …) },
 *      The handler returns the JSON body (set res.status(…) first for another status). The
 *      router checks the role before the handler runs, validates nothing for you (parse
 *      req.body / req.query with zod), and drops the public page cache after every
 *      successful POST/PUT/PATCH/DELETE. ctx.actor(res) is the signed-in user's e-mail: pass it
 *      to core as the actor for audit entries.
 *   2. Add its expected statuses to MATRIX in server/role-matrix.db.test.ts, e.g.
 *        'POST /api/admin/pipeline/run': { anonymous: 401, reader: 403, editor: 403, admin: 200 },
 *      The test enumerates every route of the app and fails for a route without an entry.
 *
 * Paths under /admin must require 'admin' (checked at start-up); paths under /console at least 'editor'.
 */
import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { Config } from '../../core/config';
import { changeUserRole, listUsers, removeUser } from '../../core/accounts/accounts';
import { ROLES, type Role } from '../../core/accounts/user';
import { featureStory, getConsoleStory, listConsoleStories, publishStory } from '../../core/console/console-stories';
import { applyOverride } from '../../core/editorial/apply-override';
import { resolveClaim } from '../../core/editorial/resolve-claim';
import { CLAIM_ACTIONS, CLAIM_REASON_MAX } from '../../core/stories/claim-resolution';
import { C360Error } from '../../core/errors';
import type { Logger } from '../../core/logger';
import { FEATURE_ACTIONS } from '../../core/stories/featuring';
import { OVERRIDE_ACTIONS } from '../../core/stories/overrides';
import { PIPELINE_STAGES } from '../../core/stories/story';
import type { ConsoleEvents } from '../live/console-events';
import { currentSession, requireRole } from '../middleware/session';
import { parseBody, parseQuery } from '../middleware/validate';
import { presentConsoleStory } from '../presenters/console-story';
import { presentUser } from '../presenters/user';
import { EDITORIAL_ROUTES } from './console-editorial';
import { LIVE_ROUTES } from './console-live';
import { OUTBOX_ROUTES } from './console-outbox';
import { OUTREACH_ROUTES } from './console-outreach';
import { PIPELINE_ROUTES } from './console-pipeline';
import type { ConsoleRunManager, SchedulerController } from '../pipeline-control';
import type { Mailer } from '../../core/mail/mailer';
import type { SchedulerState } from '../../core/settings/system-status';
import type { MailQueue } from '../mail-queue';

export type ConsoleContext = {
  db: Knex;
  clock: () => Date;
  logger: Logger;
  /** Drops cached public pages (called after each successful mutation). */
  invalidatePublicCache: () => void;
  /** The signed-in user's e-mail: the actor for audit entries and last_updated_by. */
  actor: (res: Response) => { email: string };
  /** The server's configuration (public URL, AI provider, …). */
  config: Config;
  /** The live-update relay behind GET /api/console/events. */
  events: ConsoleEvents;
  /** Outgoing e-mail (newsletters, alerts) and the queue that works it (server/mail-queue.ts). */
  mailer: Mailer;
  mailQueue: MailQueue;
  /** A mail catcher runs in this process (`c360 demo`): the Outbox shows what it caught. */
  mailCatcher?: boolean;
  /** The server secret: signs unsubscribe links, seals stored settings secrets. */
  secret: string;
  /** Settings › System: where the data lives, and whether this process runs the schedule. */
  databaseMode: 'embedded' | 'postgres';
  scheduler?: () => SchedulerState;
  /** Console pipeline runs this server executes, and its scheduler (server/pipeline-control.ts). */
  pipeline: { runs: ConsoleRunManager; scheduler: SchedulerController };
};

export type ConsoleRoute = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Relative to /api, starting with /console/ or /admin/. */
  path: string;
  role: Role;
  handler: (req: Request, res: Response, ctx: ConsoleContext) => Promise<unknown> | unknown;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function storyId(req: Request): string {
  const id = String(req.params.id ?? '');
  if (!UUID.test(id)) throw new C360Error('not_found', `No story with id ${id.slice(0, 80)}.`);
  return id;
}

const listQuery = z.object({
  stage: z.enum(PIPELINE_STAGES).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
const publishBody = z.object({
  homepage: z.boolean().default(false),
  section: z.boolean().default(false),
  priority: z.number().int().min(1).max(5).default(1),
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
const featureBody = z.object({ action: z.enum(FEATURE_ACTIONS as [string, ...string[]]) });
const overrideBody = z.object({ action: z.enum(OVERRIDE_ACTIONS), reason: z.string().max(500).optional() });
const claimBody = z.object({ decision: z.enum(CLAIM_ACTIONS), reason: z.string().trim().min(1, 'A reason is required.').max(CLAIM_REASON_MAX) });
const usersQuery = z.object({
  role: z.enum(ROLES).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const roleBody = z.object({ role: z.enum(ROLES) });

/** The query strings these routes parse, by operation as docs/openapi.json names it (its query parameters are derived from these; server/openapi.db.test.ts). */
export const CONSOLE_QUERIES = {
  'GET /api/console/stories': listQuery,
  'GET /api/admin/users': usersQuery,
};

/** The JSON bodies these routes parse, by operation as docs/openapi.json names it (its request bodies are derived from these; server/openapi.db.test.ts). */
export const CONSOLE_REQUEST_BODIES = {
  'POST /api/console/stories/{id}/publish': publishBody,
  'POST /api/console/stories/{id}/feature': featureBody,
  'POST /api/console/stories/{id}/override': overrideBody,
  'POST /api/console/stories/{id}/claims/{claim}': claimBody,
  'PATCH /api/admin/users/{id}': roleBody,
};

export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  ...LIVE_ROUTES,
  ...EDITORIAL_ROUTES,
  ...OUTREACH_ROUTES,
  ...PIPELINE_ROUTES,
  ...OUTBOX_ROUTES,
  // Stories of every stage, with a stage filter and the count per stage.
  {
    method: 'get',
    path: '/console/stories',
    role: 'editor',
    handler: async (req, _res, ctx) => {
      const { stage, offset, limit } = parseQuery(listQuery, req);
      const page = await listConsoleStories(ctx.db, { stage, offset, limit });
      return { ...page, items: page.items.map(presentConsoleStory) };
    },
  },
  {
    method: 'get',
    path: '/console/stories/:id',
    role: 'editor',
    handler: async (req, _res, ctx) => ({ story: presentConsoleStory(await getConsoleStory(ctx.db, storyId(req))) }),
  },
  // Publish through the gate (422 names the failing requirements).
  {
    method: 'post',
    path: '/console/stories/:id/publish',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const id = storyId(req);
      const feature = parseBody(publishBody, req);
      const story = await publishStory(ctx.db, { id, feature, actor: ctx.actor(res), now: ctx.clock() });
      return { story: presentConsoleStory(story) };
    },
  },
  // Featured controls: remove from homepage/section, priority up/down.
  {
    method: 'post',
    path: '/console/stories/:id/feature',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const id = storyId(req);
      const { action } = parseBody(featureBody, req);
      const story = await featureStory(ctx.db, { id, action: action as (typeof FEATURE_ACTIONS)[number], actor: ctx.actor(res), now: ctx.clock() });
      return { story: presentConsoleStory(story) };
    },
  },
  // Manual overrides: approve, reject, escalate with an optional reason; publish (force) only with one (400 without).
  {
    method: 'post',
    path: '/console/stories/:id/override',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const id = storyId(req);
      const { action, reason } = parseBody(overrideBody, req);
      // The pipeline's own override use case: a reject or escalation stays an editor's flag the pipeline keeps; an approval queues the story for publishing.
      const story = await applyOverride(ctx.db, { id, action, reason, actor: ctx.actor(res).email, now: ctx.clock() });
      return { story: presentConsoleStory(story) };
    },
  },
  // An editor's decision on one claim (number as listed, 1-based, or key): confirm, dispute or dismiss,
  // with a required reason; the story's gate is recomputed at once (core/editorial/resolve-claim.ts).
  {
    method: 'post',
    path: '/console/stories/:id/claims/:claim',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const id = storyId(req);
      const { decision, reason } = parseBody(claimBody, req);
      const result = await resolveClaim(ctx.db, {
        id,
        claim: String(req.params.claim ?? '').slice(0, 40),
        action: decision,
        reason,
        actor: ctx.actor(res).email,
        now: ctx.clock(),
      });
      return { claim: { number: result.index + 1, ...result.claim }, queued: result.queued, story: presentConsoleStory(result.story) };
    },
  },
  // Users (admin).
  {
    method: 'get',
    path: '/admin/users',
    role: 'admin',
    handler: async (req, _res, ctx) => {
      const page = await listUsers(ctx.db, parseQuery(usersQuery, req));
      return { ...page, items: page.items.map(presentUser) };
    },
  },
  {
    method: 'patch',
    path: '/admin/users/:id',
    role: 'admin',
    handler: async (req, res, ctx) => {
      const id = String(req.params.id ?? '');
      if (!UUID.test(id)) throw new C360Error('not_found', `No user ${id.slice(0, 80)}.`);
      const { role } = parseBody(roleBody, req);
      const { user, previous } = await changeUserRole(ctx.db, { user: id, role });
      ctx.logger.info({ actor: ctx.actor(res).email, userId: user.id, from: previous, to: role }, 'role changed');
      return { user: presentUser(user) };
    },
  },
  // Removes an account (not the admin's own, not the last admin); the deletion stays in account_events.
  {
    method: 'delete',
    path: '/admin/users/:id',
    role: 'admin',
    handler: async (req, res, ctx) => {
      const id = String(req.params.id ?? '');
      if (!UUID.test(id)) throw new C360Error('not_found', `No user ${id.slice(0, 80)}.`);
      const admin = currentSession(res)!.user;
      const removed = await removeUser(ctx.db, { user: id, actor: { id: admin.id, email: admin.email }, now: ctx.clock() });
      ctx.logger.info({ actor: admin.email, userId: removed.userId, role: removed.role }, 'account removed by an admin');
      return { deleted: true, id: removed.userId };
    },
  },
];

const MUTATIONS = new Set(['post', 'put', 'patch', 'delete']);

/** Mounts routes at /api, each behind requireRole; refuses a route whose role is below its area's. */
export function consoleRouter(ctx: Omit<ConsoleContext, 'actor'>, routes: readonly ConsoleRoute[] = CONSOLE_ROUTES): Router {
  const router = Router();
  const context: ConsoleContext = {
    ...ctx,
    actor: (res) => {
      const session = currentSession(res);
      if (!session) throw new C360Error('unauthorized', 'Sign in to continue.');
      return { email: session.user.email };
    },
  };
  for (const route of routes) {
    const area = route.path.startsWith('/admin/') ? 'admin' : route.path.startsWith('/console/') ? 'editor' : null;
    if (!area) throw new Error(`Console route ${route.path} must start with /console/ or /admin/.`);
    if (area === 'admin' && route.role !== 'admin') throw new Error(`Admin route ${route.path} must require the admin role.`);
    if (route.role === 'reader') throw new Error(`Console route ${route.path} must require editor or admin.`);
    router[route.method](route.path, requireRole(route.role), async (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      const body = await route.handler(req, res, context);
      if (MUTATIONS.has(route.method)) ctx.invalidatePublicCache();
      if (!res.headersSent) res.json(body);
    });
  }
  return router;
}
