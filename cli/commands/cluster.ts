import { Command } from 'commander';
import { C360Error } from '../../core/errors';
import { parseDuration } from '../durations';
import { parseCount } from './stories';

type ClusterFlags = { limit?: number; window?: number; json?: boolean; rebuild?: boolean; since?: number; dryRun?: boolean };

export function clusterCommand(): Command {
  return new Command('cluster')
    .description(
      'group pending source items into stories: each joins the open story about the same event (the same words, names and figures, weighed together, within the time window) or starts a new one; with --rebuild, re-cluster recent stories with the current rule',
    )
    .option('--limit <n>', 'cluster at most this many items (default: all pending)', parseCount('--limit', 1_000_000))
    .option('--window <duration>', 'time window for joining a story, e.g. 72h (default 72h)', parseDuration('--window', 'h', 3_600_000, 30 * 86_400_000))
    .option(
      '--rebuild',
      're-cluster the items of the last --since with the current rule: merges, splits, recounted sources, redirects for merged published stories',
    )
    .option('--since <duration>', 'with --rebuild: how far back, e.g. 7d (default 7d)', parseDuration('--since', 'h', 3_600_000, 365 * 86_400_000))
    .option('--dry-run', 'with --rebuild: print what would change (stories merged, split, sources before and after) and write nothing')
    .option('--json', 'print the run as JSON')
    .action(async (flags: ClusterFlags) => {
      if (flags.rebuild) return rebuild(flags);
      if (flags.dryRun || flags.since !== undefined)
        throw new C360Error('invalid_input', '--since and --dry-run go with --rebuild.', { hint: 'c360 cluster --rebuild --since 7d --dry-run' });
      const { runStagesCommand } = await import('../pipeline-context');
      await runStagesCommand('cluster', ['cluster'], { ...flags, clusterWindowMs: flags.window }, (result) => [
        `Clustered ${result.stages.cluster?.processed ?? 0} item(s)${result.stages.cluster?.failed ? `, ${result.stages.cluster.failed} failed` : ''}. Stories with a new outlet wait for \`c360 summarise\`.`,
      ]).then(() => undefined);
    });
}

async function rebuild(flags: ClusterFlags): Promise<void> {
  const [{ withContext }, { pipelineDeps }, { rebuildClusters }, { printJson }] = await Promise.all([
    import('../context'),
    import('../pipeline-context'),
    import('../../core/pipeline/cluster/rebuild-clusters'),
    import('../output'),
  ]);
  await withContext('cluster --rebuild', async (context) => {
    const deps = pipelineDeps(context, 'cluster --rebuild', { offline: true });
    const since = new Date(Date.now() - (flags.since ?? 7 * 86_400_000));
    const report = await rebuildClusters(deps, { since, dryRun: Boolean(flags.dryRun), windowHours: flags.window ? flags.window / 3_600_000 : undefined });
    if (flags.json) return printJson(report);
    const verb = report.dryRun ? 'would' : '';
    const lines = [
      `${report.dryRun ? 'Dry run: nothing written.' : 'Rebuilt.'} ${report.items} report(s) since ${report.since}: ${report.storiesBefore} stories → ${report.storiesAfter}.`,
      `${report.movedItems} report(s) ${verb || ''} moved; ${report.merged.reduce((n, m) => n + m.gone.length, 0)} stor(ies) ${verb || ''} merged into another; ${report.split.length} ${verb || ''} split; ${report.created} new.`.replace(
        / {2,}/g,
        ' ',
      ),
      ...report.changed.slice(0, 30).map((c) => `  ${c.published ? '[published] ' : ''}${c.title}: ${c.sourcesBefore} → ${c.sourcesAfter} outlet(s)`),
      ...(report.changed.length > 30 ? [`  … and ${report.changed.length - 30} more (--json lists all)`] : []),
      ...(report.dryRun || report.changed.length === 0
        ? []
        : ['Changed stories wait for `c360 summarise` and `c360 fact-check`; merged published addresses redirect.']),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  });
}
