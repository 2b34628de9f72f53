import { hostname } from 'node:os';
import type { Knex } from 'knex';
import { CHANNELS, notify } from '../db/notify';
import { C360Error } from '../errors';
import { countDueFeeds, ingestDueFeeds, type IngestDeps } from '../ingest/ingest-feeds';
import type { Logger } from '../logger';
import { finishRun, runPipeline, startRun, totals, type PipelineDeps, type StageResult } from '../pipeline/runner';
import { addStats, emptyStats, type StageName, type StageStats } from '../pipeline/types';
import {
  countFeeds,
  getRunRow,
  insertRunningRun,
  isCancelRequested,
  latestRunRow,
  markPipelineRunCancelled,
  reopenRun,
  requestRunCancel,
  saveRunState,
  staleRunningRuns,
  workBacklog,
  type Backlog,
  type ConsoleRunRow,
} from './console-run-repository';
import { consoleActor } from './pipeline-services';

/**
 * Runs started from the console: Run Full Pipeline, Detect Patterns, Enrich External Data, Live
 * Publishing's per-step buttons and Enhanced Signals' Run Analysis. Each is a row of console_runs
 * holding the progress overlay's stages (console spec section 4: pending → active → completed or
 * error, progress 0-100, a message or an error), timestamped logs and the result; every change is
 * saved and announced (NOTIFY c360_pipeline_progress, relayed to browsers as SSE), so the overlay
 * shows the real run, from any server, and a reloaded page finds it again.
 *
 * The AI work runs stage by stage in batches, so progress is the share of the backlog done and a
 * Cancel takes effect between batches, not at the end of a stage.
 * The stages of a run go in order; one that fails is marked error and the next still runs (the
 * spec: a run is complete when every stage is completed or errored); Retry runs that stage again.
 * At most one console run goes at a time (the scheduler and `c360 worker` may run beside it: work
 * is leased, so nothing is done twice).
 */

export const RUN_KINDS = ['full', 'patterns', 'enrich', 'step'] as const;
export type RunKind = (typeof RUN_KINDS)[number];

/**
 * The live pipeline steps (console spec section 4), in the order C360 really runs them: items are
 * clustered into stories on ingestion, then drafted (summarised), verified (fact-checked), scanned
 * for signals, enriched, reviewed by editors where flagged, and published.
 */
export const LIVE_STEPS = ['ingestion', 'drafting', 'verification', 'signal-detection', 'enrichment', 'editorial', 'publishing'] as const;
export type LiveStep = (typeof LIVE_STEPS)[number];
export const STEP_NAMES: Readonly<Record<LiveStep, string>> = {
  ingestion: 'Ingestion',
  drafting: 'Drafting',
  verification: 'Verification',
  'signal-detection': 'Signal Detection',
  enrichment: 'Enrichment',
  editorial: 'Editorial Review',
  publishing: 'Publishing',
};
/** Editorial review is people's work: it has no run button. */
export const RUNNABLE_STEPS = LIVE_STEPS.filter((s) => s !== 'editorial') as Exclude<LiveStep, 'editorial'>[];
export type RunnableStep = (typeof RUNNABLE_STEPS)[number];

/** The progress overlay's stages (console spec section 4). */
export const OVERLAY_STAGES = { 'fetch-rss': 'Fetch RSS Feeds', 'process-ai': 'AI Processing', 'detect-patterns': 'Pattern Detection' } as const;
/** What "AI Processing" runs: every stage but pattern detection, which is the overlay's third stage. */
export const AI_STAGES: readonly StageName[] = ['cluster', 'summarise', 'fact_check', 'enrich', 'publish'];
export const USING_EXISTING_RSS = 'Using existing RSS data';

export type StageState = 'pending' | 'active' | 'completed' | 'error';
export type RunStage = {
  id: string;
  name: string;
  status: StageState;
  progress: number;
  message: string | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
};
export type RunLog = { at: string; level: 'info' | 'error'; stage: string | null; message: string };
export type RunOutcome = {
  stats: StageStats;
  patternStats?: { patternsDetected: number; clustersFound: number };
  signalsDetected?: number;
  enriched?: number;
  ingest?: { feeds: number; itemsNew: number; failed: number };
  pipelineRunIds: string[];
};
export type ConsoleRun = {
  id: string;
  kind: RunKind;
  step: RunnableStep | null;
  status: ConsoleRunRow['status'];
  stages: RunStage[];
  logs: RunLog[];
  result: RunOutcome | null;
  startedBy: string;
  startedAt: string;
  finishedAt: string | null;
  /** 0-100: 33.33 per finished stage of three, plus a third of the active stage's progress. */
  overall: number;
  /** Every stage completed or errored. */
  complete: boolean;
  hasErrors: boolean;
};

export type ConsoleRunDeps = {
  db: Knex;
  clock: () => Date;
  logger: Logger;
  /** The pipeline's dependencies, acting as `actor` (a fresh lease owner per run). */
  pipeline: (actor: string) => PipelineDeps;
  ingest: () => IngestDeps;
};

const MAX_LOGS = 200;
const MAX_CYCLES = 10_000;
/** A running run whose server has not written for this long is taken as interrupted. */
export const STALE_AFTER_MS = 120_000;
const HEARTBEAT_MS = 20_000;
const SAVE_EVERY_MS = 400;

export function planStages(kind: RunKind, step?: RunnableStep | null): RunStage[] {
  const stage = (id: string, name: string): RunStage => ({
    id,
    name,
    status: 'pending',
    progress: 0,
    message: null,
    error: null,
    startedAt: null,
    finishedAt: null,
  });
  switch (kind) {
    case 'full':
      return Object.entries(OVERLAY_STAGES).map(([id, name]) => stage(id, name));
    case 'patterns':
      return [stage('detect-patterns', OVERLAY_STAGES['detect-patterns'])];
    case 'enrich':
      return [stage('enrich', 'External Data Enrichment')];
    case 'step':
      if (!step) throw new C360Error('invalid_input', 'A step run needs a step.', { hint: `Use one of: ${RUNNABLE_STEPS.join(', ')}.` });
      return [stage(step, STEP_NAMES[step])];
  }
}

/** The spec's overall progress: each stage counts a third of a three-stage run (its share of any run). */
export function overallProgress(stages: readonly Pick<RunStage, 'status' | 'progress'>[]): number {
  if (stages.length === 0) return 0;
  const share = 100 / stages.length;
  const value = stages.reduce(
    (sum, s) => sum + (s.status === 'completed' || s.status === 'error' ? share : s.status === 'active' ? (share * s.progress) / 100 : 0),
    0,
  );
  return Math.min(100, Math.round(value * 100) / 100);
}

export function presentRun(row: ConsoleRunRow): ConsoleRun {
  const stages = row.stages as RunStage[];
  return {
    id: row.id,
    kind: row.kind as RunKind,
    step: (row.step as RunnableStep | null) ?? null,
    status: row.status,
    stages,
    logs: row.logs as RunLog[],
    result: (row.result as RunOutcome | null) ?? null,
    startedBy: row.started_by,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    overall: overallProgress(stages),
    complete: stages.length > 0 && stages.every((s) => s.status === 'completed' || s.status === 'error'),
    hasErrors: stages.some((s) => s.status === 'error'),
  };
}

export function thisServer(): string {
  return `${hostname()}:${process.pid}`;
}

/** Marks runs whose server went away as interrupted (their active stage errored), so a new run may start. */
async function reapStaleRuns(db: Knex, now: Date): Promise<void> {
  for (const row of await staleRunningRuns(db, new Date(now.getTime() - STALE_AFTER_MS))) {
    const stages = (row.stages as RunStage[]).map((s) =>
      s.status === 'active' ? { ...s, status: 'error' as const, error: 'Interrupted: the server running it stopped' } : s,
    );
    const logs = [
      ...(row.logs as RunLog[]),
      { at: now.toISOString(), level: 'error' as const, stage: null, message: `Interrupted: ${row.server ?? 'its server'} stopped answering` },
    ];
    await saveRunState(db, row.id, { status: 'failed', stages, logs, result: row.result, finishedAt: now, now });
  }
}

/** Records a new run (the caller then executes it). Conflict when another console run is going. */
export async function createConsoleRun(
  db: Knex,
  input: { kind: RunKind; step?: RunnableStep | null; startedBy: string; now: Date; server?: string },
): Promise<ConsoleRun> {
  const stages = planStages(input.kind, input.step);
  await reapStaleRuns(db, input.now);
  const what =
    input.kind === 'step'
      ? `${STEP_NAMES[input.step!]} step`
      : input.kind === 'full'
        ? 'Full pipeline'
        : input.kind === 'patterns'
          ? 'Pattern detection'
          : 'External data enrichment';
  const row = await insertRunningRun(db, {
    kind: input.kind,
    step: input.step ?? null,
    stages,
    logs: [{ at: input.now.toISOString(), level: 'info', stage: null, message: `${what} started by ${input.startedBy}` }],
    startedBy: input.startedBy,
    server: input.server ?? thisServer(),
    now: input.now,
  });
  if (!row) throw await runningConflict(db);
  return presentRun(row);
}

async function runningConflict(db: Knex): Promise<C360Error> {
  const running = await latestRunRow(db);
  const who = running?.status === 'running' ? ` (started by ${running.started_by} at ${running.started_at})` : '';
  return new C360Error('conflict', `Another pipeline run is going${who}.`, { hint: 'Wait for it to finish or cancel it, then start again.' });
}

export async function getConsoleRun(db: Knex, id: string): Promise<ConsoleRun> {
  const row = await getRunRow(db, id);
  if (!row) throw new C360Error('not_found', `No pipeline run ${id}.`);
  return presentRun(row);
}

/** The run going now, else the latest one (null before the first). */
export async function latestConsoleRun(db: Knex, now: Date): Promise<ConsoleRun | null> {
  await reapStaleRuns(db, now);
  const row = await latestRunRow(db);
  return row ? presentRun(row) : null;
}

/** Asks a running run to stop (it stops between batches; whichever server runs it sees the flag). */
export async function requestCancel(db: Knex, id: string): Promise<ConsoleRun> {
  const run = await getConsoleRun(db, id);
  if (run.status !== 'running') throw new C360Error('conflict', 'This run has already finished.');
  await requestRunCancel(db, id);
  return getConsoleRun(db, id);
}

/** Retry: an errored stage goes back to active at 0 % (console spec section 4); the caller executes it. */
export async function reopenForRetry(db: Knex, input: { id: string; stage: string; actor: string; now: Date }): Promise<ConsoleRun> {
  const run = await getConsoleRun(db, input.id);
  if (run.status === 'running') throw new C360Error('conflict', 'This run is still going.');
  const target = run.stages.find((s) => s.id === input.stage);
  if (!target) throw new C360Error('not_found', `This run has no stage ${input.stage}.`);
  if (target.status !== 'error') throw new C360Error('conflict', `Only a stage that failed can be retried (${target.name} is ${target.status}).`);
  await reapStaleRuns(db, input.now);
  const stages = run.stages.map((s) =>
    s.id === input.stage
      ? { ...s, status: 'active' as const, progress: 0, error: null, message: null, startedAt: input.now.toISOString(), finishedAt: null }
      : s,
  );
  const logs = [
    ...run.logs,
    { at: input.now.toISOString(), level: 'info' as const, stage: input.stage, message: `Retry of ${target.name} requested by ${input.actor}` },
  ].slice(-MAX_LOGS);
  if (!(await reopenRun(db, input.id, { stages, logs, now: input.now }))) throw await runningConflict(db);
  return getConsoleRun(db, input.id);
}

type StageWork = Partial<Omit<RunOutcome, 'pipelineRunIds'>> & { pipelineRunIds?: string[]; message: string };

/** Thrown by a stage that stopped for a cancel: it goes back to pending, keeping what it did. */
class RunCancelled extends Error {
  constructor(readonly work: Partial<StageWork>) {
    super('cancelled');
  }
}

/**
 * Executes a recorded run's pending (or, on retry, active) stages in order and saves every change.
 * `signal` (server shutdown) and `cancel` stop it between batches; so does a cancel request saved in
 * the database by another server.
 * Never throws for a stage's failure: the stage is marked error with the message.
 */
export async function executeConsoleRun(
  deps: ConsoleRunDeps,
  runId: string,
  options: { signal?: AbortSignal; cancel?: AbortSignal; onChange?: (run: ConsoleRun) => void } = {},
): Promise<ConsoleRun> {
  const row = await getRunRow(deps.db, runId);
  if (!row) throw new C360Error('not_found', `No pipeline run ${runId}.`);
  if (row.status !== 'running') return presentRun(row);
  const run = { ...row, stages: (row.stages as RunStage[]).map((s) => ({ ...s })), logs: [...(row.logs as RunLog[])] };
  const actorEmail = row.started_by;
  const previous = (row.result as RunOutcome | null) ?? null;
  const outcome: RunOutcome = previous
    ? { ...previous, stats: { ...previous.stats }, pipelineRunIds: [...previous.pipelineRunIds] }
    : { stats: emptyStats(), pipelineRunIds: [] };
  let cancelRequested = false;
  let lastSave = 0;
  let saving: Promise<void> = Promise.resolve();

  const now = () => deps.clock();
  const cancelled = () => cancelRequested || options.cancel?.aborted === true || options.signal?.aborted === true;
  const log = (stage: string | null, message: string, level: RunLog['level'] = 'info') => {
    run.logs.push({ at: now().toISOString(), level, stage, message });
    if (run.logs.length > MAX_LOGS) run.logs.splice(0, run.logs.length - MAX_LOGS);
  };
  const save = (force = false): Promise<void> => {
    const t = Date.now();
    if (!force && t - lastSave < SAVE_EVERY_MS) return saving;
    lastSave = t;
    const snapshot = {
      status: run.status,
      stages: run.stages.map((s) => ({ ...s })),
      logs: [...run.logs],
      result: outcome,
      finishedAt: run.finished_at ? new Date(run.finished_at) : null,
      now: now(),
    };
    saving = saving.then(async () => {
      try {
        const state = await saveRunState(deps.db, runId, snapshot);
        if (state.cancelRequested) cancelRequested = true;
        // The stage being worked on, else the last one that finished (between stages), else the first.
        const active = snapshot.stages.find((s) => s.status === 'active') ?? snapshot.stages.filter((s) => s.status !== 'pending').at(-1) ?? snapshot.stages[0];
        await notify(deps.db, CHANNELS.pipelineProgress, {
          runId,
          source: 'console',
          kind: run.kind,
          step: run.step,
          status: snapshot.status,
          stage: active?.id ?? null,
          stageStatus: active?.status ?? null,
          progress: active?.progress ?? 0,
          overall: overallProgress(snapshot.stages),
        });
        options.onChange?.(
          presentRun({ ...run, status: snapshot.status, stages: snapshot.stages, logs: snapshot.logs, result: outcome as unknown as Record<string, unknown> }),
        );
      } catch (error) {
        deps.logger.warn({ err: error, runId }, 'could not save console run progress');
      }
    });
    return saving;
  };
  const heartbeat = setInterval(() => void save(true), HEARTBEAT_MS);
  heartbeat.unref();

  const executors: Record<string, (stage: RunStage) => Promise<StageWork>> = {
    'fetch-rss': (stage) => fetchFeeds(stage),
    'process-ai': (stage) => cycles(stage, AI_STAGES, 'console', 'pipeline run'),
    'detect-patterns': (stage) => patterns(stage),
    enrich: (stage) => enrich(stage),
    ingestion: async (stage) => {
      const fetched = await fetchFeeds(stage, 50);
      const clustered = await cycles(stage, ['cluster'], 'console ingestion', 'ingestion', 50);
      return { ...clustered, ingest: fetched.ingest, message: `${fetched.message}; ${clustered.message}` };
    },
    drafting: (stage) => cycles(stage, ['summarise'], 'console drafting', 'drafting'),
    verification: (stage) => cycles(stage, ['fact_check'], 'console verification', 'verification'),
    'signal-detection': (stage) => patterns(stage),
    enrichment: (stage) => enrich(stage),
    publishing: (stage) => cycles(stage, ['publish'], 'console publishing', 'publishing'),
  };

  async function fetchFeeds(stage: RunStage, share = 100): Promise<StageWork> {
    const due = await countDueFeeds(deps.db, now());
    if (due === 0) {
      const registered = await countFeeds(deps.db);
      log(stage.id, registered ? `${registered} feed(s) registered, none due for a fetch` : 'No feeds registered');
      stage.progress = share;
      return { message: USING_EXISTING_RSS };
    }
    log(stage.id, `Fetching ${due} feed(s) that are due`);
    let done = 0;
    const ingest = deps.ingest();
    const stats = await ingestDueFeeds(deps.db, {
      ...ingest,
      signal: options.signal,
      onProgress: (event) => {
        if (event.type !== 'feed-done') return;
        done++;
        const r = event.result;
        if (r.status === 'failed') log(stage.id, `${r.url}: ${r.error ?? 'failed'}`, 'error');
        stage.progress = Math.min(share, Math.round((done / Math.max(due, done)) * share));
        void save();
      },
    });
    const summary = { feeds: stats.feeds, itemsNew: stats.itemsNew, failed: stats.failed };
    const message = `${stats.feeds} feed(s) fetched: ${stats.itemsNew} new item(s)${stats.failed ? `, ${stats.failed} failed` : ''}`;
    log(stage.id, message, stats.failed ? 'error' : 'info');
    if (stats.feeds > 0 && stats.failed === stats.feeds) throw Object.assign(new Error(`Every feed failed (${message})`), { work: { ingest: summary } });
    return { ingest: summary, message };
  }

  /**
   * Runner stages one after the other, each through its whole backlog in batches (so, as in a full
   * run, every waiting item is clustered before any story is summarised, and no story is summarised
   * twice for want of an item still queued). Progress is the share of the backlog done; a cancel is
   * seen between batches. Recorded as one pipeline run.
   */
  async function cycles(stage: RunStage, stages: readonly StageName[], label: string, action: string, from = 0): Promise<StageWork> {
    const pipeline = deps.pipeline(consoleActor(action, actorEmail));
    const backlogOf = (b: Backlog, name: StageName) => (name in b ? b[name as keyof Backlog] : 0);
    const start = await workBacklog(deps.db);
    const waiting = stages.reduce((sum, name) => sum + backlogOf(start, name), 0);
    log(stage.id, waiting ? `${waiting} item(s) and stories waiting (${stages.join(', ')})` : `Nothing waiting (${stages.join(', ')})`);
    const pipelineRunId = await startRun(deps.db, label, pipeline.actor);
    const perStage: Partial<Record<StageName, StageResult>> = {};
    let stopped = false;
    try {
      stages: for (const [index, name] of stages.entries()) {
        let done = 0;
        let share = 0;
        for (let cycle = 1; cycle <= MAX_CYCLES; cycle++) {
          // The flag another server may have set is read before each batch, so a cancel is never missed.
          if (cancelled() || (cancelRequested = await isCancelRequested(deps.db, runId))) {
            stopped = true;
            break stages;
          }
          const result = await runPipeline(pipeline, { stages: [name], label, limitPerStage: pipeline.batchSize, record: false });
          const s = result.stages[name];
          const worked = s ? s.processed + s.failed : 0;
          if (!s || worked === 0) break;
          const into = (perStage[name] ??= { ...emptyStats() });
          addStats(into, s);
          if (s.enriched !== undefined) into.enriched = (into.enriched ?? 0) + s.enriched;
          done += worked;
          const left = backlogOf(await workBacklog(deps.db), name);
          share = Math.max(share, Math.min(1, done / (done + left)));
          stage.progress = Math.min(99, Math.round(from + ((100 - from) * (index + share)) / stages.length));
          stage.message = describeStats(totals(perStage), stages);
          void save();
        }
        const s = perStage[name];
        if (s) log(stage.id, `${name}: ${s.processed} processed${s.failed ? `, ${s.failed} failed` : ''}`, s.failed ? 'error' : 'info');
      }
    } catch (error) {
      const stats = totals(perStage);
      await finishRun(deps.db, pipelineRunId, { stats, stages: perStage, error: error instanceof Error ? error.message : String(error) }).catch(
        () => undefined,
      );
      throw Object.assign(error as Error, { work: { stats, pipelineRunIds: [pipelineRunId] } });
    }
    const stats = totals(perStage);
    await finishRun(deps.db, pipelineRunId, { stats, stages: perStage });
    if (stopped) {
      await markPipelineRunCancelled(deps.db, pipelineRunId, `Cancelled: ${describeStats(stats, stages)}`);
      log(stage.id, `Stopped after ${describeStats(stats, stages)}`);
      throw new RunCancelled({ stats, pipelineRunIds: [pipelineRunId] });
    }
    const message = describeStats(stats, stages);
    log(stage.id, message, stats.failed ? 'error' : 'info');
    if (stats.failed) log(stage.id, `${stats.failed} failed: each keeps its reason and is retried later`, 'error');
    return { stats, pipelineRunIds: [pipelineRunId], message };
  }

  async function patterns(stage: RunStage): Promise<StageWork> {
    const pipeline = deps.pipeline(consoleActor('pattern-detect', actorEmail));
    stage.progress = 10;
    void save();
    const result = await runPipeline(pipeline, { stages: ['patterns'], label: 'console patterns' });
    const p: Partial<StageResult> = result.stages.patterns ?? {};
    const patternStats = { patternsDetected: p.patternsDetected ?? 0, clustersFound: p.clustersFound ?? 0 };
    const message = `Patterns detected: ${patternStats.patternsDetected} patterns, ${patternStats.clustersFound} clusters (${p.signalsDetected ?? 0} signals)`;
    log(stage.id, message);
    return { patternStats, signalsDetected: p.signalsDetected ?? 0, pipelineRunIds: [result.runId], message };
  }

  async function enrich(stage: RunStage): Promise<StageWork> {
    const waiting = (await workBacklog(deps.db)).enrich;
    log(stage.id, `${waiting} story(ies) without external data`);
    const pipeline = deps.pipeline(consoleActor('enrich', actorEmail));
    pipeline.onProgress = (event) => {
      if (event.stage !== 'enrich' || event.status !== 'progress' || !waiting) return;
      stage.progress = Math.min(99, Math.round(((event.processed ?? 0) / waiting) * 100));
      void save();
    };
    const result = await runPipeline(pipeline, { stages: ['enrich'], label: 'console enrich', enrichLimit: 10 });
    const e = result.stages.enrich ?? { ...emptyStats(), enriched: 0 };
    const message = `${e.processed} story(ies) looked at, ${e.enriched ?? 0} enriched with external data${e.failed ? `, ${e.failed} enricher failure(s)` : ''}`;
    log(stage.id, message, e.failed ? 'error' : 'info');
    return { enriched: e.enriched ?? 0, pipelineRunIds: [result.runId], message };
  }

  const merge = (work: Partial<StageWork>) => {
    if (work.stats) addStats(outcome.stats, work.stats);
    if (work.patternStats) outcome.patternStats = work.patternStats;
    if (work.signalsDetected !== undefined) outcome.signalsDetected = work.signalsDetected;
    if (work.enriched !== undefined) outcome.enriched = (outcome.enriched ?? 0) + work.enriched;
    if (work.ingest) outcome.ingest = work.ingest;
    if (work.pipelineRunIds) outcome.pipelineRunIds.push(...work.pipelineRunIds);
  };

  try {
    for (const stage of run.stages) {
      if (stage.status === 'completed' || stage.status === 'error') continue;
      if (cancelled()) break;
      stage.status = 'active';
      stage.progress = 0;
      stage.startedAt ??= now().toISOString();
      log(stage.id, `${stage.name} started`);
      await save(true);
      try {
        const work = await executors[stage.id]!(stage);
        merge(work);
        stage.status = 'completed';
        stage.progress = 100;
        stage.message = work.message;
        log(stage.id, `${stage.name} completed`);
      } catch (error) {
        if (error instanceof RunCancelled) {
          merge(error.work);
          break;
        }
        const message = error instanceof Error ? error.message : String(error);
        merge((error as { work?: Partial<StageWork> }).work ?? {});
        stage.status = 'error';
        stage.error = message;
        log(stage.id, `${stage.name} failed: ${message}`, 'error');
        deps.logger.warn({ err: error, runId, stage: stage.id }, 'console run stage failed');
      }
      stage.finishedAt = now().toISOString();
      await save(true);
    }
  } finally {
    clearInterval(heartbeat);
    await saving;
    if (cancelled()) {
      for (const stage of run.stages) if (stage.status === 'active') Object.assign(stage, { status: 'pending', progress: 0 });
      run.status = 'cancelled';
      log(null, options.signal?.aborted ? 'Stopped: the server is shutting down' : 'Cancelled');
    } else {
      run.status = run.stages.some((s) => s.status === 'error') ? 'failed' : 'completed';
      log(null, run.status === 'completed' ? 'Pipeline completed successfully!' : 'Some stages encountered errors');
    }
    run.finished_at = now().toISOString();
    await save(true);
  }
  return getConsoleRun(deps.db, runId);
}

function describeStats(stats: StageStats, stages: readonly StageName[]): string {
  if (stages.includes('publish'))
    return `${stats.processed} processed, ${stats.autoPublished} auto-published, ${stats.flaggedForReview} flagged for review, ${stats.failed} failed`;
  return `${stats.processed} processed, ${stats.failed} failed`;
}
