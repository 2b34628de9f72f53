import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRawItems } from '../test/factories/raw-items';
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
