import type { Knex } from 'knex';
import { lastRebuild } from '../pipeline/cluster/rebuild-clusters';
import { latestConsoleRun, LIVE_STEPS, RUNNABLE_STEPS, STEP_NAMES, type ConsoleRun, type LiveStep } from '../operations/console-runs';
import { workBacklog } from '../operations/console-run-repository';
import { countSentences, MAX_SUMMARY_SENTENCES, MIN_SUMMARY_SENTENCES } from '../pipeline/summarise/schema';
import { isRegionVisible } from '../stories/regions';
import { countStoriesByStage } from './console-repository';
import {
  activeOutletsSince,
  failedWorkByStage,
  humanReviewsSince,
  lastDecisionRun,
  latestPublishedForPrinciples,
  pipelineCounts,
  processingTimeSince,
  runsGoing,
  runTotalsSince,
  type PrincipleRow,
} from './pipeline-console-repository';

/**
 * The AI Pipeline screen's Overview and Interactive Workflow, and Live Publishing's counters and
 * analytics: every figure counted from the tables (stories, source items, signals, patterns,
 * pipeline_runs, audit entries), none fixed or random.
 */

export type PrincipleKey = 'two_sources' | 'fact_checked' | 'caribbean_context' | 'summary_length' | 'five_box' | 'diaspora_score';
export type PrincipleStatus = 'met' | 'partial' | 'not_met' | 'no_data';
export type Principle = {
  key: PrincipleKey;
  label: string;
  rule: string;
  share: number | null;
  met: number;
  checked: number;
  detail: string;
  status: PrincipleStatus;
};

/** How many of the latest published stories the principles are checked on. */
export const PRINCIPLES_SAMPLE = 500;
/** A principle is met when at least 95 % of the checked stories keep it, partly met from 70 %. */
export const MET_SHARE = 0.95;
export const PARTIAL_SHARE = 0.7;

const PRINCIPLES: readonly { key: PrincipleKey; label: string; rule: string; test: (s: PrincipleRow) => boolean }[] = [
  { key: 'two_sources', label: 'Two-source minimum', rule: 'Published stories have at least 2 independent sources', test: (s) => s.source_count >= 2 },
  {
    key: 'fact_checked',
    label: 'Unverified claims fact-checked',
    rule: 'Every claim of a published story was checked and resolved',
    test: (s) => s.fact_check_score !== null && s.ai_fact_check_panel.every((i) => i.resolved === true),
  },
  {
    key: 'caribbean_context',
    label: 'Caribbean context required',
    rule: 'The story names a Caribbean place and says why it matters to the region',
    test: (s) =>
      isRegionVisible(s.region) && s.layers.some((l) => l.layerType === 'why_it_matters' && (l.content.trim().length > 0 || (l.metricsTable?.length ?? 0) > 0)),
  },
  {
    key: 'summary_length',
    label: 'Summaries of 1-3 sentences',
    rule: `The summary has ${MIN_SUMMARY_SENTENCES} to ${MAX_SUMMARY_SENTENCES} sentences`,
    test: (s) => {
      const n = countSentences(s.summary);
      return n >= MIN_SUMMARY_SENTENCES && n <= MAX_SUMMARY_SENTENCES;
    },
  },
  {
    key: 'five_box',
    label: 'Five-box intelligence structure',
    // The other three layers are written only when the sources give something for them (never padded).
    rule: 'The short version and what happened are written; the other layers when the sources support them',
    test: (s) => (['short_version', 'what_happened'] as const).every((type) => s.layers.some((l) => l.layerType === type && l.content.trim().length > 0)),
  },
  {
    key: 'diaspora_score',
    label: 'Diaspora relevance score',
    rule: 'The story carries a diaspora relevance score (0-100)',
    test: (s) => s.diaspora_relevance !== null,
  },
];

/** Pure: each principle's share among the given published stories, and its status. */
export function assessPrinciples(stories: readonly PrincipleRow[]): Principle[] {
  return PRINCIPLES.map((p) => {
    const met = stories.filter(p.test).length;
    const checked = stories.length;
    const share = checked ? met / checked : null;
    const status: PrincipleStatus = share === null ? 'no_data' : share >= MET_SHARE ? 'met' : share >= PARTIAL_SHARE ? 'partial' : 'not_met';
    let detail = checked ? `${met} of ${checked} published stories (${Math.round((share ?? 0) * 100)}%)` : 'No published stories yet';
    if (p.key === 'diaspora_score' && checked) {
      const scores = stories.map((s) => s.diaspora_relevance).filter((v): v is number => v !== null);
      if (scores.length) detail += `; average score ${Math.round(scores.reduce((a, b) => a + b, 0) / scores.length)}`;
    }
    return { key: p.key, label: p.label, rule: p.rule, share, met, checked, detail, status };
  });
}

export type StepStatus = 'idle' | 'running' | 'completed' | 'error';
export type LiveStepView = { id: LiveStep; name: string; status: StepStatus; waiting: number; failed: number; detail: string; runnable: boolean };

/** Which steps a console run is working on now. */
function stepsInRun(run: ConsoleRun | null): Set<LiveStep> {
  const steps = new Set<LiveStep>();
  if (!run || run.status !== 'running') return steps;
  const active = run.stages.find((s) => s.status === 'active');
  if (!active) return steps;
  if (run.kind === 'step' && run.step) steps.add(run.step);
  if (active.id === 'fetch-rss') steps.add('ingestion');
  if (active.id === 'process-ai') for (const s of ['ingestion', 'drafting', 'verification', 'enrichment', 'publishing'] as const) steps.add(s);
  if (active.id === 'detect-patterns') steps.add('signal-detection');
  if (active.id === 'enrich') steps.add('enrichment');
  return steps;
}

/**
 * The live pipeline steps with what waits in each and what failed (and waits for its retry). A step
 * is running while a console run works on it and has work; error while failed work waits in it;
 * completed when nothing waits; idle when work waits for the next run.
 */
export async function liveSteps(db: Knex, input: { now: Date; run: ConsoleRun | null; signalsLastDay: number; attention: number }): Promise<LiveStepView[]> {
  const backlog = await workBacklog(db);
  const failed = await failedWorkByStage(db);
  const active = stepsInRun(input.run);
  const counts: Record<LiveStep, { waiting: number; failed: number; detail: string }> = {
    ingestion: { waiting: backlog.cluster, failed: failed.get('raw') ?? 0, detail: `${backlog.cluster} source item(s) waiting to join a story` },
    drafting: { waiting: backlog.summarise, failed: failed.get('summarise') ?? 0, detail: `${backlog.summarise} story(ies) waiting for a summary` },
    verification: { waiting: backlog.fact_check, failed: failed.get('fact_check') ?? 0, detail: `${backlog.fact_check} story(ies) waiting for fact-checking` },
    'signal-detection': { waiting: 0, failed: 0, detail: `${input.signalsLastDay} signal(s) in the last 24 h` },
    enrichment: { waiting: backlog.enrich, failed: 0, detail: `${backlog.enrich} story(ies) without external data` },
    editorial: { waiting: input.attention, failed: 0, detail: `${input.attention} story(ies) waiting for an editor` },
    publishing: { waiting: backlog.publish, failed: failed.get('publish') ?? 0, detail: `${backlog.publish} story(ies) waiting for a publish decision` },
  };
  return LIVE_STEPS.map((id) => {
    const c = counts[id];
    const status: StepStatus =
      active.has(id) && (c.waiting > 0 || id === 'signal-detection') ? 'running' : c.failed > 0 ? 'error' : c.waiting > 0 ? 'idle' : 'completed';
    return {
      id,
      name: STEP_NAMES[id],
      status,
      waiting: c.waiting,
      failed: c.failed,
      detail: c.failed ? `${c.detail}; ${c.failed} failed, retried later` : c.detail,
      runnable: (RUNNABLE_STEPS as readonly string[]).includes(id),
    };
  });
}

/** The AI Pipeline screen's Overview: counters, stories per stage, principles, the last run, the steps. */
export async function pipelineOverview(db: Knex, input: { since: Date; now: Date; editor?: string }) {
  const dayAgo = new Date(input.now.getTime() - 86_400_000);
  const counts = await pipelineCounts(db, input.since);
  const lastDay = await pipelineCounts(db, dayAgo);
  const stages = await countStoriesByStage(db);
  const sample = await latestPublishedForPrinciples(db, PRINCIPLES_SAMPLE);
  const run = await latestConsoleRun(db, input.now);
  const lastRun = await lastDecisionRun(db);
  // The "Last run results" card keeps the run this editor started, not a later scheduled (often empty) run.
  const yourLastRun = input.editor ? await lastDecisionRun(db, { startedBy: input.editor }) : null;
  const withRate = (r: NonNullable<typeof lastRun>) => ({ ...r, autoPublishRate: r.processed ? Math.round((r.autoPublished / r.processed) * 100) : null });
  return {
    since: input.since.toISOString(),
    counts: { ...counts, signalsLastDay: lastDay.signalsSince, patternsLastDay: lastDay.patternsSince },
    stages,
    principles: assessPrinciples(sample),
    principlesChecked: sample.length,
    lastRun: lastRun ? withRate(lastRun) : null,
    yourLastRun: yourLastRun ? withRate(yourLastRun) : null,
    lastRebuild: await lastRebuild(db),
    consoleRun: run,
    running: await runsGoing(db, input.now),
    steps: await liveSteps(db, { now: input.now, run, signalsLastDay: lastDay.signalsSince, attention: counts.attention }),
  };
}

/** Live Publishing: counters since `since` (the browser's midnight), live analytics, the steps. */
export async function livePublishingStatus(db: Knex, input: { since: Date; now: Date }) {
  const totals = await runTotalsSince(db, input.since);
  const counts = await pipelineCounts(db, input.since);
  const dayAgo = new Date(input.now.getTime() - 86_400_000);
  const lastDay = await pipelineCounts(db, dayAgo);
  const weekAgo = new Date(input.now.getTime() - 7 * 86_400_000);
  const timing = await processingTimeSince(db, weekAgo);
  const run = await latestConsoleRun(db, input.now);
  return {
    since: input.since.toISOString(),
    updatedAt: input.now.toISOString(),
    counters: {
      processedToday: totals.processed,
      flagged: totals.flaggedForReview,
      autoPublished: totals.autoPublished,
      humanReviews: await humanReviewsSince(db, input.since),
      failed: totals.failed,
      runs: totals.runs,
      publishedToday: counts.publishedSince,
    },
    analytics: {
      /** From a story's first source item arriving to its publication, stories published in the last 7 days. */
      processingTime: { ...timing, windowDays: 7 },
      /** (processed − flagged) / processed over today's runs; null before anything was processed. */
      successRate: totals.processed ? Math.round(((totals.processed - totals.flaggedForReview) / totals.processed) * 1000) / 10 : null,
      signalsDetected: counts.signalsSince,
      patternsIdentified: counts.patternsSince,
      activeSources: await activeOutletsSince(db, input.since),
      signalsLastDay: lastDay.signalsSince,
    },
    attention: counts.attention,
    consoleRun: run,
    running: await runsGoing(db, input.now),
    steps: await liveSteps(db, { now: input.now, run, signalsLastDay: lastDay.signalsSince, attention: counts.attention }),
  };
}
