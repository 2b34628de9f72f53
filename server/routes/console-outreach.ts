import type { Request, Response } from 'express';
import { z } from 'zod';
import { alertInputSchema } from '../../core/alerts/alert-rules';
import { alertHistory, createAlert, deleteAlert, listAlerts, setAlertEnabled } from '../../core/alerts/alerts';
import { readerAnalytics, RANGES } from '../../core/analytics/reader-analytics';
import { C360Error } from '../../core/errors';
import { changeSubscriberSegments, estimateRecipients, listAudienceSegments, listSubscribers } from '../../core/newsletter/audience';
import { ruleInputSchema } from '../../core/newsletter/curation-rules';
import { changeRule, createRule, listRules, removeRule } from '../../core/newsletter/manage-rules';
import { listNewsletters } from '../../core/newsletter/newsletter-repository';
import {
  discardDraft,
  editNewsletter,
  generateNewsletter,
  previewNewsletter,
  regenerateNewsletter,
  requireNewsletter,
  retryNewsletterDeliveries,
  sendNewsletter,
} from '../../core/newsletter/newsletters';
import { listProblemDeliveries, listSends } from '../../core/newsletter/send-repository';
import { SEGMENTS, TEMPLATES } from '../../core/newsletter/templates';
import {
  getNotificationSettings,
  getSanitySettings,
  notificationSettingsSchema,
  sanityUpdateSchema,
  updateNotificationSettings,
  updateSanitySettings,
} from '../../core/settings/settings';
import { systemStatus } from '../../core/settings/system-status';
import { currentSession } from '../middleware/session';
import { parseBody, parseQuery } from '../middleware/validate';
import type { ConsoleContext, ConsoleRoute } from './console';
import { trustedOrigin } from '../site-origin';

/**
 * The console's second half: Newsletter Builder, Alert Manager, Analytics and Settings.
 * Editors and admins use newsletters, their own alerts and analytics; settings are admin-only.
 * Each route validates its input with zod and calls one core use case.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idParam(req: Request, what: string): string {
  const id = String(req.params.id ?? '');
  if (!UUID.test(id)) throw new C360Error('not_found', `No ${what} ${id.slice(0, 80)}.`);
  return id;
}

/** Links in e-mails are absolute: C360_PUBLIC_URL, else the address this request came to. */
function originOf(req: Request, ctx: ConsoleContext): string {
  return trustedOrigin(req, ctx.config);
}

function owner(res: Response): { id: string } {
  const session = currentSession(res);
  if (!session) throw new C360Error('unauthorized', 'Sign in to continue.');
  return { id: session.user.id };
}

const page = (max: number, fallback: number) => ({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(max).default(fallback),
});
const segmentList = z.array(z.string().max(40)).min(1).max(SEGMENTS.length);
const generateBody = z.object({ template: z.string().max(40), title: z.string().trim().max(200).optional() }).strict();
const editBody = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    intro: z.string().max(2000).optional(),
    removeArticleIds: z.array(z.string().regex(UUID)).max(50).optional(),
  })
  .strict();
const sendBody = z.object({ segments: segmentList }).strict();
const retryBody = z.object({ includeBounced: z.boolean().default(false), includeUncertain: z.boolean().default(false) }).strict();
const segmentsQuery = z.object({ segments: z.string().max(200).optional() });
const subscribersQuery = z.object({
  q: z.string().trim().max(200).optional(),
  segment: z.string().max(40).optional(),
  status: z.enum(['pending', 'confirmed', 'unsubscribed']).optional(),
  ...page(100, 25),
});
const subscriberBody = z.object({ segments: segmentList }).strict();
const rulePatch = z.object({ name: z.string(), type: z.string(), criteria: z.unknown(), priority: z.number(), enabled: z.boolean() }).partial().strict();
const alertToggleBody = z.object({ is_active: z.boolean() }).strict();
const rangeQuery = z.object({ range: z.enum(Object.keys(RANGES) as [keyof typeof RANGES, ...(keyof typeof RANGES)[]]).default('7d') });
const notificationsBody = notificationSettingsSchema.partial().strict();

async function newsletterDetail(ctx: ConsoleContext, id: string) {
  const newsletter = await requireNewsletter(ctx.db, id);
  const sends = await listSends(ctx.db, id);
  const withProblems = await Promise.all(sends.map(async (s) => ({ ...s, problems: await listProblemDeliveries(ctx.db, s.id, 50) })));
  return { newsletter, sends: withProblems };
}

const newslettersQuery = z.object(page(50, 20));

/** The query strings these routes parse, by operation as docs/openapi.json names it (its query parameters are derived from these; server/openapi.db.test.ts). */
export const OUTREACH_QUERIES = {
  'GET /api/console/newsletter/segments': segmentsQuery,
  'GET /api/console/newsletter/subscribers': subscribersQuery,
  'GET /api/console/newsletters': newslettersQuery,
  'GET /api/console/analytics': rangeQuery,
};

/**
 * The JSON bodies these routes parse, by operation as docs/openapi.json names it (its request bodies are derived from these; server/openapi.db.test.ts).
 * New rules and alerts go to core as they came: the use case parses them with its own schema, listed here.
 */
export const OUTREACH_REQUEST_BODIES = {
  'PATCH /api/console/newsletter/subscribers/{id}': subscriberBody,
  'POST /api/console/newsletter/rules': ruleInputSchema,
  'PATCH /api/console/newsletter/rules/{id}': rulePatch,
  'POST /api/console/newsletters': generateBody,
  'PATCH /api/console/newsletters/{id}': editBody,
  'POST /api/console/newsletters/{id}/send': sendBody,
  'POST /api/console/newsletters/{id}/retry': retryBody,
  'POST /api/console/alerts': alertInputSchema,
  'PATCH /api/console/alerts/{id}': alertToggleBody,
  'PUT /api/admin/settings/sanity': sanityUpdateSchema,
  'PUT /api/admin/settings/notifications': notificationsBody,
};

export const NEWSLETTER_ROUTES: readonly ConsoleRoute[] = [
  { method: 'get', path: '/console/newsletter/templates', role: 'editor', handler: () => ({ templates: TEMPLATES }) },
  {
    method: 'get',
    path: '/console/newsletter/segments',
    role: 'editor',
    handler: async (req, _res, ctx) => {
      const { segments } = parseQuery(segmentsQuery, req);
      const chosen = segments ? segments.split(',').filter(Boolean) : [];
      return {
        segments: await listAudienceSegments(ctx.db),
        recipients: chosen.length ? await estimateRecipients(ctx.db, chosen) : null,
        mail: ctx.mailer.configured,
      };
    },
  },
  {
    method: 'get',
    path: '/console/newsletter/subscribers',
    role: 'editor',
    handler: async (req, _res, ctx) => {
      const query = parseQuery(subscribersQuery, req);
      const result = await listSubscribers(ctx.db, query);
      return { ...result, offset: query.offset, limit: query.limit };
    },
  },
  {
    method: 'patch',
    path: '/console/newsletter/subscribers/:id',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const id = idParam(req, 'subscriber');
      const { segments } = parseBody(subscriberBody, req);
      const subscriber = await changeSubscriberSegments(ctx.db, { id, segments });
      ctx.logger.info({ actor: ctx.actor(res).email, subscriber: id, segments }, 'subscriber segments changed');
      return { subscriber };
    },
  },
  { method: 'get', path: '/console/newsletter/rules', role: 'editor', handler: async (_req, _res, ctx) => ({ rules: await listRules(ctx.db) }) },
  {
    method: 'post',
    path: '/console/newsletter/rules',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const rule = await createRule(ctx.db, { rule: req.body ?? {}, actor: ctx.actor(res) });
      res.status(201);
      return { rule };
    },
  },
  {
    method: 'patch',
    path: '/console/newsletter/rules/:id',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const id = idParam(req, 'curation rule');
      const patch = parseBody(rulePatch, req);
      return { rule: await changeRule(ctx.db, { id, patch, actor: ctx.actor(res) }) };
    },
  },
  {
    method: 'delete',
    path: '/console/newsletter/rules/:id',
    role: 'editor',
    handler: async (req, res, ctx) => {
      await removeRule(ctx.db, idParam(req, 'curation rule'));
      ctx.logger.info({ actor: ctx.actor(res).email, rule: req.params.id }, 'curation rule deleted');
      return { deleted: true };
    },
  },
  {
    method: 'get',
    path: '/console/newsletters',
    role: 'editor',
    handler: async (req, _res, ctx) => {
      const q = parseQuery(newslettersQuery, req);
      return { ...(await listNewsletters(ctx.db, q)), ...q };
    },
  },
  {
    method: 'post',
    path: '/console/newsletters',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const body = parseBody(generateBody, req);
      const newsletter = await generateNewsletter(ctx.db, { template: body.template, title: body.title, actor: ctx.actor(res), now: ctx.clock() });
      res.status(201);
      return { newsletter, sends: [] };
    },
  },
  { method: 'get', path: '/console/newsletters/:id', role: 'editor', handler: (req, _res, ctx) => newsletterDetail(ctx, idParam(req, 'newsletter')) },
  {
    method: 'patch',
    path: '/console/newsletters/:id',
    role: 'editor',
    handler: async (req, _res, ctx) => {
      const id = idParam(req, 'newsletter');
      await editNewsletter(ctx.db, { id, ...parseBody(editBody, req), now: ctx.clock() });
      return newsletterDetail(ctx, id);
    },
  },
  {
    method: 'delete',
    path: '/console/newsletters/:id',
    role: 'editor',
    handler: async (req, _res, ctx) => {
      await discardDraft(ctx.db, idParam(req, 'newsletter'));
      return { deleted: true };
    },
  },
  {
    method: 'post',
    path: '/console/newsletters/:id/regenerate',
    role: 'editor',
    handler: async (req, _res, ctx) => {
      const id = idParam(req, 'newsletter');
      await regenerateNewsletter(ctx.db, { id, now: ctx.clock() });
      return newsletterDetail(ctx, id);
    },
  },
  {
    method: 'get',
    path: '/console/newsletters/:id/preview',
    role: 'editor',
    handler: async (req, _res, ctx) => previewNewsletter(ctx.db, { id: idParam(req, 'newsletter'), origin: originOf(req, ctx), now: ctx.clock() }),
  },
  {
    method: 'post',
    path: '/console/newsletters/:id/send',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const id = idParam(req, 'newsletter');
      const { segments } = parseBody(sendBody, req);
      const result = await sendNewsletter(ctx.db, { id, segments, origin: originOf(req, ctx), actor: ctx.actor(res), mailer: ctx.mailer, now: ctx.clock() });
      ctx.logger.info({ actor: ctx.actor(res).email, newsletter: id, send: result.send.id, segments, recipients: result.recipients }, 'newsletter send queued');
      ctx.mailQueue.kick();
      res.status(202);
      return result;
    },
  },
  {
    method: 'get',
    path: '/console/newsletters/:id/sends',
    role: 'editor',
    handler: async (req, _res, ctx) => ({ sends: (await newsletterDetail(ctx, idParam(req, 'newsletter'))).sends }),
  },
  {
    method: 'post',
    path: '/console/newsletters/:id/retry',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const id = idParam(req, 'newsletter');
      await requireNewsletter(ctx.db, id);
      const options = parseBody(retryBody, req);
      const requeued = await retryNewsletterDeliveries(ctx.db, { newsletterId: id, ...options, now: ctx.clock() });
      ctx.logger.info({ actor: ctx.actor(res).email, newsletter: id, requeued }, 'newsletter deliveries retried');
      if (requeued > 0) ctx.mailQueue.kick();
      return { requeued };
    },
  },
];

export const ALERT_ROUTES: readonly ConsoleRoute[] = [
  {
    method: 'get',
    path: '/console/alerts',
    role: 'editor',
    handler: async (_req, res, ctx) => ({ alerts: await listAlerts(ctx.db, owner(res)), delivered: ['email'] }),
  },
  {
    method: 'post',
    path: '/console/alerts',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const alert = await createAlert(ctx.db, { owner: owner(res), alert: req.body ?? {}, now: ctx.clock() });
      res.status(201);
      return { alert };
    },
  },
  {
    method: 'patch',
    path: '/console/alerts/:id',
    role: 'editor',
    handler: async (req, res, ctx) => {
      const { is_active } = parseBody(alertToggleBody, req);
      return { alert: await setAlertEnabled(ctx.db, { owner: owner(res), id: idParam(req, 'alert'), active: is_active, now: ctx.clock() }) };
    },
  },
  {
    method: 'delete',
    path: '/console/alerts/:id',
    role: 'editor',
    handler: async (req, res, ctx) => {
      await deleteAlert(ctx.db, { owner: owner(res), id: idParam(req, 'alert') });
      return { deleted: true };
    },
  },
  {
    method: 'get',
    path: '/console/alerts/:id/deliveries',
    role: 'editor',
    handler: async (req, res, ctx) => ({ deliveries: await alertHistory(ctx.db, { owner: owner(res), id: idParam(req, 'alert') }) }),
  },
];

export const ANALYTICS_ROUTES: readonly ConsoleRoute[] = [
  {
    method: 'get',
    path: '/console/analytics',
    role: 'editor',
    handler: async (req, _res, ctx) => readerAnalytics(ctx.db, { range: parseQuery(rangeQuery, req).range, now: ctx.clock() }),
  },
];

export const SETTINGS_ROUTES: readonly ConsoleRoute[] = [
  {
    method: 'get',
    path: '/admin/settings/sanity',
    role: 'admin',
    handler: async (req, _res, ctx) => ({
      sanity: await getSanitySettings(ctx.db),
      webhookUrl: `${originOf(req, ctx)}/api/sync-sanity`,
      webhookSecretSet: Boolean(ctx.config.sanity.webhookSecret),
    }),
  },
  {
    method: 'put',
    path: '/admin/settings/sanity',
    role: 'admin',
    handler: async (req, res, ctx) => {
      const update = parseBody(sanityUpdateSchema, req);
      const sanity = await updateSanitySettings(ctx.db, { update, serverSecret: ctx.secret, actor: ctx.actor(res).email, now: ctx.clock() });
      ctx.logger.info({ actor: ctx.actor(res).email, fields: Object.keys(update) }, 'sanity settings saved');
      return { sanity, webhookUrl: `${originOf(req, ctx)}/api/sync-sanity`, webhookSecretSet: Boolean(ctx.config.sanity.webhookSecret) };
    },
  },
  {
    method: 'get',
    path: '/admin/settings/notifications',
    role: 'admin',
    handler: async (_req, _res, ctx) => ({ notifications: await getNotificationSettings(ctx.db) }),
  },
  {
    method: 'put',
    path: '/admin/settings/notifications',
    role: 'admin',
    handler: async (req, res, ctx) => ({
      notifications: await updateNotificationSettings(ctx.db, { update: parseBody(notificationsBody, req), actor: ctx.actor(res).email, now: ctx.clock() }),
    }),
  },
  {
    method: 'get',
    path: '/admin/system',
    role: 'admin',
    handler: async (_req, _res, ctx) =>
      systemStatus(ctx.db, {
        databaseMode: ctx.databaseMode,
        ai: ctx.config.ai,
        mailConfigured: ctx.mailer.configured,
        publicUrl: ctx.config.publicUrl,
        scheduler: ctx.scheduler?.() ?? {
          running: false,
          jobs: [],
          detail: 'No schedule runs in this server process (start it with `c360 serve --schedule`, or run `c360 schedule`).',
        },
        now: ctx.clock(),
      }),
  },
];

/** Every route of this module, spread into CONSOLE_ROUTES with one line. */
export const OUTREACH_ROUTES: readonly ConsoleRoute[] = [...NEWSLETTER_ROUTES, ...ALERT_ROUTES, ...ANALYTICS_ROUTES, ...SETTINGS_ROUTES];
