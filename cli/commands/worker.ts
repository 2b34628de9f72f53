import { Command } from 'commander';
import { withContext } from '../context';
import { printJson } from '../output';
import { parseDuration } from '../durations';
import { parseCount } from './stories';

export function workerCommand(): Command {
  return new Command('worker')
    .description(
      'process pipeline work in a loop: claim a batch per stage (FOR UPDATE SKIP LOCKED with a lease), process it, repeat; sleep when idle.\n' +
        "Start as many as you like against one PostgreSQL (DATABASE_URL): they share the work, and a killed worker's items are taken over when its lease ends.\n" +
        'On the embedded database only one c360 process may run: use `c360 schedule` or `c360 serve --schedule` there. Stops cleanly on Ctrl+C / SIGTERM.',
    )
    .option('--batch <n>', 'items or stories claimed per stage per cycle (1-1000)', parseCount('--batch', 1000), 25)
    .option(
      '--lease <duration>',
      'how long claimed work is held before another worker may take it over, e.g. 5m',
      parseDuration('--lease', 's', 500, 6 * 3_600_000),
      300_000,
    )
    .option('--idle <duration>', 'sleep between polls when nothing is due', parseDuration('--idle', 's', 10, 3_600_000), 5_000)
    .option('--patterns-every <duration>', 'run pattern detection at most this often', parseDuration('--patterns-every', 's', 1000, 86_400_000), 600_000)
    .option('--exit-when-idle', 'exit once no work is due or leased by any worker (for cron and tests)')
    .option('--offline', 'use the offline AI provider even when an API key is set')
    .option('--concurrency <n>', 'AI calls at once (1-32, default 4)', parseCount('--concurrency', 32))
    .option('--json', 'print the final totals as JSON (cycles are logged to stderr)')
    .action(
      async (flags: {
        batch: number;
        lease: number;
        idle: number;
        patternsEvery: number;
        exitWhenIdle?: boolean;
        offline?: boolean;
        concurrency?: number;
        json?: boolean;
      }) => {
        const { runWorker } = await import('../../core/pipeline/worker');
        const { aiLabel, pipelineDeps, statsLine } = await import('../pipeline-context');
        await withContext('worker', async (context) => {
          const deps = pipelineDeps(context, 'worker', { batch: flags.batch, lease: flags.lease, offline: flags.offline, concurrency: flags.concurrency });
          const controller = new AbortController();
          const stop = () => {
            if (!controller.signal.aborted) process.stderr.write('Stopping after the current batch…\n');
            controller.abort();
          };
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
          if (!flags.json)
            process.stderr.write(
              `Worker ${deps.workerId} started on ${context.db.location}; AI: ${aiLabel(deps)}; batch ${flags.batch}, lease ${flags.lease / 1000}s.\n`,
            );
          try {
            const summary = await runWorker(deps, {
              signal: controller.signal,
              idleMs: flags.idle,
              exitWhenIdle: flags.exitWhenIdle,
              patternEveryMs: flags.patternsEvery,
              onCycle: (result) => {
                if (!flags.json)
                  process.stderr.write(
                    `${new Date().toISOString()} ${statsLine(result)} (clustered ${result.stages.cluster?.processed ?? 0}, summarised ${result.stages.summarise?.processed ?? 0})\n`,
                  );
              },
            });
            if (flags.json) printJson({ worker: deps.workerId, cycles: summary.cycles, stats: summary.stats });
            else process.stderr.write(`Worker stopped after ${summary.cycles} cycle(s). ${statsLine(summary)}\n`);
            if (summary.stats.failed > 0) process.exitCode = 1;
          } finally {
            process.off('SIGINT', stop);
            process.off('SIGTERM', stop);
          }
        });
      },
    );
}
