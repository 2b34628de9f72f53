import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, systemProbe } from './data-dir-lock';

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

describe('acquireDataDirLock: stale locks whose owner is gone, though its pid or host looks alive', () => {
  const writeLock = (dataDir: string, owner: Record<string, unknown>, mtimeAgoMs = 0) => {
    const path = join(dataDir, 'c360.lock');
    writeFileSync(path, JSON.stringify({ command: 'c360 serve', startedAt: new Date().toISOString(), ...owner }));
    const t = new Date(Date.now() - mtimeAgoMs);
    utimesSync(path, t, t);
    return path;
  };
  const takesOver = (dataDir: string) => {
    const lock = acquireDataDirLock(dataDir, 'c360 serve');
    expect(JSON.parse(readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    lock.release();
  };
  const refuses = (dataDir: string, text: string) =>
    expect(() => acquireDataDirLock(dataDir, 'c360 serve')).toThrow(
      expect.objectContaining({ code: 'database_locked', message: expect.stringContaining(text) }),
    );

  it("takes over a lock naming this process's own pid that this process does not hold (a restarted container)", () => {
    const dataDir = dir();
    writeLock(dataDir, { pid: process.pid, host: hostname(), procStart: '1' });
    takesOver(dataDir);
  });

  it.runIf(process.platform === 'linux')('takes over a lock whose pid now belongs to another program, and refuses one whose owner really runs', async () => {
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    await new Promise((r) => other.once('spawn', r));
    try {
      const pid = other.pid!;
      const realStart = systemProbe.procStart(pid)!;
      expect(realStart).toMatch(/^\d+$/);
      // Recorded start time differs: another program got the pid.
      const a = dir();
      writeLock(a, { pid, host: hostname(), procStart: String(Number(realStart) - 1000) });
      takesOver(a);
      // An older lock without a start time, taken well before that program started.
      const b = dir();
      writeLock(b, { pid, host: hostname(), startedAt: new Date(Date.now() - 3_600_000).toISOString() });
      takesOver(b);
      // Taken before a reboot (another boot id).
      const c = dir();
      writeLock(c, { pid, host: hostname(), procStart: realStart, bootId: 'another-boot' });
      takesOver(c);
      // The same pid, start time and boot: the owner is alive.
      const d = dir();
      writeLock(d, { pid, host: hostname(), procStart: realStart, bootId: systemProbe.bootId() });
      refuses(d, `pid ${pid}`);
    } finally {
      other.kill();
    }
  });

  it.runIf(process.platform === 'linux')('takes over a lock whose owner is a zombie (exited, not yet reaped: state Z)', async () => {
    // `sleep 0.5` exits after its parent has become `sleep 30` (exec), which never reaps it, so it stays
    // a zombie with its pid, its start time and this boot id: everything the lock records. (A child that
    // exits before the exec, as `sleep 0` could on a fast machine, is reaped by the shell and gone.)
    const parent = spawn('sh', ['-c', 'sleep 0.5 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()))));
      await expect.poll(() => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0], { timeout: 5_000 }).toBe('Z');
      expect(systemProbe.exists(pid)).toBe(true);
      const dataDir = dir();
      writeLock(dataDir, { pid, host: hostname(), procStart: systemProbe.procStart(pid), bootId: systemProbe.bootId() });
      takesOver(dataDir);
    } finally {
      parent.kill();
    }
  });

  it('takes over a lock from another host name that its owner stopped refreshing, and refuses a fresh one naming the host', () => {
    const stale = dir();
    writeLock(stale, { pid: 1, host: 'old-container-3f2a' }, 5 * 60_000);
    takesOver(stale);
    const fresh = dir();
    writeLock(fresh, { pid: 1, host: 'other-machine' });
    refuses(fresh, 'on host other-machine');
  });

  it('keeps its own lock fresh while it holds it, so other hosts see it alive', async () => {
    const dataDir = dir();
    const lock = acquireDataDirLock(dataDir, 'c360 serve');
    const path = lock.path;
    const old = new Date(Date.now() - 5 * 60_000);
    utimesSync(path, old, old);
    // a second opener in this process is refused whatever the file's age
    refuses(dataDir, `pid ${process.pid}`);
    lock.release();
    expect(existsSync(path)).toBe(false);
  });
});
