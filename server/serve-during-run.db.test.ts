import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForChanges, STORIES_CHANGED_CHANNEL } from '../core/site/content-changes';
import { silentLogger } from '../core/logger';
import { insertRawItems } from '../test/factories/raw-items';
import { createStory } from '../test/factories/stories';
import { syntheticNews } from '../test/factories/synthetic-news';
import { startProber, summarise } from '../test/helpers/latency-prober';
import type { TestClient } from '../test/helpers/http-client';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

/**
 * Issue 25: a pipeline run inside the server held the event loop from start to end on the embedded
 * database, so neither /healthz nor a cached page was answered until it ended. The bound is generous
 * (a loaded 2-core machine); `npm run bench:serve-during-run` prints the real figures.
 */
const ITEMS = 120;
const BOUND_MS = 1000;

let t: TestApp;
let editor: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  editor = (await t.signedIn('editor', 'during.run@c360.test')).client;
  await insertRawItems(t.db.knex, syntheticNews({ events: ITEMS / 4, outlets: 4 }));
});
afterAll(async () => {
  await t.close();
});

describe('cached public answers and story changes', () => {
  it('keep a cached page through changes to drafts alone, and drop it when a published story changes', async () => {
    const draft = await createStory(t.db.knex, { title: 'A draft the public never sees', pipeline_stage: 'drafted', status: 'draft', published_at: null });
    const published = await createStory(t.db.knex, { title: 'A published story' });
    const heard: string[] = [];
    const listener = await listenForChanges(t.db, [STORIES_CHANGED_CHANNEL], (n) => heard.push(n.payload), silentLogger);
    const change = async (id: string, title: string) => {
      const before = heard.length;
      await t.db.knex('synced_content').where('id', id).update({ title });
      while (heard.length === before) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 50)); // the server's own listener (another connection on PostgreSQL)
    };
    try {
      expect((await t.client().get('/api/home')).status).toBe(200);
      expect(t.app.cache.peekUrl('/api/home')).toBeDefined();
      await change(draft.id, 'A draft, retitled');
      expect(heard.at(-1)).toBe('drafts');
      expect(t.app.cache.peekUrl('/api/home'), 'a draft changed: the page stays').toBeDefined();
      await change(published.id, 'A published story, retitled');
      expect(heard.at(-1)).toBe('public');
      expect(t.app.cache.peekUrl('/api/home'), 'a published story changed: the page goes').toBeUndefined();
    } finally {
      await listener.stop();
      await t.db.knex('synced_content').whereIn('id', [draft.id, published.id]).del();
    }
  });
});

describe('a pipeline run inside the server', () => {
  it('leaves /healthz and cached answers flowing while it works', { timeout: 240_000 }, async () => {
    const anonymous = t.client();
    expect((await anonymous.get('/api/home')).status).toBe(200); // cached from here on
    const prober = startProber({ base: t.url, paths: ['/healthz', '/api/home'], intervalMs: 20, timeoutMs: 120_000 });
    let samples;
    try {
      const { run } = await editor.json(await editor.post('/api/console/pipeline/runs', { kind: 'full' }));
      for (let status = run.status; status === 'running';) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await editor.json(await editor.get(`/api/console/pipeline/runs/${run.id}`))).run.status;
      }
    } finally {
      samples = await prober.stop();
    }
    expect(Number((await t.db.knex('raw_feeds').whereNull('story_id').count({ n: '*' }).first())?.n)).toBe(0);
    for (const path of ['/healthz', '/api/home']) {
      const s = summarise(samples, path);
      expect(s.failed, path).toBe(0);
      expect(s.count, `${path}: probes answered during the run`).toBeGreaterThanOrEqual(20);
      expect(s.p99, `${path}: p99 of ${s.count} probes (max ${s.max.toFixed(0)} ms)`).toBeLessThan(BOUND_MS);
    }
  });
});
