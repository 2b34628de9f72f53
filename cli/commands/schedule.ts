import { Command } from 'commander';
import { withContext } from '../context';

export function scheduleCommand(): Command {
  return new Command('schedule')
    .description(
      'run ingest and the whole pipeline on cron schedules inside this process until Ctrl+C / SIGTERM.\n' +
        'This is how the embedded database keeps its pipeline running (only one process may open it); `c360 serve --schedule` does the same inside the server.\n' +
        'With SMTP set, it also delivers due newsletter retries and sends alert e-mails every minute (a server does that by itself).\n' +
        'With PostgreSQL, prefer cron + `c360 ingest` and any number of `c360 worker` processes.',
    )
    .option('--ingest <cron>', 'when to fetch due feeds (5-field cron; default */15 * * * *)')
    .option('--pipeline <cron>', 'when to run the pipeline (default */5 * * * *)')
    .option('--no-ingest', 'do not ingest, only run the pipeline')
    .option('--offline', 'use the offline AI provider even when an API key is set')
    .option('--run-now', 'also run each job once at start')
    .action(async (flags: { ingest?: string | boolean; pipeline?: string; offline?: boolean; runNow?: boolean }) => {
      const { startJobs } = await import('../schedule-jobs');
      await withContext('schedule', async (context) => {
        const schedule = startJobs(context, {
          ingest: flags.ingest === false ? false : typeof flags.ingest === 'string' ? flags.ingest : undefined,
          pipeline: flags.pipeline,
          offline: flags.offline,
          runNow: flags.runNow,
        });
        process.stderr.write(`Scheduled on ${context.db.location}: ${schedule.jobs.join(', ')}. Press Ctrl+C to stop.\n`);
        await new Promise<void>((resolve) => {
          process.once('SIGINT', resolve);
          process.once('SIGTERM', resolve);
        });
        process.stderr.write('Stopping: waiting for a run in progress to finish…\n');
        await schedule.stop();
      });
    });
}
