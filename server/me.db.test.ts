import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../core/accounts/accounts';
import type { Story } from '../core/stories/story';
import { createStory } from '../test/factories/stories';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

let t: TestApp;
let jamaica: Story;
let business: Story;
let haiti: Story;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: { readerWrites: { windowMs: 60_000, limit: 40 } } });
  const now = new Date();
  jamaica = await createStory(t.db.knex, { now, daysAgo: 1, title: 'Kingston harbour dredging starts', region: 'Jamaica' });
  business = await createStory(t.db.knex, { now, daysAgo: 2, title: 'Barbados bank opens a new branch', region: 'Barbados', tags: ['business'] });
  haiti = await createStory(t.db.knex, { now, daysAgo: 0.5, title: 'Haiti cricket team wins', region: 'Haiti', tags: ['cricket'] });
  await addUser(t.db.knex, { email: 'desk@c360.test', role: 'editor', password: 'correct horse 42' });
  await addUser(t.db.knex, { email: 'islander@c360.test', role: 'reader', password: 'correct horse 42' });
});
afterAll(() => t.close());

describe('/api/me', () => {
  it('answers 401 with a clear message when signed out, for reads and writes', async () => {
    const c = t.client();
    for (const res of [await c.get('/api/me/my-caribbean'), await c.post('/api/me/saved', { storyId: jamaica.id }), await c.get('/api/me/alerts')]) {
      expect(res.status).toBe(401);
      expect((await res.json()).error).toEqual({ code: 'unauthorized', message: 'Sign in to follow islands and topics, save stories and set alerts.' });
    }
  });

  it('follows islands and topics, lists My Caribbean, refuses bad input with 400 and writes without the CSRF token with 403', async () => {
    const { client } = await t.signedIn('reader');
    const empty = await client.json(await client.get('/api/me/follows'));
    expect(empty.follows).toEqual({ regions: [], topics: [] });
    expect(empty.options.regions).toContain('jamaica');
    expect(empty.options.topics).toContain('business');

    const bad = await client.request('PUT', '/api/me/follows', { body: { regions: ['atlantis'] } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('invalid_input');
    const forged = await client.request('PUT', '/api/me/follows', { body: { regions: ['jamaica'] }, csrf: false });
    expect(forged.status).toBe(403);
    expect((await forged.json()).error.code).toBe('csrf_failed');

    const put = await client.request('PUT', '/api/me/follows', { body: { regions: ['jamaica'], topics: ['business'] } });
    expect(put.status).toBe(200);
    expect((await put.json()).follows).toEqual({ regions: ['jamaica'], topics: ['business'] });
    const mine = await client.get('/api/me/my-caribbean?limit=1');
    expect(mine.headers.get('cache-control')).toBe('no-store');
    const page = await client.json(mine);
    expect(page.items.map((s: { title: string }) => s.title)).toEqual([jamaica.title]);
    expect(page.items[0]).toMatchObject({ region: 'Jamaica', path: expect.stringMatching(/^\/article\//) });
    expect(page.items[0].audit_log).toBeUndefined();
    expect(page.hasMore).toBe(true);
    const next = await client.json(await client.get('/api/me/my-caribbean?offset=1&limit=1'));
    expect(next.items.map((s: { title: string }) => s.title)).toEqual([business.title]);
    expect((await client.get('/api/me/my-caribbean?limit=500')).status).toBe(400);
  });

  it('saves, lists and removes stories; one reader cannot see or remove another reader\u2019s', async () => {
    const a = await t.signedIn('reader');
    const b = await t.signedIn('reader');
    expect((await a.client.post('/api/me/saved', { storyId: haiti.id })).status).toBe(201);
    expect((await a.client.post('/api/me/saved', { storyId: jamaica.id })).status).toBe(201);
    expect((await a.client.post('/api/me/saved', { storyId: 'nope' })).status).toBe(400);
    expect((await a.client.post('/api/me/saved', { storyId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);

    const saved = await a.client.json(await a.client.get('/api/me/saved'));
    expect(saved.items.map((s: { title: string }) => s.title)).toEqual([jamaica.title, haiti.title]);
    expect(saved.items[0].saved_at).toEqual(expect.any(String));
    expect((await a.client.json(await a.client.get(`/api/me/saved/ids?ids=${jamaica.id},${business.id}`))).saved).toEqual([jamaica.id]);

    expect((await b.client.json(await b.client.get('/api/me/saved'))).items).toEqual([]);
    expect((await b.client.json(await b.client.get(`/api/me/saved/ids?ids=${jamaica.id}`))).saved).toEqual([]);
    expect((await b.client.request('DELETE', `/api/me/saved/${jamaica.id}`)).status).toBe(404);
    expect((await a.client.json(await a.client.get('/api/me/saved'))).items).toHaveLength(2);

    expect((await a.client.request('DELETE', `/api/me/saved/${jamaica.id}`)).status).toBe(200);
    expect((await a.client.json(await a.client.get('/api/me/saved'))).items.map((s: { title: string }) => s.title)).toEqual([haiti.title]);
  });

  it('manages a reader\u2019s own alerts: another reader\u2019s alert id is 404, an editor\u2019s console alert is not reachable', async () => {
    const a = await t.signedIn('reader');
    const b = await t.signedIn('reader');
    const editor = await t.signedIn('editor');
    const created = await a.client.post('/api/me/alerts', { kind: 'storm', scope: 'follows' });
    expect(created.status).toBe(201);
    const alert = (await created.json()).alert;
    expect(alert).toEqual(expect.objectContaining({ kind: 'storm', scope: 'follows', place: null, alert_level: 'medium', is_active: true }));
    expect(alert.user_id).toBeUndefined();
    const invalid = await a.client.post('/api/me/alerts', { kind: 'story', scope: 'region' });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.message).toContain('Choose an island');

    expect((await b.client.json(await b.client.get('/api/me/alerts'))).alerts).toEqual([]);
    expect((await b.client.request('PATCH', `/api/me/alerts/${alert.id}`, { body: { is_active: false } })).status).toBe(404);
    expect((await b.client.request('DELETE', `/api/me/alerts/${alert.id}`)).status).toBe(404);
    expect((await a.client.json(await a.client.get('/api/me/alerts'))).alerts[0].is_active).toBe(true);

    const consoleAlert = (await editor.client.json(await editor.client.post('/api/console/alerts', { region: 'jamaica' }))).alert;
    expect((await editor.client.request('DELETE', `/api/me/alerts/${consoleAlert.id}`)).status).toBe(404);
    expect((await editor.client.json(await editor.client.get('/api/me/alerts'))).alerts).toEqual([]);

    const off = await a.client.request('PATCH', `/api/me/alerts/${alert.id}`, { body: { is_active: false } });
    expect((await off.json()).alert.is_active).toBe(false);
    expect((await a.client.request('DELETE', `/api/me/alerts/${alert.id}`)).status).toBe(200);
  });

  it('limits how fast one address changes things (429 with Retry-After)', async () => {
    const { client } = await t.signedIn('reader');
    let last: Response | undefined;
    for (let i = 0; i < 45; i++) {
      last = await client.request('PUT', '/api/me/follows', { body: { regions: ['jamaica'] } });
      if (last.status === 429) break;
    }
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toBeTruthy();
    expect((await client.get('/api/me/follows')).status).toBe(200); // reads are not counted
  });
});

describe('landing after sign-in', () => {
  const signIn = async (email: string, redirectTo?: string) => {
    const c = t.client();
    const body = await c.json(await c.post('/api/auth/sign-in', { email, password: 'correct horse 42', redirectTo }));
    return body.redirectTo as string;
  };
  it('sends editors to the console and readers to the reader site, or back where they came from', async () => {
    expect(await signIn('desk@c360.test')).toBe('/dashboard');
    expect(await signIn('desk@c360.test', '/dashboard/alerts')).toBe('/dashboard/alerts');
    expect(await signIn('islander@c360.test')).toBe('/my-caribbean');
    expect(await signIn('islander@c360.test', '/dashboard')).toBe('/my-caribbean');
    expect(await signIn('islander@c360.test', jamaica.slug ? `/article/${jamaica.slug}` : '/')).toBe(`/article/${jamaica.slug}`);
    expect(await signIn('islander@c360.test', 'https://evil.example/')).toBe('/my-caribbean');
  });
});
