import { auditEntry, type Layer, type MetricRow } from '../../stories/story';
import { getStoryById } from '../../stories/story-repository';
import { emptyStats, type StageContext, type StageStats } from '../types';
import { saveStory } from '../work/save-story';
import type { Enricher, ExternalDataFeed } from './enrichers';

/**
 * Stage 5, enrich: stories with layers and no external data yet (the console's "external_data_feeds
 * is null, limit 10") get each enricher's feed and metric rows. A story no enricher applies to gets an
 * empty list, so it is not picked again until its layers are regenerated (summarise resets it to null).
 * One enricher's failure is logged and skipped; the others still apply.
 */
export async function enrichStories(
  ctx: StageContext,
  options: { enrichers: readonly Enricher[]; limit?: number },
): Promise<StageStats & { enriched: number }> {
  const stats = { ...emptyStats(), enriched: 0 };
  const limit = options.limit ?? 10;
  ctx.onProgress?.({ stage: 'enrich', status: 'started' });
  await ctx.db.transaction(async (trx) => {
    const rows = await trx('synced_content')
      .select('id')
      .whereNull('external_data_feeds')
      .whereRaw(`jsonb_array_length(layers) > 0`)
      .whereRaw(`(pipeline_next is null or pipeline_next <> 'summarise')`)
      .orderBy('updated_at')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    for (const { id } of rows as { id: string }[]) {
      const story = (await getStoryById(trx, id))!;
      const topicsRow = await trx('synced_content').select('topics').where('id', id).first();
      const feeds: (ExternalDataFeed & { retrieved_at: string })[] = [];
      const metrics: MetricRow[] = [];
      for (const enricher of options.enrichers) {
        try {
          const result = enricher.enrich({
            storyId: id,
            region: story.region,
            tags: story.tags,
            topics: (topicsRow?.topics as string[]) ?? [],
            asOf: new Date(story.published_at ?? story.created_at),
          });
          if (!result) continue;
          feeds.push({ ...result.feed, retrieved_at: ctx.clock().toISOString() });
          metrics.push(...result.metrics);
        } catch (error) {
          stats.failed++;
          ctx.logger.warn({ story: id, enricher: enricher.name, err: (error as Error).message }, 'enricher failed; skipped');
        }
      }
      // The table is the enrichers' rows alone (older stories carried figures picked out of their text there).
      const hasWhy = (story.layers as Layer[]).some((l) => l.layerType === 'why_it_matters');
      const layers = (story.layers as Layer[]).map((layer) => (layer.layerType === 'why_it_matters' ? { ...layer, metricsTable: metrics } : layer));
      if (!hasWhy && metrics.length > 0) layers.push({ layerType: 'why_it_matters', content: '', sentences: [], metricsTable: metrics });
      await saveStory(trx, id, {
        patch: { external_data_feeds: feeds, layers },
        audit: auditEntry('enriched', ctx.actor, ctx.clock(), {
          details: feeds.length ? feeds.map((f) => `${f.enricher}: ${f.subject}`).join('; ') : 'no external data applies',
        }),
      });
      stats.processed++;
      if (feeds.length) stats.enriched++;
      ctx.onProgress?.({ stage: 'enrich', status: 'progress', processed: stats.processed, failed: stats.failed });
    }
  });
  ctx.onProgress?.({ stage: 'enrich', status: 'finished', processed: stats.processed, failed: stats.failed });
  return stats;
}
