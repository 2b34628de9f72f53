import { cliActor } from '../core/actor';
import { countryFactsEnricher, indicatorsEnricher } from '../core/pipeline/enrich/enrichers';
import { newWorkerId, runPipeline, type PipelineDeps, type RunResult } from '../core/pipeline/runner';
import type { StageName } from '../core/pipeline/types';
import { createAiProvider } from '../core/pipeline/summarise/create-provider';
import { withContext, type CommandContext } from './context';
import { HeldLogs } from './held-logs';
import { SAMPLE_INDICATORS } from './durations';
import { printJson } from './output';

/** What pipeline commands share: building the stages' dependencies, and parsing durations. */

export type PipelineFlags = { offline?: boolean; batch?: number; lease?: number; indicators?: string; concurrency?: number };

export function pipelineDeps(context: CommandContext, command: string, flags: PipelineFlags, onProgress?: PipelineDeps['onProgress']): PipelineDeps {
  return {
    db: context.db.knex,
    clock: () => new Date(),
    logger: context.logger,
    actor: cliActor(command),
    workerId: newWorkerId(),
    leaseMs: flags.lease ?? 300_000,
    batchSize: flags.batch ?? 25,
    ai: createAiProvider(context.config, context.logger, { offline: flags.offline }),
    aiConcurrency: flags.concurrency ?? 4,
    enrichers: [countryFactsEnricher(), indicatorsEnricher(flags.indicators ?? SAMPLE_INDICATORS)],
    onProgress,
  };
}

/** One line of the spec's stats, as the console's toast says it. */
export function statsLine(result: Pick<RunResult, 'stats'>): string {
  const s = result.stats;
  return `Pipeline completed: ${s.processed} processed, ${s.autoPublished} auto-published, ${s.flaggedForReview} flagged for review, ${s.failed} failed`;
}

export function aiLabel(deps: PipelineDeps): string {
  return deps.ai.name === 'offline' ? 'offline provider (no API key set, or --offline)' : `${deps.ai.name} provider, model ${deps.ai.model}`;
}

/**
 * Runs some stages once as one recorded run, drawing progress, then prints the result (JSON with
 * --json). Exits non-zero when any item or story failed (each is retried later; none is lost).
 */
export async function runStagesCommand(
  command: string,
  stages: readonly StageName[],
  flags: PipelineFlags & { json?: boolean; limit?: number; clusterWindowMs?: number; patternWindowMs?: number; enrichLimit?: number },
  present: (result: RunResult, deps: PipelineDeps) => string[] = (result) => [statsLine(result)],
): Promise<RunResult> {
  // On a terminal the stage view owns stderr: logs are held until it ends (in a pipe, unchanged).
  const held = !flags.json && process.stderr.isTTY ? new HeldLogs() : undefined;
  return withContext(
    command,
    async (context) => {
      const { progressReporter } = await import('./views/PipelineProgress'); // Ink only when a pipeline runs
      const reporter = progressReporter({ json: flags.json, logs: held });
      const deps = pipelineDeps(context, command, flags, reporter.onProgress);
      if (flags.clusterWindowMs !== undefined) deps.clusterWindowHours = flags.clusterWindowMs / 3_600_000;
      if (flags.patternWindowMs !== undefined) deps.patternWindowHours = flags.patternWindowMs / 3_600_000;
      let result: RunResult;
      try {
        result = await runPipeline(deps, { stages, label: command, limitPerStage: flags.limit, enrichLimit: flags.enrichLimit });
      } finally {
        await reporter.done();
      }
      // Stories just published may match editors' alerts (only e-mail; nothing without SMTP).
      if (stages.includes('publish') && result.stats.autoPublished > 0) await (await import('./commands/alerts')).dispatchAlertsAfter(context, command);
      const patterns = result.stages.patterns
        ? { patternsDetected: result.stages.patterns.patternsDetected ?? 0, clustersFound: result.stages.patterns.clustersFound ?? 0 }
        : undefined;
      if (flags.json)
        printJson({
          run: result.runId,
          stage: result.label,
          stats: result.stats,
          ...(patterns ? { patternStats: patterns } : {}),
          stages: result.stages,
          provider: { name: deps.ai.name, model: deps.ai.model },
        });
      else console.log(present(result, deps).join('\n'));
      if (result.stats.failed > 0) {
        process.exitCode = 1;
        if (!flags.json)
          process.stderr.write(
            `c360: ${result.stats.failed} item(s) failed; they keep their reason and are retried on a later run (see \`c360 stories show ID\`).\n`,
          );
      }
      return result;
    },
    { logDestination: held },
  ).finally(() => held?.release(process.stderr));
}

/** The demo's pipeline step: every stage once on what was just ingested, offline (no network, no key). */
export async function runDemoPipeline(context: CommandContext): Promise<string> {
  const { progressReporter } = await import('./views/PipelineProgress');
  const reporter = progressReporter({});
  const deps = pipelineDeps(context, 'demo', { offline: true }, reporter.onProgress);
  try {
    const result = await runPipeline(deps, { label: 'demo' });
    const published = await context.db.knex('synced_content').where('pipeline_stage', 'published').count({ n: '*' }).first();
    return `${statsLine(result)}. ${Number(published?.n ?? 0)} stories are published; the rest wait for review (\`c360 review\`).`;
  } finally {
    await reporter.done();
  }
}
