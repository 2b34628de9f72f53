import type { Worker } from 'node:cluster';

/** What a worker of `c360 serve --workers N` tells the primary (over the cluster's IPC channel). */
export type WorkerMessage = { c360: 'listening'; url: string; database: string };

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  return typeof value === 'object' && value !== null && (value as { c360?: unknown }).c360 === 'listening';
}

/** The first worker runs the schedule; the others store the console's switch for it. */
export const SCHEDULER_SLOT = 1;

/**
 * The primary of `c360 serve --workers N` (node:cluster): forks N workers that each run the
 * whole server on the one port the primary shares with them, and opens no database itself.
 *
 * - Each worker is started with `--worker-slot K` (1..N) on its command line; a worker that dies
 *   is replaced by one with the same slot, so slot 1, the only one that runs the schedule, always
 *   exists exactly once.
 * - A worker that dies before it ever listened (port in use, database unreachable, not migrated)
 *   is a failed start: all workers are stopped and the command fails, rather than forking forever.
 *   One that dies later is restarted after `restartDelayMs` (a crash loop is slowed, not hidden:
 *   each restart is printed).
 * - SIGTERM/SIGINT: each worker gets SIGTERM and shuts down gracefully (its own grace period);
 *   whatever still runs after `graceMs` is killed, and the primary ends.
 */
export async function superviseWorkers(options: {
  workers: number;
  /** The command line each worker runs, without the slot (e.g. ['serve', '--port', '3360']). */
  args: string[];
  graceMs: number;
  restartDelayMs?: number;
  write: (line: string) => void;
}): Promise<number> {
  const { default: cluster } = await import('node:cluster');
  const slots = new Map<Worker, number>();
  const listening = new Set<number>();
  let stopping = false;
  let failure: string | undefined;
  let announced = false;

  const fork = (slot: number) => {
    cluster.setupPrimary({ args: [...options.args, '--worker-slot', String(slot)] });
    const worker = cluster.fork();
    slots.set(worker, slot);
    worker.on('message', (message: unknown) => {
      if (!isWorkerMessage(message)) return;
      listening.add(slot);
      if (announced) options.write(`Server worker ${slot} is serving again.`);
      else if (listening.size === options.workers) {
        announced = true;
        options.write(
          `C360 is serving ${message.url} with ${options.workers} server processes (database: ${message.database}); worker ${SCHEDULER_SLOT} runs the schedule. Press Ctrl+C to stop.`,
        );
      }
    });
  };

  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));

  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    if (!failure) options.write('Shutting down…');
    for (const worker of slots.keys()) if (!worker.isDead()) worker.process.kill('SIGTERM');
    const cut = setTimeout(() => {
      for (const worker of slots.keys()) if (!worker.isDead()) worker.process.kill('SIGKILL');
    }, options.graceMs);
    cut.unref();
    if (slots.size === 0) stop();
  };

  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.get(worker);
    slots.delete(worker);
    if (slot === undefined) return;
    if (stopping) {
      if (code !== 0 && !failure) failure = `Server worker ${slot} did not stop cleanly (${signal ?? `exit ${code}`}).`;
      if (slots.size === 0) stop();
      return;
    }
    if (!listening.has(slot)) {
      failure = `Server worker ${slot} could not start (exit ${signal ?? code}); stopping the others.`;
      shutdown();
      return;
    }
    listening.delete(slot);
    options.write(`Server worker ${slot} ended (${signal ?? `exit ${code}`}); starting another.`);
    setTimeout(() => {
      if (!stopping) fork(slot);
    }, options.restartDelayMs ?? 1000);
  });

  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  for (let slot = 1; slot <= options.workers; slot++) fork(slot);
  await stopped;
  process.off('SIGINT', shutdown);
  process.off('SIGTERM', shutdown);
  if (failure) {
    options.write(failure);
    return 1;
  }
  return 0;
}
