import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, migratedDataDir } from '../test/helpers/run-cli';

/** Runs the binary with its stdout (and stderr, if asked) read end closed at once, like `c360 … | head`. */
function runIntoClosedPipe(
  args: string[],
  options: { dataDir: string; closeStderr?: boolean },
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('node', [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', C360_LOG_LEVEL: 'warn', C360_DATA_DIR: options.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let stderr = '';
    if (options.closeStderr) child.stderr.destroy();
    else child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

describe('the CLI entry', () => {
  it('ends quietly when stdout is a closed pipe (EPIPE), with no stack trace', async () => {
    // `db status` opens the database first, so its output is written after the reader is gone.
    // A migrated database: a first start in an empty directory (initdb) would only add seconds.
    const dataDir = await migratedDataDir();
    const closed = await runIntoClosedPipe(['db', 'status'], { dataDir });
    expect(closed.stderr).toBe('');
    expect(closed.signal).toBeNull();
    expect(closed.code).toBe(0);
    const both = await runIntoClosedPipe(['db', 'status'], { dataDir, closeStderr: true });
    expect(both.code).toBe(0);
  }, 120_000);
});
