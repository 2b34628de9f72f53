import { Command } from 'commander';
import { parseDuration } from '../durations';
import { parseCount } from './stories';

export function clusterCommand(): Command {
  return new Command('cluster')
    .description(
      'group pending source items into stories: each joins the open story about the same event (similar title and lead, shared names and places, within the time window) or starts a new one',
    )
    .option('--limit <n>', 'cluster at most this many items (default: all pending)', parseCount('--limit', 1_000_000))
    .option('--window <duration>', 'time window for joining a story, e.g. 72h (default 72h)', parseDuration('--window', 'h', 3_600_000, 30 * 86_400_000))
    .option('--json', 'print the run as JSON')
    .action(async (flags: { limit?: number; window?: number; json?: boolean }) => {
      const { runStagesCommand } = await import('../pipeline-context');
      await runStagesCommand('cluster', ['cluster'], { ...flags, clusterWindowMs: flags.window }, (result) => [
        `Clustered ${result.stages.cluster?.processed ?? 0} item(s)${result.stages.cluster?.failed ? `, ${result.stages.cluster.failed} failed` : ''}. Stories with a new outlet wait for \`c360 summarise\`.`,
      ]).then(() => undefined);
    });
}
