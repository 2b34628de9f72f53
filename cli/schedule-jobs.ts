import { cronActor } from '../core/actor';
import { ingestDueFeeds } from '../core/ingest/ingest-feeds';
import { feedUserAgent } from '../core/ingest/user-agent';
import { runPipeline } from '../core/pipeline/runner';
import { claimScheduledRun } from '../core/pipeline/schedule-runs';
import { startSchedule, type Schedule, type ScheduledJob, type ScheduleHooks } from '../core/pipeline/scheduler';
import { thisServer } from '../core/operations/console-runs';
import type { CommandContext } from './context';
import { pipelineDeps, statsLine } from './pipeline-context';

export const DEFAULT_INGEST_CRON = '*/15 * * * *';
export const DEFAULT_PIPELINE_CRON = '*/5 * * * *';

export type ScheduleOptions = {
  ingest?: string | false;
  pipeline?: string | false;
  mail?: string | false;
  offline?: boolean;
  runNow?: boolean;
  quiet?: boolean;
  /** `c360 demo`: fetch its demo feeds too, and let the fetch reach its loopback feed host (these exact origins only). */
  demoFeeds?: { allowOrigins: readonly string[] };
  /** Told of each feed fetch (a server running the schedule counts them for /metrics). */
  hooks?: ScheduleHooks;
  /** More jobs in the same serial queue (the demo's storm advisories). */
  extra?: readonly ScheduledJob[];
};
/** Newsletter delivery retries and alert dispatch (a server does this itself every minute, so `serve --schedule` turns it off). */
export const DEFAULT_MAIL_CRON = '* * * * *';

/**
 * Ingest and the whole pipeline on node-cron schedules inside this process: how the embedded
 * database (one process owns it) keeps its pipeline running, for `c360 schedule` and `c360 serve --schedule`.
 * Jobs run one at a time (the embedded database has one connection).
 */
export function startJobs(context: CommandContext, options: ScheduleOptions = {}): Schedule {
  const jobs: ScheduledJob[] = [];
  const say = (line: string) => {
    if (!options.quiet) process.stderr.write(`${new Date().toISOString()} ${line}\n`);
  };
  if (options.ingest !== false) {
    jobs.push({
      name: 'ingest',
      cron: options.ingest ?? DEFAULT_INGEST_CRON,
      run: async (signal) => {
        const stats = await ingestDueFeeds(
          context.db.knex,
          {
            clock: () => new Date(),
            logger: context.logger,
            signal,
            onFeedDone: options.hooks?.onFeedDone,
            maxItemsPerFetch: context.config.ingest.maxItemsPerFetch,
            fetch: {
              userAgent: feedUserAgent(context.config.publicUrl),
              allowPrivate: context.config.ingest.allowPrivateFeeds,
              allowOrigins: options.demoFeeds?.allowOrigins,
              maxBytes: context.config.ingest.maxBodyBytes,
            },
          },
          { includeDemo: options.demoFeeds !== undefined },
        );
        say(`ingest: ${stats.feeds} feed(s), ${stats.itemsNew} new item(s), ${stats.failed} failed`);
        return stats;
      },
    });
  }
  if (options.pipeline !== false) {
    jobs.push({
      name: 'pipeline',
      cron: options.pipeline ?? DEFAULT_PIPELINE_CRON,
      run: async () => {
        const deps = pipelineDeps(context, 'pipeline', { offline: options.offline });
        deps.actor = cronActor('pipeline');
        const result = await runPipeline(deps, { label: 'schedule' });
        say(`pipeline: ${statsLine(result)}`);
        return result;
      },
    });
  }
  if (options.mail !== false && context.config.smtp) {
    jobs.push({
      name: 'mail',
      cron: options.mail ?? DEFAULT_MAIL_CRON,
      run: async () => {
        const { runMailJob } = await import('./mail-job');
        const line = await runMailJob(context);
        if (line) say(line);
      },
    });
  }
  jobs.push(...(options.extra ?? []));
  // Each tick is claimed in the database: several `serve --schedule` processes on one PostgreSQL run it once.
  const server = thisServer();
  const claim = (job: string, dueAt: Date) => claimScheduledRun(context.db.knex, { job, dueAt, server, now: new Date() });
  return startSchedule(jobs, { logger: context.logger, runAtStart: options.runNow, serial: true, claim });
}
