import type { Knex } from 'knex';
import { publishStory as publishThroughGate } from '../editorial/publish-story';
import { C360Error, isC360Error } from '../errors';
import { saveStory } from '../pipeline/work/save-story';
import { featurePatch, type FeatureAction } from '../stories/featuring';
import { describeMissing, GATE_MESSAGE, type FeatureOptions, type GateRequirement } from '../stories/publishing';
import { getStoryById, listStories, type Page } from '../stories/story-repository';
import type { PipelineStage, Story } from '../stories/story';
import { countStoriesByStage, lockStory } from './console-repository';

/**
 * The console's story use cases. Publishing is the editorial use case (core/editorial), the one
 * the CLI and the pipeline use, as are overrides (the route calls applyOverride): one way to publish
 * and one to override, each announcing the change (NOTIFY) and telling the pipeline what it means
 * (an approved story is queued for the publish stage). Every change carries the editor's e-mail.
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

/** Publishes through the gate: 422 publish_gate_failed with the spec's message and the requirements that fail. */
export async function publishStory(db: Knex, input: { id: string; feature: FeatureOptions; actor: ConsoleActor; now: Date }): Promise<Story> {
  try {
    return await publishThroughGate(db, { id: input.id, feature: input.feature, actor: input.actor.email, now: input.now });
  } catch (error) {
    if (!isC360Error(error, 'publish_gate_failed')) throw error;
    const missing = ((error.details as { missing?: GateRequirement[] } | undefined)?.missing ?? []) as GateRequirement[];
    throw new C360Error('publish_gate_failed', GATE_MESSAGE, {
      details: { missing, requirements: describeMissing(missing) },
      hint: `Missing: ${describeMissing(missing)}.`,
    });
  }
}

export async function featureStory(db: Knex, input: { id: string; action: FeatureAction; actor: ConsoleActor; now: Date }): Promise<Story> {
  return withLockedStory(db, input.id, async (trx, story) => {
    const { patch, audit } = featurePatch(story, input.action, input.actor.email, input.now);
    return saveStory(trx, story.id, { patch, audit });
  });
}
