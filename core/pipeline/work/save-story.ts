import type { Knex } from 'knex';
import { CHANNELS, notifyEach } from '../../db/notify';
import { C360Error } from '../../errors';
import { updateStories } from '../../stories/story-repository';
import type { AuditEntry, Story, StoryPatch } from '../../stories/story';

/** Pipeline columns of synced_content that are not part of the Story shape (see the 2026112300021x migrations). */
export type StoryWorkPatch = Partial<{
  pipeline_next: 'summarise' | 'fact_check' | 'publish' | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  work_attempts: number | Knex.Raw;
  work_error: string | null;
  next_attempt_at: string | Knex.Raw | null;
  sources_version: number | Knex.Raw;
  flag_origin: 'pipeline' | 'editor' | null;
  approved_sources_version: number | null;
  ai_usage: string;
  diaspora_relevance: number | null;
  topics: string[];
  entities: string[];
  claims: string;
  sources: string;
  cluster_terms: string;
  cluster_keys: string[];
  first_item_at: string | null;
  last_item_at: string | null;
  language: string;
}>;

/**
 * Every pipeline change to a story: the story fields through updateStory (so the audit entry with the
 * real actor is appended in the same transaction), the pipeline's own columns, and a NOTIFY with the
 * story's id so the console can update live. Pass a transaction to make it part of a larger change.
 */
export async function saveStory(
  db: Knex,
  id: string,
  change: { patch?: StoryPatch; work?: StoryWorkPatch; audit: AuditEntry | readonly AuditEntry[] },
): Promise<Story> {
  const [story] = await saveStories(db, [{ id, ...change }]);
  if (!story) throw new C360Error('not_found', `No story with id ${id}.`);
  return story;
}

export type StoryChange = { id: string; patch?: StoryPatch; work?: StoryWorkPatch; audit: AuditEntry | readonly AuditEntry[] };

/** saveStory for many stories in one transaction (the stories' fields in one statement per set of columns changed). */
export async function saveStories(db: Knex, changes: readonly StoryChange[]): Promise<Story[]> {
  if (changes.length === 0) return [];
  return db.transaction(async (trx) => {
    const stories = await updateStories(
      trx,
      changes.map((c) => ({ id: c.id, patch: c.patch ?? {}, audit: c.audit })),
    );
    const saved = new Set(stories.map((s) => s.id));
    for (const c of changes) if (saved.has(c.id) && c.work && Object.keys(c.work).length > 0) await trx('synced_content').where('id', c.id).update(c.work);
    await notifyEach(
      trx,
      CHANNELS.storyUpdated,
      [...saved].map((id) => ({ id })),
    );
    return stories;
  });
}

/** Reads the pipeline columns the Story shape leaves out. */
export async function getStoryWork(db: Knex, id: string): Promise<Record<string, unknown> | undefined> {
  return db('synced_content')
    .select(
      'pipeline_next',
      'lease_owner',
      'lease_expires_at',
      'work_attempts',
      'work_error',
      'next_attempt_at',
      'sources_version',
      'flag_origin',
      'ai_usage',
      'diaspora_relevance',
      'topics',
      'entities',
      'claims',
      'sources',
      'first_item_at',
      'last_item_at',
    )
    .where('id', id)
    .first();
}

/**
 * A stage failed on a story it had claimed: record the reason (work_error, an audit entry), count the
 * attempt and release the claim so it is retried after `retryMs`. Nothing is recorded when another
 * worker has taken the story over meanwhile.
 */
export async function recordStageFailure(
  db: Knex,
  input: { id: string; workerId: string; stage: string; reason: string; actor: string; now: Date; retryMs: number },
): Promise<void> {
  await db.transaction(async (trx) => {
    const row = await trx('synced_content').select('work_attempts').where({ id: input.id, lease_owner: input.workerId }).forUpdate().first();
    if (!row) return;
    const attempts = Number(row.work_attempts ?? 0) + 1;
    await saveStory(trx, input.id, {
      work: {
        lease_owner: null,
        lease_expires_at: null,
        work_attempts: attempts,
        work_error: `${input.stage}: ${input.reason}`.slice(0, 1000),
        next_attempt_at: trx.raw(`now() + (? * interval '1 millisecond')`, [input.retryMs]),
      },
      audit: {
        action: `${input.stage}_failed`,
        user: input.actor,
        timestamp: input.now.toISOString(),
        reason: input.reason.slice(0, 300),
        details: `attempt ${attempts}; retried later`,
      },
    });
  });
}
