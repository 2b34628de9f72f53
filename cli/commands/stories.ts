import { Command, InvalidArgumentError } from 'commander';
import { C360Error } from '../../core/errors';
import { articlePath } from '../../core/stories/article-address';
import { countUnresolved, presentClaims } from '../../core/stories/claim-resolution';
import { isPipelineStage } from '../../core/stories/pipeline-stages';
import { statusLabel } from '../../core/stories/pipeline-stages';
import { listStories } from '../../core/stories/story-repository';
import { PIPELINE_STAGES, type Story } from '../../core/stories/story';
import { checkedLine } from '../checked-line';
import { withContext } from '../context';
import { findStoryByReference } from '../story-ref';
import { printJson } from '../output';
import { printRows } from '../print-rows';

export function parseCount(name: string, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > max) throw new InvalidArgumentError(`${name} must be a whole number from 0 to ${max}.`);
    return n;
  };
}

export function storiesCommand(): Command {
  const command = new Command('stories').description('list and inspect stories');

  command
    .command('list')
    .description('list stories, most recently updated first')
    .option('--stage <stage>', `only this pipeline stage (${PIPELINE_STAGES.join(', ')})`)
    .option('--limit <n>', 'how many (at most 50)', parseCount('--limit', 50), 20)
    .option('--offset <n>', 'skip this many', parseCount('--offset', 1_000_000), 0)
    .option('--json', 'print JSON')
    .action(async (options: { stage?: string; limit: number; offset: number; json?: boolean }) => {
      if (options.stage && !isPipelineStage(options.stage)) {
        throw new C360Error('invalid_input', `Unknown stage "${options.stage}".`, { hint: `Use one of: ${PIPELINE_STAGES.join(', ')}.` });
      }
      await withContext('stories list', async ({ db }) => {
        const page = await listStories(db.knex, { stage: options.stage, limit: options.limit, offset: options.offset });
        await printRows(
          page.items,
          [
            { header: 'ID', value: (s: Story) => s.id.slice(0, 8) },
            { header: 'STAGE', value: (s) => s.pipeline_stage },
            { header: 'STATUS', value: (s) => statusLabel(s) },
            { header: 'SRC', value: (s) => s.source_count },
            { header: 'REGION', value: (s) => s.region, width: 20 },
            { header: 'TITLE', value: (s) => s.title, width: 60 },
          ],
          {
            json: options.json,
            title: `Stories ${page.offset + 1}–${page.offset + page.items.length}${page.hasMore ? ' (more with --offset)' : ''}`,
            jsonValue: page,
          },
        );
      });
    });

  command
    .command('show')
    .argument('<id>', 'a story UUID or the 8 characters `stories list` prints, or a published story address (slug-shortid or slug)')
    .description(
      'show one story with its layers, its claims (verdict, supporting and contradicting outlets, why unresolved, any editor decision) and audit log',
    )
    .option('--json', 'print JSON')
    .action(async (id: string, options: { json?: boolean }) => {
      await withContext('stories show', async ({ db }) => {
        const story = await findStoryByReference(db.knex, id);
        if (!story) throw new C360Error('not_found', `No story matches "${id}".`, { hint: 'Use `c360 stories list` to see story ids.' });
        if (options.json) return printJson({ ...story, claims: presentClaims(story.ai_fact_check_panel) });
        printStory(story);
      });
    });

  return command;
}

function printStory(story: Story): void {
  const lines = [
    story.title,
    `${story.region} · ${story.pipeline_stage} · ${statusLabel(story)} · ${story.source_count} source(s): ${story.source_list.join(', ') || '—'}`,
    `id ${story.id}${story.pipeline_stage === 'published' ? ` · ${articlePath(story)}` : ''}`,
    `risk ${story.ai_risk_level} · urgency ${story.urgency}${story.flag_reason ? ` · flagged: ${story.flag_reason}` : ''}`,
    `checked: ${checkedLine(story)}`,
    '',
    story.summary,
    ...story.layers.flatMap((layer) => ['', `[${layer.layerType}]`, layer.content]),
    '',
    ...claimLines(story),
    '',
    `Audit log (${story.audit_log.length}):`,
    ...story.audit_log.map((e) => `  ${e.timestamp} ${e.user} ${e.action}${e.reason ? ` — ${e.reason}` : ''}${e.details ? ` (${e.details})` : ''}`),
  ];
  console.log(lines.join('\n'));
}

/** The claims as numbered for `c360 claims resolve STORY N`, with what blocks each. */
export function claimLines(story: Pick<Story, 'id' | 'ai_fact_check_panel'>): string[] {
  const claims = presentClaims(story.ai_fact_check_panel);
  if (claims.length === 0) return ['Claims: none to check.'];
  const open = countUnresolved(claims);
  const list = (outlets: unknown) => (Array.isArray(outlets) && outlets.length ? outlets.join(', ') : '—');
  return [
    `Claims (${claims.length}, ${open} unresolved):`,
    ...claims.flatMap((c, i) => [
      `  ${i + 1}. [${c.verdict ?? (c.source_resolved ? 'resolved' : 'unresolved')}${c.decision ? `, ${c.decision} by ${c.decided_by}` : ''}] ${c.claim}`,
      `     key ${c.key} · supported by ${list(c.supporting_outlets)} · contradicted by ${list(c.contradicting_outlets)}`,
      ...(c.decision ? [`     ${c.decision}: ${c.decision_reason}`] : []),
      ...(c.unresolved_reason ? [`     unresolved: ${c.unresolved_reason}`] : []),
    ]),
    ...(open ? [`Resolve one with \`c360 claims resolve ${story.id.slice(0, 8)} N confirm|dispute|dismiss --reason TEXT\`.`] : []),
  ];
}
