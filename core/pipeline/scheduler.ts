import type { FeedRunResult } from '../ingest/ingest-feeds';
import cron from 'node-cron';
import { C360Error } from '../errors';
import type { Logger } from '../logger';

/**
 * In-process schedules (node-cron) for `c360 schedule` and `c360 serve --schedule`: on the embedded
 * database only one process may own the data, so ingest and the pipeline run inside it. A job never
 * overlaps itself (a run still going when the next is due is skipped), and a failing run is logged;
 * the next one is tried as scheduled.
 *
 * With `claim`, each cron tick is claimed before it runs (schedule-runs.ts): several processes
 * running the same schedule on one database run each job once per tick, not once per process. A
 * process still busy with the job's previous run does not claim the tick, so another may take it;
 * a claim that fails (database away) skips the tick. Runs at start (`runAtStart`) are not claimed:
 * an operator asked for them.
 */
export type ClaimRun = (job: string, dueAt: Date) => Promise<boolean>;

/** `signal` aborts when the schedule stops: a long job (ingest) ends its work in flight instead of finishing it. */
export type ScheduledJob = { name: string; cron: string; run: (signal: AbortSignal) => Promise<unknown> };
export type Schedule = { stop: () => Promise<void>; jobs: readonly string[] };
/** What the process running a schedule wants to hear of its jobs (the server counts feed fetches for /metrics). */
export type ScheduleHooks = { onFeedDone?: (result: FeedRunResult) => void };

export function validateCron(name: string, expression: string): void {
  if (!cron.validate(expression)) {
    throw new C360Error('invalid_input', `${name}: "${expression}" is not a cron expression.`, {
      hint: 'Use five fields, e.g. "*/15 * * * *" for every 15 minutes.',
    });
  }
}

export function startSchedule(
  jobs: readonly ScheduledJob[],
  options: { logger: Logger; runAtStart?: boolean; serial?: boolean; claim?: ClaimRun; onResult?: (job: string, result: unknown, error?: Error) => void },
): Schedule {
  for (const job of jobs) validateCron(job.name, job.cron);
  const running = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  // With serial, jobs queue behind each other (ingest then pipeline, never both at once).
  let queue: Promise<unknown> = Promise.resolve();
  const execute = (job: ScheduledJob) => {
    if (running.has(job.name)) {
      options.logger.warn({ job: job.name }, 'previous run still going; skipped');
      return running.get(job.name)!;
    }
    const start = options.serial ? queue.then(() => job.run(stopping.signal)) : job.run(stopping.signal);
    const p = start
      .then((result) => options.onResult?.(job.name, result))
      .catch((error: Error) => {
        options.logger.error({ job: job.name, err: error.message }, 'scheduled run failed');
        options.onResult?.(job.name, undefined, error);
      })
      .finally(() => running.delete(job.name));
    running.set(job.name, p);
    if (options.serial) queue = p;
    return p;
  };
  const fire = async (job: ScheduledJob, dueAt: Date) => {
    if (!options.claim || running.has(job.name)) return execute(job);
    let won: boolean;
    try {
      won = await options.claim(job.name, dueAt);
    } catch (error) {
      options.logger.error({ job: job.name, err: (error as Error).message }, 'could not claim the scheduled run; skipped');
      return;
    }
    if (!won) {
      options.logger.debug({ job: job.name, dueAt: dueAt.toISOString() }, 'another process runs this tick');
      return;
    }
    return execute(job);
  };
  // context.date is the tick's own time (not when the timer happened to fire): the same on every process.
  const tasks = jobs.map((job) => cron.schedule(job.cron, (context) => fire(job, context.date), { name: job.name, noOverlap: true }));
  if (options.runAtStart) for (const job of jobs) void execute(job);
  return {
    jobs: jobs.map((j) => `${j.name} (${j.cron})`),
    stop: async () => {
      for (const t of tasks) await t.stop();
      stopping.abort();
      await Promise.allSettled([...running.values()]);
    },
  };
}
