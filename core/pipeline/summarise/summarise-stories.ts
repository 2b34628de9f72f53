import { storyItemLanguages, storyLanguageOf } from '../../stories/story-language';
import type { Knex } from 'knex';
import pLimit from 'p-limit';
import { auditEntry } from '../../stories/story';
import { isLive } from '../../stories/publishing';
import { emptyStats, retryDelayMs, type StageContext, type StageStats } from '../types';
import { claimStories, holdsStoryLease, waitForClustering } from '../work/leases';
import { saveStory } from '../work/save-story';
import { centralFirst, loadStorySources } from '../work/story-sources';
import { AiFailure, emptyUsage, type AiProvider, type AiUsage } from './provider';
import { toLayers } from './schema';

/**
 * Stage 2, summarise: one AI call per story (through whichever provider is configured) writes its
 * title, summary, five layers, tags, region, topics, urgency, diaspora relevance and claims. The
 * story moves to 'drafted' (a live story stays published) and waits for fact-checking. A failure
 * marks the story and its items failed with the reason; the story is retried after a back-off.
 * A summary written while a new source joined is dropped (the story is summarised again with it).
 */

export type SummariseOptions = { ai: AiProvider; concurrency?: number; limit?: number; only?: readonly string[] };

export async function summariseStories(ctx: StageContext, options: SummariseOptions): Promise<StageStats> {
  const stats = emptyStats();
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const run = pLimit(Math.max(1, options.concurrency ?? 4));
  ctx.onProgress?.({ stage: 'summarise', status: 'started' });
  while (stats.processed + stats.failed < limit) {
    const ids = await claimStories(ctx.db, {
      work: 'summarise',
      workerId: ctx.workerId,
      leaseMs: ctx.leaseMs,
      limit: Math.min(ctx.batchSize, limit - stats.processed - stats.failed),
      only: options.only,
    });
    if (ids.length === 0) break;
    await Promise.all(
      ids.map((id) =>
        run(async () => {
          const outcome = await summariseOne(ctx, options.ai, id);
          if (outcome === 'done') stats.processed++;
          if (outcome === 'failed') stats.failed++;
          ctx.onProgress?.({ stage: 'summarise', status: 'progress', processed: stats.processed, failed: stats.failed });
        }),
      ),
    );
  }
  ctx.onProgress?.({ stage: 'summarise', status: 'finished', processed: stats.processed, failed: stats.failed });
  return stats;
}

async function summariseOne(ctx: StageContext, ai: AiProvider, id: string): Promise<'done' | 'failed' | 'skipped'> {
  const before = await ctx.db('synced_content').select('sources_version', 'region', 'ai_usage').where('id', id).first();
  if (!before) return 'skipped';
  const version = Number(before.sources_version);
  const sources = centralFirst(await loadStorySources(ctx.db, id));
  const now = ctx.clock();
  try {
    if (sources.length === 0) throw new AiFailure('the story has no source items', emptyUsage(ai.name, ai.model), { retryable: false });
    const result = await ai.summarise({
      storyId: id,
      now,
      regionHint: before.region ?? undefined,
      sources: sources.map((s) => ({
        id: s.id,
        outlet: s.outlet,
        ownerGroup: s.ownerGroup,
        outletRegion: s.region,
        title: s.title,
        summary: s.summary,
        text: s.text,
        author: s.author,
        url: s.url,
        publishedAt: s.publishedAt,
      })),
    });
    const s = result.summary;
    return await ctx.db.transaction(async (trx) => {
      await waitForClustering(trx);
      const held = await holdsStoryLease(trx, id, ctx.workerId);
      if (!held) return 'skipped'; // another worker took it over after our lease ran out
      if (held.sources_version !== version || (await trx('synced_content').select('pipeline_next').where('id', id).first())?.pipeline_next !== 'summarise') {
        // A new source joined while we worked: this summary is already out of date.
        await trx('synced_content')
          .where('id', id)
          .update({ lease_owner: null, lease_expires_at: null, ai_usage: JSON.stringify(addUsage(before.ai_usage, result.usage)) });
        return 'skipped';
      }
      const current = await trx('synced_content').select('status', 'pipeline_stage').where('id', id).first();
      const language = storyLanguageOf(await storyItemLanguages(trx, id));
      await saveStory(trx, id, {
        patch: {
          title: s.title,
          summary: s.summary,
          layers: toLayers(s, sources),
          tags: s.tags,
          region: s.region,
          urgency: s.urgency,
          pipeline_stage: isLive(current) ? 'published' : 'drafted',
          external_data_feeds: null, // new layers: enrichment runs again on them
          last_updated_by: ctx.actor,
        },
        work: {
          pipeline_next: 'fact_check',
          lease_owner: null,
          lease_expires_at: null,
          work_attempts: 0,
          work_error: null,
          next_attempt_at: null,
          ai_usage: JSON.stringify(addUsage(before.ai_usage, result.usage)),
          diaspora_relevance: s.diaspora_relevance,
          topics: s.topics,
          claims: JSON.stringify(s.claims),
          language,
        },
        audit: auditEntry('summarised', ctx.actor, now, {
          details: `${result.usage.provider} (${result.usage.model}): ${result.usage.calls} call(s), ${result.usage.totalTokens} tokens, ${sources.length} source item(s)`,
        }),
      });
      await trx('raw_feeds')
        .where('story_id', id)
        .whereIn('processing_status', ['clustered', 'failed'])
        .update({ processing_status: 'processed', processing_error: null, processed_at: trx.fn.now(), updated_at: trx.fn.now() });
      return 'done';
    });
  } catch (error) {
    const usage = error instanceof AiFailure ? error.usage : emptyUsage(ai.name, ai.model);
    const reason = error instanceof Error ? error.message : String(error);
    ctx.logger.warn({ story: id, err: reason }, 'summarise failed; the story will be retried');
    await recordFailure(ctx, id, `summarise: ${reason}`, usage, before.ai_usage);
    return 'failed';
  }
}

async function recordFailure(ctx: StageContext, id: string, reason: string, usage: AiUsage, previousUsage: unknown): Promise<void> {
  await ctx.db.transaction(async (trx: Knex.Transaction) => {
    await waitForClustering(trx);
    if (!(await holdsStoryLease(trx, id, ctx.workerId))) return;
    const row = await trx('synced_content').select('work_attempts').where('id', id).first();
    const attempts = Number(row?.work_attempts ?? 0) + 1;
    await saveStory(trx, id, {
      work: {
        lease_owner: null,
        lease_expires_at: null,
        work_attempts: attempts,
        work_error: reason.slice(0, 1000),
        next_attempt_at: trx.raw(`now() + (? * interval '1 millisecond')`, [retryDelayMs(attempts)]),
        ai_usage: JSON.stringify(addUsage(previousUsage, usage)),
      },
      audit: auditEntry('summarise_failed', ctx.actor, ctx.clock(), { reason: reason.slice(0, 300), details: `attempt ${attempts}; retried later` }),
    });
    await trx('raw_feeds')
      .where('story_id', id)
      .whereIn('processing_status', ['clustered', 'failed', 'processed'])
      .update({ processing_status: 'failed', processing_error: reason.slice(0, 1000), updated_at: trx.fn.now() });
  });
}

/** Token usage per story: totals over every call, and the last summary's own figures. */
function addUsage(previous: unknown, usage: AiUsage): Record<string, unknown> {
  const p = (typeof previous === 'string' ? JSON.parse(previous) : (previous ?? {})) as Record<string, number> & { our_take?: unknown };
  return {
    // The model's last take and the ledger it was written from: the fact-check reuses it while the ledger is unchanged.
    ...(p.our_take ? { our_take: p.our_take } : {}),
    provider: usage.provider,
    model: usage.model,
    calls: (p.calls ?? 0) + usage.calls,
    prompt_tokens: (p.prompt_tokens ?? 0) + usage.promptTokens,
    completion_tokens: (p.completion_tokens ?? 0) + usage.completionTokens,
    total_tokens: (p.total_tokens ?? 0) + usage.totalTokens,
    last: { calls: usage.calls, prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.totalTokens },
  };
}
