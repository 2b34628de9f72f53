import { describe, expect, it } from 'vitest';
import { migratedDataDir, runCli, startCli, tempDataDir } from '../test/helpers/run-cli';

describe('c360 CLI', () => {
  it('explains itself', async () => {
    const help = await runCli(['--help']);
    expect(help.exitCode).toBe(0);
    for (const command of ['demo', 'serve', 'stories', 'db']) expect(help.stdout).toContain(command);
    const version = await runCli(['--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const dbHelp = await runCli(['db', '--help']);
    for (const sub of ['migrate', 'rollback', 'status']) expect(dbHelp.stdout).toContain(sub);
  });

  it('fails with one clear line and a non-zero code on bad usage and bad configuration', async () => {
    const unknown = await runCli(['frobnicate']);
    expect(unknown.exitCode).not.toBe(0);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");

    const badEnv = await runCli(['db', 'status'], { env: { PORT: 'abc', DATABASE_URL: 'mysql://x' } });
    expect(badEnv.exitCode).toBe(1);
    expect(badEnv.stderr).toContain('PORT');
    expect(badEnv.stderr).toContain('DATABASE_URL');
    expect(badEnv.stderr).not.toMatch(/\n\s+at /); // no stack trace

    const badLimit = await runCli(['stories', 'list', '--limit', 'lots']);
    expect(badLimit.exitCode).not.toBe(0);
    expect(badLimit.stderr).toContain('--limit must be a whole number');
  });

  it('migrates an embedded database, lists and shows stories, and asks for a migration first', async () => {
    const env = { C360_DATA_DIR: tempDataDir() };
    const early = await runCli(['stories', 'list'], { env });
    expect(early.exitCode).toBe(1);
    expect(early.stderr).toContain('c360 db migrate');

    const migrate = await runCli(['db', 'migrate', '--json'], { env });
    expect(migrate.exitCode).toBe(0);
    expect(JSON.parse(migrate.stdout).applied.length).toBeGreaterThanOrEqual(4);

    const status = JSON.parse((await runCli(['db', 'status', '--json'], { env })).stdout);
    expect(status).toMatchObject({ mode: 'embedded', pending: [] });

    const demo = await runCli(['demo', '--no-serve'], { env });
    expect(demo.exitCode).toBe(0);
    const list = JSON.parse((await runCli(['stories', 'list', '--json', '--limit', '50'], { env })).stdout);
    expect(list.items.length).toBeGreaterThan(15);
    const first = list.items[0];
    const show = await runCli(['stories', 'show', first.id], { env });
    expect(show.exitCode).toBe(0);
    expect(show.stdout).toContain(first.title);

    const missing = await runCli(['stories', 'show', 'no-such-story'], { env });
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain('No story matches "no-such-story"');
  }, 120_000); // the demo ingests the samples and runs the whole pipeline

  it('refuses to open an embedded database another c360 process holds, naming it', async () => {
    // Migrated already (the test above migrates with the CLI): the subject here is the lock.
    const env = { C360_DATA_DIR: await migratedDataDir() };
    const server = startCli(['serve', '--port', '0'], env);
    try {
      await new Promise<void>((resolve, reject) => {
        server.stderr?.on('data', (chunk: Buffer) => chunk.toString().includes('is serving') && resolve());
        setTimeout(() => reject(new Error('server did not start')), 60_000);
      });
      const second = await runCli(['stories', 'list'], { env });
      expect(second.exitCode).toBe(1);
      expect(second.stderr).toContain(`in use by another c360 process (pid ${server.pid}: "c360 serve"`);
      expect(second.stderr).toContain('DATABASE_URL');
    } finally {
      server.kill('SIGTERM');
      await server;
    }
    // The server released its lock on a clean shutdown.
    expect((await runCli(['stories', 'list'], { env })).exitCode).toBe(0);
  }, 120_000); // three c360 processes: seconds each on a loaded 2-core machine
});
