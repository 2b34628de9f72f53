import { Command } from 'commander';
import { parseDuration } from '../durations';

export function patternDetectCommand(): Command {
  return new Command('pattern-detect')
    .description(
      'find topics and entities whose frequency bursts against their 7-day baseline (signals) and signals that move together (patterns); prints {patternsDetected, clustersFound}',
    )
    .option(
      '--window <duration>',
      'the recent window compared with the baseline, e.g. 24h, 6h, 2d',
      parseDuration('--window', 'h', 3_600_000, 7 * 86_400_000),
      24 * 3_600_000,
    )
    .option('--json', 'print the run as JSON')
    .action(async (flags: { window: number; json?: boolean }) => {
      const { runStagesCommand } = await import('../pipeline-context');
      await runStagesCommand('pattern-detect', ['patterns'], { json: flags.json, patternWindowMs: flags.window }, (result) => {
        const p = result.stages.patterns!;
        return [
          `Patterns detected: ${p.patternsDetected ?? 0} patterns, ${p.clustersFound ?? 0} clusters (${p.signalsDetected ?? 0} signal(s) in the last ${flags.window / 3_600_000} h).`,
        ];
      });
    });
}
