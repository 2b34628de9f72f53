import { newClusterCache } from './cluster/cluster-items';
import { outstandingWork } from './work/leases';
import { runPipeline, type PipelineDeps, type RunResult } from './runner';
import { addStats, emptyStats, type StageStats } from './types';

/**
 * The worker loop behind `c360 worker`: each cycle takes one batch per stage (claimed with FOR UPDATE
 * SKIP LOCKED and a lease, so any number of workers on one PostgreSQL share the work), and sleeps when
 * nothing was due. A cycle that did work is recorded as a run. Pattern detection runs at most every
 * patternEveryMs per worker (it is idempotent, so two workers doing it cost time, not correctness).
 * Stops after the current cycle when the signal aborts, or, with exitWhenIdle, once no work is due or
 * leased by anyone (work a dead worker leased counts until its lease ends, then becomes due).
 */

export type WorkerOptions = {
  signal?: AbortSignal;
  idleMs?: number;
  exitWhenIdle?: boolean;
  patternEveryMs?: number;
  onCycle?: (result: RunResult) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

export type WorkerSummary = { cycles: number; stats: StageStats };

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

export async function runWorker(workerDeps: PipelineDeps, options: WorkerOptions = {}): Promise<WorkerSummary> {
  const deps: PipelineDeps = { ...workerDeps, clusterCache: workerDeps.clusterCache ?? newClusterCache() };
  const sleep = options.sleep ?? defaultSleep;
  const idleMs = options.idleMs ?? 5_000;
  const patternEveryMs = options.patternEveryMs ?? 600_000;
  let lastPatterns = 0;
  const summary: WorkerSummary = { cycles: 0, stats: emptyStats() };
  while (!options.signal?.aborted) {
    const withPatterns = Date.now() - lastPatterns >= patternEveryMs;
    const stages = ['cluster', 'summarise', 'fact_check', ...(withPatterns ? (['patterns'] as const) : []), 'enrich', 'publish'] as const;
    const result = await runPipeline(deps, { stages: [...stages], label: 'worker', limitPerStage: deps.batchSize, record: false });
    if (withPatterns) lastPatterns = Date.now();
    const did = Object.entries(result.stages).some(([stage, s]) => stage !== 'patterns' && s && s.processed + s.failed > 0);
    summary.cycles++;
    if (did) {
      addStats(summary.stats, result.stats);
      // Only cycles that did something are worth a row in pipeline_runs.
      const [row] = await deps
        .db('pipeline_runs')
        .insert({
          stage: 'worker',
          actor: deps.actor,
          status: 'succeeded',
          finished_at: deps.db.fn.now(),
          processed: result.stats.processed,
          auto_published: result.stats.autoPublished,
          flagged_for_review: result.stats.flaggedForReview,
          failed: result.stats.failed,
          stats: JSON.stringify({ ...result.stages, worker: deps.workerId }),
        })
        .returning('id');
      options.onCycle?.({ ...result, runId: (row as { id: string }).id });
      continue;
    }
    if (options.exitWhenIdle) {
      const work = await outstandingWork(deps.db);
      if (work.due === 0 && work.leased === 0) break;
    }
    await sleep(idleMs, options.signal);
  }
  return summary;
}
