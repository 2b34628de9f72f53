import type { Knex } from 'knex';
import { C360Error } from '../errors';
import { runPipelineForItem, type PipelineDeps } from '../pipeline/runner';
import { getStoryById } from '../stories/story-repository';

/** The operator's view of source items waiting for the pipeline (console spec: the pipeline test panel). */

export type PendingItem = { id: string; title: string; processing_status: string; created_at: string };
export const MAX_PENDING_LISTED = 5;

/** Pending source items, newest first (the spec's "check": at most 5). */
export async function listPendingItems(db: Knex, limit = MAX_PENDING_LISTED): Promise<PendingItem[]> {
  const { rows } = await db.raw(
    `select id, title, processing_status, created_at from raw_feeds where processing_status = 'pending' order by created_at desc, id desc limit ?`,
    [Math.min(MAX_PENDING_LISTED, Math.max(1, limit))],
  );
  return rows.map((r: Record<string, unknown>) => ({
    id: String(r.id),
    title: r.title as string,
    processing_status: r.processing_status as string,
    created_at: new Date(r.created_at as string).toISOString(),
  }));
}

/**
 * Processes one pending source item through the pipeline now and says what became of it: the story
 * it joined or started, and where that story stands (published, or waiting for review and why).
 */
export async function processSourceItem(deps: PipelineDeps, itemId: string): Promise<{ message: string; storyId: string | null; runId: string }> {
  const item = await deps.db('raw_feeds').select('title').where('id', itemId).first();
  if (!item) throw new C360Error('not_found', `No source item with id ${itemId}.`);
  const result = await runPipelineForItem(deps, itemId, { label: 'item' });
  if (!result.storyId) {
    const failed = await deps.db('raw_feeds').select('processing_status', 'processing_error').where('id', itemId).first();
    if (failed?.processing_status === 'failed')
      throw new C360Error('upstream_failed', `Processing "${item.title}" failed: ${failed.processing_error ?? 'unknown reason'}. It is retried later.`);
    return { message: `"${item.title}" was not clustered (another worker took it over).`, storyId: null, runId: result.runId };
  }
  const story = await getStoryById(deps.db, result.storyId);
  const where = !story
    ? 'the story is gone'
    : story.pipeline_stage === 'published'
      ? 'published'
      : story.flag_reason
        ? `${story.pipeline_stage}, waiting for review: ${story.flag_reason}`
        : story.pipeline_stage;
  const failed = result.stats.failed ? ` ${result.stats.failed} step(s) failed and are retried later.` : '';
  return {
    message: `"${item.title}" is part of the story "${story?.title ?? result.storyId}" (${where}).${failed}`,
    storyId: result.storyId,
    runId: result.runId,
  };
}
