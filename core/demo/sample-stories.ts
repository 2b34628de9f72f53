import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { z } from 'zod';
import { insertStory } from '../stories/story-repository';
import { auditEntry, LAYER_TYPES, PIPELINE_STAGES } from '../stories/story';

const DAY_MS = 86_400_000;

const sampleSchema = z.object({
  stories: z.array(
    z.object({
      title: z.string().min(1),
      summary: z.string(),
      region: z.string(),
      tags: z.array(z.string()),
      daysAgo: z.number().min(0),
      source_list: z.array(z.string()),
      triangulation_check: z.boolean(),
      urgency: z.number().int().min(0).max(100).optional(),
      storm_type: z.string().optional(),
      is_featured: z.boolean().optional(),
      featured_priority: z.number().int().min(1).optional(),
      pipeline_stage: z.enum(PIPELINE_STAGES).optional(),
      status: z.string().optional(),
      flag_reason: z.string().optional(),
      layers: z.array(z.object({ layerType: z.enum(LAYER_TYPES), content: z.string() }).passthrough()).optional(),
      ai_fact_check_panel: z.array(z.object({ claim: z.string(), resolved: z.boolean() }).passthrough()).optional(),
    }),
  ),
});

/**
 * Loads the sample stories (fictional outlets, see the file's "about") with dates relative to
 * `now`, so the demo always looks current. Does nothing when stories already exist.
 */
export async function loadSampleStories(db: Knex, options: { file: string; now: Date; actor: string }): Promise<{ loaded: number }> {
  const existing = await db('synced_content').count({ count: '*' }).first();
  if (Number(existing?.count) > 0) return { loaded: 0 };
  const { stories } = sampleSchema.parse(JSON.parse(readFileSync(options.file, 'utf8')));
  for (const { daysAgo, ...story } of stories) {
    const stage = story.pipeline_stage ?? 'published';
    await insertStory(db, {
      ...story,
      pipeline_stage: stage,
      status: story.status ?? (stage === 'published' ? 'published' : 'draft'),
      published_at: stage === 'published' ? new Date(options.now.getTime() - daysAgo * DAY_MS).toISOString() : null,
      source_count: story.source_list.length,
      auto_publish_eligible: story.triangulation_check && story.source_list.length >= 2,
      layers: (story.layers ?? []) as never,
      ai_fact_check_panel: (story.ai_fact_check_panel ?? []) as never,
      audit_log: [auditEntry('sample_loaded', options.actor, options.now)],
    });
  }
  return { loaded: stories.length };
}
