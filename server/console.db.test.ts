import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntry } from '../core/stories/story';
import { getStoryById, updateStory } from '../core/stories/story-repository';
import { createStory } from '../test/factories/stories';
import type { TestClient } from '../test/helpers/http-client';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

let t: TestApp;
let editor: TestClient;
let editorEmail: string;
let admin: TestClient;
const now = new Date();

beforeAll(async () => {
  t = await startTestApp();
  const e = await t.signedIn('editor', 'desk.editor@c360.test');
  editor = e.client;
  editorEmail = e.user.email;
  admin = (await t.signedIn('admin', 'chief@c360.test')).client;
});
afterAll(() => t.close());

describe('console stories', () => {
  it('lists stories of every stage with a stage filter and counts per stage', async () => {
    await createStory(t.db.knex, { now, title: 'Draft about fisheries in Grenada', pipeline_stage: 'drafted', status: 'draft', published_at: null });
    await createStory(t.db.knex, { now, title: 'Verified report on ferries in Tobago', pipeline_stage: 'verified', status: 'draft', published_at: null });
    const all = await editor.json(await editor.get('/api/console/stories'));
    expect(all.items.length).toBeGreaterThanOrEqual(2);
    expect(all.counts).toMatchObject({ drafted: expect.any(Number), verified: expect.any(Number), ingested: 0 });
    expect(all.counts.all).toBe(
      Object.entries(all.counts)
        .filter(([k]) => k !== 'all')
        .reduce((n, [, v]) => n + (v as number), 0),
    );
    const drafted = await editor.json(await editor.get('/api/console/stories?stage=drafted'));
    expect(drafted.items.every((s: { pipeline_stage: string }) => s.pipeline_stage === 'drafted')).toBe(true);
    expect(drafted.items[0]).toMatchObject({ status_label: 'Pending', publish_gate: { ok: true } });
    expect((await editor.get('/api/console/stories?stage=nonsense')).status).toBe(400);
    expect((await editor.get('/api/console/stories?limit=500')).status).toBe(400);
  });

  it('publishes through the gate: 422 with the spec message and which requirements fail', async () => {
    const story = await createStory(t.db.knex, {
      now,
      title: 'Single-source claim about rum exports from Barbados',
      pipeline_stage: 'verified',
      status: 'draft',
      published_at: null,
      source_count: 1,
      triangulation_check: false,
      ai_fact_check_panel: [{ claim: 'Exports doubled', resolved: false }],
    });
    const res = await editor.post(`/api/console/stories/${story.id}/publish`, {});
    expect(res.status).toBe(422);
    const error = (await res.json()).error;
    expect(error).toMatchObject({
      code: 'publish_gate_failed',
      message: 'Cannot publish: Missing requirements (sources, fact-check, or verification)',
      missing: ['sources', 'triangulation', 'fact_check'],
    });
    expect(error.requirements).toContain('at least 2 sources');
    const unchanged = await getStoryById(t.db.knex, story.id);
    expect(unchanged!.pipeline_stage).toBe('verified');
    expect(unchanged!.audit_log).toEqual([]);
  });

  it("publishes a story that passes, featured, with the editor's real e-mail in the audit log and last_updated_by", async () => {
    const story = await createStory(t.db.knex, {
      now,
      title: 'Two outlets confirm new clinic in Montego Bay',
      pipeline_stage: 'verified',
      status: 'draft',
      published_at: null,
    });
    const res = await editor.post(`/api/console/stories/${story.id}/publish`, { homepage: true, section: false, priority: 2, expiresAt: null });
    expect(res.status).toBe(200);
    const published = (await res.json()).story;
    expect(published).toMatchObject({
      pipeline_stage: 'published',
      status: 'published',
      is_featured: true,
      featured_priority: 2,
      last_updated_by: editorEmail,
    });
    expect(published.audit_log.at(-1)).toMatchObject({ action: 'publish', user: editorEmail });
    expect(published.path).toMatch(/^\/article\//);
    // The public home page shows it at once (the server's cache was dropped).
    const home = await (await t.client().get('/api/home')).json();
    expect(home.lead.id).toBe(story.id);
  });

  it('applies featuring actions and the four overrides with an optional reason, each audited with the real user', async () => {
    const story = await createStory(t.db.knex, { now, title: 'Featured market story in Kingston', is_featured: true, featured_priority: 3 });
    const feature = async (action: string) => (await editor.json(await editor.post(`/api/console/stories/${story.id}/feature`, { action }))).story;
    expect((await feature('priority_up')).featured_priority).toBe(2);
    expect((await feature('priority_down')).featured_priority).toBe(3);
    expect(await feature('remove_homepage')).toMatchObject({ is_featured: false, featured_priority: 0 });
    expect((await editor.post(`/api/console/stories/${story.id}/feature`, { action: 'delete_everything' })).status).toBe(400);

    const override = async (client: TestClient, action: string, reason?: string) =>
      (await client.json(await client.post(`/api/console/stories/${story.id}/override`, { action, reason }))).story;
    expect(await override(editor, 'reject', 'Sources disagree')).toMatchObject({ auto_publish_eligible: false, flag_reason: 'Sources disagree' });
    expect(await override(admin, 'escalate')).toMatchObject({ flag_reason: 'Escalated for review', pipeline_stage: 'verified' });
    expect(await override(editor, 'approve')).toMatchObject({ human_verified: true, flag_reason: null });
    const forced = await override(admin, 'publish', 'Breaking news');
    expect(forced).toMatchObject({ pipeline_stage: 'published', last_updated_by: 'chief@c360.test' });
    const users = forced.audit_log.map((e: { user: string; action: string; reason?: string }) => [e.action, e.user, e.reason]);
    expect(users).toEqual([
      ['feature_priority_up', editorEmail, undefined],
      ['feature_priority_down', editorEmail, undefined],
      ['feature_remove_homepage', editorEmail, undefined],
      ['manual_override_reject', editorEmail, 'Sources disagree'],
      ['manual_override_escalate', 'chief@c360.test', undefined],
      ['manual_override_approve', editorEmail, undefined],
      ['manual_override_publish', 'chief@c360.test', 'Breaking news'],
    ]);
  });

  it('answers 404 for unknown or malformed story ids', async () => {
    expect((await editor.get('/api/console/stories/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await editor.get('/api/console/stories/not-a-uuid')).status).toBe(404);
    expect((await editor.post('/api/console/stories/not-a-uuid/publish', {})).status).toBe(404);
    expect((await editor.post('/api/console/stories/00000000-0000-4000-8000-000000000000/override', { action: 'approve' })).status).toBe(404);
  });
});

describe('users (admin)', () => {
  it('lists users and changes a role; the last admin cannot be demoted', async () => {
    const list = await admin.json(await admin.get('/api/admin/users'));
    const chief = list.items.find((u: { email: string }) => u.email === 'chief@c360.test');
    expect(chief.role).toBe('admin');
    expect(JSON.stringify(list)).not.toContain('argon2');
    const { user: reader } = await t.signedIn('reader', 'future.editor@c360.test');
    const promoted = await admin.json(await admin.request('PATCH', `/api/admin/users/${reader.id}`, { body: { role: 'editor' } }));
    expect(promoted.user.role).toBe('editor');
    const demote = await admin.request('PATCH', `/api/admin/users/${chief.id}`, { body: { role: 'editor' } });
    expect(demote.status).toBe(409);
    expect((await admin.request('PATCH', `/api/admin/users/${reader.id}`, { body: { role: 'owner' } })).status).toBe(400);
  });
});

describe('public cache invalidation', () => {
  it('drops cached answers when another process changes a story (database notification)', async () => {
    const story = await createStory(t.db.knex, { now, title: 'Original headline about cricket in Bridgetown', region: 'Barbados', daysAgo: 0 });
    t.app.cache.invalidate();
    const first = await (await t.client().get(`/api/articles/${story.id}`)).json();
    expect(first.story.title).toBe('Original headline about cricket in Bridgetown');
    expect(t.app.cache.listening).toBe(true);
    const version = t.app.cache.currentVersion;
    // Written straight through the core, as a CLI worker would, not through this server.
    await updateStory(t.db.knex, story.id, { title: 'Corrected headline about cricket in Bridgetown' }, auditEntry('edit', 'cli:test', now));
    await expect
      .poll(async () => (await (await t.client().get(`/api/articles/${story.id}`)).json()).story.title, { timeout: 5000 })
      .toBe('Corrected headline about cricket in Bridgetown');
    expect(t.app.cache.currentVersion).toBeGreaterThan(version);
  });

  it('answers 304 to a browser whose copy is current, and a new ETag after a change', async () => {
    const c = t.client();
    const first = await c.get('/api/home');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await c.get('/api/home', { headers: { 'if-none-match': etag } })).status).toBe(304);
    await createStory(t.db.knex, { now, title: 'Brand new story at the top of the home page', daysAgo: 0, is_featured: true, featured_priority: 1 });
    await expect.poll(async () => (await c.get('/api/home', { headers: { 'if-none-match': etag } })).status, { timeout: 5000 }).toBe(200);
  });
});

describe('SQL injection strings in every filter come back as data', () => {
  const attacks = ["' OR '1'='1", "'; DROP TABLE users; --", '1) OR (1=1', "business' --", '%27%20OR%201%3D1', '\\x27; select pg_sleep(5); --'];

  it('public reads, console filters and sign-in treat them as plain values', async () => {
    const c = t.client();
    const countBefore = (await t.db.knex.raw('select count(*)::int as n from synced_content')).rows[0].n;
    for (const attack of attacks) {
      const q = encodeURIComponent(attack);
      const search = await c.get(`/api/search?q=${q}`);
      expect(search.status).toBe(200);
      expect((await search.json()).items).toEqual([]);
      const section = await c.get(`/api/sections/${q}`);
      expect(section.status).toBe(200);
      expect((await section.json()).items).toEqual([]);
      expect((await c.get(`/api/articles/${q}`)).status).toBe(404);
      expect((await c.get(`/api/stories?offset=${q}`)).status).toBe(400);
      expect((await editor.get(`/api/console/stories?stage=${q}`)).status).toBe(400);
      expect((await editor.get(`/api/console/stories/${q}`)).status).toBe(404);
      expect((await admin.get(`/api/admin/users?role=${q}`)).status).toBe(400);
      const signIn = await c.post('/api/auth/sign-in', { email: attack, password: attack });
      expect(signIn.status).toBe(400);
      expect((await signIn.json()).error.code).toBe('invalid_credentials');
      expect((await c.get(`/newsletter/confirm?token=${q}`)).status).toBe(404);
    }
    const countAfter = (await t.db.knex.raw('select count(*)::int as n from synced_content')).rows[0].n;
    expect(countAfter).toBe(countBefore);
    expect((await t.db.knex.raw('select count(*)::int as n from users')).rows[0].n).toBeGreaterThan(0);
  });

  it('stores a quote-bearing e-mail as it is', async () => {
    const res = await t.client().post('/api/auth/sign-up', { email: "o'reilly+test@example.org", password: 'quote-pass-42' });
    expect(res.status).toBe(201);
    expect((await res.json()).user.email).toBe("o'reilly+test@example.org");
  });
});
