import type { Knex } from 'knex';
import { C360Error } from '../errors';
import { saveStory } from '../pipeline/work/save-story';
import { checkPublishGate, describeMissing, NO_FEATURE, publishPatch, type FeatureOptions } from '../stories/publishing';
import type { Story } from '../stories/story';
import { getStoryById } from '../stories/story-repository';

/**
 * Publishes one story if it passes the publish gate (core/stories/publishing.ts), with optional
 * featuring; otherwise throws publish_gate_failed naming each requirement it misses. Used by
 * `c360 publish ID`, the auto-publish stage and the console.
 */
export async function publishStory(db: Knex, input: { id: string; feature?: FeatureOptions; actor: string; now: Date }): Promise<Story> {
  // Under a row lock, so the gate checked is the gate that holds when writing.
  return db.transaction(async (trx) => {
    const story = await lockedStory(trx, input.id);
    if (!story) throw new C360Error('not_found', `No story with id ${input.id}.`, { hint: 'Use `c360 stories list` to see story ids.' });
    const gate = checkPublishGate(story);
    if (!gate.ok) {
      throw new C360Error('publish_gate_failed', `Cannot publish "${story.title}": it needs ${describeMissing(gate.missing)}.`, {
        hint: 'Wait for more sources, resolve its claims (`c360 claims resolve ID N confirm|dispute|dismiss --reason …`), or force it with `c360 override ID publish --reason … --yes`.',
        details: { missing: gate.missing, message: gate.message },
      });
    }
    const { patch, audit } = publishPatch(story, input.feature ?? NO_FEATURE, input.actor, input.now);
    return saveStory(trx, story.id, { patch, work: { pipeline_next: null }, audit });
  });
}

/** Locks a story's row for the rest of the transaction and reads it (null: no such story). */
export async function lockedStory(trx: Knex.Transaction, id: string): Promise<Story | null> {
  const { rows } = await trx.raw(`select id from synced_content where id = ? for update`, [id]);
  return rows.length ? getStoryById(trx, id) : null;
}
