/**
 * Whether the server keeps answering while a pipeline run works inside it (issue 25: on the
 * embedded database a run used to hold the event loop from start to end). `c360 serve`'s app on a
 * file-backed embedded database (PGlite, as users run it) with BENCH_ITEMS pending items (default
 * 1,500; synthetic news, 4 outlets per event): a prober in another thread asks for `/healthz`, the
 * cached home API answer and the home page every BENCH_INTERVAL_MS (default 20), first for
 * BENCH_IDLE_SECONDS with no run, then during a full run started as the console's Live Publishing
 * button starts it. Prints p50, p99 and max of each beside each other, and the run's length. Goal:
 * p99 under 200 ms during the run. Never fails on a time.
 *
 *   npm run bench:serve-during-run
 *   BENCH_ITEMS=3000 npm run bench:serve-during-run
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addUser } from '../core/accounts/accounts';
import { createSession } from '../core/accounts/sessions';
import { loadConfig } from '../core/config';
import { migrateLatest } from '../core/db/migrations';
import { openDatabase } from '../core/db/open-database';
import { silentLogger } from '../core/logger';
import { createApp } from '../server/app';
import { startServer } from '../server/start-server';
import { insertRawItems } from '../test/factories/raw-items';
import { syntheticNews } from '../test/factories/synthetic-news';
import { TestClient } from '../test/helpers/http-client';
import { startProber, summarise, type ProbeSummary } from '../test/helpers/latency-prober';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1500);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 20);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
const PATHS = ['/healthz', '/api/home', '/'];

const dataDir = mkdtempSync(join(tmpdir(), 'c360-bench-serve-'));
const webDist = mkdtempSync(join(tmpdir(), 'c360-bench-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head><!--c360:head--><title>C360</title></head><body><div id="root"></div></body></html>');
const config = loadConfig({ C360_DATA_DIR: dataDir }, webDist);
const db = await openDatabase(config, { command: 'bench:serve-during-run' });
try {
  await migrateLatest(db.knex);
  await insertRawItems(db.knex, syntheticNews({ events: Math.ceil(ITEMS / 4), outlets: 4 }).slice(0, ITEMS));
  const app = createApp({ db, config, logger: silentLogger, webDist, secret: 'bench-secret-bench-secret-bench-secret-0123' });
  await app.ready;
  const server = await startServer(app, { host: '127.0.0.1', port: 0 });
  const user = await addUser(db.knex, { email: 'bench.admin@c360.test', role: 'admin', password: 'correct horse 42' });
  const session = await createSession(db.knex, { user, method: 'password', now: new Date() });
  const admin = new TestClient(server.url);
  admin.jar.set(admin.host, 'c360_at', session.accessToken);

  console.log(`Serving during a pipeline run: ${db.location}, ${ITEMS} pending items, a probe every ${INTERVAL_MS} ms per path\n`);
  const idle = startProber({ base: server.url, paths: PATHS, intervalMs: INTERVAL_MS });
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const idleSamples = await idle.stop();

  const during = startProber({ base: server.url, paths: PATHS, intervalMs: INTERVAL_MS });
  const started = performance.now();
  const res = await admin.post('/api/console/pipeline/runs', { kind: 'full' });
  const { run } = (await admin.json(res)) as { run: { id: string } };
  let status = 'running';
  while (status === 'running') {
    await new Promise((r) => setTimeout(r, 200));
    status = ((await admin.json(await admin.get(`/api/console/pipeline/runs/${run.id}`))) as { run: { status: string } }).run.status;
  }
  const seconds = (performance.now() - started) / 1000;
  const runSamples = await during.stop();
  const published = Number((await db.knex('synced_content').where('status', 'published').count({ n: '*' }).first())?.n);

  const row = (label: string, s: ProbeSummary) =>
    `${label.padEnd(28)} ${String(s.count).padEnd(7)} ${s.p50.toFixed(1).padEnd(8)} ${s.p99.toFixed(1).padEnd(8)} ${s.max.toFixed(1).padEnd(8)} ${s.failed}`;
  console.log(`run: ${status} in ${seconds.toFixed(1)} s, ${published} stories published\n`);
  console.log('path / phase                 probes  p50 ms   p99 ms   max ms   failed');
  for (const path of PATHS) {
    console.log(row(`${path} (no run)`, summarise(idleSamples, path)));
    console.log(row(`${path} (during the run)`, summarise(runSamples, path)));
  }
  const worst = Math.max(...PATHS.map((p) => summarise(runSamples, p).p99));
  console.log(`\nworst p99 during the run: ${worst.toFixed(1)} ms (goal: under 200 ms)`);
  await server.close();
} finally {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webDist, { recursive: true, force: true });
}
