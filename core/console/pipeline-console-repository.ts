import type { Knex } from 'knex';
import type { Layer } from '../stories/story';

/**
 * SQL behind the AI Pipeline and Live Publishing screens: what waits where, what the pipeline
 * did since a given time (from pipeline_runs, the record every run leaves), the editors' reviews
 * (from audit entries), processing times, and the published stories the principles are checked on.
 */

export type PipelineCounts = {
  pendingItems: number;
  failedItems: number;
  failedStories: number;
  publishedSince: number;
  signals: number;
  signalsSince: number;
  patterns: number;
  patternsSince: number;
  attention: number;
  feeds: number;
};

export async function pipelineCounts(db: Knex, since: Date): Promise<PipelineCounts> {
  const at = since.toISOString();
  const { rows } = await db.raw(
    `select
       (select count(*)::int from raw_feeds where processing_status = 'pending') as pending_items,
       (select count(*)::int from raw_feeds where processing_status = 'failed') as failed_items,
       (select count(*)::int from synced_content where work_error is not null and pipeline_next is not null) as failed_stories,
       (select count(*)::int from synced_content where pipeline_stage = 'published' and published_at >= ?) as published_since,
       (select count(*)::int from signals) as signals,
       (select count(*)::int from signals where "timestamp" >= ?) as signals_since,
       (select count(*)::int from story_patterns) as patterns,
       (select count(*)::int from story_patterns where updated_at >= ?) as patterns_since,
       (select count(*)::int from synced_content where (flag_reason is not null or not auto_publish_eligible)
          and (pipeline_next is null or pipeline_next = 'publish') and pipeline_stage <> 'published') as attention,
       (select count(*)::int from feeds where enabled) as feeds`,
    [at, at, at],
  );
  const r = rows[0];
  return {
    pendingItems: r.pending_items,
    failedItems: r.failed_items,
    failedStories: r.failed_stories,
    publishedSince: r.published_since,
    signals: r.signals,
    signalsSince: r.signals_since,
    patterns: r.patterns,
    patternsSince: r.patterns_since,
    attention: r.attention,
    feeds: r.feeds,
  };
}

export type RunTotals = { runs: number; processed: number; autoPublished: number; flaggedForReview: number; failed: number };

/** What every recorded pipeline run since `since` did (scheduler, workers, CLI, console). */
export async function runTotalsSince(db: Knex, since: Date): Promise<RunTotals> {
  const { rows } = await db.raw(
    `select count(*)::int as runs, coalesce(sum(processed), 0)::int as processed, coalesce(sum(auto_published), 0)::int as auto_published,
            coalesce(sum(flagged_for_review), 0)::int as flagged, coalesce(sum(failed), 0)::int as failed
       from pipeline_runs where started_at >= ?`,
    [since.toISOString()],
  );
  const r = rows[0];
  return { runs: r.runs, processed: r.processed, autoPublished: r.auto_published, flaggedForReview: r.flagged, failed: r.failed };
}

/** Editors' decisions since `since`: overrides, and publishing by a person (not by a command or the pipeline). */
export async function humanReviewsSince(db: Knex, since: Date): Promise<number> {
  const at = since.toISOString();
  const { rows } = await db.raw(
    `select count(*)::int as n
       from synced_content s cross join lateral jsonb_array_elements(s.audit_log) e
      where s.updated_at >= ?
        and (e->>'timestamp')::timestamptz >= ?
        and (e->>'action' like 'manual\\_override\\_%' or (e->>'action' = 'publish' and e->>'user' !~ '^(cli|cron|console):'))`,
    [at, at],
  );
  return rows[0].n;
}

export type ProcessingTime = { stories: number; averageMinutes: number | null; medianMinutes: number | null };

/** From a story's first source item arriving to its publication, for stories published since `since`. */
export async function processingTimeSince(db: Knex, since: Date): Promise<ProcessingTime> {
  const { rows } = await db.raw(
    `select count(*)::int as n,
            avg(extract(epoch from (s.published_at - f.first_at)))::float as avg_seconds,
            percentile_cont(0.5) within group (order by extract(epoch from (s.published_at - f.first_at)))::float as median_seconds
       from synced_content s
       cross join lateral (select min(r.created_at) as first_at from raw_feeds r where r.story_id = s.id) f
      where s.pipeline_stage = 'published' and s.published_at >= ? and f.first_at is not null and s.published_at >= f.first_at`,
    [since.toISOString()],
  );
  const r = rows[0];
  const minutes = (seconds: number | null) => (seconds === null || seconds === undefined ? null : Math.round((Number(seconds) / 60) * 10) / 10);
  return { stories: r.n, averageMinutes: r.n ? minutes(r.avg_seconds) : null, medianMinutes: r.n ? minutes(r.median_seconds) : null };
}

/** Outlets whose items arrived since `since` (the live sources). */
export async function activeOutletsSince(db: Knex, since: Date): Promise<number> {
  const { rows } = await db.raw(`select count(distinct outlet)::int as n from raw_feeds where created_at >= ?`, [since.toISOString()]);
  return rows[0].n;
}

export type PrincipleRow = {
  id: string;
  summary: string;
  region: string;
  layers: Layer[];
  source_count: number;
  ai_fact_check_panel: { resolved?: boolean }[];
  fact_check_score: number | null;
  diaspora_relevance: number | null;
};

/** The latest published stories, with what the editorial principles are checked on. */
export async function latestPublishedForPrinciples(db: Knex, limit: number): Promise<PrincipleRow[]> {
  const { rows } = await db.raw(
    `select id, summary, region, layers, source_count, ai_fact_check_panel, fact_check_score, diaspora_relevance
       from synced_content where pipeline_stage = 'published' order by published_at desc, id desc limit ?`,
    [limit],
  );
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  return rows.map((r: Record<string, unknown>) => ({
    id: String(r.id),
    summary: (r.summary as string) ?? '',
    region: (r.region as string) ?? '',
    layers: (parse(r.layers) as Layer[]) ?? [],
    source_count: Number(r.source_count),
    ai_fact_check_panel: (parse(r.ai_fact_check_panel) as { resolved?: boolean }[]) ?? [],
    fact_check_score: r.fact_check_score === null ? null : Number(r.fact_check_score),
    diaspora_relevance: r.diaspora_relevance === null ? null : Number(r.diaspora_relevance),
  }));
}

export type LastDecisionRun = {
  id: string;
  label: string;
  status: string;
  actor: string;
  startedAt: string;
  finishedAt: string | null;
  processed: number;
  autoPublished: number;
  flaggedForReview: number;
  failed: number;
  error: string | null;
};

/** The latest finished run that took stories to a publish decision (not a pattern or enrichment run). */
export async function lastDecisionRun(db: Knex, options: { startedBy?: string } = {}): Promise<LastDecisionRun | null> {
  // startedBy: only runs that editor started from the console (actor `console:<action> (<email>)`).
  const byEditor = options.startedBy ? `and actor like 'console:%' and right(actor, ?) = ?` : '';
  const bindings = options.startedBy ? [options.startedBy.length + 2, `(${options.startedBy})`] : [];
  const { rows } = await db.raw(
    `select id, stage, status, actor, started_at, finished_at, processed, auto_published, flagged_for_review, failed, error
       from pipeline_runs where status <> 'running' and stats->'publish' is not null ${byEditor} order by started_at desc, id desc limit 1`,
    bindings,
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: String(r.id),
    label: r.stage,
    status: r.status,
    actor: r.actor,
    startedAt: new Date(r.started_at).toISOString(),
    finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    processed: Number(r.processed),
    autoPublished: Number(r.auto_published),
    flaggedForReview: Number(r.flagged_for_review),
    failed: Number(r.failed),
    error: r.error ?? null,
  };
}

/** Pipeline runs (any origin) still going, started within the last hour (older ones died unrecorded). */
export async function runsGoing(db: Knex, now: Date): Promise<{ label: string; actor: string; startedAt: string }[]> {
  const { rows } = await db.raw(
    `select stage, actor, started_at from pipeline_runs where status = 'running' and started_at >= ? order by started_at desc limit 5`,
    [new Date(now.getTime() - 3_600_000).toISOString()],
  );
  return rows.map((r: Record<string, unknown>) => ({
    label: r.stage as string,
    actor: r.actor as string,
    startedAt: new Date(r.started_at as string).toISOString(),
  }));
}

/** Failed work waiting for its retry: source items ('raw') and stories by the stage that failed. */
export async function failedWorkByStage(db: Knex): Promise<Map<string, number>> {
  const { rows } = await db.raw(
    `select 'raw' as kind, count(*)::int as n from raw_feeds where processing_status = 'failed' and story_id is null
     union all
     select split_part(work_error, ':', 1), count(*)::int from synced_content where work_error is not null and pipeline_next is not null group by 1`,
  );
  return new Map<string, number>((rows as { kind: string; n: number }[]).map((r) => [r.kind, Number(r.n)]));
}
