import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './data-dir-lock';

const dir = () => mkdtempSync(join(tmpdir(), 'c360-lock-'));

describe('acquireDataDirLock', () => {
  it('refuses a second opener and names the owner and what to do', () => {
    const dataDir = dir();
    const lock = acquireDataDirLock(dataDir, 'c360 serve');
    let error: unknown;
    try {
      acquireDataDirLock(dataDir, 'c360 ingest');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'database_locked' });
    expect((error as Error).message).toContain(`pid ${process.pid}`);
    expect((error as Error).message).toContain('c360 serve');
    expect((error as { hint: string }).hint).toContain('DATABASE_URL');
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    acquireDataDirLock(dataDir, 'c360 ingest').release();
  });

  it('takes over a stale lock left by a process that died', () => {
    const dataDir = dir();
    const dead = { pid: 2 ** 22 + 12345, host: hostname(), command: 'c360 serve', startedAt: '2026-01-01T00:00:00Z' };
    writeFileSync(join(dataDir, 'c360.lock'), JSON.stringify(dead));
    const lock = acquireDataDirLock(dataDir, 'c360 demo');
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('creates a missing data directory', () => {
    const dataDir = join(dir(), 'nested', 'data');
    acquireDataDirLock(dataDir, 'c360 db migrate').release();
    expect(existsSync(dataDir)).toBe(true);
  });
});
