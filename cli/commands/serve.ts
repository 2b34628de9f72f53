import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import type { Config } from '../../core/config';
import type { Database } from '../../core/db/open-database';
import type { Logger } from '../../core/logger';
import { withContext } from '../context';
import { parseCount } from './stories';

export const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export function serveCommand(): Command {
  return new Command('serve')
    .description('start the web server: reader site, console and API')
    .option('--port <port>', 'port to listen on (default: PORT or 3360)', parseCount('--port', 65535))
    .option('--host <host>', 'address to listen on (default: HOST or 127.0.0.1)')
    .option('--schedule', 'also run ingest (every 15 min) and the pipeline (every 5 min) in this process, as `c360 schedule` does')
    .action(async (options: { port?: number; host?: string; schedule?: boolean }) => {
      await withContext('serve', (context) => serveUntilStopped(context, options));
    });
}

/** Serves until SIGINT/SIGTERM, then shuts down gracefully. Shared by `serve` and `demo`. */
export async function serveUntilStopped(
  context: { config: Config; db: Database; logger: Logger },
  options: { port?: number; host?: string; schedule?: boolean } = {},
): Promise<void> {
  // Loaded here, not at the top: the server's libraries cost other commands half a second to import.
  const [{ createApp }, { startServer }] = await Promise.all([import('../../server/app'), import('../../server/start-server')]);
  let schedule: { jobs: readonly string[]; stop: () => Promise<void> } | undefined;
  const app = createApp({
    ...context,
    webDist: WEB_DIST,
    scheduler: () => (schedule ? { running: true, jobs: schedule.jobs } : { running: false, jobs: [], detail: 'This server runs no schedule: start it with `c360 serve --schedule`, or run `c360 schedule` beside it (PostgreSQL).' }),
  });
  const server = await startServer(app, { host: options.host ?? context.config.host, port: options.port ?? context.config.port });
  process.stderr.write(`C360 is serving ${server.url} (database: ${context.db.location}). Press Ctrl+C to stop.\n`);
  // The embedded database has one owner, so its schedules run here (see `c360 schedule`).
  // The server delivers newsletters and dispatches alerts itself, so the schedule's mail job stays off.
  schedule = options.schedule ? (await import('../schedule-jobs')).startJobs(context, { mail: false }) : undefined;
  if (schedule) process.stderr.write(`Scheduled: ${schedule.jobs.join(', ')}.\n`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  process.stderr.write('Shutting down…\n');
  await schedule?.stop();
  await server.close();
}
