/**
 * Lighthouse (mobile settings, Debian's Chromium) on the home page, a section and an article of
 * the demo data, served by the real `c360 serve`. Prints the four category scores per page and
 * the JavaScript and total bytes transferred, and the metrics the score is made of (FCP, LCP,
 * TBT, CLS, Speed Index) of the median of BENCH_WEB_RUNS runs (default 3). Goal (issues 13 and
 * 20): performance ≥ 95; accessibility, best practices and SEO 100. Never fails on a score.
 * BENCH_WEB_DUMP=dir keeps each full report.
 *
 * BENCH_WEB_COMPARE=dir benches another checkout too (built, with its node_modules), side by side
 * in the same run: both sites are served at once and their runs alternate page by page, so a
 * change in the machine's load weighs on both alike.
 *
 *   npm run build:web && npx tsx bench/web.ts
 *   BENCH_WEB_COMPARE=/tmp/c360-before BENCH_WEB_RUNS=5 npm run bench:web
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { execa, type ResultPromise } from 'execa';
import lighthouse from 'lighthouse';

const dir = mkdtempSync(join(tmpdir(), 'c360-bench-web-'));
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const roots: [string, string][] = [['this checkout', fileURLToPath(new URL('..', import.meta.url))]];
if (process.env.BENCH_WEB_COMPARE) roots.push([basename(resolve(process.env.BENCH_WEB_COMPARE)), resolve(process.env.BENCH_WEB_COMPARE)]);

type Site = { label: string; base: string; server: ResultPromise; pages: [string, string][] };

/** Prepares the demo data of a checkout and serves it with its own `c360 serve` on a port of its own. */
async function startSite(label: string, root: string, index: number): Promise<Site> {
  const port = 3390 + index * 500 + Math.floor(Math.random() * 500);
  const env = { ...process.env, C360_DATA_DIR: join(dir, `data-${index}`), C360_LOG_LEVEL: 'warn', PORT: String(port) };
  const bin = join(root, 'bin', 'c360');
  process.stderr.write(`${label}: preparing the demo data (ingest + pipeline)…\n`);
  await execa('node', [bin, 'demo', '--no-serve'], { env, stdio: 'ignore', cwd: root });
  const server = execa('node', [bin, 'serve'], { env, stdio: ['ignore', 'ignore', 'pipe'], cwd: root });
  await new Promise<void>((resolve, reject) => {
    server.stderr?.on('data', (chunk: Buffer) => chunk.toString().includes('is serving') && resolve());
    setTimeout(() => reject(new Error(`${label}: server did not start`)), 60_000);
  });
  const base = `http://127.0.0.1:${port}`;
  const home = (await (await fetch(`${base}/api/home`)).json()) as { lead: { path: string } | null };
  const pages: [string, string][] = [
    ['home', '/'],
    ['section (business)', '/section/business'],
    ['article', home.lead?.path ?? '/'],
  ];
  // Warm the server's cache first, as a live site would be.
  for (const [, path] of pages) await fetch(`${base}${path}`);
  return { label, base, server, pages };
}

const sites: Site[] = [];
mkdirSync(join(dir, 'chrome'), { recursive: true });
let chrome: chromeLauncher.LaunchedChrome | undefined;
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
/** One Lighthouse run; a run whose trace failed (NO_NAVSTART, seen on a fresh Chromium's first page) is run again. */
async function audit(url: string): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chrome!.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const lhr = result!.lhr;
    if (!lhr.runtimeError || attempt === 3) return lhr;
    process.stderr.write(`${url}: ${lhr.runtimeError.code}, run again\n`);
  }
}

function row(label: string, name: string, runs: Lhr[]): string[] {
  // The median run by performance score: one run varies by several points on a shared machine.
  const sorted = [...runs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  const lhr = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const all = runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join('/');
  const items = (lhr.audits['resource-summary']?.details as { items: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  const bytes = (type: string) => items.find((i) => i.resourceType === type)?.transferSize ?? 0;
  const score = (id: string) => String(Math.round((lhr.categories[id]?.score ?? 0) * 100));
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '';
  return [
    label,
    name,
    score('performance'),
    all,
    score('accessibility'),
    score('best-practices'),
    score('seo'),
    (bytes('script') / 1024).toFixed(1),
    (bytes('total') / 1024).toFixed(1),
    metric('first-contentful-paint'),
    metric('largest-contentful-paint'),
    metric('total-blocking-time'),
    metric('cumulative-layout-shift'),
    metric('speed-index'),
  ];
}

const rows: string[][] = [];
const benchmarks: number[] = [];
try {
  for (const [index, [label, root]] of roots.entries()) sites.push(await startSite(label, root, index));
  chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    userDataDir: join(dir, 'chrome'),
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  for (const [p, [name]] of sites[0]!.pages.entries()) {
    const runs = sites.map((): Lhr[] => []);
    for (let i = 0; i < RUNS; i++) {
      for (const [s, site] of sites.entries()) {
        const lhr = await audit(`${site.base}${site.pages[p]![1]}`);
        runs[s]!.push(lhr);
        benchmarks.push(lhr.environment.benchmarkIndex);
      }
    }
    for (const [s, site] of sites.entries()) {
      rows.push(row(site.label, name, runs[s]!));
      if (process.env.BENCH_WEB_DUMP) writeFileSync(join(process.env.BENCH_WEB_DUMP, `${s}-${name.split(' ')[0]}.json`), JSON.stringify(runs[s]![0]));
    }
  }
} finally {
  chrome?.kill();
  for (const site of sites) {
    site.server.kill('SIGTERM');
    await site.server.catch(() => undefined);
  }
  rmSync(dir, { recursive: true, force: true });
}
const header = ['build', 'page', 'perf', 'runs', 'a11y', 'best', 'seo', 'JS KB', 'total KB', 'FCP', 'LCP', 'TBT', 'CLS', 'SI'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
console.log(
  `Lighthouse, mobile settings (simulated slow 4G, 4x CPU slowdown), Debian Chromium; median of ${RUNS} runs per page (runs: each run's performance score)`,
);
console.log(line(header));
for (const r of rows) console.log(line(r));
// Lighthouse's own CPU benchmark of this machine during the runs: scores move with it.
console.log(`Lighthouse benchmarkIndex (this machine's CPU): ${benchmarks.map((b) => Math.round(b)).join(', ')}`);
