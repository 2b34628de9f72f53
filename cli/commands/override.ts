import { Command, InvalidArgumentError } from 'commander';
import { cliActor } from '../../core/actor';
import { applyOverride } from '../../core/editorial/apply-override';
import { resolveStoryId } from '../../core/editorial/story-lookup';
import { C360Error } from '../../core/errors';
import { reasonProblem } from '../../core/stories/claim-resolution';
import { OVERRIDE_ACTIONS, type OverrideAction } from '../../core/stories/overrides';
import { statusLabel } from '../../core/stories/pipeline-stages';
import { getStoryById } from '../../core/stories/story-repository';
import { askYesNo, hasTerminal } from '../confirm';
import { withContext } from '../context';
import { printJson } from '../output';

export const OVERRIDE_HELP: Record<OverrideAction, string> = {
  approve: 'human verified, flag cleared, queued for publishing; published when it passes the gate, else held (not flagged again) until its sources change',
  reject: 'not eligible; flagged with the reason (default "Manual rejection")',
  escalate: 'flagged with the reason (default "Escalated for review") and moved back to verified',
  publish: 'force publish: published now, whatever the gate says; needs --reason, and asks y/N on a terminal (--yes in a script)',
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
    .option('--reason <text>', 'why (kept in the audit log; required for publish)')
    .option('--yes', 'force publish without asking for confirmation (for scripts)')
    .option('--json', 'print the story as JSON')
    .action(async (id: string, action: OverrideAction, flags: { reason?: string; yes?: boolean; json?: boolean }) => {
      if (action === 'publish') {
        const problem = reasonProblem(flags.reason);
        if (problem)
          throw new C360Error('invalid_input', `Force publish needs a reason: ${problem}`, {
            hint: 'Add --reason "why it is published without passing the gate".',
          });
        if (!flags.yes && !hasTerminal()) {
          throw new C360Error('invalid_input', 'Force publish asks for confirmation, and there is no terminal to ask on.', {
            hint: 'Pass --yes to confirm it in a script.',
          });
        }
      }
      await withContext('override', async ({ db }) => {
        const storyId = await resolveStoryId(db.knex, id);
        if (action === 'publish' && !flags.yes) {
          const story = await getStoryById(db.knex, storyId);
          if (!story) throw new C360Error('not_found', `No story with id ${storyId}.`, { hint: 'Use `c360 stories list` or `c360 review` to see story ids.' });
          if (!(await askYesNo(`Force publish "${story.title}" without passing the publish gate?`))) {
            throw new C360Error('invalid_input', 'Force publish cancelled; nothing changed.', { hint: 'Answer y to publish, or pass --yes.' });
          }
        }
        const story = await applyOverride(db.knex, { id: storyId, action, reason: flags.reason, actor: cliActor('override'), now: new Date() });
        if (flags.json) return printJson(story);
        console.log(
          `Article ${DONE[action]}: "${story.title}" is now ${story.pipeline_stage}, ${statusLabel(story)}${story.flag_reason ? ` (${story.flag_reason})` : ''}.`,
        );
      });
    });
}
