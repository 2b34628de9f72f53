import type { Knex } from 'knex';
import type { Story } from '../stories/story';
import { getStoryById } from '../stories/story-repository';

export const ATTENTION_LIMIT = 20;

/**
 * The attention list (console spec: up to 20 flagged or not auto-eligible stories, newest updated
 * first). Stories the pipeline is still writing or checking are left out: they have no decision yet.
 */
export async function listAttentionStories(db: Knex, limit = ATTENTION_LIMIT): Promise<Story[]> {
  const rows = await db('synced_content')
    .select('id')
    .where((w) => w.whereNotNull('flag_reason').orWhere('auto_publish_eligible', false))
    .where((w) => w.whereNull('pipeline_next').orWhere('pipeline_next', 'publish'))
    .whereNot('pipeline_stage', 'published')
    .orderBy([
      { column: 'updated_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(Math.min(100, Math.max(1, limit)));
  const stories: Story[] = [];
  for (const { id } of rows as { id: string }[]) {
    const story = await getStoryById(db, id);
    if (story) stories.push(story);
  }
  return stories;
}
