/**
 * A real PostgreSQL outage under a running app (issue 25, item 6): the app reaches PostgreSQL through
 * a loopback TCP proxy; after the pages are cached the proxy closes its port and cuts every
 * connection (what a stopped or unreachable server looks like: ECONNREFUSED, dropped sockets), and
 * later opens again. Prints, during the outage, the answers to a cached page, a cached API read and
 * a page never cached (statuses, how many were marked stale, p50/p99 latency), and how long after
 * the port opens again fresh pages are served. Never fails on time.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:outage
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { loadConfig } from '../core/config';
import { migrateLatest } from '../core/db/migrations';
import { configurePgTypes } from '../core/db/open-database';
import { silentLogger } from '../core/logger';
import { createApp } from '../server/app';
import { startServer } from '../server/start-server';
import { freePort } from '../test/helpers/free-port';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');

/** Forwards loopback connections to PostgreSQL until `cut()`; `open()` listens again on the same port. */
function proxy(port: number) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(url.port || 5432), url.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server!.close(() => resolve());
    });
  return { open, cut };
}

type Sample = { status: number; stale: boolean; ms: number; type: string };
async function hit(base: string, path: string): Promise<Sample> {
  const started = performance.now();
  const res = await fetch(base + path);
  await res.arrayBuffer();
  return { status: res.status, stale: res.headers.get('x-c360-stale') === '1', ms: performance.now() - started, type: res.headers.get('content-type') ?? '' };
}

function summary(samples: Sample[]): string {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(1);
  const counts = new Map<number, number>();
  for (const s of samples) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  const statuses = [...counts].map(([status, n]) => `${status}×${n}`).join(' ');
  return `${samples.length} requests: ${statuses}, stale ${samples.filter((s) => s.stale).length}, ${samples[0]?.type.split(';')[0]}, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`;
}

async function main(): Promise<void> {
  configurePgTypes();
  const schema = `c360_outage_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: url.href });
  await admin.raw(`create schema ${schema}`);
  const direct = knexFactory({ client: 'pg', connection: url.href, searchPath: [schema] });
  await migrateLatest(direct);
  await direct.destroy();

  const port = await freePort();
  const { open, cut } = proxy(port);
  await open();
  const viaProxy = new URL(url.href);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(port);
  const knex = knexFactory({ client: 'pg', connection: viaProxy.href, searchPath: [schema], pool: { min: 0, max: 4 }, acquireConnectionTimeout: 5_000 });
  const webDist = mkdtempSync(join(tmpdir(), 'c360-outage-'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><!--c360:head--></head><body><div id="root"><!--c360:app--></div><!--c360:data--></body></html>',
  );
  const app = createApp({
    db: { knex, mode: 'postgres', location: 'outage bench', close: () => knex.destroy() },
    config: loadConfig({}, webDist),
    logger: silentLogger,
    webDist,
    secret: 'bench-secret-bench-secret-bench-secret-0123',
  });
  await app.ready;
  const server = await startServer(app, { host: '127.0.0.1', port: 0 });
  const base = server.url;
  try {
    for (const path of ['/', '/api/home']) if ((await hit(base, path)).status !== 200) throw new Error(`${path} did not answer 200 before the outage`);
    await cut();
    const results: Record<string, Sample[]> = { '/ (cached page)': [], '/api/home (cached API read)': [], '/section/business (never cached)': [] };
    const paths = ['/', '/api/home', '/section/business'];
    const until = performance.now() + SECONDS * 1000;
    while (performance.now() < until) {
      for (const [i, path] of paths.entries()) Object.values(results)[i]!.push(await hit(base, path));
    }
    console.log(`PostgreSQL unreachable for ${SECONDS} s (port closed, connections cut), requests one after another:`);
    for (const [name, samples] of Object.entries(results)) console.log(`  ${name.padEnd(34)} ${summary(samples)}`);
    await open();
    const reopened = performance.now();
    let fresh: Sample | undefined;
    while (performance.now() - reopened < 30_000) {
      fresh = await hit(base, '/');
      if (fresh.status === 200 && !fresh.stale) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    console.log(`PostgreSQL back: fresh home page ${fresh && !fresh.stale ? `after ${Math.round(performance.now() - reopened)} ms` : 'not within 30 s'}`);
  } finally {
    await server.close();
    await app.shutdown();
    await knex.destroy();
    await admin.raw(`drop schema ${schema} cascade`);
    await admin.destroy();
  }
}

await main();
