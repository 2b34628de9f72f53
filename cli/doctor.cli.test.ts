import { mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkNode } from '../core/operations/doctor';
import { runCli, tempDataDir } from '../test/helpers/run-cli';

/** The real binary with faults made on purpose: each gives its line and exit 1, never a stack trace. */
const noStack = (text: string) => expect(text).not.toMatch(/^\s+at /m);

// Each spawn opens or migrates an embedded database: seconds each on a busy machine.
describe('c360 doctor', { timeout: 180_000 }, () => {
  it('names a database that refuses connections', async () => {
    const r = await runCli(['doctor'], { env: { DATABASE_URL: 'postgres://127.0.0.1:1/x' } });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toMatch(/^ok {3}node: Node v\d+/m);
    expect(r.stdout).toMatch(/^ok {3}configuration: /m);
    expect(r.stdout).toMatch(/^fail database: Could not connect to PostgreSQL at postgres:\/\/127\.0\.0\.1:1\/x: .+ — fix: /m);
    noStack(r.stdout + r.stderr);
  });

  it('names pending migrations, then a bad SMTP host, as JSON too', async () => {
    const env = { C360_DATA_DIR: tempDataDir() };
    const fresh = await runCli(['doctor'], { env });
    expect(fresh.exitCode).toBe(1);
    expect(fresh.stdout).toMatch(/^fail database: embedded .*: migrations pending: \d+ — fix: run `c360 db migrate`$/m);
    noStack(fresh.stdout + fresh.stderr);

    expect((await runCli(['db', 'migrate'], { env })).exitCode).toBe(0);
    const smtp = await runCli(['doctor', '--json'], { env: { ...env, SMTP_HOST: '127.0.0.1', SMTP_PORT: '1' } });
    expect(smtp.exitCode).toBe(1);
    const report = JSON.parse(smtp.stdout) as { ok: boolean; checks: { name: string; status: string; message: string; fix?: string }[] };
    expect(report.ok).toBe(false);
    const byName = Object.fromEntries(report.checks.map((c) => [c.name, c]));
    expect(byName.database).toMatchObject({ status: 'ok' });
    expect(byName.feeds).toMatchObject({ status: 'warn', message: 'no feeds registered' });
    expect(byName.smtp).toMatchObject({ status: 'fail', message: expect.stringMatching(/^127\.0\.0\.1: .*ECONNREFUSED/) });
    expect(byName['public URL']).toMatchObject({ status: 'warn' });
    noStack(smtp.stderr);
  });

  it('names the live process holding the embedded data directory, and a bad setting', async () => {
    const dataDir = tempDataDir();
    mkdirSync(dataDir, { recursive: true });
    // This test's own process, alive, on this host, holding the lock since now.
    writeFileSync(
      join(dataDir, 'c360.lock'),
      JSON.stringify({ pid: process.pid, host: hostname(), command: 'c360 serve', startedAt: new Date().toISOString() }),
    );
    const locked = await runCli(['doctor'], { env: { C360_DATA_DIR: dataDir } });
    expect(locked.exitCode).toBe(1);
    expect(locked.stdout).toMatch(
      new RegExp(`^fail data directory: .*in use by another c360 process \\(pid ${process.pid}: "c360 serve".* — fix: Stop that process`, 'm'),
    );
    noStack(locked.stdout + locked.stderr);

    const bad = await runCli(['doctor'], { env: { PORT: 'eighty' } });
    expect(bad.exitCode).toBe(1);
    expect(bad.stdout).toMatch(/^fail configuration: Invalid configuration: PORT: must be a port number/m);
  });
});

describe('checkNode', () => {
  it.each([
    ['v20.19.0', '>=20.19', 'ok'],
    ['v22.1.0', '>=20.19', 'ok'],
    ['v20.18.3', '>=20.19', 'fail'],
    ['v18.20.0', '>=20.19', 'fail'],
  ])('%s against %s is %s', (version, engines, status) => {
    expect(checkNode(version, engines).status).toBe(status);
  });
});
