import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';

export const BIN = fileURLToPath(new URL('../../bin/c360', import.meta.url));

export function tempDataDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'c360-cli-')), 'data');
}

/** Runs the real `c360` binary as a user would, in a clean environment. */
export function runCli(args: string[], options: { env?: Record<string, string>; cwd?: string; input?: string } = {}) {
  return execa('node', [BIN, ...args], {
    cwd: options.cwd ?? mkdtempSync(join(tmpdir(), 'c360-cwd-')),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', C360_LOG_LEVEL: 'warn', ...options.env },
    extendEnv: false,
    reject: false,
    input: options.input,
    timeout: 60_000,
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
