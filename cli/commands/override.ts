import { Command, InvalidArgumentError } from 'commander';
import { cliActor } from '../../core/actor';
import { applyOverride } from '../../core/editorial/apply-override';
import { resolveStoryId } from '../../core/editorial/story-lookup';
import { OVERRIDE_ACTIONS, type OverrideAction } from '../../core/stories/overrides';
import { statusLabel } from '../../core/stories/pipeline-stages';
import { withContext } from '../context';
import { printJson } from '../output';

export const OVERRIDE_HELP: Record<OverrideAction, string> = {
  approve: 'auto-publish eligible and human verified, flag cleared (published by the next auto-publish if it passes the gate)',
  reject: 'not eligible; flagged with the reason (default "Manual rejection")',
  escalate: 'flagged with the reason (default "Escalated for review") and moved back to verified',
  publish: 'force publish: published now, eligible and human verified, whatever the gate says',
};

const DONE: Record<OverrideAction, string> = { approve: 'approved', reject: 'rejected', escalate: 'escalated', publish: 'force-published' };

export function overrideCommand(): Command {
  return new Command('override')
    .argument('<id>', 'the story (UUID or its first 8 characters)')
    .argument('<action>', `approve, reject, escalate or publish`, (value: string) => {
      if (!(OVERRIDE_ACTIONS as readonly string[]).includes(value)) throw new InvalidArgumentError(`must be one of ${OVERRIDE_ACTIONS.join(', ')}.`);
      return value as OverrideAction;
    })
    .description(
      `replace the pipeline's decision on a story; the audit log records who acted and why:\n${OVERRIDE_ACTIONS.map((a) => `  ${a.padEnd(9)} ${OVERRIDE_HELP[a]}`).join('\n')}`,
    )
    .option('--reason <text>', 'why (optional; kept in the audit log)')
    .option('--json', 'print the story as JSON')
    .action(async (id: string, action: OverrideAction, flags: { reason?: string; json?: boolean }) => {
      await withContext('override', async ({ db }) => {
        const storyId = await resolveStoryId(db.knex, id);
        const story = await applyOverride(db.knex, { id: storyId, action, reason: flags.reason, actor: cliActor('override'), now: new Date() });
        if (flags.json) return printJson(story);
        console.log(`Article ${DONE[action]}: "${story.title}" is now ${story.pipeline_stage}, ${statusLabel(story)}${story.flag_reason ? ` (${story.flag_reason})` : ''}.`);
      });
    });
}
