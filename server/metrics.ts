import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Knex } from 'knex';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FeedRunResult, IngestDeps } from '../core/ingest/ingest-feeds';
import type { Logger } from '../core/logger';
import type { Mailer } from '../core/mail/mailer';
import { readHealthFigures } from '../core/operations/health-figures';
import type { PipelineDeps, StageReport } from '../core/pipeline/runner';
import { AiFailure, type AiProvider, type AiUsage } from '../core/pipeline/summarise/provider';
import type { ResponseCache } from './cache/response-cache';

/**
 * The server's Prometheus metrics. Each app has its own registry (tests start several apps in one
 * process). Counters are this process's; figures every process shares (queues, feeds, storm
 * advisories) are read from the database at scrape time, so workers elsewhere are seen too.
 */
export type Metrics = {
  registry: Registry;
  /** Counts every request by method, route pattern and status class. Goes first, before the fast lane. */
  countRequests: RequestHandler;
  /** Counts a request the fast lane answered before Express (server/fast-lane.ts), as countRequests would. */
  countFastLane: (method: string, status: number, seconds: number) => void;
  /** The pipeline's dependencies, with its stages and AI calls counted. */
  instrumentPipeline: (deps: PipelineDeps) => PipelineDeps;
  /** Ingest's dependencies, with each feed fetch counted by outcome. */
  instrumentIngest: (deps: IngestDeps) => IngestDeps;
  /** Counts one feed fetch by outcome (a schedule this server runs reports its fetches here). */
  countFeedFetch: (result: FeedRunResult) => void;
  /** A mailer whose every message is counted, sent or failed, by kind (every mail core sends goes through Mailer.send). */
  instrumentMailer: (mailer: Mailer) => Mailer;
  /** GET /metrics: the bearer token, or 401; 404 when no token is configured, so it is never open by accident. */
  serve: RequestHandler;
};

/** Requests the fast lane answers from the cache never reach Express; they are labelled as such. */
export const FAST_LANE_ROUTE = '(fast lane)';

export function createMetrics(deps: { db: Knex; cache: ResponseCache; token?: string; logger: Logger; clock: () => Date }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({ name: 'c360_http_requests_total', help: 'HTTP requests', labelNames: ['method', 'route', 'status'], registers });
  const durations = new Histogram({
    name: 'c360_http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const { cache } = deps;
  new Counter({
    name: 'c360_response_cache_hits_total',
    help: 'Public answers served from the response cache (the fast lane included)',
    registers,
    collect() {
      this.reset();
      this.inc(cache.hits);
    },
  });
  new Counter({
    name: 'c360_response_cache_misses_total',
    help: 'Public answers built because the response cache had none',
    registers,
    collect() {
      this.reset();
      this.inc(cache.misses);
    },
  });
  new Counter({
    name: 'c360_response_cache_stale_total',
    help: 'Public answers sent stale (their last good copy) because the database was unreachable',
    registers,
    collect() {
      this.reset();
      this.inc(cache.staleHits);
    },
  });
  const stageDuration = new Histogram({
    name: 'c360_pipeline_stage_duration_seconds',
    help: 'Duration of one pipeline stage in one run (a batch for the console and the worker)',
    labelNames: ['stage'],
    buckets: [0.01, 0.05, 0.25, 1, 5, 15, 60, 300, 900],
    registers,
  });
  const stageItems = new Counter({
    name: 'c360_pipeline_stage_items_total',
    help: 'Items and stories a pipeline stage processed or failed',
    labelNames: ['stage', 'outcome'],
    registers,
  });
  const stageErrors = new Counter({
    name: 'c360_pipeline_stage_errors_total',
    help: 'Pipeline stages that stopped with an error',
    labelNames: ['stage'],
    registers,
  });
  const aiCalls = new Counter({ name: 'c360_ai_calls_total', help: 'Requests made to the AI provider', labelNames: ['task'], registers });
  const aiTokens = new Counter({ name: 'c360_ai_tokens_total', help: 'Tokens spent on the AI provider', labelNames: ['task', 'kind'], registers });
  const aiFailures = new Counter({ name: 'c360_ai_failures_total', help: 'AI tasks given up after retries and repair', labelNames: ['task'], registers });
  const queue = new Gauge({
    name: 'c360_queue_depth',
    help: 'Work due now, per pipeline stage (source items for cluster, stories for the rest)',
    labelNames: ['stage'],
    registers,
  });
  const feeds = new Gauge({ name: 'c360_feeds', help: 'Enabled feeds, and those whose last fetch failed', labelNames: ['state'], registers });
  const advisoryAge = new Gauge({
    name: 'c360_storm_advisory_age_seconds',
    help: 'Time since the newest storm advisory was issued (absent before the first)',
    registers,
  });
  const feedFetches = new Counter({
    name: 'c360_feed_fetches_total',
    help: 'Feed fetches made by this process, by outcome (ok, not_modified, error) and, for errors, their kind',
    labelNames: ['outcome', 'error'],
    registers,
  });
  const failingFeed = new Gauge({
    name: 'c360_feed_consecutive_errors',
    help: 'Failed fetches in a row, for each enabled feed whose last fetch failed (the worst 100)',
    labelNames: ['feed_id', 'outlet'],
    registers,
  });
  const failingFeedLastSuccess = new Gauge({
    name: 'c360_feed_last_success_timestamp_seconds',
    help: 'When each failing feed was last fetched without error (absent if never)',
    labelNames: ['feed_id', 'outlet'],
    registers,
  });
  const mailSent = new Counter({
    name: 'c360_mail_sent_total',
    help: 'E-mails this process handed to the SMTP server, by kind',
    labelNames: ['kind'],
    registers,
  });
  const mailFailed = new Counter({
    name: 'c360_mail_failed_total',
    help: 'E-mails this process could not send (SMTP refused or unreachable, no SMTP set up, a bad address), by kind',
    labelNames: ['kind'],
    registers,
  });
  const lastRunEnded = new Gauge({
    name: 'c360_pipeline_last_run_end_timestamp_seconds',
    help: 'When a pipeline run (any process: worker, schedule, console) last ended, by status',
    labelNames: ['status'],
    registers,
  });
  const runsRunning = new Gauge({ name: 'c360_pipeline_runs_running', help: 'Pipeline runs in progress in any process', registers });
  const scheduleFired = new Gauge({
    name: 'c360_schedule_last_run_timestamp_seconds',
    help: 'When each scheduled job last fired on this database (c360 schedule, serve --schedule)',
    labelNames: ['job'],
    registers,
  });
  const figuresUp = new Gauge({
    name: 'c360_database_figures_up',
    help: '1 when the figures read from the database at this scrape are current, 0 when the read failed',
    registers,
  });

  const countUsage = (task: string, usage: AiUsage) => {
    aiCalls.inc({ task }, usage.calls);
    aiTokens.inc({ task, kind: 'prompt' }, usage.promptTokens);
    aiTokens.inc({ task, kind: 'completion' }, usage.completionTokens);
  };
  // Each task's usage is counted whether it succeeds or fails (a failure has spent its retries).
  async function counted<T extends { usage: AiUsage }>(task: string, call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      countUsage(task, result.usage);
      return result;
    } catch (error) {
      if (error instanceof AiFailure) countUsage(task, error.usage);
      aiFailures.inc({ task });
      throw error;
    }
  }
  const instrumentAi = (ai: AiProvider): AiProvider => ({
    name: ai.name,
    model: ai.model,
    summarise: (input) => counted('summarise', () => ai.summarise(input)),
    sameEvent: ai.sameEvent ? (input) => counted('same_event', () => ai.sameEvent!(input)) : undefined,
    judgeClaim: ai.judgeClaim ? (input) => counted('judge_claim', () => ai.judgeClaim!(input)) : undefined,
    writeTake: ai.writeTake ? (input) => counted('write_take', () => ai.writeTake!(input)) : undefined,
    translate: ai.translate ? (input) => counted('translate', () => ai.translate!(input)) : undefined,
  });

  const recordStage = (report: StageReport) => {
    stageDuration.observe({ stage: report.stage }, report.durationMs / 1000);
    if (report.result) {
      stageItems.inc({ stage: report.stage, outcome: 'processed' }, report.result.processed);
      stageItems.inc({ stage: report.stage, outcome: 'failed' }, report.result.failed);
    } else stageErrors.inc({ stage: report.stage });
  };

  async function readFigures(): Promise<void> {
    try {
      const figures = await readHealthFigures(deps.db);
      for (const [stage, depth] of Object.entries(figures.backlog)) queue.set({ stage }, depth);
      feeds.set({ state: 'enabled' }, figures.feeds.enabled);
      feeds.set({ state: 'failing' }, figures.feeds.failing);
      failingFeed.reset();
      failingFeedLastSuccess.reset();
      for (const feed of figures.failingFeeds) {
        const labels = { feed_id: String(feed.id), outlet: feed.outlet };
        failingFeed.set(labels, feed.consecutiveErrors);
        if (feed.lastSuccessAt) failingFeedLastSuccess.set(labels, feed.lastSuccessAt.getTime() / 1000);
      }
      lastRunEnded.reset();
      for (const status of ['succeeded', 'failed'] as const) {
        const at = figures.runs.lastRunEnded[status];
        if (at) lastRunEnded.set({ status }, at.getTime() / 1000);
      }
      runsRunning.set(figures.runs.running);
      scheduleFired.reset();
      for (const { job, at } of figures.runs.scheduleLastFired) scheduleFired.set({ job }, at.getTime() / 1000);
      advisoryAge.reset();
      if (figures.latestAdvisoryAt) advisoryAge.set(Math.max(0, (deps.clock().getTime() - figures.latestAdvisoryAt.getTime()) / 1000));
      figuresUp.set(1);
    } catch (error) {
      deps.logger.warn({ err: error }, 'metrics: could not read figures from the database');
      figuresUp.set(0);
    }
  }

  const countFeedFetch = (result: FeedRunResult) => {
    if (result.status === 'fetched') feedFetches.inc({ outcome: 'ok', error: '' });
    else if (result.status === 'not_modified') feedFetches.inc({ outcome: 'not_modified', error: '' });
    else feedFetches.inc({ outcome: 'error', error: result.errorKind ?? 'other' });
  };

  const expected = deps.token ? digest(deps.token) : null;
  const fastLaneSeries = new Map<string, { requests: { inc: () => void }; durations: { observe: (value: number) => void } }>();
  return {
    registry,
    countRequests: (req, res, next) => {
      const end = durations.startTimer();
      res.on('finish', () => {
        const labels = { method: req.method, route: routeOf(req, res.locals), status: `${Math.floor(res.statusCode / 100)}xx` };
        requests.inc(labels);
        end(labels);
      });
      next();
    },
    countFastLane: (method, status, seconds) => {
      // The fast lane's few label sets (GET/HEAD × 2xx/3xx) are bound once: hashing labels per request costs more than the answer.
      const key = `${method} ${Math.floor(status / 100)}`;
      let bound = fastLaneSeries.get(key);
      if (!bound) {
        const labels = { method, route: FAST_LANE_ROUTE, status: `${Math.floor(status / 100)}xx` };
        bound = { requests: requests.labels(labels), durations: durations.labels(labels) };
        fastLaneSeries.set(key, bound);
      }
      bound.requests.inc();
      bound.durations.observe(seconds);
    },
    instrumentPipeline: (pipeline) => ({
      ...pipeline,
      ai: instrumentAi(pipeline.ai),
      onStageDone: (report) => {
        pipeline.onStageDone?.(report);
        recordStage(report);
      },
    }),
    instrumentIngest: (ingest) => ({
      ...ingest,
      onFeedDone: (result) => {
        ingest.onFeedDone?.(result);
        countFeedFetch(result);
      },
    }),
    countFeedFetch,
    instrumentMailer: (mailer) => ({
      configured: mailer.configured,
      verify: mailer.verify,
      close: () => mailer.close(),
      send: async (message) => {
        try {
          await mailer.send(message);
        } catch (error) {
          mailFailed.inc({ kind: message.kind });
          throw error;
        }
        mailSent.inc({ kind: message.kind });
      },
    }),
    serve: async (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      if (!expected) {
        res.status(404).json({ error: { code: 'not_found', message: 'Metrics are off: set C360_METRICS_TOKEN to serve them.' } });
        return;
      }
      const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!given || !timingSafeEqual(digest(given), expected)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
        res.status(401).json({ error: { code: 'unauthorized', message: 'A valid bearer token is required.' } });
        return;
      }
      await readFigures();
      res.setHeader('Content-Type', registry.contentType);
      res.send(await registry.metrics());
    },
  };
}

// Digests of equal length, so the comparison takes the same time whatever the token given.
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** The route's pattern (`/api/articles/:id`), never the URL itself, so the label's values stay few. */
function routeOf(req: Request, locals: Record<string, unknown>): string {
  if (typeof locals.metricsRoute === 'string') return locals.metricsRoute;
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (path === undefined) return '(none)';
  const pattern = String(path);
  if (req.baseUrl || pattern.includes('*')) return `${req.baseUrl}${pattern}`;
  // A router that passed an error on (next(err)) has given its mount path back by the time the answer
  // is sent. Our mount paths are plain words (no parameters), so the URL's leading segments, as many
  // as it has beyond the pattern's, are that mount path.
  const segments = (req.originalUrl.split('?')[0] ?? '').split('/').filter(Boolean);
  const own = pattern.split('/').filter(Boolean).length;
  return `${segments.length > own ? `/${segments.slice(0, segments.length - own).join('/')}` : ''}${pattern}`;
}
