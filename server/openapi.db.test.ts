import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { encodeSignatureHeader } from '@sanity/webhook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../core/accounts/accounts';
import { ROLES, type Role, type User } from '../core/accounts/user';
import { DELIVERY_CHANGES, SANITY_BODY_LIMIT_BYTES } from '../core/sanity/handle-webhook';
import { LAYER_TYPES, PIPELINE_STAGES, RISK_LEVELS } from '../core/stories/story';
import { VERIFICATION_STATES } from '../core/stories/verification';
import { createCruiseSignal } from '../test/factories/signals';
import { insertRawItems } from '../test/factories/raw-items';
import { createStory } from '../test/factories/stories';
import { seedStorm } from '../test/factories/storms';
import { TestClient } from '../test/helpers/http-client';
import { listRoutes } from '../test/helpers/list-routes';
import { startTestSmtpServer, type TestSmtpServer } from '../test/helpers/smtp-server';
import { addUserPerRole, browserOf, startTestApp, type TestApp } from '../test/helpers/test-app';
import { CONSOLE_ROUTES } from './routes/console';
import { createRequestBodyValidator, createResponseValidator } from '../test/helpers/openapi-validator';
import { operationKey, type OpenApiDocument } from './openapi';
import { QUERIES, queryParameters, REQUEST_BODIES, requestBodySchema } from './openapi-inputs';

/**
 * docs/openapi.json against the running server: every documented operation is called (seeded
 * database, a session of the lowest role the document names, the CSRF token the web app sends)
 * and its status and body are validated against the document; every /api route of the app must
 * be documented. A field the server sends that the document does not name fails (our shapes are
 * closed with additionalProperties: false).
 */
type Who = 'anonymous' | Role;
/** Ids the calls need: seeded ones, and those kept from earlier answers. */
type Fixtures = { [id: string]: string } & { seq: () => number };
type Call = {
  path?: (f: Fixtures) => string;
  body?: (f: Fixtures) => unknown;
  status: number;
  /** Keeps ids from the answer for the calls after it (creates before edits before deletes). */
  keep?: (body: any, f: Fixtures) => void;
  /** Makes what the call needs through the API first, as the caller. */
  setup?: (client: TestClient, f: Fixtures) => Promise<void>;
  /** Headers made from the body as sent (JSON.stringify of it), e.g. a signature over its bytes. */
  headers?: (body: unknown) => Promise<Record<string, string>>;
};

const NO_SUCH_ID = '00000000-0000-4000-8000-00000000abcd';
/** SANITY_WEBHOOK_SECRET of the app under test: the webhook is called as Sanity calls it, signed. */
const WEBHOOK_SECRET = 'openapi-webhook-secret-0123456789';
/** Sanity's signature header over the exact bytes sent. */
const signWebhook = async (raw: string, secret = WEBHOOK_SECRET) => ({ 'sanity-webhook-signature': await encodeSignatureHeader(raw, Date.now(), secret) });

/** One call per documented operation, run in this order. */
const CALLS: Record<string, Call> = {
  'GET /api/openapi.json': { status: 200 },
  // Public reads
  'GET /api/home': { status: 200 },
  'GET /api/stories': { status: 200 },
  'GET /api/sections/{section}': { path: () => '/api/sections/business', status: 200 },
  'GET /api/search': { path: () => '/api/search?q=water', status: 200 },
  'GET /api/articles/{id}': { path: (f) => `/api/articles/${f.storyKey}`, status: 200 },
  // No AI provider is configured here: translation on demand answers 422 (documented).
  'POST /api/articles/{id}/translation': { path: (f) => `/api/articles/${f.storyKey}/translation`, body: () => ({ language: 'es' }), status: 422 },
  'GET /api/storms': { status: 200 },
  'GET /api/storms/alerts': { status: 200 },
  'GET /api/storms/{id}': { path: (f) => `/api/storms/${f.stormId}`, status: 200 },
  'GET /api/storm-centre': { status: 200 },
  'POST /api/page-views': { body: (f) => ({ path: `/article/${f.storyKey}`, storyId: f.storyId }), status: 202 },
  'GET /api/og-image': { path: () => '/api/og-image?title=OpenAPI&region=Jamaica', status: 200 },
  'POST /api/newsletter/subscribe': { body: (f) => ({ email: `openapi-${f.seq()}@example.org` }), status: 202 },
  'POST /api/sync-sanity': {
    body: (f) => ({ _id: `openapi-${f.seq()}`, _type: 'article', title: 'OpenAPI article' }),
    headers: (body) => signWebhook(JSON.stringify(body)),
    status: 200,
  },
  // Accounts
  'GET /api/auth/session': { status: 200 },
  'GET /api/auth/user': { status: 200 },
  'GET /api/auth/providers': { status: 200 },
  'POST /api/auth/sign-up': { body: (f) => ({ email: `signup-${f.seq()}@example.org`, password: 'openapi-pass-42' }), status: 201 },
  'POST /api/auth/sign-in': { body: () => ({ email: 'openapi-reader@c360.test', password: 'openapi-pass-42' }), status: 200 },
  'POST /api/auth/password/forgot': { body: (f) => ({ email: `forgot-${f.seq()}@example.org` }), status: 202 },
  'POST /api/auth/password/reset': { body: () => ({ token: 'x'.repeat(43), password: 'openapi-pass-42' }), status: 400 },
  'POST /api/auth/refresh': { status: 200 },
  'POST /api/auth/sign-out': { status: 204 },
  'GET /api/auth/oidc/{provider}/start': { path: () => '/api/auth/oidc/google/start', status: 404 },
  'GET /api/auth/oidc/{provider}/callback': { path: () => '/api/auth/oidc/google/callback?code=x&state=y', status: 303 },
  // A reader's own things
  'GET /api/me/follows': { status: 200 },
  'PUT /api/me/follows': { body: () => ({ regions: ['jamaica'], topics: ['business'] }), status: 200 },
  'GET /api/me/my-caribbean': { status: 200 },
  'POST /api/me/saved': { body: (f) => ({ storyId: f.storyId }), status: 201 },
  'GET /api/me/saved': { status: 200 },
  'GET /api/me/saved/ids': { path: (f) => `/api/me/saved/ids?ids=${f.storyId}`, status: 200 },
  'DELETE /api/me/saved/{storyId}': { path: (f) => `/api/me/saved/${f.storyId}`, status: 200 },
  'POST /api/me/alerts': { body: () => ({ kind: 'storm', scope: 'region', place: 'jamaica' }), status: 201, keep: (b, f) => (f.meAlertId = b.alert.id) },
  'GET /api/me/alerts': { status: 200 },
  'PATCH /api/me/alerts/{id}': { path: (f) => `/api/me/alerts/${f.meAlertId}`, body: () => ({ is_active: false }), status: 200 },
  'DELETE /api/me/alerts/{id}': { path: (f) => `/api/me/alerts/${f.meAlertId}`, status: 200 },
  'POST /api/me/confirm-email': { status: 200 },
  'POST /api/me/password': { body: () => ({ currentPassword: 'wrong-pass-1', newPassword: 'mango-harbour-lantern-77' }), status: 400 },
  'DELETE /api/me': { body: () => ({ password: 'wrong-pass-1' }), status: 400 },
  // Console: editor or admin (the operator's pipeline run first, so overviews have a last run to show)
  'POST /api/admin/pipeline/run': { status: 200 },
  'GET /api/console/events': { status: 200 },
  'GET /api/console/overview': { status: 200 },
  'GET /api/console/outbox': { status: 200 },
  'GET /api/console/outbox/{id}': { path: () => '/api/console/outbox/999999', status: 404 },
  'GET /api/console/articles': { path: () => '/api/console/articles?q=water', status: 200 },
  'GET /api/console/curation': { status: 200 },
  'GET /api/console/sync': { status: 200 },
  'GET /api/console/sanity/documents': { status: 200 },
  'POST /api/console/stories': { body: (f) => ({ title: `OpenAPI draft ${f.seq()}` }), status: 201 },
  'PUT /api/console/stories/{id}/content': {
    path: (f) => `/api/console/stories/${f.storyId}/content`,
    body: () => ({ summary: 'An edited summary.' }),
    status: 200,
  },
  'POST /api/console/stories/{id}/stage': { path: (f) => `/api/console/stories/${f.storyId}/stage`, body: () => ({ stage: 'published' }), status: 200 },
  'GET /api/console/stories/{id}/insights': { path: (f) => `/api/console/stories/${f.storyId}/insights`, status: 200 },
  'POST /api/console/stories/{id}/insights/scan': { path: (f) => `/api/console/stories/${f.storyId}/insights/scan`, status: 200 },
  'POST /api/console/stories/{id}/insights/generate': {
    path: (f) => `/api/console/stories/${f.storyId}/insights/generate`,
    body: () => ({ itemIds: ['00000000-0000-4000-8000-0000000e0001'] }),
    status: 400,
  },
  'POST /api/console/stories/{id}/insights': {
    path: (f) => `/api/console/stories/${f.storyId}/insights`,
    body: () => ({ quote: 'We will fix the water main.', attribution: 'The mayor', source: 'Interview' }),
    status: 201,
    keep: (b, f) => (f.insightId = b.insight.id),
  },
  'PATCH /api/console/stories/{id}/insights/{insightId}': {
    path: (f) => `/api/console/stories/${f.storyId}/insights/${f.insightId}`,
    body: () => ({ sentiment: 'positive' }),
    status: 200,
  },
  'DELETE /api/console/stories/{id}/insights/{insightId}': { path: (f) => `/api/console/stories/${f.storyId}/insights/${f.insightId}`, status: 200 },
  'POST /api/console/tasks': { body: (f) => ({ title: `OpenAPI task ${f.seq()}`, priority: 'HIGH' }), status: 201, keep: (b, f) => (f.taskId = b.task.id) },
  'GET /api/console/tasks': { status: 200 },
  'PATCH /api/console/tasks/{id}': { path: (f) => `/api/console/tasks/${f.taskId}`, body: () => ({ status: 'in_progress' }), status: 200 },
  'DELETE /api/console/tasks/{id}': { path: (f) => `/api/console/tasks/${f.taskId}`, status: 200 },
  'GET /api/console/assignees': { status: 200 },
  'GET /api/console/stories': { status: 200 },
  'GET /api/console/stories/{id}': { path: (f) => `/api/console/stories/${f.storyId}`, status: 200 },
  'POST /api/console/stories/{id}/claims/{claim}': {
    path: (f) => `/api/console/stories/${f.storyId}/claims/1`,
    body: () => ({ decision: 'confirm', reason: 'Checked' }),
    status: 200,
  },
  'POST /api/console/stories/{id}/publish': {
    path: (f) => `/api/console/stories/${f.storyId}/publish`,
    body: () => ({ homepage: true, priority: 2 }),
    status: 200,
  },
  'POST /api/console/stories/{id}/feature': {
    path: (f) => `/api/console/stories/${f.storyId}/feature`,
    body: () => ({ action: 'priority_down' }),
    status: 200,
  },
  'POST /api/console/stories/{id}/override': { path: (f) => `/api/console/stories/${f.storyId}/override`, body: () => ({ action: 'approve' }), status: 200 },
  'GET /api/console/newsletter/templates': { status: 200 },
  'GET /api/console/newsletter/segments': { path: () => '/api/console/newsletter/segments?segments=general,business', status: 200 },
  'GET /api/console/newsletter/subscribers': { status: 200, keep: (b, f) => (f.subscriberId = b.items?.[0]?.id ?? b.subscribers?.[0]?.id ?? NO_SUCH_ID) },
  'PATCH /api/console/newsletter/subscribers/{id}': {
    path: (f) => `/api/console/newsletter/subscribers/${f.subscriberId}`,
    body: () => ({ segments: ['general'] }),
    status: 200,
  },
  'POST /api/console/newsletter/rules': {
    body: (f) => ({ name: `OpenAPI rule ${f.seq()}`, type: 'region', criteria: { regions: ['Grenada'] }, priority: 9, enabled: false }),
    status: 201,
    keep: (b, f) => (f.ruleId = b.rule.id),
  },
  'GET /api/console/newsletter/rules': { status: 200 },
  'PATCH /api/console/newsletter/rules/{id}': { path: (f) => `/api/console/newsletter/rules/${f.ruleId}`, body: () => ({ enabled: true }), status: 200 },
  'DELETE /api/console/newsletter/rules/{id}': { path: (f) => `/api/console/newsletter/rules/${f.ruleId}`, status: 200 },
  'POST /api/console/newsletters': { body: () => ({ template: 'daily-digest' }), status: 201, keep: (b, f) => (f.newsletterId = b.newsletter.id) },
  'GET /api/console/newsletters': { status: 200 },
  'GET /api/console/newsletters/{id}': { path: (f) => `/api/console/newsletters/${f.newsletterId}`, status: 200 },
  'PATCH /api/console/newsletters/{id}': { path: (f) => `/api/console/newsletters/${f.newsletterId}`, body: () => ({ title: 'OpenAPI brief' }), status: 200 },
  'POST /api/console/newsletters/{id}/regenerate': { path: (f) => `/api/console/newsletters/${f.newsletterId}/regenerate`, status: 200 },
  'GET /api/console/newsletters/{id}/preview': { path: (f) => `/api/console/newsletters/${f.newsletterId}/preview`, status: 200 },
  'POST /api/console/newsletters/{id}/send': {
    path: (f) => `/api/console/newsletters/${f.newsletterId}/send`,
    body: () => ({ segments: ['general'] }),
    status: 202,
  },
  'GET /api/console/newsletters/{id}/sends': { path: (f) => `/api/console/newsletters/${f.newsletterId}/sends`, status: 200 },
  'POST /api/console/newsletters/{id}/retry': { path: (f) => `/api/console/newsletters/${f.newsletterId}/retry`, status: 200 },
  // Only a draft never sent can be deleted: a second draft.
  'DELETE /api/console/newsletters/{id}': {
    setup: async (client, f) => {
      f.draftId = (await (await client.post('/api/console/newsletters', { template: 'daily-digest' })).json()).newsletter.id;
    },
    path: (f) => `/api/console/newsletters/${f.draftId}`,
    status: 200,
  },
  'POST /api/console/alerts': { body: () => ({ region: 'jamaica', storm_types: ['Hurricane'] }), status: 201, keep: (b, f) => (f.alertId = b.alert.id) },
  'GET /api/console/alerts': { status: 200 },
  'PATCH /api/console/alerts/{id}': { path: (f) => `/api/console/alerts/${f.alertId}`, body: () => ({ is_active: false }), status: 200 },
  'GET /api/console/alerts/{id}/deliveries': { path: (f) => `/api/console/alerts/${f.alertId}/deliveries`, status: 200 },
  'DELETE /api/console/alerts/{id}': { path: (f) => `/api/console/alerts/${f.alertId}`, status: 200 },
  'GET /api/console/analytics': { path: () => '/api/console/analytics?range=24h', status: 200 },
  'GET /api/console/pipeline/overview': { status: 200 },
  'GET /api/console/pipeline/runs/current': { status: 200 },
  // Pattern detection alone: a short run over the seeded stories.
  'POST /api/console/pipeline/runs': { body: () => ({ kind: 'patterns' }), status: 202, keep: (b, f) => (f.runId = b.run.id) },
  'GET /api/console/pipeline/runs/{id}': { path: (f) => `/api/console/pipeline/runs/${f.runId}`, status: 200 },
  'POST /api/console/pipeline/runs/{id}/cancel': { path: () => `/api/console/pipeline/runs/${NO_SUCH_ID}/cancel`, status: 404 },
  'POST /api/console/pipeline/runs/{id}/retry': {
    path: () => `/api/console/pipeline/runs/${NO_SUCH_ID}/retry`,
    body: () => ({ stage: 'process-ai' }),
    status: 404,
  },
  'GET /api/console/publishing': { status: 200 },
  'GET /api/console/publishing/attention': { status: 200 },
  'GET /api/console/signals': { status: 200, keep: (b, f) => (f.signalId = b.signals?.[0]?.id ?? b.items?.[0]?.id ?? NO_SUCH_ID) },
  'GET /api/console/signals/{id}': { path: (f) => `/api/console/signals/${f.signalId}`, status: 200 },
  'POST /api/console/signals/{id}/story': { path: (f) => `/api/console/signals/${f.signalId}/story`, status: 201 },
  'GET /api/console/patterns': { status: 200 },
  'GET /api/console/clusters': { status: 200 },
  'GET /api/console/intelligence': { path: () => '/api/console/intelligence?days=7', status: 200 },
  // Admin only
  'GET /api/admin/users': { status: 200 },
  'PATCH /api/admin/users/{id}': { path: (f) => `/api/admin/users/${f.targetUserId}`, body: () => ({ role: 'editor' }), status: 200 },
  'DELETE /api/admin/users/{id}': { path: (f) => `/api/admin/users/${f.targetUserId}`, status: 200 },
  'GET /api/admin/settings/sanity': { status: 200 },
  'PUT /api/admin/settings/sanity': { body: () => ({ projectId: 'openapi1', dataset: 'production' }), status: 200 },
  'GET /api/admin/settings/notifications': { status: 200 },
  'PUT /api/admin/settings/notifications': { body: () => ({ sendReports: true }), status: 200 },
  'GET /api/admin/system': { status: 200 },
  'GET /api/admin/pipeline/pending': { path: () => '/api/admin/pipeline/pending?limit=5', status: 200 },
  'POST /api/admin/pipeline/process': { body: () => ({ articleId: NO_SUCH_ID }), status: 404 },
  // Built without a schedule to run (as in tests): 422 says so.
  'PUT /api/admin/scheduler': { body: () => ({ running: false }), status: 422 },
};

const doc = JSON.parse(readFileSync(new URL('../docs/openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** "METHOD /path" of every operation in the document, with the roles it names. */
function documentedOperations(): { key: string; roles: Who[] }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ key: operationKey(m, path), roles: (item[m]!['x-roles'] ?? []) as Who[] })),
  );
}

let t: TestApp;
let smtp: TestSmtpServer;
const users = {} as Record<Role, User>;
let fixtures: Fixtures;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  const now = new Date();
  t = await startTestApp({ env: { SMTP_URL: smtp.url, SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  Object.assign(users, await addUserPerRole(t, 'openapi', 'openapi-pass-42'));
  const target = await addUser(t.db.knex, { email: 'openapi-target@c360.test', role: 'reader', password: 'openapi-pass-42' });
  const storm = await seedStorm(t.db.knex, now);
  // A story with every part the presenters send: layers (sentences, timeline, quotes, figures), sources, a claim, a storm.
  const story = await createStory(t.db.knex, {
    title: 'Kingston water main project approved',
    now,
    tags: ['business', 'infrastructure'],
    storm_id: 'AL192026',
    storm_name: 'Keron',
    storm_type: 'Hurricane',
    layers: [
      {
        layerType: 'what_happened',
        content: 'The council approved the project. Work starts in March.',
        sentences: [
          { text: 'The council approved the project.', item_ids: [], outlets: ['Jamaica Gleaner'] },
          { text: 'Work starts in March.', item_ids: [], outlets: ['Jamaica Observer'] },
        ],
        timeline: [{ date: '2026-11-20', event: 'Public hearing' }],
        quotes: [{ quote: 'We will fix the water main.', author: 'The mayor', role: 'Mayor', platform: 'Jamaica Gleaner' }],
        metricsTable: [{ label: 'Budget (JMD m)', previous: '100', current: '120', trend: 'up', year: 2026, source: 'KSAMC' }],
      },
    ],
    sources: [
      { outlet: 'Jamaica Gleaner', url: 'https://example.test/gleaner/1', owner_group: 'Gleaner Company', kind: 'press', independent: true },
      { outlet: 'Jamaica Observer', url: null, owner_group: 'Observer', kind: 'press', independent: true },
    ],
    ai_fact_check_panel: [{ claim: 'The project costs JMD 120 m.', resolved: false, supporting_outlets: ['Jamaica Gleaner'] }],
  });
  await createStory(t.db.knex, { title: 'Grenada port expansion begins', region: 'Grenada', now, daysAgo: 2 });
  // Enough stories for the home page's categories and More News, and for a section.
  const regions = ['Jamaica', 'Barbados', 'Trinidad and Tobago', 'Dominican Republic', 'Haiti', 'Bahamas'];
  for (let i = 0; i < 20; i++)
    await createStory(t.db.knex, {
      title: `${regions[i % regions.length]} business briefing ${i + 1}: hurricane Keron preparations`,
      region: regions[i % regions.length]!,
      tags: [i % 2 ? 'business' : 'politics'],
      now,
      daysAgo: (i % 5) / 10,
    });
  await createCruiseSignal(t.db.knex, { now, storyIds: [story.id] });
  await t.db.knex('newsletter_subscribers').insert({ email: 'openapi-subscriber@example.org', status: 'confirmed', segments: ['general'] });
  await insertRawItems(t.db.knex, [
    {
      outlet: 'Jamaica Gleaner',
      title: 'Kingston water main work starts',
      summary: 'Work on the Kingston water main begins.',
      published_at: now.toISOString(),
    },
  ]);
  let n = 0;
  fixtures = {
    storyId: story.id,
    storyKey: `${story.slug}-${story.id.replace(/-/g, '').slice(-8)}`,
    stormId: storm.id,
    targetUserId: target.id,
    seq: () => ++n,
  } as unknown as Fixtures;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A fresh browser: anonymous, or holding a new session of that role's user. */
const browserFor = (who: Who): Promise<TestClient> => browserOf(t, who === 'anonymous' ? undefined : users[who]);

const ORDER: Who[] = ['anonymous', 'reader', 'editor', 'admin'];
/** The lowest role the operation names; the session routes of /api/auth are called signed in. */
function callerFor(key: string, roles: Who[]): Who {
  const lowest = ORDER.find((who) => roles.includes(who)) ?? 'admin';
  return lowest === 'anonymous' && /^(GET|POST) \/api\/auth\/(user|refresh|sign-out)$/.test(key) ? 'reader' : lowest;
}

describe('docs/openapi.json', () => {
  it('documents every /api route of the app, and no route that does not exist', () => {
    const routes = listRoutes(t.app)
      .filter((r) => r.split(' ')[1]!.startsWith('/api/'))
      .map((r) => r.replace(/:(\w+)/g, '{$1}'));
    const documented = documentedOperations().map((o) => o.key);
    expect(
      routes.filter((r) => !documented.includes(r)),
      'routes the document does not describe',
    ).toEqual([]);
    expect(
      documented.filter((r) => !routes.includes(r)),
      'documented operations without a route',
    ).toEqual([]);
  });

  it('names for each console and account operation the roles the server enforces', () => {
    const wrong: string[] = [];
    const ops = new Map(documentedOperations().map((o) => [o.key, o.roles]));
    for (const route of CONSOLE_ROUTES) {
      const key = operationKey(route.method, `/api${route.path.replace(/:(\w+)/g, '{$1}')}`);
      const expected = route.role === 'admin' ? ['admin'] : ['editor', 'admin'];
      if (JSON.stringify(ops.get(key)) !== JSON.stringify(expected)) wrong.push(`${key}: ${JSON.stringify(ops.get(key))}, enforced ${expected.join(', ')}`);
    }
    for (const [key, roles] of ops)
      if (/^\w+ \/api\/me(\/|$)/.test(key) && JSON.stringify(roles) !== JSON.stringify(['reader', 'editor', 'admin']))
        wrong.push(`${key}: ${JSON.stringify(roles)}`);
    expect(wrong).toEqual([]);
  });

  it('answers every documented operation with a documented status and body', async () => {
    const validate = createResponseValidator(doc);
    // A body the server accepts must be one the document describes: an operation that reads a
    // body without documenting it fails here, not only when someone lists its schema.
    const validateRequest = createRequestBodyValidator(doc);
    const operations = documentedOperations();
    expect(
      operations.filter((o) => !CALLS[o.key]).map((o) => o.key),
      'documented operations this test does not call',
    ).toEqual([]);
    const roles = new Map(operations.map((o) => [o.key, o.roles]));
    const failures: string[] = [];
    for (const [key, call] of Object.entries(CALLS)) {
      if (!roles.has(key)) {
        failures.push(`${key}: not in the document`);
        continue;
      }
      const [method, pattern] = key.split(' ') as [string, string];
      const client = await browserFor(callerFor(key, roles.get(key)!));
      await call.setup?.(client, fixtures);
      const body = call.body?.(fixtures);
      if (body !== undefined) {
        const problems = validateRequest({ method, path: pattern, body });
        if (problems.length > 0) failures.push(`${key} (the body this test sends): ${problems.join('; ')}`);
      }
      const sent = method === 'GET' ? undefined : (body ?? {});
      const headers = sent === undefined ? undefined : await call.headers?.(sent);
      const res = await client.request(method, call.path ? call.path(fixtures) : pattern, { body: sent, headers });
      const type = res.headers.get('content-type') ?? '';
      const payload = type.includes('json') ? await res.json() : await res.arrayBuffer();
      if (res.status !== call.status) {
        failures.push(`${key}: ${res.status} (expected ${call.status}) ${JSON.stringify(payload).slice(0, 200)}`);
        continue;
      }
      call.keep?.(payload, fixtures);
      const problems = validate({ method, path: pattern, status: res.status, contentType: type, body: payload });
      if (problems.length > 0) failures.push(`${key} ${res.status}: ${problems.join('; ')}`);
    }
    expect(failures).toEqual([]);
  }, 120_000); // ~120 requests one at a time: 15-45 s alone on PGlite, more beside other test files

  it('answers the Sanity webhook (secret configured) as documented: applied, duplicate, wrong signature, over the limit, invalid, unsynced type', async () => {
    const validate = createResponseValidator(doc);
    const validateRequest = createRequestBodyValidator(doc);
    const article = (id: string, extra: Record<string, unknown> = {}) => ({ _id: id, _type: 'article', title: 'OpenAPI webhook article', ...extra });
    // `documented`: whether the document accepts the body; the server refuses (400, 413, 422) exactly those it does not.
    const ways = [
      { name: 'applied', body: article('openapi-hook-1'), key: 'openapi-hook-key', documented: true },
      { name: 'duplicate', body: article('openapi-hook-1', { title: 'Changed in a retry' }), key: 'openapi-hook-key', documented: true },
      { name: 'wrong signature', body: article('openapi-hook-2'), secret: 'another-secret', documented: true },
      { name: 'over the limit', body: article('openapi-hook-3', { summary: 'x'.repeat(SANITY_BODY_LIMIT_BYTES) }), documented: false },
      { name: 'invalid document', body: article('openapi-hook-4', { title: '' }), documented: false },
      { name: 'unsynced type', body: { _id: 'openapi-hook-5', _type: 'person', name: 'Someone' }, documented: false },
    ];
    const answers: { name: string; status: number; body: any }[] = [];
    const failures: string[] = [];
    for (const way of ways) {
      const requestProblems = validateRequest({ method: 'POST', path: '/api/sync-sanity', body: way.body });
      if ((requestProblems.length === 0) !== way.documented)
        failures.push(`${way.name}: the document ${way.documented ? 'refuses' : 'accepts'} the body sent (${requestProblems.join('; ')})`);
      const raw = JSON.stringify(way.body);
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(await signWebhook(raw, way.secret)) };
      if (way.key) headers['idempotency-key'] = way.key;
      const res = await fetch(`${t.url}/api/sync-sanity`, { method: 'POST', headers, body: raw });
      const body = await res.json();
      answers.push({ name: way.name, status: res.status, body });
      const problems = validate({ method: 'POST', path: '/api/sync-sanity', status: res.status, contentType: res.headers.get('content-type') ?? '', body });
      if (problems.length > 0) failures.push(`${way.name} ${res.status}: ${problems.join('; ')}`);
    }
    expect(failures).toEqual([]);
    expect(answers.map((a) => [a.name, a.status, a.body.result ?? a.body.error?.code])).toEqual([
      ['applied', 200, 'applied'],
      ['duplicate', 200, 'duplicate'],
      ['wrong signature', 401, 'unauthorized'],
      ['over the limit', 413, 'payload_too_large'],
      ['invalid document', 400, 'invalid_document'],
      ['unsynced type', 422, 'unknown_type'],
    ]);
    expect(answers[1]!.body).toMatchObject({ idempotencyKey: 'openapi-hook-key', storyId: answers[0]!.body.storyId, firstAppliedAt: expect.any(String) });

    // The console's webhook health shows the last refusal as the document says: { at, code, message }.
    const editor = await browserFor('editor');
    for (const path of ['/api/console/sync', '/api/console/sanity/documents']) {
      const res = await editor.get(path);
      const body = await res.json();
      expect(res.status).toBe(200);
      expect(validate({ method: 'GET', path, status: 200, contentType: res.headers.get('content-type') ?? '', body }), path).toEqual([]);
      expect(body.health.lastError, path).toEqual({ at: expect.any(String), code: 'unknown_type', message: expect.stringContaining('"person"') });
      expect(Date.parse(body.health.lastError.at)).not.toBeNaN();
    }
  }, 60_000);

  it('refuses an answer with a field the document does not name', async () => {
    const validate = createResponseValidator(doc);
    const res = await t.client().get('/api/home');
    const body = await res.json();
    const check = (b: unknown) => validate({ method: 'GET', path: '/api/home', status: 200, contentType: 'application/json', body: b });
    expect(check(body)).toEqual([]);
    expect(check({ ...body, internalNote: 'x' }).join(' ')).toMatch(/internalNote/);
  });

  it('lists the same values as core for the enumerations it names', () => {
    const schemas = (doc.components as { schemas: Record<string, { enum?: unknown[]; properties?: Record<string, { enum?: unknown[] }> }> }).schemas;
    expect(schemas.RiskLevel!.enum).toEqual([...RISK_LEVELS]);
    expect(schemas.PipelineStage!.enum).toEqual([...PIPELINE_STAGES]);
    expect(schemas.Role!.enum).toEqual([...ROLES]);
    expect(schemas.VerificationState!.enum).toEqual([...VERIFICATION_STATES]);
    expect(schemas.Layer!.properties!.layerType!.enum).toEqual([...LAYER_TYPES]);
    const webhook = doc.paths['/api/sync-sanity']!.post!.responses['200']!.content!['application/json']!.schema as {
      oneOf: { properties: { change?: { enum: unknown[] } } }[];
    };
    expect(webhook.oneOf[0]!.properties.change!.enum).toEqual([...DELIVERY_CHANGES]);
  });

  it("documents each request body as the route's own zod schema, and no other", () => {
    const wrong: string[] = [];
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) for (const m of METHODS) if (item[m]?.requestBody) documented.add(operationKey(m, path));
    for (const [key, schema] of Object.entries(REQUEST_BODIES)) {
      const [method, path] = key.split(' ') as [string, string];
      const body = doc.paths[path]?.[method.toLowerCase() as (typeof METHODS)[number]]?.requestBody;
      if (JSON.stringify(body?.content['application/json']?.schema) !== JSON.stringify(requestBodySchema(schema)))
        wrong.push(`${key}: ${JSON.stringify(requestBodySchema(schema))}`);
      documented.delete(key);
    }
    expect(wrong, 'request bodies that differ from the zod schema (the expected JSON follows each)').toEqual([]);
    expect([...documented], 'request bodies documented without a zod schema in REQUEST_BODIES').toEqual([]);
  });

  it("documents each operation's query parameters as the route's own zod schema, and no other", () => {
    const wrong: string[] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const m of METHODS) {
        const key = operationKey(m, path);
        const documented = (item[m]?.parameters ?? []).filter((p) => p.in === 'query');
        const expected = QUERIES[key] ? queryParameters(QUERIES[key]) : [];
        if (item[m] && JSON.stringify(documented) !== JSON.stringify(expected)) wrong.push(`${key}: ${JSON.stringify(expected)}`);
      }
    expect(wrong, 'query parameters that differ from the zod schema (the expected JSON follows each)').toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is served at /api/openapi.json', async () => {
    const res = await t.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(doc);
  });
});
