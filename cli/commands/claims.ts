import { Command, InvalidArgumentError } from 'commander';
import { cliActor } from '../../core/actor';
import { resolveClaim } from '../../core/editorial/resolve-claim';
import { resolveStoryId } from '../../core/editorial/story-lookup';
import { C360Error } from '../../core/errors';
import { CLAIM_ACTIONS, CLAIM_REASON_MAX, reasonProblem, type ClaimAction } from '../../core/stories/claim-resolution';
import { statusLabel } from '../../core/stories/pipeline-stages';
import { withContext } from '../context';
import { printJson } from '../output';

export const CLAIM_ACTION_HELP: Record<ClaimAction, string> = {
  confirm: 'you vouch for it: it counts as resolved',
  dispute: 'you say it is wrong: unresolved, the story cannot auto-publish while it stands in the short version',
  dismiss: 'not a claim worth checking: left out of the gate',
};

export function claimsCommand(): Command {
  const command = new Command('claims').description("an editor's decisions on a story's claims (list them with `c360 stories show ID`)");
  command
    .command('resolve')
    .argument('<story>', 'the story (UUID or its first 8 characters)')
    .argument('<claim>', 'the claim: its number as `c360 stories show` lists it (1, 2, …) or its key')
    .argument('<decision>', CLAIM_ACTIONS.join(', '), (value: string) => {
      if (!(CLAIM_ACTIONS as readonly string[]).includes(value)) throw new InvalidArgumentError(`must be one of ${CLAIM_ACTIONS.join(', ')}.`);
      return value as ClaimAction;
    })
    .description(
      `confirm, dispute or dismiss one claim; the story's publish gate is recomputed at once (a story that now passes is queued for publishing), and the audit log records who decided and why:\n${CLAIM_ACTIONS.map((a) => `  ${a.padEnd(8)} ${CLAIM_ACTION_HELP[a]}`).join('\n')}\nA decision holds until the story's sources change.`,
    )
    .option('--reason <text>', `why (required, at most ${CLAIM_REASON_MAX} characters; kept in the audit log)`)
    .option('--json', 'print the claim and the story as JSON')
    .action(async (storyRef: string, claimRef: string, action: ClaimAction, flags: { reason?: string; json?: boolean }) => {
      const problem = reasonProblem(flags.reason);
      if (problem) throw new C360Error('invalid_input', problem, { hint: 'Add --reason "why", e.g. --reason "Confirmed with the ministry".' });
      await withContext('claims resolve', async ({ db }) => {
        const id = await resolveStoryId(db.knex, storyRef);
        const result = await resolveClaim(db.knex, { id, claim: claimRef, action, reason: flags.reason!, actor: cliActor('claims resolve'), now: new Date() });
        if (flags.json) return printJson({ claim: { number: result.index + 1, ...result.claim }, queued: result.queued, story: result.story });
        const s = result.story;
        console.log(`Claim ${result.index + 1} ${result.claim.decision}: ${result.claim.claim}`);
        console.log(
          `"${s.title}" is now ${s.pipeline_stage}, ${statusLabel(s)}${result.queued ? ', queued for publishing' : ''}${s.flag_reason ? ` (${s.flag_reason})` : ''}.`,
        );
      });
    });
  return command;
}
