import { Command } from 'commander';
import { parseCount } from './stories';

export function factCheckCommand(): Command {
  return new Command('fact-check')
    .description(
      'fact-check summarised stories: independent sources, each claim across them, quotes checked verbatim, triangulation, truth and fact-check scores, risk level and flag reason',
    )
    .option('--limit <n>', 'at most this many stories (default: all waiting)', parseCount('--limit', 1_000_000))
    .option('--json', 'print the run as JSON')
    .action(async (flags: { limit?: number; json?: boolean }) => {
      const { runStagesCommand } = await import('../pipeline-context');
      await runStagesCommand('fact-check', ['fact_check'], flags, (result) => [`Fact-checked ${result.stages.fact_check?.processed ?? 0} story(ies).`]);
    });
}
