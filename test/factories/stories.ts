import type { Knex } from 'knex';
import { insertStory, type NewStory } from '../../core/stories/story-repository';
import type { Story } from '../../core/stories/story';

const DAY = 86_400_000;

/** A published, gate-passing story unless overridden. `daysAgo` sets published_at from `now`. */
export function storyInput(overrides: Partial<NewStory> & { daysAgo?: number; now?: Date } = {}): NewStory {
  const { daysAgo = 1, now = new Date('2026-11-20T12:00:00Z'), ...rest } = overrides;
  return {
    title: 'Kingston council approves new water main project',
    summary: 'The council approved a water main project for downtown Kingston after a public hearing.',
    region: 'Jamaica',
    tags: ['infrastructure'],
    pipeline_stage: 'published',
    status: 'published',
    published_at: new Date(now.getTime() - daysAgo * DAY).toISOString(),
    source_count: 2,
    source_list: ['Jamaica Gleaner', 'Jamaica Observer'],
    triangulation_check: true,
    ...rest,
  };
}

export async function createStory(db: Knex, overrides: Parameters<typeof storyInput>[0] = {}): Promise<Story> {
  return insertStory(db, storyInput(overrides));
}
