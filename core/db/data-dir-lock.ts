import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { C360Error } from '../errors';

/**
 * PGlite does not lock its data directory: two processes opening it both "work" and silently
 * corrupt it. We hold our own lock file naming the owner, and refuse a second opener.
 *
 * A lock is stale (taken over) when its owner is provably gone:
 * - its pid is this very process's but this process does not hold it (a container restarted:
 *   the new process often gets the same pid, e.g. 1);
 * - on this machine, no process has its pid, the process with that pid is a zombie (state Z in
 *   /proc/PID/stat: it has exited and only waits for its parent to reap it, which `kill -0` cannot
 *   tell from a running one), or the process with that pid is another one: it started
 *   at another time (Linux: start time from /proc/PID/stat, recorded in the lock) or after the lock
 *   was taken (pid reused), or the machine has rebooted since (boot id);
 * - from another host name (a restarted container gets a new one; or a shared volume): its owner
 *   refreshes the lock file's time every HEARTBEAT_MS, so a lock not refreshed for STALE_AFTER_MS is
 *   stale. A fresh lock from another host is refused, naming that host.
 */
export type LockOwner = { pid: number; host: string; command: string; startedAt: string; procStart?: string; bootId?: string };

export type DataDirLock = { path: string; release: () => void };

const LOCK_FILE = 'c360.lock';
export const HEARTBEAT_MS = 10_000;
export const STALE_AFTER_MS = 60_000;

/** Lock files this process holds (a second open in the same process is refused, not taken over). */
const heldHere = new Set<string>();

export type LockProbe = {
  host: () => string;
  pid: number;
  /** Whether a process with this pid exists (EPERM counts as existing). */
  exists: (pid: number) => boolean;
  /** The process's state letter (/proc/PID/stat field 3: R, S, D, Z, X...), when known. */
  state: (pid: number) => string | undefined;
  /** The process's start time in clock ticks since boot (/proc/PID/stat field 22), when known. */
  procStart: (pid: number) => string | undefined;
  /** When the process started (ms since epoch), when known. */
  startedAtMs: (pid: number) => number | undefined;
  bootId: () => string | undefined;
  now: () => number;
};

export const systemProbe: LockProbe = {
  host: hostname,
  pid: process.pid,
  exists: (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  },
  state: (pid) => procStat(pid)?.[0],
  procStart: (pid) => procStat(pid)?.[19],
  startedAtMs: (pid) => {
    const ticks = Number(procStat(pid)?.[19]);
    const boot = bootTimeMs();
    // USER_HZ is 100 on every Linux architecture Node runs on.
    return Number.isFinite(ticks) && boot !== undefined ? boot + (ticks / 100) * 1000 : undefined;
  },
  bootId: () => readText('/proc/sys/kernel/random/boot_id')?.trim(),
  now: () => Date.now(),
};

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Fields of /proc/PID/stat after the command name (which may hold spaces and parentheses). */
function procStat(pid: number): string[] | undefined {
  const text = readText(`/proc/${pid}/stat`);
  if (!text) return undefined;
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

function bootTimeMs(): number | undefined {
  const line = readText('/proc/stat')
    ?.split('\n')
    .find((l) => l.startsWith('btime '));
  return line ? Number(line.split(/\s+/)[1]) * 1000 : undefined;
}

export function acquireDataDirLock(dataDir: string, command: string, probe: LockProbe = systemProbe): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const me: LockOwner = {
    pid: probe.pid,
    host: probe.host(),
    command,
    startedAt: new Date(probe.now()).toISOString(),
    procStart: probe.procStart(probe.pid),
    bootId: probe.bootId(),
  };

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      heldHere.add(path);
      // Tells openers on other hosts that the owner is alive (see the comment at the top).
      const heartbeat = setInterval(() => {
        try {
          const t = new Date();
          utimesSync(path, t, t);
        } catch {
          // the directory went away: nothing to keep fresh
        }
      }, HEARTBEAT_MS);
      heartbeat.unref();
      return {
        path,
        release: () => {
          clearInterval(heartbeat);
          heldHere.delete(path);
          releaseIfMine(path, probe.pid);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(path);
      const alive = owner ? ownerAlive(owner, path, probe) : { alive: false };
      if (owner && alive.alive) {
        const where = owner.host === probe.host() ? '' : ` on host ${owner.host}`;
        throw new C360Error(
          'database_locked',
          `The embedded database in ${dataDir} is in use by another c360 process (pid ${owner.pid}${where}: "${owner.command}", started ${owner.startedAt}).`,
          {
            hint: where
              ? `Stop that process first; a lock its owner stops refreshing is taken over after ${STALE_AFTER_MS / 1000} s. Or set DATABASE_URL to a PostgreSQL server so several c360 processes can share one database.`
              : `Stop that process first (kill ${owner.pid}), or set DATABASE_URL to a PostgreSQL server so several c360 processes can share one database.`,
            details: owner,
          },
        );
      }
      // The owner is gone (crash, kill -9, container restart, pid reused): the lock is stale.
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

/** Whether the lock's owner may still be running (see the rules at the top). */
export function ownerAlive(owner: LockOwner, path: string, probe: LockProbe = systemProbe): { alive: boolean; reason?: string } {
  if (owner.host !== probe.host()) {
    let age = Infinity;
    try {
      age = probe.now() - statSync(path).mtimeMs;
    } catch {
      // no file: nothing holds it
    }
    return age < STALE_AFTER_MS ? { alive: true } : { alive: false, reason: `lock from host ${owner.host} not refreshed for ${Math.round(age / 1000)} s` };
  }
  if (owner.pid === probe.pid) return heldHere.has(path) ? { alive: true } : { alive: false, reason: "this process's own pid (a restart)" };
  if (!probe.exists(owner.pid)) return { alive: false, reason: 'no such process' };
  // Z: exited, not yet reaped by its parent; X: being removed. Neither holds the database.
  const state = probe.state(owner.pid);
  if (state === 'Z' || state === 'X') return { alive: false, reason: 'the process has exited (a zombie)' };
  const bootId = probe.bootId();
  if (owner.bootId && bootId && owner.bootId !== bootId) return { alive: false, reason: 'the machine restarted since' };
  const procStart = probe.procStart(owner.pid);
  if (owner.procStart && procStart) return owner.procStart === procStart ? { alive: true } : { alive: false, reason: 'the pid now belongs to another process' };
  // A lock without a recorded start time: a process that started after the lock was taken is another one.
  const started = probe.startedAtMs(owner.pid);
  const lockedAt = Date.parse(owner.startedAt);
  if (started !== undefined && Number.isFinite(lockedAt) && started > lockedAt + 5_000)
    return { alive: false, reason: 'the pid now belongs to a newer process' };
  return { alive: true };
}

function releaseIfMine(path: string, pid: number): void {
  const owner = readOwner(path);
  if (owner?.pid === pid) rmSync(path, { force: true });
}
