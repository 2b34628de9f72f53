import type { Knex } from 'knex';
import { C360Error } from '../errors';
import { featurePatch, type FeatureAction } from '../stories/featuring';
import { overridePatch, type OverrideAction } from '../stories/overrides';
import { checkPublishGate, describeMissing, publishPatch, type FeatureOptions } from '../stories/publishing';
import { getStoryById, listStories, type Page } from '../stories/story-repository';
import { updateStory } from '../stories/story-repository';
import type { PipelineStage, Story } from '../stories/story';
import { countStoriesByStage, lockStory } from './console-repository';

/**
 * The console's story use cases. Each change goes through updateStory, so the story and its
 * audit entry (with the signed-in editor's e-mail as the actor) are written together.
 */

export type ConsoleActor = { email: string };

export async function listConsoleStories(
  db: Knex,
  options: { stage?: PipelineStage; offset?: number; limit?: number },
): Promise<Page<Story> & { counts: Awaited<ReturnType<typeof countStoriesByStage>> }> {
  const [page, counts] = [await listStories(db, options), await countStoriesByStage(db)];
  return { ...page, counts };
}

export async function getConsoleStory(db: Knex, id: string): Promise<Story> {
  const story = await getStoryById(db, id);
  if (!story) throw new C360Error('not_found', `No story with id ${id}.`);
  return story;
}

/** Reads a story under a row lock, so the rule checked is the rule that holds when writing. */
async function withLockedStory<T>(db: Knex, id: string, run: (trx: Knex.Transaction, story: Story) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    if (!(await lockStory(trx, id))) throw new C360Error('not_found', `No story with id ${id}.`);
    return run(trx, (await getStoryById(trx, id))!);
  });
}

/** Publishes through the gate: 422 publish_gate_failed names the requirements that fail. */
export async function publishStory(db: Knex, input: { id: string; feature: FeatureOptions; actor: ConsoleActor; now: Date }): Promise<Story> {
  return withLockedStory(db, input.id, async (trx, story) => {
    const gate = checkPublishGate(story);
    if (!gate.ok) {
      throw new C360Error('publish_gate_failed', gate.message, {
        details: { missing: gate.missing, requirements: describeMissing(gate.missing) },
        hint: `Missing: ${describeMissing(gate.missing)}.`,
      });
    }
    const { patch, audit } = publishPatch(story, input.feature, input.actor.email, input.now);
    return updateStory(trx, story.id, patch, audit);
  });
}

export async function featureStory(db: Knex, input: { id: string; action: FeatureAction; actor: ConsoleActor; now: Date }): Promise<Story> {
  return withLockedStory(db, input.id, async (trx, story) => {
    const { patch, audit } = featurePatch(story, input.action, input.actor.email, input.now);
    return updateStory(trx, story.id, patch, audit);
  });
}

export async function overrideStory(
  db: Knex,
  input: { id: string; action: OverrideAction; reason?: string; actor: ConsoleActor; now: Date },
): Promise<Story> {
  return withLockedStory(db, input.id, async (trx, story) => {
    const { patch, audit } = overridePatch(story, input.action, input.actor.email, input.now, input.reason);
    return updateStory(trx, story.id, patch, audit);
  });
}
