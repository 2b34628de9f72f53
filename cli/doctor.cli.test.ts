import { mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkNode } from '../core/operations/doctor';
import { startFakeOpenAi } from '../test/helpers/fake-openai';
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
    expect(byName.schedule).toMatchObject({
      status: 'warn',
      message: expect.stringContaining('no pipeline run has ended yet'),
      fix: expect.stringContaining('--schedule'),
    });
    expect(byName.ai).toMatchObject({ status: 'ok', message: expect.stringContaining('offline provider') });
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

describe('c360 doctor --ai', { timeout: 120_000 }, () => {
  it('makes one tiny call to the AI provider: an answer is ok; a hang, garbage or no server is a fail line with its fix', async () => {
    const ai = await startFakeOpenAi({ translation: 'valid' });
    // A refused database keeps each run short (no embedded database to open); the ai line is what is looked at.
    const env = { DATABASE_URL: 'postgres://127.0.0.1:1/x', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: ai.baseUrl, C360_AI_TIMEOUT_MS: '1000' };
    const host = new URL(ai.baseUrl).host.replace(/\./g, '\\.');
    try {
      const quiet = await runCli(['doctor'], { env });
      expect(quiet.stdout).toMatch(new RegExp(`^ok {3}ai: ${host}, model gpt-4o-mini \\(not called: .c360 doctor --ai. makes one tiny call\\)$`, 'm'));
      expect(ai.translationCalls).toBe(0);

      const ok = await runCli(['doctor', '--ai'], { env });
      expect(ok.stdout).toMatch(new RegExp(`^ok {3}ai: ${host}, model gpt-4o-mini: answered in \\d+ ms \\(\\d+ tokens\\)$`, 'm'));
      expect(ai.translationCalls).toBe(1);

      ai.setTranslation('hang');
      const hang = await runCli(['doctor', '--ai', '--json'], { env });
      expect(hang.exitCode).toBe(1);
      const report = JSON.parse(hang.stdout) as { ok: boolean; checks: { name: string; status: string; message: string; fix?: string }[] };
      expect(report.checks.find((c) => c.name === 'ai')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining('request timed out'),
        fix: expect.stringContaining('C360_AI_TIMEOUT_MS'),
      });
      noStack(hang.stdout + hang.stderr);

      ai.setTranslation('garbage');
      const garbage = await runCli(['doctor', '--ai'], { env });
      expect(garbage.exitCode).toBe(1);
      expect(garbage.stdout).toMatch(/^fail ai: .*the translation is not .* — fix: the server answered in a shape C360 cannot use/m);
      noStack(garbage.stdout + garbage.stderr);

      const nobody = await runCli(['doctor', '--ai'], { env: { ...env, OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' } });
      expect(nobody.stdout).toMatch(/^fail ai: 127\.0\.0\.1:1, model gpt-4o-mini: .* — fix: check that the AI server at OPENAI_BASE_URL is up/m);
      noStack(nobody.stdout + nobody.stderr);
    } finally {
      await ai.close();
    }
  });
});

describe('checkNode', () => {
  it.each([
    ['v20.19.0', '^20.19.0 || ^22.16.0 || >=24.0.0', 'ok'],
    ['v22.16.0', '^20.19.0 || ^22.16.0 || >=24.0.0', 'ok'],
    ['v24.1.0', '^20.19.0 || ^22.16.0 || >=24.0.0', 'ok'],
    // Node 22 before 22.16: the bundler and the HTML validator the project installs refuse it.
    ['v22.1.0', '^20.19.0 || ^22.16.0 || >=24.0.0', 'fail'],
    ['v20.18.3', '^20.19.0 || ^22.16.0 || >=24.0.0', 'fail'],
    ['v18.20.0', '^20.19.0 || ^22.16.0 || >=24.0.0', 'fail'],
    ['v23.1.0', '^20.19.0 || ^22.16.0 || >=24.0.0', 'fail'],
    ['v22.1.0', 'twenty or so', 'warn'],
  ])('%s against %s is %s', (version, engines, status) => {
    expect(checkNode(version, engines).status).toBe(status);
  });
});
