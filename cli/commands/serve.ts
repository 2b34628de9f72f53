import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Command, Option } from 'commander';
import { loadConfig, type Config } from '../../core/config';
import { C360Error } from '../../core/errors';
import type { Database } from '../../core/db/open-database';
import type { Logger } from '../../core/logger';
import { withContext } from '../context';
import type { ScheduleOptions } from '../schedule-jobs';
import { SCHEDULER_SLOT, type WorkerMessage } from '../serve-workers';
import { parseCount } from './stories';

/**
 * How long `serve` waits on SIGTERM/SIGINT for the server, its runs and its schedule to stop before
 * it exits anyway: requests in flight get 5 s, runs and fetches are aborted, and whatever still
 * holds on past this (a stuck query, a library that ignores its signal) does not keep the process.
 */
export const SHUTDOWN_GRACE_MS = 20_000;

export const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export function serveCommand(): Command {
  return (
    new Command('serve')
      .description('start the web server: reader site, console and API')
      .option('--port <port>', 'port to listen on (default: PORT or 3360)', parseCount('--port', 65535))
      .option('--host <host>', 'address to listen on (default: HOST or 127.0.0.1)')
      .option(
        '--schedule',
        'switch the schedule on: ingest (every 15 min) and the pipeline (every 5 min) in this process, as `c360 schedule` does; without it the server follows the Start/Stop System switch of the console (Live Publishing)',
      )
      .option(
        '--workers <n>',
        "server processes answering on the one port (default: the machine's cores); more than one needs DATABASE_URL (PostgreSQL): the embedded database opens in one process, so there one serves",
        parseCount('--workers', 256),
      )
      // Given by `serve --workers N` to each worker it starts (node:cluster): which one it is.
      .addOption(new Option('--worker-slot <k>').argParser(parseCount('--worker-slot', 256)).hideHelp())
      .action(async (options: { port?: number; host?: string; schedule?: boolean; workers?: number; workerSlot?: number }) => {
        const { default: cluster } = await import('node:cluster');
        if (cluster.isWorker && options.workerSlot !== undefined) {
          await serveAsWorker(options.workerSlot, options);
          return;
        }
        const workers = options.workers ?? availableParallelism();
        if (workers > 1 && !loadConfig().databaseUrl) {
          process.stderr.write(
            `Serving with one process, not ${workers}: the embedded database opens in one process only (set DATABASE_URL to PostgreSQL for --workers).\n`,
          );
        } else if (workers > 1) {
          const { superviseWorkers } = await import('../serve-workers');
          const args = process.argv.slice(2).filter((arg, i, all) => !(arg.startsWith('--workers') || all[i - 1] === '--workers'));
          process.exitCode = await superviseWorkers({ workers, args, graceMs: SHUTDOWN_GRACE_MS + 2_000, write: (line) => process.stderr.write(`${line}\n`) });
          return;
        }
        await withContext('serve', (context) => serveUntilStopped(context, options));
      })
  );
}

/**
 * One worker of `serve --workers N`: the whole server, on the port the primary shares. It tells
 * the primary when it listens (the primary prints one line for all). Only the worker in
 * SCHEDULER_SLOT runs the schedule (`--schedule`, or the console's switch); the others store the
 * console's switch, which that worker follows, so each job runs once per `c360 serve`.
 */
async function serveAsWorker(slot: number, options: { port?: number; host?: string; schedule?: boolean }): Promise<void> {
  // Each log line names its worker: the request log of N processes is otherwise one stream.
  await withContext('serve', (context) =>
    serveUntilStopped(
      { ...context, logger: context.logger.child({ worker: slot }) },
      {
        ...options,
        schedule: slot === SCHEDULER_SLOT ? options.schedule : false,
        runsScheduleElsewhere:
          slot === SCHEDULER_SLOT
            ? undefined
            : `The schedule runs in server worker ${SCHEDULER_SLOT} of this \`c360 serve --workers\` (this is worker ${slot}).`,
        announce: (url, database) => process.send?.({ c360: 'listening', url, database } satisfies WorkerMessage),
      },
    ),
  );
  // The channel to the primary would keep this process alive once everything else has closed.
  process.disconnect?.();
}

/** Serves until SIGINT/SIGTERM, then shuts down gracefully. Shared by `serve` and `demo`. */
export async function serveUntilStopped(
  context: { config: Config; db: Database; logger: Logger },
  options: {
    port?: number;
    host?: string;
    schedule?: boolean;
    /** The schedule's settings (`c360 demo`: its feeds, shorter intervals, storm advisories). */
    jobs?: ScheduleOptions;
    /** What the schedule does, printed at start (default: the standard intervals). */
    scheduleNote?: string;
    /** The demo's mail catcher receives this server's mail: the console shows its Outbox. */
    mailCatcher?: boolean;
    /** Printed last once listening, instead of the one "is serving" line (`c360 demo`'s welcome). */
    closingLines?: (url: string) => string;
    /** Another process runs the schedule (a worker of `serve --workers` but the first): where, for Settings › System. */
    runsScheduleElsewhere?: string;
    /** Says where it serves (default: a line on stderr; a worker tells its primary instead). */
    announce?: (url: string, database: string) => void;
  } = {},
): Promise<void> {
  // Loaded here, not at the top: the server's libraries cost other commands half a second to import.
  const [{ createApp }, { startServer, describeListenError }] = await Promise.all([import('../../server/app'), import('../../server/start-server')]);
  // The embedded database has one owner, so its schedules run here (see `c360 schedule`). The server
  // owns the scheduler (server/pipeline-control.ts): --schedule switches it on; otherwise it follows
  // the Start/Stop System switch of the console's Live Publishing, stored in the database. The server
  // delivers newsletters and dispatches alerts itself, so the schedule's mail job stays off.
  const { startJobs } = await import('../schedule-jobs');
  const app = createApp({
    ...context,
    webDist: WEB_DIST,
    mailCatcher: options.mailCatcher,
    schedule: options.runsScheduleElsewhere
      ? { runsElsewhere: options.runsScheduleElsewhere }
      : { create: (hooks) => startJobs(context, { ...options.jobs, mail: false, hooks }), start: options.schedule === true },
  });
  const host = options.host ?? context.config.host;
  const port = options.port ?? context.config.port;
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(app, { host, port });
  } catch (error) {
    // Not listening: release what the app started (timers, listener, schedule) so the command ends,
    // and the caller closes the database, which releases the data directory's lock.
    await app.shutdown().catch(() => undefined);
    const described = describeListenError(error, host, port);
    if (!described) throw error;
    throw new C360Error('listen_failed', described.message, { hint: described.hint, cause: error });
  }
  if (options.announce) options.announce(server.url, context.db.location);
  else if (!options.closingLines) process.stderr.write(`C360 is serving ${server.url} (database: ${context.db.location}). Press Ctrl+C to stop.\n`);
  if (options.schedule)
    process.stderr.write(
      `${options.scheduleNote ?? 'Scheduled: ingest every 15 min, the pipeline every 5 min'} (Live Publishing in the console stops and starts it).\n`,
    );
  if (options.closingLines) {
    // After the schedule's start-up lines, so the closing lines are the last a new user sees.
    await app.schedulerReady;
    process.stderr.write(`${options.closingLines(server.url)}\n`);
  }
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  if (!options.announce) process.stderr.write('Shutting down…\n');
  const backstop = setTimeout(() => {
    process.stderr.write(`Shutdown did not finish within ${SHUTDOWN_GRACE_MS / 1000} s; exiting now.\n`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  backstop.unref();
  // Closing the server stops its schedule and runs too: fetches in flight are aborted, runs stop
  // after their current batch.
  await server.close();
}
