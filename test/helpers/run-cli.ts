import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { execa, type ResultPromise } from 'execa';
import { inject } from 'vitest';

export const BIN = fileURLToPath(new URL('../../bin/c360', import.meta.url));

export function tempDataDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'c360-cli-')), 'data');
}

/**
 * A data directory holding the run's migrated embedded database (global-setup.ts): loading the
 * dump costs well under a second, a first `c360` start in an empty directory (initdb) and
 * `c360 db migrate` cost seconds each. For tests whose subject is not the migration itself.
 */
export async function migratedDataDir(dataDir = tempDataDir()): Promise<string> {
  mkdirSync(dataDir, { recursive: true });
  const seed = new PGlite(join(dataDir, 'pgdata'), { loadDataDir: new Blob([readFileSync(inject('migratedPgliteDump'))]) });
  await seed.waitReady;
  await seed.close();
  return dataDir;
}

/** Runs the real `c360` binary as a user would, in a clean environment. */
export function runCli(args: string[], options: { env?: Record<string, string>; cwd?: string; input?: string } = {}) {
  return execa('node', [BIN, ...args], {
    cwd: options.cwd ?? mkdtempSync(join(tmpdir(), 'c360-cwd-')),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', C360_LOG_LEVEL: 'warn', ...options.env },
    extendEnv: false,
    reject: false,
    input: options.input,
    // A start on a loaded machine has taken 10-40 s; killing a slow but working command would fail the test for nothing.
    timeout: 120_000,
  });
}

export function startCli(args: string[], env: Record<string, string>): ResultPromise {
  return execa('node', [BIN, ...args], {
    cwd: mkdtempSync(join(tmpdir(), 'c360-cwd-')),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', C360_LOG_LEVEL: 'warn', ...env },
    extendEnv: false,
    reject: false,
  });
}
