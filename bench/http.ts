/**
 * HTTP throughput on loopback, in one run, with wrk at 50 connections:
 *   (a) nginx serving the home page's bytes as a static file: the machine's limit;
 *   (b) a bare Express app serving the same bytes from memory: the framework's ceiling;
 *   (c) C360 itself (`c360 serve`, request logs on, as in production) at 10k published stories:
 *       the home page HTML and the home API.
 * Prints requests/s and p99 latency for each, and the ratios c/b and c/a. Never fails on time.
 *
 * Needs wrk and nginx (Debian: `apt-get install -y wrk nginx`) and a built web app
 * (`npm run build:web`); installs nothing itself.
 *
 *   npm run bench:http                     # 10 s per measurement
 *   BENCH_SECONDS=5 BENCH_STORIES=10000 npm run bench:http
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../core/config';
import { migrateLatest } from '../core/db/migrations';
import { openDatabase } from '../core/db/open-database';
import { buildSlug } from '../core/stories/article-address';
import { insertStoriesBulk, type NewStory } from '../core/stories/story-repository';

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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
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

async function main(): Promise<void> {
  need('wrk', 'apt-get install -y wrk');
  need('nginx', 'apt-get install -y nginx');
  if (!existsSync(join(ROOT, 'web/dist/index.html'))) {
    console.error('bench:http needs the built web app: run `npm run build:web` first.');
    process.exit(2);
  }
  const work = mkdtempSync(join(tmpdir(), 'c360-bench-http-'));
  const children: ChildProcess[] = [];
  try {
    // --- C360 with 10k stories, as `c360 serve` ------------------------------------------
    const dataDir = join(work, 'data');
    const config = loadConfig({ C360_DATA_DIR: dataDir }, work);
    const seedStart = Date.now();
    const db = await openDatabase(config, { command: 'bench:http seed' });
    await migrateLatest(db.knex);
    await insertStoriesBulk(db.knex, makeStories(STORIES));
    await db.knex.raw('analyze synced_content');
    await db.close();
    process.stderr.write(`seeded ${STORIES} stories in ${((Date.now() - seedStart) / 1000).toFixed(1)} s\n`);

    const c360Port = await freePort();
    const c360Log = join(work, 'c360.log');
    const c360 = spawn('node', [join(ROOT, 'bin/c360'), 'serve', '--port', String(c360Port)], {
      cwd: work,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        C360_DATA_DIR: dataDir,
        C360_LOG_LEVEL: 'info',
        C360_SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      },
      stdio: ['ignore', 'ignore', openSync(c360Log, 'a')],
    });
    children.push(c360);
    const c360Url = `http://127.0.0.1:${c360Port}`;
    await waitFor(`${c360Url}/healthz`, c360);
    const homeHtml = Buffer.from(await (await fetch(`${c360Url}/`)).arrayBuffer());
    const homeApiText = await (await fetch(`${c360Url}/api/home`)).text();
    const homeApi = JSON.parse(homeApiText);
    process.stderr.write(
      `C360 home page: ${homeHtml.length} bytes of HTML; home API: ${Buffer.byteLength(homeApiText)} bytes of JSON, lead "${homeApi.lead?.title}"\n`,
    );

    // --- (a) nginx, static file ------------------------------------------------------------
    const www = join(work, 'www');
    mkdirSync(www);
    writeFileSync(join(www, 'index.html'), homeHtml);
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

    // --- (b) bare Express, same bytes from memory --------------------------------------------
    const barePort = await freePort();
    const bodyFile = join(work, 'www/index.html');
    const bare = spawn(
      'node',
      [
        '--input-type=module',
        '-e',
        `import express from 'express'; import { readFileSync } from 'node:fs';
         const body = readFileSync(${JSON.stringify(bodyFile)});
         const app = express();
         app.get('/', (_req, res) => { res.type('html').send(body); });
         app.listen(${barePort}, '127.0.0.1');`,
      ],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    children.push(bare);
    await waitFor(`http://127.0.0.1:${barePort}/`, bare);

    process.stderr.write(`\nwrk: ${THREADS} threads, ${CONNECTIONS} connections, ${SECONDS} s each (after a 2 s warm-up)\n`);
    const a = wrk('(a) nginx static file', `http://127.0.0.1:${nginxPort}/`);
    const b = wrk('(b) bare Express from memory', `http://127.0.0.1:${barePort}/`);
    const cHtml = wrk('(c) C360 home page HTML', `${c360Url}/`);
    const cApi = wrk('(c) C360 home API', `${c360Url}/api/home`);

    const rows = [a, b, cHtml, cApi];
    const fmt = (r: Result) =>
      [r.name.padEnd(32), r.rps.toFixed(0).padStart(9), r.p99ms.toFixed(2).padStart(9), r.non2xx ? ` (${r.non2xx} non-2xx!)` : ''].join('  ');
    console.log(`\nHTTP on loopback, ${CONNECTIONS} connections, ${STORIES} published stories, ${SECONDS} s per run`);
    console.log(`(a), (b) and the C360 page send the same ${homeHtml.length}-byte page; the home API sends ${Buffer.byteLength(homeApiText)} bytes of JSON`);
    console.log(`${'server'.padEnd(32)}  ${'req/s'.padStart(9)}  ${'p99 ms'.padStart(9)}`);
    for (const r of rows) console.log(fmt(r));
    console.log('');
    console.log(`bare Express / nginx:          ${(b.rps / a.rps).toFixed(2)}`);
    for (const c of [cHtml, cApi]) {
      console.log(`${`${c.name.replace('(c) ', '')}`.padEnd(22)} c/b ${(c.rps / b.rps).toFixed(2)}   c/a ${(c.rps / a.rps).toFixed(2)}   (goal c/b ≥ 0.8)`);
    }
    const logLines = readFileSync(c360Log, 'utf8').split('\n').filter(Boolean).length;
    console.log(`\nC360 wrote ${logLines} request log lines (one per request, as in production).`);
  } finally {
    for (const child of children.reverse()) await stop(child, child.spawnfile === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
