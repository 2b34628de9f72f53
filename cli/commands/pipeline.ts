import { Command } from 'commander';
import { withContext } from '../context';
import { printRows } from '../print-rows';
import { parseCount } from './stories';

export function pipelineCommand(): Command {
  const command = new Command('pipeline').description('run every pipeline stage, and list past runs');

  command
    .command('run')
    .description(
      'run every stage once, in order: cluster → summarise → fact-check → patterns → enrich → publish; prints processed, autoPublished, flaggedForReview, failed and records the run in pipeline_runs',
    )
    .option('--offline', 'use the offline AI provider even when an API key is set')
    .option('--concurrency <n>', 'AI calls at once (1-32, default 4)', parseCount('--concurrency', 32))
    .option('--indicators <file>', 'economic indicators CSV for enrichment (default: the sample in data/indicators)')
    .option('--json', 'print the run as JSON')
    .action(async (flags: { offline?: boolean; concurrency?: number; indicators?: string; json?: boolean }) => {
      const { aiLabel, runStagesCommand, statsLine } = await import('../pipeline-context');
      await runStagesCommand('pipeline run', ['cluster', 'summarise', 'fact_check', 'patterns', 'enrich', 'publish'], flags, (result, deps) => {
        const p = result.stages.patterns;
        return [
          `AI: ${aiLabel(deps)}. Clustered ${result.stages.cluster?.processed ?? 0} item(s)${result.stages.cluster?.aiConfirmations ? ` (${result.stages.cluster.aiConfirmations} borderline join(s) put to the model)` : ''}; summarised ${result.stages.summarise?.processed ?? 0}, fact-checked ${result.stages.fact_check?.processed ?? 0}${result.stages.fact_check?.claimJudgeCalls ? ` (${result.stages.fact_check.claimJudgeCalls} claim pair(s) the rules could not decide put to the model)` : ''}, enriched ${result.stages.enrich?.enriched ?? 0} story(ies); ${p?.patternsDetected ?? 0} pattern(s), ${p?.clustersFound ?? 0} cluster(s).`,
          statsLine(result),
        ];
      });
    });

  command
    .command('runs')
    .description('list recent pipeline runs with their stats')
    .option('--limit <n>', 'how many (at most 100)', parseCount('--limit', 100), 20)
    .option('--json', 'print JSON')
    .action(async (flags: { limit: number; json?: boolean }) => {
      await withContext('pipeline runs', async ({ db }) => {
        const { recentRuns } = await import('../../core/pipeline/runner');
        const runs = await recentRuns(db.knex, flags.limit);
        await printRows(
          runs,
          [
            { header: 'STARTED', value: (r) => new Date(r.started_at as string).toISOString().replace('T', ' ').slice(0, 19) },
            { header: 'STAGE', value: (r) => r.stage as string },
            { header: 'STATUS', value: (r) => r.status as string },
            { header: 'PROCESSED', value: (r) => r.processed as number },
            { header: 'PUBLISHED', value: (r) => r.auto_published as number },
            { header: 'FLAGGED', value: (r) => r.flagged_for_review as number },
            { header: 'FAILED', value: (r) => r.failed as number },
            { header: 'ACTOR', value: (r) => r.actor as string, width: 40 },
          ],
          { json: flags.json, title: 'Pipeline runs, newest first' },
        );
      });
    });

  return command;
}
