import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../core/accounts/accounts';
import type { Role, User } from '../core/accounts/user';
import { createStory } from '../test/factories/stories';
import { TestClient } from '../test/helpers/http-client';
import { listRoutes } from '../test/helpers/list-routes';
import { startTestSmtpServer, type TestSmtpServer } from '../test/helpers/smtp-server';
import { addUserPerRole, browserOf, startTestApp, type TestApp } from '../test/helpers/test-app';

/**
 * Who may do what, for EVERY route of the app: each route × anonymous, reader, editor, admin
 * → the status it must answer. The routes are read from Express's router, so a route added
 * without an entry here fails this test (see the comment at the top of server/routes/console.ts).
 */
type Who = 'anonymous' | Role;
const WHO: readonly Who[] = ['anonymous', 'reader', 'editor', 'admin'];
type Expect = Record<Who, number>;
type Fixtures = { storyId: string; storyPath: string; targetUserId: string; seq: () => number };
type Cell = { path?: (f: Fixtures) => string; body?: (f: Fixtures) => unknown; expect: Expect };

const all = (status: number): Expect => ({ anonymous: status, reader: status, editor: status, admin: status });
const editorOnly: Expect = { anonymous: 401, reader: 403, editor: 200, admin: 200 };
const adminOnly: Expect = { anonymous: 401, reader: 403, editor: 403, admin: 200 };
const signedIn = (status: number, anonymous: number): Expect => ({ anonymous, reader: status, editor: status, admin: status });
const editorGets = (status: number): Expect => ({ anonymous: 401, reader: 403, editor: status, admin: status });
const NO_SUCH_ID = '00000000-0000-4000-8000-00000000abcd';

const MATRIX: Record<string, Cell> = {
  'GET /healthz': { expect: all(200) },
  'GET /readyz': { expect: all(200) },
  // Metrics answer to their bearer token, never to a session: off (404) when no token is configured, as here.
  'GET /metrics': { expect: all(404) },
  // Public reads
  'GET /api/openapi.json': { expect: all(200) },
  'GET /api/home': { expect: all(200) },
  'GET /api/stories': { expect: all(200) },
  'GET /api/sections/:section': { path: () => '/api/sections/business', expect: all(200) },
  'GET /api/search': { path: () => '/api/search?q=water', expect: all(200) },
  'GET /api/articles/:id': { path: (f) => `/api${f.storyPath.replace('/article/', '/articles/')}`, expect: all(200) },
  // Translation on demand: public, for published stories; no AI provider here, so 422 for everyone
  'POST /api/articles/:id/translation': {
    path: (f) => `/api${f.storyPath.replace('/article/', '/articles/')}/translation`,
    body: () => ({ language: 'es' }),
    expect: all(422),
  },
  'GET /api/storms': { expect: all(200) },
  'GET /api/storms/alerts': { expect: all(200) },
  'GET /api/storms/:id': { path: () => '/api/storms/al012026', expect: all(404) },
  'GET /api/storm-centre': { expect: all(200) },
  // The reader site's analytics beacon: anyone (no cookie is read; see core/analytics)
  'POST /api/page-views': { body: (f) => ({ path: f.storyPath, storyId: f.storyId }), expect: all(202) },
  'GET /api/og-image': { path: () => '/api/og-image?title=Role%20matrix&region=Jamaica', expect: all(200) },
  'POST /api/newsletter/subscribe': { body: (f) => ({ email: `matrix-${f.seq()}@example.org` }), expect: all(202) },
  // Sanity webhook: authenticated by its own secret (none set here), not by role
  'POST /api/sync-sanity': { body: (f) => ({ _id: `matrix-${f.seq()}`, _type: 'article', title: 'Matrix article' }), expect: all(200) },
  // Accounts
  'GET /api/auth/session': { expect: all(200) },
  'GET /api/auth/user': { expect: signedIn(200, 400) },
  'GET /api/auth/providers': { expect: all(200) },
  'POST /api/auth/sign-up': { body: (f) => ({ email: `signup-${f.seq()}@example.org`, password: 'matrix-pass-42' }), expect: all(201) },
  'POST /api/auth/sign-in': { body: () => ({ email: 'nobody@example.org', password: 'wrong-pass-1' }), expect: all(400) },
  'POST /api/auth/password/forgot': { body: (f) => ({ email: `forgot-${f.seq()}@example.org` }), expect: all(202) },
  'POST /api/auth/password/reset': { body: () => ({ token: 'x'.repeat(43), password: 'matrix-pass-42' }), expect: all(400) },
  'POST /api/auth/refresh': { expect: signedIn(200, 400) },
  'POST /api/auth/sign-out': { expect: signedIn(204, 400) },
  'GET /api/auth/oidc/:provider/start': { path: () => '/api/auth/oidc/google/start', expect: all(404) },
  'GET /api/auth/oidc/:provider/callback': { path: () => '/api/auth/oidc/google/callback?code=x&state=y', expect: all(303) },
  // A reader's own things (server/routes/me.ts): any signed-in account, its own rows only
  'GET /api/me/follows': { expect: signedIn(200, 401) },
  // Wrong current password: refused (the matrix's accounts must survive it)
  'POST /api/me/password': { body: () => ({ currentPassword: 'wrong-pass-1', newPassword: 'mango-harbour-lantern-77' }), expect: signedIn(400, 401) },
  'DELETE /api/me': { body: () => ({ password: 'wrong-pass-1' }), expect: signedIn(400, 401) },
  'PUT /api/me/follows': { body: () => ({ regions: ['jamaica'], topics: ['business'] }), expect: signedIn(200, 401) },
  'GET /api/me/my-caribbean': { expect: signedIn(200, 401) },
  'GET /api/me/saved': { expect: signedIn(200, 401) },
  'GET /api/me/saved/ids': { path: (f) => `/api/me/saved/ids?ids=${f.storyId}`, expect: signedIn(200, 401) },
  'POST /api/me/saved': { body: (f) => ({ storyId: f.storyId }), expect: signedIn(201, 401) },
  'DELETE /api/me/saved/:storyId': { path: () => `/api/me/saved/${NO_SUCH_ID}`, expect: signedIn(404, 401) },
  'GET /api/me/alerts': { expect: signedIn(200, 401) },
  'POST /api/me/alerts': { body: () => ({ kind: 'storm', scope: 'region', place: 'jamaica' }), expect: signedIn(201, 401) },
  'PATCH /api/me/alerts/:id': { path: () => `/api/me/alerts/${NO_SUCH_ID}`, body: () => ({ is_active: false }), expect: signedIn(404, 401) },
  'DELETE /api/me/alerts/:id': { path: () => `/api/me/alerts/${NO_SUCH_ID}`, expect: signedIn(404, 401) },
  'POST /api/me/confirm-email': { expect: signedIn(200, 401) },
  // Console: editor or admin
  // Live updates: an EventSource (Accept: text/event-stream) gets the stream; this plain GET gets the relay's state as JSON
  'GET /api/console/events': { expect: editorOnly },
  // Editorial console (server/routes/console-editorial.ts); an unknown id answers 404 to editors and admins
  'GET /api/console/overview': { expect: editorOnly },
  // The demo's Outbox (caught e-mail): admins only
  'GET /api/console/outbox': { expect: adminOnly },
  'GET /api/console/outbox/:id': { path: () => '/api/console/outbox/999999', expect: { anonymous: 401, reader: 403, editor: 403, admin: 404 } },
  'GET /api/console/articles': { path: () => '/api/console/articles?q=water&region=jam&order=published', expect: editorOnly },
  'GET /api/console/curation': { expect: editorOnly },
  'GET /api/console/sync': { path: () => '/api/console/sync?q=matrix', expect: editorOnly },
  'GET /api/console/sanity/documents': { expect: editorOnly },
  'POST /api/console/stories': { body: (f) => ({ title: `Matrix draft ${f.seq()}` }), expect: { anonymous: 401, reader: 403, editor: 201, admin: 201 } },
  'PUT /api/console/stories/:id/content': {
    path: (f) => `/api/console/stories/${f.storyId}/content`,
    body: (f) => ({ summary: `Matrix summary ${f.seq()}.` }),
    expect: editorOnly,
  },
  'POST /api/console/stories/:id/stage': { path: (f) => `/api/console/stories/${f.storyId}/stage`, body: () => ({ stage: 'published' }), expect: editorOnly },
  'GET /api/console/stories/:id/insights': { path: (f) => `/api/console/stories/${f.storyId}/insights`, expect: editorOnly },
  'POST /api/console/stories/:id/insights/scan': { path: (f) => `/api/console/stories/${f.storyId}/insights/scan`, expect: editorOnly },
  'POST /api/console/stories/:id/insights/generate': {
    path: (f) => `/api/console/stories/${f.storyId}/insights/generate`,
    body: () => ({ itemIds: ['00000000-0000-4000-8000-0000000e0001'] }),
    expect: { anonymous: 401, reader: 403, editor: 400, admin: 400 },
  },
  'POST /api/console/stories/:id/insights': {
    path: (f) => `/api/console/stories/${f.storyId}/insights`,
    body: (f) => ({ quote: `Matrix quote ${f.seq()}`, attribution: 'Matrix', source: 'Interview' }),
    expect: { anonymous: 401, reader: 403, editor: 201, admin: 201 },
  },
  'PATCH /api/console/stories/:id/insights/:insightId': {
    path: (f) => `/api/console/stories/${f.storyId}/insights/00000000-0000-4000-8000-0000000e0002`,
    body: () => ({ sentiment: 'positive' }),
    expect: { anonymous: 401, reader: 403, editor: 404, admin: 404 },
  },
  'DELETE /api/console/stories/:id/insights/:insightId': {
    path: (f) => `/api/console/stories/${f.storyId}/insights/00000000-0000-4000-8000-0000000e0002`,
    expect: { anonymous: 401, reader: 403, editor: 404, admin: 404 },
  },
  'GET /api/console/tasks': { expect: editorOnly },
  'POST /api/console/tasks': {
    body: (f) => ({ title: `Matrix task ${f.seq()}`, priority: 'HIGH' }),
    expect: { anonymous: 401, reader: 403, editor: 201, admin: 201 },
  },
  'PATCH /api/console/tasks/:id': {
    path: () => '/api/console/tasks/00000000-0000-4000-8000-0000000e0003',
    body: () => ({ status: 'in_progress' }),
    expect: { anonymous: 401, reader: 403, editor: 404, admin: 404 },
  },
  'DELETE /api/console/tasks/:id': {
    path: () => '/api/console/tasks/00000000-0000-4000-8000-0000000e0003',
    expect: { anonymous: 401, reader: 403, editor: 404, admin: 404 },
  },
  'GET /api/console/assignees': { expect: editorOnly },
  'GET /api/console/stories': { path: () => '/api/console/stories?stage=published', expect: editorOnly },
  'GET /api/console/stories/:id': { path: (f) => `/api/console/stories/${f.storyId}`, expect: editorOnly },
  'POST /api/console/stories/:id/publish': {
    path: (f) => `/api/console/stories/${f.storyId}/publish`,
    body: () => ({ homepage: true, priority: 2 }),
    expect: editorOnly,
  },
  'POST /api/console/stories/:id/feature': {
    path: (f) => `/api/console/stories/${f.storyId}/feature`,
    body: () => ({ action: 'priority_down' }),
    expect: editorOnly,
  },
  'POST /api/console/stories/:id/override': {
    path: (f) => `/api/console/stories/${f.storyId}/override`,
    body: () => ({ action: 'approve' }),
    expect: editorOnly,
  },
  // The fixture story has no claims: an editor or admin gets past the role check to a 404
  'POST /api/console/stories/:id/claims/:claim': {
    path: (f) => `/api/console/stories/${f.storyId}/claims/1`,
    body: () => ({ decision: 'confirm', reason: 'Matrix' }),
    expect: { anonymous: 401, reader: 403, editor: 404, admin: 404 },
  },
  // Newsletter Builder, Alert Manager, Analytics (an unknown id answers 404 to editors and admins)
  'GET /api/console/newsletter/templates': { expect: editorOnly },
  'GET /api/console/newsletter/segments': { path: () => '/api/console/newsletter/segments?segments=general,business', expect: editorOnly },
  'GET /api/console/newsletter/subscribers': { expect: editorOnly },
  'PATCH /api/console/newsletter/subscribers/:id': {
    path: () => `/api/console/newsletter/subscribers/${NO_SUCH_ID}`,
    body: () => ({ segments: ['general'] }),
    expect: editorGets(404),
  },
  'GET /api/console/newsletter/rules': { expect: editorOnly },
  'POST /api/console/newsletter/rules': {
    body: (f) => ({ name: `Matrix rule ${f.seq()}`, type: 'region', criteria: { regions: ['Grenada'] }, priority: 9, enabled: false }),
    expect: editorGets(201),
  },
  'PATCH /api/console/newsletter/rules/:id': {
    path: () => `/api/console/newsletter/rules/${NO_SUCH_ID}`,
    body: () => ({ enabled: false }),
    expect: editorGets(404),
  },
  'DELETE /api/console/newsletter/rules/:id': { path: () => `/api/console/newsletter/rules/${NO_SUCH_ID}`, expect: editorGets(404) },
  'GET /api/console/newsletters': { expect: editorOnly },
  'POST /api/console/newsletters': { body: () => ({ template: 'no-such-template' }), expect: editorGets(400) },
  'GET /api/console/newsletters/:id': { path: () => `/api/console/newsletters/${NO_SUCH_ID}`, expect: editorGets(404) },
  'PATCH /api/console/newsletters/:id': { path: () => `/api/console/newsletters/${NO_SUCH_ID}`, body: () => ({ title: 'Matrix' }), expect: editorGets(404) },
  'DELETE /api/console/newsletters/:id': { path: () => `/api/console/newsletters/${NO_SUCH_ID}`, expect: editorGets(404) },
  'POST /api/console/newsletters/:id/regenerate': { path: () => `/api/console/newsletters/${NO_SUCH_ID}/regenerate`, expect: editorGets(404) },
  'GET /api/console/newsletters/:id/preview': { path: () => `/api/console/newsletters/${NO_SUCH_ID}/preview`, expect: editorGets(404) },
  'POST /api/console/newsletters/:id/send': {
    path: () => `/api/console/newsletters/${NO_SUCH_ID}/send`,
    body: () => ({ segments: ['general'] }),
    expect: editorGets(404),
  },
  'GET /api/console/newsletters/:id/sends': { path: () => `/api/console/newsletters/${NO_SUCH_ID}/sends`, expect: editorGets(404) },
  'POST /api/console/newsletters/:id/retry': { path: () => `/api/console/newsletters/${NO_SUCH_ID}/retry`, expect: editorGets(404) },
  'GET /api/console/alerts': { expect: editorOnly },
  'POST /api/console/alerts': { body: () => ({ region: 'jamaica', storm_types: ['Hurricane'] }), expect: editorGets(201) },
  'PATCH /api/console/alerts/:id': { path: () => `/api/console/alerts/${NO_SUCH_ID}`, body: () => ({ is_active: false }), expect: editorGets(404) },
  'DELETE /api/console/alerts/:id': { path: () => `/api/console/alerts/${NO_SUCH_ID}`, expect: editorGets(404) },
  'GET /api/console/alerts/:id/deliveries': { path: () => `/api/console/alerts/${NO_SUCH_ID}/deliveries`, expect: editorGets(404) },
  'GET /api/console/analytics': { path: () => '/api/console/analytics?range=24h', expect: editorOnly },
  // AI Pipeline, Live Publishing, signals, intelligence (a bad run body answers 400, so the matrix starts no run)
  'GET /api/console/pipeline/overview': { expect: editorOnly },
  'GET /api/console/pipeline/runs/current': { expect: editorOnly },
  'POST /api/console/pipeline/runs': { body: () => ({ kind: 'everything' }), expect: editorGets(400) },
  'GET /api/console/pipeline/runs/:id': { path: () => `/api/console/pipeline/runs/${NO_SUCH_ID}`, expect: editorGets(404) },
  'POST /api/console/pipeline/runs/:id/cancel': { path: () => `/api/console/pipeline/runs/${NO_SUCH_ID}/cancel`, expect: editorGets(404) },
  'POST /api/console/pipeline/runs/:id/retry': {
    path: () => `/api/console/pipeline/runs/${NO_SUCH_ID}/retry`,
    body: () => ({ stage: 'process-ai' }),
    expect: editorGets(404),
  },
  'GET /api/console/publishing': { expect: editorOnly },
  'GET /api/console/publishing/attention': { expect: editorOnly },
  'GET /api/console/signals': { path: () => '/api/console/signals?type=Economic', expect: editorOnly },
  'GET /api/console/signals/:id': { path: () => `/api/console/signals/${NO_SUCH_ID}`, expect: editorGets(404) },
  'POST /api/console/signals/:id/story': { path: () => `/api/console/signals/${NO_SUCH_ID}/story`, expect: editorGets(404) },
  'GET /api/console/patterns': { expect: editorOnly },
  'GET /api/console/clusters': { expect: editorOnly },
  'GET /api/console/intelligence': { path: () => '/api/console/intelligence?days=7', expect: editorOnly },
  // Admin only
  'GET /api/admin/users': { expect: adminOnly },
  'PATCH /api/admin/users/:id': { path: (f) => `/api/admin/users/${f.targetUserId}`, body: () => ({ role: 'editor' }), expect: adminOnly },
  // Removing an account: admin only (404 here: no such user; server/account-recovery.db.test.ts removes one).
  'DELETE /api/admin/users/:id': { path: () => `/api/admin/users/${NO_SUCH_ID}`, expect: { anonymous: 401, reader: 403, editor: 403, admin: 404 } },
  'GET /api/admin/settings/sanity': { expect: adminOnly },
  'PUT /api/admin/settings/sanity': { body: () => ({ projectId: 'matrix1', dataset: 'production' }), expect: adminOnly },
  'GET /api/admin/settings/notifications': { expect: adminOnly },
  'PUT /api/admin/settings/notifications': { body: () => ({ sendReports: true }), expect: adminOnly },
  'GET /api/admin/system': { expect: adminOnly },
  // The operator API (reader site's ?debug=true panel, Pipeline Testing) and the scheduler switch: operators' actions
  'POST /api/admin/pipeline/run': { expect: adminOnly },
  'GET /api/admin/pipeline/pending': { path: () => '/api/admin/pipeline/pending?limit=5', expect: adminOnly },
  'POST /api/admin/pipeline/process': { body: () => ({ articleId: NO_SUCH_ID }), expect: { anonymous: 401, reader: 403, editor: 403, admin: 404 } },
  // The matrix's server was built without a schedule to run (as in tests): 422 says so
  'PUT /api/admin/scheduler': { body: () => ({ running: false }), expect: { anonymous: 401, reader: 403, editor: 403, admin: 422 } },
  // Site files and pages
  'GET /robots.txt': { expect: all(200) },
  'GET /sitemap.xml': { expect: all(200) },
  'GET /sitemaps/:file': { path: () => '/sitemaps/stories-1.xml', expect: all(200) },
  'GET /rss.xml': { expect: all(200) },
  'GET /newsletter/confirm': { path: () => '/newsletter/confirm?token=not-a-real-token-0123456789', expect: all(404) },
  'GET /account/confirm-email': { path: () => '/account/confirm-email?token=not-a-real-token', expect: all(400) },
  'GET /newsletter/unsubscribe': { path: () => '/newsletter/unsubscribe?id=x&token=y', expect: all(200) },
  'POST /newsletter/unsubscribe': { path: () => '/newsletter/unsubscribe?id=x&token=y', expect: all(404) },
  'GET /article/:id': { path: (f) => `/article/${f.storyId}`, expect: all(301) },
  'GET /{*splat}': { path: () => '/section/business', expect: all(200) },
};

let t: TestApp;
let smtp: TestSmtpServer;
const users = {} as Record<Role, User>;
let fixtures: Fixtures;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({
    env: { SMTP_URL: smtp.url, C360_SANITY_INSECURE_DEV: '1' },
    rateLimits: { signUp: { windowMs: 60_000, limit: 1000 }, newsletter: { windowMs: 60_000, limit: 1000 }, signIn: { windowMs: 60_000, limit: 1000 } },
  });
  Object.assign(users, await addUserPerRole(t, 'matrix', 'matrix-pass-42'));
  const target = await addUser(t.db.knex, { email: 'matrix-target@c360.test', role: 'reader', password: 'matrix-pass-42' });
  const story = await createStory(t.db.knex, { title: 'Matrix story about water in Kingston' });
  let n = 0;
  fixtures = { storyId: story.id, storyPath: `/article/${story.slug}-${story.id.replace(/-/g, '').slice(-8)}`, targetUserId: target.id, seq: () => ++n };
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A fresh browser: anonymous, or holding a new session of that role's user. */
const browserFor = (who: Who): Promise<TestClient> => browserOf(t, who === 'anonymous' ? undefined : users[who]);

describe('role matrix', () => {
  it('has an entry for every route of the app, and no entry for a route that does not exist', () => {
    const routes = listRoutes(t.app);
    expect(routes.length).toBeGreaterThan(20);
    expect(
      routes.filter((r) => !(r in MATRIX)),
      'routes without a MATRIX entry',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((r) => !routes.includes(r)),
      'MATRIX entries without a route',
    ).toEqual([]);
  });

  it('answers each route with the expected status for anonymous, reader, editor and admin', async () => {
    const failures: string[] = [];
    for (const [key, cell] of Object.entries(MATRIX)) {
      const [method, pattern] = key.split(' ') as [string, string];
      for (const who of WHO) {
        const client = await browserFor(who);
        const path = cell.path ? cell.path(fixtures) : pattern;
        const body = cell.body?.(fixtures);
        const res = await client.request(method, path, { body: method === 'GET' ? undefined : (body ?? {}) });
        if (res.status !== cell.expect[who])
          failures.push(`${key} as ${who}: ${res.status} (expected ${cell.expect[who]}) ${(await res.text()).slice(0, 160)}`);
        else await res.arrayBuffer();
      }
    }
    expect(failures).toEqual([]);
  }, 120_000); // four roles × every route of the app, one request at a time

  it('refuses every state-changing route without the CSRF token, even for an admin (except those that carry their own secret or act for no one)', async () => {
    const exempt = new Set(['POST /api/sync-sanity', 'POST /newsletter/unsubscribe', 'POST /api/page-views']);
    const mutations = Object.keys(MATRIX).filter((key) => !key.startsWith('GET ') && !exempt.has(key));
    expect(mutations.length).toBeGreaterThan(8);
    const failures: string[] = [];
    for (const key of mutations) {
      const [method, pattern] = key.split(' ') as [string, string];
      const cell = MATRIX[key]!;
      const client = await browserFor('admin');
      await client.csrfToken(); // the cookie is there; only the header is missing
      const res = await client.request(method, cell.path ? cell.path(fixtures) : pattern, { body: cell.body?.(fixtures) ?? {}, csrf: false });
      const code = res.status === 403 ? (await res.json()).error.code : await res.text();
      if (res.status !== 403 || code !== 'csrf_failed') failures.push(`${key}: ${res.status} ${code}`);
    }
    expect(failures).toEqual([]);
  });

  it('says plainly why a reader may not use the console', async () => {
    const res = await (await browserFor('reader')).get('/api/console/stories');
    expect(res.status).toBe(403);
    expect((await res.json()).error).toEqual({
      code: 'forbidden',
      message: 'The console is for editors and administrators. Your account is a reader account: ask an administrator to give you the editor role.',
    });
    const session = await (await (await browserFor('reader')).get('/api/auth/session')).json();
    expect(session.console).toMatchObject({ allowed: false });
    const editor = await (await (await browserFor('editor')).get('/api/auth/session')).json();
    expect(editor.console).toEqual({ allowed: true });
  });
});
