import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { CHANNELS, notify } from '../db/notify';
import { C360Error } from '../errors';
import { clusterClaimed, clusterItems, type ClusterCache } from './cluster/cluster-items';
import { enrichStories } from './enrich/enrich-stories';
import type { Enricher } from './enrich/enrichers';
import { factCheckStories } from './fact-check/fact-check-stories';
import { detectPatterns } from './patterns/detect-patterns';
import { autoPublish } from './publish/auto-publish';
import { summariseStories } from './summarise/summarise-stories';
import type { AiProvider } from './summarise/provider';
import { addStats, emptyStats, STAGES, type StageContext, type StageName, type StageStats } from './types';
import { claimRawItem } from './work/leases';

/**
 * The one place that knows the stages' order: cluster → summarise → fact_check → patterns → enrich →
 * publish. Each run is a row of pipeline_runs with the spec's stats (processed, autoPublished,
 * flaggedForReview, failed) and each stage's own figures. A story moves through pipeline_stage as
 * ingested (clustered) → drafted (summarised) → verified (fact-checked) → published; enrichment adds
 * data without moving it, and ranking is computed when stories are read.
 */

export type PipelineDeps = StageContext & {
  ai: AiProvider;
  aiConcurrency?: number;
  enrichers: readonly Enricher[];
  clusterWindowHours?: number;
  patternWindowHours?: number;
  /** A worker's copy of the open stories, kept between its cycles while no other worker changes them. */
  clusterCache?: ClusterCache;
  /** Told after each stage of runPipeline, ended or failed (the server's /metrics counts them). */
  onStageDone?: (report: StageReport) => void;
};

export type StageReport = { stage: StageName; durationMs: number; result?: StageResult; error?: unknown };

export type StageResult = StageStats & {
  patternsDetected?: number;
  clustersFound?: number;
  signalsDetected?: number;
  enriched?: number;
  aiConfirmations?: number;
  /** Fact-check: "our take" calls to the model, takes stored after the check, and calls that failed (the offline take stayed). */
  ourTakeCalls?: number;
  ourTakesWritten?: number;
  ourTakeFailures?: number;
  /** Fact-check: claim/report pairs the rules could not decide put to the model, and those whose answer did not count. */
  claimJudgeCalls?: number;
  claimJudgeFailures?: number;
};
export type RunResult = { runId: string; label: string; stats: StageStats; stages: Partial<Record<StageName, StageResult>> };

export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export async function startRun(db: Knex, label: string, actor: string): Promise<string> {
  const [row] = await db('pipeline_runs').insert({ stage: label, actor, status: 'running' }).returning('id');
  return (row as { id: string }).id;
}

export async function finishRun(db: Knex, id: string, result: { stats: StageStats; stages: unknown; error?: string }): Promise<void> {
  await db('pipeline_runs')
    .where('id', id)
    .update({
      status: result.error ? 'failed' : 'succeeded',
      finished_at: db.fn.now(),
      processed: result.stats.processed,
      auto_published: result.stats.autoPublished,
      flagged_for_review: result.stats.flaggedForReview,
      failed: result.stats.failed,
      stats: JSON.stringify(result.stages),
      error: result.error?.slice(0, 2000) ?? null,
    });
}

/**
 * Runs the given stages (all by default) once over the work that is due, each to the end of its
 * backlog unless limitPerStage is set (the worker takes one batch per stage per cycle).
 */
export async function runPipeline(
  deps: PipelineDeps,
  options: { stages?: readonly StageName[]; label?: string; limitPerStage?: number; enrichLimit?: number; record?: boolean } = {},
): Promise<RunResult> {
  const stages = STAGES.filter((s) => !options.stages || options.stages.includes(s));
  const label = options.label ?? (stages.length === STAGES.length ? 'full' : stages.join('+'));
  const runId = options.record === false ? '' : await startRun(deps.db, label, deps.actor);
  const results: Partial<Record<StageName, StageResult>> = {};
  const limit = options.limitPerStage;
  // Stage boundaries are announced (NOTIFY c360_pipeline_progress) for the console's live view; not
  // awaited, as a stage may report from inside its transaction.
  const announce = (payload: Record<string, unknown>) => {
    if (runId) notify(deps.db, CHANNELS.pipelineProgress, { runId, label, ...payload }).catch(() => undefined);
  };
  const staged: PipelineDeps = {
    ...deps,
    onProgress: (event) => {
      deps.onProgress?.(event);
      if (event.status !== 'progress')
        announce({ stage: event.stage, status: event.status, processed: event.processed ?? 0, failed: event.failed ?? 0, message: event.message });
    },
  };
  try {
    for (const stage of stages) {
      const started = performance.now();
      try {
        results[stage] = await runStage(staged, stage, limit, options.enrichLimit);
      } catch (error) {
        deps.onStageDone?.({ stage, durationMs: performance.now() - started, error });
        throw error;
      }
      deps.onStageDone?.({ stage, durationMs: performance.now() - started, result: results[stage] });
    }
  } catch (error) {
    const stats = totals(results);
    const message = error instanceof Error ? error.message : String(error);
    if (runId) await finishRun(deps.db, runId, { stats, stages: results, error: message }).catch(() => undefined);
    announce({ stage: 'run', status: 'failed', error: message });
    throw error;
  }
  const stats = totals(results);
  if (runId) await finishRun(deps.db, runId, { stats, stages: results });
  announce({ stage: 'run', status: 'finished', stats });
  return { runId, label, stats, stages: results };
}

async function runStage(deps: PipelineDeps, stage: StageName, limit: number | undefined, enrichLimit = 10): Promise<StageResult> {
  try {
    switch (stage) {
      case 'cluster':
        return await clusterItems(deps, { limit, windowHours: deps.clusterWindowHours, ai: deps.ai }, deps.clusterCache);
      case 'summarise':
        return await summariseStories(deps, { ai: deps.ai, concurrency: deps.aiConcurrency, limit });
      case 'fact_check':
        return await factCheckStories(deps, { limit, ai: deps.ai });
      case 'patterns':
        return await detectPatterns(deps, { windowHours: deps.patternWindowHours });
      case 'enrich': {
        // The console enriches 10 at a time; a run goes on in tens until nothing is left (or the limit).
        const total: StageResult = { ...emptyStats(), enriched: 0 };
        deps.onProgress?.({ stage: 'enrich', status: 'started' });
        for (;;) {
          const batch = await enrichStories(
            { ...deps, onProgress: undefined },
            { enrichers: deps.enrichers, limit: Math.min(enrichLimit, limit ?? enrichLimit) },
          );
          addStats(total, batch);
          total.enriched! += batch.enriched;
          deps.onProgress?.({ stage: 'enrich', status: 'progress', processed: total.processed, failed: total.failed });
          if (batch.processed < enrichLimit || limit !== undefined) break;
        }
        deps.onProgress?.({
          stage: 'enrich',
          status: 'finished',
          processed: total.processed,
          failed: total.failed,
          message: `${total.enriched} with external data`,
        });
        return total;
      }
      case 'publish':
        return await autoPublish(deps, { limit });
    }
  } catch (error) {
    deps.onProgress?.({ stage, status: 'failed', message: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

/**
 * The run's stats: autoPublished and flaggedForReview from the publish stage; processed is the
 * stories that reached a publish decision when publishing ran (so (processed − flagged) / processed
 * is the share published), else the last stage's count; failed adds up every stage's failures.
 */
export function totals(results: Partial<Record<StageName, StageResult>>): StageStats {
  const stats = emptyStats();
  const ran = STAGES.filter((s) => results[s]);
  const main = results.publish ?? (ran.length ? results[ran.filter((s) => s !== 'patterns' && s !== 'enrich').at(-1) ?? ran.at(-1)!] : undefined);
  stats.processed = main?.processed ?? 0;
  stats.autoPublished = results.publish?.autoPublished ?? 0;
  stats.flaggedForReview = results.publish?.flaggedForReview ?? 0;
  stats.failed = ran.reduce((sum, s) => sum + (results[s]?.failed ?? 0), 0);
  return stats;
}

/**
 * One source item through the pipeline now (the operator's "process this item"): the item is claimed
 * by id and clustered into its story, and that story alone is summarised, fact-checked and taken to a
 * publish decision, in the runners' order. Enrichment and pattern detection look across stories and
 * wait for the next run. Recorded as a run like any other.
 */
export async function runPipelineForItem(
  deps: PipelineDeps,
  itemId: string,
  options: { label?: string } = {},
): Promise<RunResult & { storyId: string | null }> {
  const item = await deps.db('raw_feeds').select('id', 'processing_status', 'story_id').where('id', itemId).first();
  if (!item) throw new C360Error('not_found', `No source item with id ${itemId}.`);
  if (item.story_id || !['pending', 'failed'].includes(item.processing_status)) {
    throw new C360Error('conflict', `Source item ${itemId} is not waiting to be processed (it is ${item.processing_status}).`);
  }
  if (!(await claimRawItem(deps.db, { id: itemId, workerId: deps.workerId, leaseMs: deps.leaseMs }))) {
    throw new C360Error('conflict', `Source item ${itemId} is being processed by another worker right now.`, { hint: 'Try again in a few minutes.' });
  }
  const label = options.label ?? 'item';
  const runId = await startRun(deps.db, label, deps.actor);
  const results: Partial<Record<StageName, StageResult>> = {};
  let storyId: string | null = null;
  try {
    results.cluster = await clusterClaimed(deps, [itemId], { windowHours: deps.clusterWindowHours, ai: deps.ai }, deps.clusterCache);
    storyId = ((await deps.db('raw_feeds').select('story_id').where('id', itemId).first())?.story_id as string | null) ?? null;
    if (storyId) {
      const only = [storyId];
      results.summarise = await summariseStories(deps, { ai: deps.ai, concurrency: 1, only });
      results.fact_check = await factCheckStories(deps, { only, ai: deps.ai });
      results.publish = await autoPublish(deps, { only });
    }
  } catch (error) {
    await finishRun(deps.db, runId, { stats: totals(results), stages: results, error: error instanceof Error ? error.message : String(error) }).catch(
      () => undefined,
    );
    throw error;
  }
  const stats = totals(results);
  await finishRun(deps.db, runId, { stats, stages: results });
  return { runId, label, stats, stages: results, storyId };
}

export async function recentRuns(db: Knex, limit = 20): Promise<Record<string, unknown>[]> {
  return db('pipeline_runs').select('*').orderBy('started_at', 'desc').limit(limit);
}
