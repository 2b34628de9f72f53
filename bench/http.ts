/**
 * HTTP throughput on loopback, in one run, with wrk at 50 connections: C360 (`c360 serve`, request
 * logs on, as in production) at 10k published stories and an active storm, beside nginx serving
 * the very same bytes as static files, page by page: the home page, an article page and the
 * Storm Centre. Prints requests/s, p99 latency and the ratio to nginx for each, for 1 worker and,
 * with PostgreSQL, 2 workers (`--workers 2`). Never fails on time.
 *
 * With DATABASE_URL (PostgreSQL) the stories go into a new database on that server (dropped
 * after) and both worker counts are measured; without it, the embedded database, which one
 * process opens, gives the 1-worker figures only.
 *
 * Needs wrk and nginx (Debian: `apt-get install -y wrk nginx-light`) and a built web app
 * (`npm run build:web`); installs nothing itself.
 *
 *   npm run bench:http                     # 10 s per measurement
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_SECONDS=5 npm run bench:http
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, openSync } from 'node:fs';
import { availableParallelism as cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { loadConfig } from '../core/config';
import { migrateLatest } from '../core/db/migrations';
import { openDatabase } from '../core/db/open-database';
import { buildSlug } from '../core/stories/article-address';
import { insertStoriesBulk, type NewStory } from '../core/stories/story-repository';
import { seedStorm } from '../test/factories/storms';
import { freePort } from '../test/helpers/free-port';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const STORIES = Number(process.env.BENCH_STORIES ?? 10_000);
const CONNECTIONS = 50;
const THREADS = 2;

type Result = { name: string; rps: number; p99ms: number; non2xx: number };

function need(command: string, hint: string): void {
  if (spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0) {
    console.error(`bench:http needs ${command}: ${hint}`);
    process.exit(2);
  }
}

async function waitFor(url: string, child?: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() - start > timeoutMs) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function parseDuration(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return Number.NaN;
  const value = Number(m[1]);
  return m[2] === 'us' ? value / 1000 : m[2] === 'ms' ? value : m[2] === 's' ? value * 1000 : value * 60_000;
}

function wrk(name: string, url: string, seconds = SECONDS): Result {
  // A short warm-up (JIT, caches, connections), then the measurement.
  spawnSync('wrk', ['-t', String(THREADS), '-c', String(CONNECTIONS), '-d', '2s', url], { encoding: 'utf8' });
  const run = spawnSync('wrk', ['-t', String(THREADS), '-c', String(CONNECTIONS), '-d', `${seconds}s`, '--latency', url], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk failed for ${name}: ${run.stderr}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(run.stdout)?.[1]);
  const p99ms = parseDuration(/\s99%\s+(\S+)/.exec(run.stdout)?.[1] ?? '');
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(run.stdout)?.[1] ?? 0);
  process.stderr.write(`  ${name}: ${rps.toFixed(0)} req/s, p99 ${p99ms.toFixed(2)} ms${non2xx ? `, ${non2xx} non-2xx` : ''}\n`);
  return { name, rps, p99ms, non2xx };
}

function makeStories(count: number): NewStory[] {
  const regions = ['Jamaica', 'Barbados', 'Trinidad and Tobago', 'Bahamas', 'Haiti', 'Dominican Republic', 'Caribbean', 'Saint Lucia'];
  const topics = [
    ['Parliament debates budget measures', ['politics', 'government']],
    ['Tourism arrivals climb again', ['tourism', 'business']],
    ['Storm season outlook revised', ['weather', 'hurricane']],
    ['Cricket board names new squad', ['cricket', 'sports']],
    ['Festival lineup announced downtown', ['culture', 'music']],
    ['Digital payments pilot expands', ['technology']],
  ] as const;
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const [topic, tags] = topics[i % topics.length]!;
    const region = regions[i % regions.length]!;
    return {
      id: randomUUID(),
      title: `${topic} report ${i} ${region}`,
      slug: `${buildSlug(topic)}-${i}`,
      summary: `Report ${i}: ${topic.toLowerCase()} in ${region}, with reactions from residents and officials.`,
      region,
      tags: [...tags],
      pipeline_stage: 'published',
      status: 'published',
      published_at: new Date(now - (i / 150) * 86_400_000).toISOString(),
      source_count: 2 + (i % 3),
      triangulation_check: true,
      is_featured: i % 2500 === 3,
      featured_priority: 1 + (i % 5),
    } satisfies NewStory;
  });
}

function stop(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

type Page = { name: string; path: string; file: string; bytes: Buffer };

/** A new database on the PostgreSQL server of DATABASE_URL, dropped by `drop`. */
async function createBenchDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `c360_bench_http_${randomUUID().slice(0, 8)}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () => {
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}

async function main(): Promise<void> {
  need('wrk', 'apt-get install -y wrk');
  need('nginx', 'apt-get install -y nginx-light');
  if (!existsSync(join(ROOT, 'web/dist/index.html'))) {
    console.error('bench:http needs the built web app: run `npm run build:web` first.');
    process.exit(2);
  }
  const work = mkdtempSync(join(tmpdir(), 'c360-bench-http-'));
  const children: ChildProcess[] = [];
  const postgres = process.env.DATABASE_URL ? await createBenchDatabase(process.env.DATABASE_URL) : undefined;
  const load = [loadavg()[0]!];
  try {
    // --- C360's data: 10k stories and a storm ------------------------------------------------
    const dataDir = join(work, 'data');
    const dbEnv: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : { C360_DATA_DIR: dataDir };
    const config = loadConfig(dbEnv, work);
    const seedStart = Date.now();
    const db = await openDatabase(config, { command: 'bench:http seed' });
    await migrateLatest(db.knex);
    await insertStoriesBulk(db.knex, makeStories(STORIES));
    await seedStorm(db.knex, new Date());
    await db.knex.raw('analyze synced_content');
    await db.close();
    process.stderr.write(
      `seeded ${STORIES} stories and a storm in ${((Date.now() - seedStart) / 1000).toFixed(1)} s (${postgres ? 'PostgreSQL' : 'embedded database'})\n`,
    );

    const c360Port = await freePort();
    const c360Log = join(work, 'c360.log');
    const c360Url = `http://127.0.0.1:${c360Port}`;
    let c360: ChildProcess | undefined;
    const startC360 = async (workers: number) => {
      c360 = spawn('node', [join(ROOT, 'bin/c360'), 'serve', '--port', String(c360Port), '--workers', String(workers)], {
        cwd: work,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          ...dbEnv,
          C360_LOG_LEVEL: 'info',
          C360_SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
        },
        stdio: ['ignore', 'ignore', openSync(c360Log, 'a')],
      });
      children.push(c360);
      await waitFor(`${c360Url}/healthz`, c360);
      // Every worker up: a request per connection goes to each in turn.
      for (let i = 0; i < 4 * workers; i++) await (await fetch(`${c360Url}/healthz`, { headers: { connection: 'close' } })).arrayBuffer();
      await new Promise((r) => setTimeout(r, workers > 1 ? 3000 : 0));
    };
    await startC360(1);

    const homeApi = (await (await fetch(`${c360Url}/api/home`)).json()) as { lead?: { title?: string; path?: string }; latest?: { path?: string }[] };
    const articlePath = homeApi.lead?.path ?? homeApi.latest?.[0]?.path;
    if (!articlePath) throw new Error('the home API names no article');
    const pages: Page[] = [];
    for (const [name, path, file] of [
      ['home page', '/', 'index.html'],
      ['article page', articlePath, 'article.html'],
      ['Storm Centre', '/storm-centre', 'storm-centre.html'],
    ] as const) {
      const res = await fetch(`${c360Url}${path}`, { headers: { 'accept-encoding': 'identity' } });
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      pages.push({ name, path, file, bytes: Buffer.from(await res.arrayBuffer()) });
    }
    process.stderr.write(`pages: ${pages.map((p) => `${p.name} ${p.path} ${p.bytes.length} bytes`).join('; ')}\n`);

    // --- nginx, the same bytes as static files ------------------------------------------------
    const www = join(work, 'www');
    mkdirSync(www);
    for (const page of pages) writeFileSync(join(www, page.file), page.bytes);
    for (const dir of [work, www]) chmodSync(dir, 0o755); // nginx workers run as another user
    const nginxPort = await freePort();
    const nginxConf = join(work, 'nginx.conf');
    writeFileSync(
      nginxConf,
      `worker_processes auto;
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${work}/nginx-body;
  proxy_temp_path ${work}/nginx-proxy;
  fastcgi_temp_path ${work}/nginx-fastcgi;
  uwsgi_temp_path ${work}/nginx-uwsgi;
  scgi_temp_path ${work}/nginx-scgi;
  default_type text/html;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${www};
    location / { index index.html; }
  }
}
`,
    );
    const nginx = spawn('nginx', ['-c', nginxConf, '-p', work], { stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(nginx);
    await waitFor(`http://127.0.0.1:${nginxPort}/`, nginx);

    process.stderr.write(`\nwrk: ${THREADS} threads, ${CONNECTIONS} connections, ${SECONDS} s each (after a 2 s warm-up)\n`);
    const rows: { page: Page; nginx: Result; c360: Result[] }[] = [];
    for (const page of pages) {
      // Each page's nginx figure is taken right before C360's, so both see the same machine.
      const a = wrk(`nginx ${page.name}`, `http://127.0.0.1:${nginxPort}/${page.file}`);
      const c = wrk(`C360 ${page.name}, 1 worker`, `${c360Url}${page.path}`);
      rows.push({ page, nginx: a, c360: [c] });
    }
    const api = wrk('C360 home API, 1 worker', `${c360Url}/api/home`);
    load.push(loadavg()[0]!);
    if (postgres) {
      await stop(c360);
      await startC360(2);
      for (const row of rows) row.c360.push(wrk(`C360 ${row.page.name}, 2 workers`, `${c360Url}${row.page.path}`));
      load.push(loadavg()[0]!);
    }

    const fmt = (name: string, r: Result, base?: Result) =>
      [
        name.padEnd(34),
        r.rps.toFixed(0).padStart(9),
        r.p99ms.toFixed(2).padStart(9),
        base ? (r.rps / base.rps).toFixed(2).padStart(8) : ''.padStart(8),
        base ? `${(r.p99ms / base.p99ms).toFixed(1)}x`.padStart(9) : ''.padStart(9),
        r.non2xx ? ` (${r.non2xx} non-2xx!)` : '',
      ].join('  ');
    console.log(
      `\nHTTP on loopback, ${CONNECTIONS} connections, ${STORIES} published stories and a storm, ${SECONDS} s per run, ${postgres ? 'PostgreSQL' : 'embedded database'}`,
    );
    console.log(`nginx serves the bytes C360 sent for each page (no compression on either side: wrk asks for none)`);
    console.log(`${'server'.padEnd(34)}  ${'req/s'.padStart(9)}  ${'p99 ms'.padStart(9)}  ${'/ nginx'.padStart(8)}  ${'p99/nginx'.padStart(9)}`);
    for (const row of rows) {
      console.log(fmt(`nginx ${row.page.name} (${row.page.bytes.length} B)`, row.nginx));
      row.c360.forEach((c, i) => console.log(fmt(`C360 ${row.page.name}, ${i + 1} worker${i ? 's' : ''}`, c, row.nginx)));
    }
    console.log(fmt('C360 home API, 1 worker', api));
    const home = rows[0]!;
    const best = home.c360.reduce((x, y) => (y.rps > x.rps ? y : x));
    console.log(
      `\nGoal: home page >= 0.5 of nginx (best: ${(best.rps / home.nginx.rps).toFixed(2)}), p99 within 3x nginx's (${(best.p99ms / home.nginx.p99ms).toFixed(1)}x).`,
    );
    console.log(
      `Load average (1 min) at start, after the 1-worker runs${postgres ? ', after the 2-worker runs' : ''}: ${load.map((l) => l.toFixed(2)).join(', ')} (${cpus()} cores)`,
    );
    const logLines = readFileSync(c360Log, 'utf8')
      .split('\n')
      .filter((l) => l.includes('request completed')).length;
    console.log(`C360 wrote ${logLines} request log lines (one per request, as in production).`);
  } finally {
    for (const child of children.reverse()) await stop(child, child.spawnfile === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
    rmSync(work, { recursive: true, force: true });
    await postgres?.drop();
  }
}

await main();
