/**
 * A storm-day surge with work under way (issue 21, item 5): `c360 serve` (one process, request
 * logs on, as in production) on PostgreSQL with 10k published stories and Tropical Storm Keron,
 * loaded by wrk at 200 connections spread over the home page, an article and the Storm Centre,
 * while a pipeline run started from the console publishes new stories and NHC's next advisory
 * (Keron becomes a hurricane: the sample products the storm tests replay) is ingested by another
 * writer. Prints wrk's requests/s, p99 and errors, the server's RSS before and after, and how soon
 * after each change the server sent a fresh page. Never fails on a time.
 *
 * Needs PostgreSQL in DATABASE_URL (the ingest writes from this process while the server runs; the
 * embedded database opens in one process only), wrk (`apt-get install -y wrk`) and the built web
 * app (`npm run build:web`). The stories go into a new database on that server, dropped after.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:surge
 *   BENCH_SECONDS=60 BENCH_ITEMS=400 BENCH_WORKERS=2 ...        # load length, pending items, `serve --workers`
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { addUser } from '../core/accounts/accounts';
import { createSession } from '../core/accounts/sessions';
import { configurePgTypes } from '../core/db/open-database';
import { migrateLatest } from '../core/db/migrations';
import { silentLogger } from '../core/logger';
import { buildSlug } from '../core/stories/article-address';
import { insertStoriesBulk, type NewStory } from '../core/stories/story-repository';
import { ingestStormDocuments, type StormDocument } from '../core/storms/ingest-storms';
import { insertRawItems } from '../test/factories/raw-items';
import { syntheticNews } from '../test/factories/synthetic-news';
import { freePort } from '../test/helpers/free-port';
import { TestClient } from '../test/helpers/http-client';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const STORIES = Number(process.env.BENCH_STORIES ?? 10_000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 400);
const CONNECTIONS = 200;
const THREADS = 2;
const DAY = 86_400_000;

const sample = (name: string): StormDocument => ({ label: name, text: readFileSync(join(ROOT, 'data/samples/storms', name), 'utf8') });
const PREVIOUS_ADVISORY = ['CurrentStorms-previous.json', 'index-at-previous.xml'].map(sample);
const NEXT_ADVISORY = ['CurrentStorms.json', 'index-at.xml'].map(sample);

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** Published stories a day old and older, so what the run publishes is the newest news. */
function makeStories(count: number): NewStory[] {
  const regions = ['Jamaica', 'Barbados', 'Trinidad and Tobago', 'Bahamas', 'Haiti', 'Dominican Republic', 'Saint Lucia'];
  const topics = ['Parliament debates budget measures', 'Tourism arrivals climb again', 'Cricket board names new squad', 'Festival lineup announced'];
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    title: `${topics[i % topics.length]} report ${i} ${regions[i % regions.length]}`,
    slug: `${buildSlug(topics[i % topics.length]!)}-${i}`,
    summary: `Report ${i}, with reactions from residents and officials in ${regions[i % regions.length]}.`,
    region: regions[i % regions.length]!,
    tags: ['politics'],
    pipeline_stage: 'published',
    status: 'published',
    published_at: new Date(now - DAY - (i / 150) * DAY).toISOString(),
    source_count: 2 + (i % 3),
    triangulation_check: true,
  }));
}

/** Resident memory of a process and its children (the workers of `--workers N`), in MB. */
function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  const children = existsSync(`/proc/${pid}/task/${pid}/children`)
    ? readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
    : [];
  return kb / 1024 + children.reduce((sum, child) => sum + rssMb(Number(child)), 0);
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() - started > 60_000) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Polls `check` every 50 ms; the ms it took, or undefined when not within `timeoutMs`. */
async function within(check: () => Promise<boolean>, timeoutMs: number): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 50));
  }
  return undefined;
}

const pageText = async (url: string) => (await fetch(url, { headers: { connection: 'close' } })).text();

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) fail('bench:surge needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres).');
  if (spawnSync('sh', ['-c', 'command -v wrk']).status !== 0) fail('bench:surge needs wrk: apt-get install -y wrk');
  if (!existsSync(join(ROOT, 'web/dist/index.html'))) fail('bench:surge needs the built web app: run `npm run build:web` first.');

  const work = mkdtempSync(join(tmpdir(), 'c360-bench-surge-'));
  const name = `c360_bench_surge_${randomUUID().slice(0, 8)}`;
  configurePgTypes();
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const knex = knexFactory({ client: 'pg', connection: own.toString(), pool: { min: 0, max: 4 } });
  let server: ChildProcess | undefined;
  try {
    // --- Data: 10k stories, Keron's previous advisory, news items waiting for the pipeline -------
    await migrateLatest(knex);
    await insertStoriesBulk(knex, makeStories(STORIES));
    const ingest = (documents: StormDocument[]) =>
      ingestStormDocuments(knex, { clock: () => new Date(), logger: silentLogger }, documents, { shiftDatesToNow: true, publishUpdates: true });
    await ingest(PREVIOUS_ADVISORY);
    await insertRawItems(knex, syntheticNews({ events: Math.ceil(ITEMS / 4), outlets: 4, end: new Date() }).slice(0, ITEMS));
    await knex.raw('analyze');
    const user = await addUser(knex, { email: 'bench.admin@c360.test', role: 'admin', password: 'correct horse 42' });
    const session = await createSession(knex, { user, method: 'password', now: new Date() });

    // --- The server ---------------------------------------------------------------------------
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn('node', [join(ROOT, 'bin/c360'), 'serve', '--port', String(port), '--workers', String(WORKERS)], {
      cwd: work,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATABASE_URL: own.toString(),
        C360_LOG_LEVEL: 'info',
        C360_SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      },
      stdio: ['ignore', 'ignore', openSync(join(work, 'c360.log'), 'a')],
    });
    await waitFor(`${base}/healthz`, server);
    const console_ = new TestClient(base);
    console_.jar.set(console_.host, 'c360_at', session.accessToken);

    const home = JSON.parse(await pageText(`${base}/api/home`)) as { lead?: { path?: string }; latest?: { path?: string }[] };
    const article = home.lead?.path ?? home.latest?.[0]?.path;
    if (!article) throw new Error('the home API names no article');
    const paths = ['/', article, '/storm-centre'];
    for (const path of paths) if ((await fetch(`${base}${path}`)).status !== 200) throw new Error(`${path} does not answer 200`);
    // A warm-up, so "before" is the server's steady state, not its first seconds.
    spawnSync('wrk', ['-t', String(THREADS), '-c', '50', '-d', '3s', `${base}/`]);
    const rssBefore = rssMb(server.pid!);

    // --- The surge: wrk on the three pages, a pipeline run and a new advisory meanwhile ---------
    const script = join(work, 'surge.lua');
    writeFileSync(
      script,
      `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`,
    );
    const started = Date.now();
    const load = new Promise<string>((resolve) => {
      const wrk = spawn('wrk', ['-t', String(THREADS), '-c', String(CONNECTIONS), '-d', `${SECONDS}s`, '--latency', '-s', script, base]);
      let out = '';
      wrk.stdout.on('data', (c: Buffer) => (out += c.toString()));
      wrk.on('exit', () => resolve(out));
    });
    await new Promise((r) => setTimeout(r, 3_000));

    // The pipeline run, as the console's button starts it (it runs inside a server under load).
    const runStarted = Date.now();
    const res = await console_.post('/api/console/pipeline/runs', { kind: 'full' });
    if (res.status !== 202 && res.status !== 200) throw new Error(`could not start a run: ${res.status} ${await res.text()}`);
    const runId = ((await res.json()) as { run: { id: string } }).run.id;
    const latest = `${base}/api/stories?limit=20`;
    await pageText(latest); // cached before the change, as it is in a surge
    // The first story the run publishes (dated at publication, so newer than every seeded one: it
    // leads the latest list and the home page): when this process sees it committed, and when the server serves it.
    const storyFreshness = (async () => {
      let story: { slug: string } | undefined;
      const seen = await within(async () => {
        story = await knex('synced_content').where('status', 'published').where('published_at', '>=', new Date(runStarted)).orderBy('updated_at').first('slug');
        return story !== undefined;
      }, SECONDS * 1000);
      if (!story) return { seen };
      const slug = story.slug;
      const [list, api, page] = await Promise.all([
        within(async () => (await pageText(latest)).includes(slug), 20_000),
        within(async () => (await pageText(`${base}/api/home`)).includes(slug), 20_000),
        within(async () => (await pageText(`${base}/`)).includes(slug), 20_000),
      ]);
      return { seen, list, api, page };
    })();

    // NHC's next advisory, 10 s into the surge, written by this process (as `c360 storms ingest` in cron would).
    const marker = 'Hurricane Keron';
    const stormFreshness = (async () => {
      await new Promise((r) => setTimeout(r, Math.max(0, started + 10_000 - Date.now())));
      const before = (await pageText(`${base}/storm-centre`)).includes(marker);
      await ingest(NEXT_ADVISORY);
      return { before, served: await within(async () => (await pageText(`${base}/storm-centre`)).includes(marker), 30_000) };
    })();
    const [storyFresh, stormFresh] = await Promise.all([storyFreshness, stormFreshness]);

    const output = await load;
    const rssAfter = rssMb(server.pid!);
    let runStatus = 'running';
    for (let i = 0; i < 600 && runStatus === 'running'; i++) {
      runStatus = ((await (await console_.get(`/api/console/pipeline/runs/${runId}`)).json()) as { run: { status: string } }).run.status;
      if (runStatus === 'running') await new Promise((r) => setTimeout(r, 500));
    }
    const published = Number(
      (await knex('synced_content').where('status', 'published').where('published_at', '>=', new Date(runStarted)).count({ n: '*' }).first())?.n,
    );

    // --- Figures ---------------------------------------------------------------------------------
    const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
    const p99 = /\s99%\s+(\S+)/.exec(output)?.[1] ?? '?';
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)?.slice(1).map(Number) ?? [0, 0, 0, 0];
    const ms = (value: number | undefined) => (value === undefined ? 'not within the wait' : `${value} ms`);
    console.log(
      `\nSurge: wrk ${THREADS} threads, ${CONNECTIONS} connections, ${SECONDS} s over ${paths.join(', ')}; ${STORIES} stories, PostgreSQL, ${WORKERS} server process${WORKERS > 1 ? 'es' : ''}`,
    );
    console.log(`requests            ${requests} (${rps.toFixed(0)} req/s), p99 ${p99}`);
    console.log(`errors              ${non2xx} non-2xx, socket errors connect/read/write/timeout ${socket.join('/')}`);
    console.log(`server RSS          ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB after`);
    console.log(`pipeline run        ${runStatus}, ${published} stories published from ${ITEMS} items`);
    console.log(
      `  its first new story seen committed ${ms(storyFresh.seen)} after the run began; then fresh on /api/stories ${ms(storyFresh.list)}, /api/home ${ms(storyFresh.api)}, / ${ms(storyFresh.page)}`,
    );
    console.log(
      `new advisory        '${marker}' on /storm-centre ${ms(stormFresh.served)} after the ingest committed${stormFresh.before ? ' (already there before!)' : ''}`,
    );
    console.log(`(changes are looked for every 50 ms; the cache's promise: dropped at the change's notification, else 15 s)`);
    console.log(`load ended ${((Date.now() - started) / 1000).toFixed(0)} s after it began`);
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await knex.destroy();
    await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.destroy();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
