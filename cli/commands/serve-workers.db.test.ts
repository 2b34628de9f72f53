import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateLatest } from '../../core/db/migrations';
import { databaseUrl } from '../../test/helpers/database-url';
import { runCli, startCli, tempDataDir } from '../../test/helpers/run-cli';
import { freePort } from '../../test/helpers/free-port';

/**
 * `c360 serve --workers N`: N processes on one port with PostgreSQL (run in the PostgreSQL pass:
 * C360_TEST_DATABASE_URL), one with the embedded database, which says so in one line.
 */
const url = process.env.C360_TEST_DATABASE_URL;

/** Collects a process's stderr and waits for a line matching `pattern`. */
function watch(child: ReturnType<typeof startCli>) {
  let text = '';
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return {
    text: () => text,
    until: async (pattern: RegExp, timeoutMs = 60_000) => {
      const started = Date.now();
      while (!pattern.test(text)) {
        if (child.exitCode !== null && child.exitCode !== undefined) throw new Error(`the server ended (${child.exitCode}): ${text}`);
        if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${pattern}: ${text}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/** Which worker answered each request, from the request log lines (each names its worker). */
function workersInLog(text: string): Set<number> {
  const workers = new Set<number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; worker?: number };
    if (entry.msg === 'request completed' && typeof entry.worker === 'number') workers.add(entry.worker);
  }
  return workers;
}

/** The node processes a process started (tsx's esbuild service is a child too, and not counted). */
const childrenOf = (pid: number) =>
  spawnSync('ps', ['--ppid', String(pid), '-o', 'pid=,comm='], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter(([, comm]) => comm === 'node')
    .map(([p]) => Number(p));

describe('c360 serve --workers on the embedded database', () => {
  it('says in one line that it serves with one process, and serves', async () => {
    const dataDir = tempDataDir();
    expect((await runCli(['db', 'migrate'], { env: { C360_DATA_DIR: dataDir } })).exitCode).toBe(0);
    const port = await freePort();
    const serve = startCli(['serve', '--workers', '2', '--port', String(port)], { C360_DATA_DIR: dataDir });
    const out = watch(serve);
    try {
      await out.until(/C360 is serving/);
      const notices = out
        .text()
        .split('\n')
        .filter((l) => l.includes('Serving with one process'));
      expect(notices).toEqual([
        'Serving with one process, not 2: the embedded database opens in one process only (set DATABASE_URL to PostgreSQL for --workers).',
      ]);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      expect(childrenOf(serve.pid!)).toEqual([]);
    } finally {
      process.kill(serve.pid!, 'SIGTERM');
      expect((await serve).exitCode).toBe(0);
    }
  }, 90_000);
});

describe.skipIf(!url)('c360 serve --workers on PostgreSQL', () => {
  let dbUrl: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const name = `c360_serve_workers_${randomBytes(5).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
    await admin.raw(`create database ${name}`);
    dbUrl = databaseUrl(url!, name);
    const knex = knexFactory({ client: 'pg', connection: dbUrl, pool: { min: 0, max: 1 } });
    await migrateLatest(knex);
    await knex.destroy();
    drop = async () => {
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    };
  });
  afterAll(() => drop?.());

  it('two workers answer on one port, one that dies is replaced, and SIGTERM stops them all', async () => {
    const port = await freePort();
    const serve = startCli(['serve', '--workers', '2', '--port', String(port), '--schedule'], { DATABASE_URL: dbUrl, C360_LOG_LEVEL: 'info' });
    const out = watch(serve);
    try {
      await out.until(/C360 is serving http:\/\/127\.0\.0\.1:\d+ with 2 server processes .*worker 1 runs the schedule/);
      expect(childrenOf(serve.pid!)).toHaveLength(2);
      // --schedule: the schedule runs in worker 1 only.
      await out.until(/"msg":"schedule started"/);
      const started = out
        .text()
        .split('\n')
        .filter((l) => l.includes('"msg":"schedule started"'));
      expect(started).toHaveLength(1);
      expect(JSON.parse(started[0]!)).toMatchObject({ worker: 1 });
      expect(out.text().match(/^Scheduled: /gm)).toHaveLength(1);
      // Each request on a new connection: the primary hands connections to the workers in turn.
      for (let i = 0; i < 20; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/api/home`, { headers: { connection: 'close' } });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
      await new Promise((r) => setTimeout(r, 200));
      expect(workersInLog(out.text())).toEqual(new Set([1, 2]));

      const [victim] = childrenOf(serve.pid!);
      process.kill(victim!, 'SIGKILL');
      await out.until(/Server worker [12] ended \(SIGKILL\); starting another\./);
      // Served meanwhile by the other, and by both again once the new worker listens.
      const res = await fetch(`http://127.0.0.1:${port}/api/home`, { headers: { connection: 'close' } });
      expect(res.status).toBe(200);
      await out.until(/Server worker [12] is serving again\./);
      const before = out.text().length;
      for (let i = 0; i < 20; i++) {
        const again = await fetch(`http://127.0.0.1:${port}/api/home`, { headers: { connection: 'close' } });
        expect(again.status).toBe(200);
        await again.arrayBuffer();
      }
      await new Promise((r) => setTimeout(r, 200));
      expect(childrenOf(serve.pid!)).toHaveLength(2);
      expect(childrenOf(serve.pid!)).not.toContain(victim);
      expect(workersInLog(out.text().slice(before))).toEqual(new Set([1, 2]));

      const workers = childrenOf(serve.pid!);
      const stopping = Date.now();
      process.kill(serve.pid!, 'SIGTERM'); // not serve.kill(): execa would SIGKILL it 5 s later
      const result = await serve;
      expect(result.signal).toBeUndefined();
      expect(result.exitCode, out.text()).toBe(0);
      expect(out.text()).not.toContain('did not');
      expect(Date.now() - stopping).toBeLessThan(15_000);
      console.log(`serve --workers 2 stopped ${Date.now() - stopping} ms after SIGTERM`);
      for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      if (serve.exitCode === null) serve.kill('SIGKILL');
    }
  }, 180_000);
});
