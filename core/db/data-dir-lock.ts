import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { C360Error } from '../errors';

/**
 * PGlite does not lock its data directory: two processes opening it both "work" and silently
 * corrupt it. We hold our own lock file with the owner's pid and refuse a second opener.
 */
export type LockOwner = { pid: number; host: string; command: string; startedAt: string };

export type DataDirLock = { path: string; release: () => void };

const LOCK_FILE = 'c360.lock';

export function acquireDataDirLock(dataDir: string, command: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: hostname(), command, startedAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      return { path, release: () => releaseIfMine(path) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(path);
      if (owner && isAlive(owner)) {
        throw new C360Error(
          'database_locked',
          `The embedded database in ${dataDir} is in use by another c360 process (pid ${owner.pid}: "${owner.command}", started ${owner.startedAt}).`,
          {
            hint: `Stop that process first (kill ${owner.pid}), or set DATABASE_URL to a PostgreSQL server so several c360 processes can share one database.`,
            details: owner,
          },
        );
      }
      // The owner died without cleaning up (crash, kill -9): the lock is stale.
      rmSync(path, { force: true });
    }
  }
  throw new C360Error('database_locked', `Could not lock ${path}.`, { hint: 'Remove the file if no c360 process is running.' });
}

function readOwner(path: string): LockOwner | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
}

function isAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true; // cannot check another machine: assume it is alive
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseIfMine(path: string): void {
  const owner = readOwner(path);
  if (owner?.pid === process.pid) rmSync(path, { force: true });
}
