import { Command } from 'commander';
import { parseCount } from './stories';

export function summariseCommand(): Command {
  return new Command('summarise')
    .description(
      'cluster pending items, then write each waiting story with one AI call (title, 2-3 sentence summary, five layers, tags, region, topics, urgency, diaspora relevance, claims) and fact-check it.\n' +
        'Uses the OpenAI-compatible provider when OPENAI_API_KEY is set (OPENAI_BASE_URL, C360_AI_MODEL), else the built-in offline provider.',
    )
    .option('--limit <n>', 'at most this many items and stories per stage (default: all waiting)', parseCount('--limit', 1_000_000))
    .option('--offline', 'use the offline provider even when an API key is set')
    .option('--concurrency <n>', 'AI calls at once (1-32, default 4)', parseCount('--concurrency', 32))
    .option('--json', 'print the run as JSON')
    .action(async (flags: { limit?: number; offline?: boolean; concurrency?: number; json?: boolean }) => {
      const { aiLabel, runStagesCommand, statsLine } = await import('../pipeline-context');
      await runStagesCommand('summarise', ['cluster', 'summarise', 'fact_check'], flags, (result, deps) => [
        `Summarised ${result.stages.summarise?.processed ?? 0} story(ies) with the ${aiLabel(deps)}; fact-checked ${result.stages.fact_check?.processed ?? 0}.`,
        statsLine(result),
      ]);
    });
}
