import type { Knex } from 'knex';
import { C360Error } from '../errors';
import { saveStory, type StoryWorkPatch } from '../pipeline/work/save-story';
import { reasonProblem } from '../stories/claim-resolution';
import { OVERRIDE_ACTIONS, overridePatch, type OverrideAction } from '../stories/overrides';
import { isLive } from '../stories/publishing';
import type { Story } from '../stories/story';
import { lockedStory } from './publish-story';

/**
 * An editor's override (console spec section 4): the effects are overridePatch's; this records who
 * acted in the audit log and last_updated_by, and tells the pipeline what the decision means for it:
 * a reject or an escalation is an editor's flag, which the pipeline never clears; an approval clears
 * it and, for a story the pipeline has finished with, queues it for the publish stage.
 */
export async function applyOverride(db: Knex, input: { id: string; action: OverrideAction; reason?: string; actor: string; now: Date }): Promise<Story> {
  if (!(OVERRIDE_ACTIONS as readonly string[]).includes(input.action)) {
    throw new C360Error('invalid_input', `Unknown override "${input.action}".`, { hint: `Use one of: ${OVERRIDE_ACTIONS.join(', ')}.` });
  }
  // Force publish skips the gate: it is kept for what an editor can answer for, in words.
  if (input.action === 'publish') {
    const problem = reasonProblem(input.reason);
    if (problem)
      throw new C360Error('invalid_input', `Force publish needs a reason: ${problem}`, {
        hint: 'Say why it is published without passing the gate, e.g. --reason "Confirmed with the ministry".',
      });
  }
  // Under a row lock: the pipeline's next step is decided from the state that holds when writing.
  return db.transaction(async (trx) => {
    const story = await lockedStory(trx, input.id);
    if (!story) throw new C360Error('not_found', `No story with id ${input.id}.`, { hint: 'Use `c360 stories list` or `c360 review` to see story ids.' });
    const current = await trx('synced_content').select('pipeline_next', 'sources_version').where('id', story.id).first();
    const { patch, audit } = overridePatch(story, input.action, input.actor, input.now, input.reason);
    const work: StoryWorkPatch = {};
    switch (input.action) {
      case 'approve':
        work.flag_origin = null;
        // The approval holds for the sources the editor saw; while the pipeline is still rewriting the
        // story from new sources (summarise, fact-check), it is for what those replace and lapses.
        work.approved_sources_version =
          current?.pipeline_next === 'summarise' || current?.pipeline_next === 'fact_check' ? null : Number(current?.sources_version ?? 0);
        if (!current?.pipeline_next && !isLive(story)) work.pipeline_next = 'publish';
        break;
      case 'reject':
      case 'escalate':
        work.flag_origin = 'editor';
        if (current?.pipeline_next === 'publish') work.pipeline_next = null;
        break;
      case 'publish':
        work.pipeline_next = current?.pipeline_next === 'publish' ? null : current?.pipeline_next;
        break;
    }
    return saveStory(trx, story.id, { patch, work, audit });
  });
}
