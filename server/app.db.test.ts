import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config';
import type { Database } from '../core/db/open-database';
import { silentLogger } from '../core/logger';
import { openTestDatabase } from '../test/helpers/test-database';
import { createStory } from '../test/factories/stories';
import { createApp } from './app';
import { startServer, type RunningServer } from './start-server';

let db: Database;
let server: RunningServer;
let bare: RunningServer;
const now = new Date('2026-11-20T12:00:00Z');

beforeAll(async () => {
  db = await openTestDatabase();
  const webDist = mkdtempSync(join(tmpdir(), 'c360-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  const config = loadConfig({}, webDist);
  server = await startServer(createApp({ db, config, logger: silentLogger, clock: () => now, webDist }), { host: '127.0.0.1', port: 0 });
  bare = await startServer(createApp({ db, config, logger: silentLogger, webDist: join(webDist, 'missing') }), { host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await server.close();
  await bare.close();
  await db.close();
});

const get = (path: string, base = server.url) => fetch(`${base}${path}`, { redirect: 'manual' });

describe('server', () => {
  it('answers /healthz after checking the database', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: db.mode });
  });

  it('serves published stories and hides editorial fields', async () => {
    const story = await createStory(db.knex, {
      now,
      title: 'Cricket final tonight in Kingston',
      audit_log: [{ action: 'x', user: 'secret-editor@c360.test', timestamp: now.toISOString() }],
    });
    const home = await (await get('/api/home')).json();
    expect(home.lead.title).toBe('Cricket final tonight in Kingston');
    expect(home.lead.path).toMatch(/^\/article\/cricket-final-tonight-kingston-jamaica-[0-9a-f]{8}$/);
    const article = await (await get(`/api/articles/${story.id}`)).json();
    expect(article.canonicalPath).toBe(home.lead.path);
    expect(JSON.stringify(article)).not.toContain('secret-editor');
    const section = await (await get('/api/sections/sports')).json();
    expect(section.items.map((s: { id: string }) => s.id)).toEqual([story.id]);
  });

  it('answers errors as { error: { code, message } } with the right status', async () => {
    const missing = await get('/api/articles/no-such-story');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'not_found', message: 'The requested article could not be found' } });
    const badQuery = await get('/api/stories?limit=5000');
    expect(badQuery.status).toBe(400);
    expect((await badQuery.json()).error.code).toBe('invalid_input');
    const unknown = await get('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('not_found');
    const unknownSection = await (await get('/api/sections/lifestyle')).json();
    expect(unknownSection.items).toEqual([]);
  });

  it('serves the web app shell for client routes, and says clearly when it is not built', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/section/business', 200],
      ['/article/x-12345678', 404],
      ['/no/such/page', 404],
    ] as const) {
      const res = await get(path);
      expect(res.status).toBe(status);
      expect(await res.text()).toContain('<div id="root">');
    }
    const res = await get('/', bare.url);
    expect(res.status).toBe(503);
    expect((await res.json()).error.message).toContain('npm run build:web');
  });
});
