import { join } from 'node:path';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import type { IncomingMessage } from 'node:http';
import express, { type Express, type Request } from 'express';
import { OidcProviders } from '../core/accounts/oidc';
import { loadOrCreateServerSecret } from '../core/accounts/server-secret';
import { pruneSessions } from '../core/accounts/sessions';
import { pruneRateLimitCounters } from '../core/limits/rate-limit-counters';
import type { Config } from '../core/config';
import type { Database } from '../core/db/open-database';
import { checkReadiness, pingDatabase } from '../core/db/readiness';
import { isDatabaseUnreachable } from '../core/db/unreachable';
import type { Logger } from '../core/logger';
import type { SchedulerState } from '../core/settings/system-status';
import { createMailer, type Mailer } from '../core/mail/mailer';
import { listenForChanges, STORIES_CHANGED_CHANNEL, touchesPublicStories, type ChangeListener } from '../core/site/content-changes';
import type { Registry } from 'prom-client';
import { ResponseCache } from './cache/response-cache';
import { createMetrics } from './metrics';
import { errorHandler, notFoundApi } from './http-errors';
import { ConsoleEvents } from './live/console-events';
import { csrfProtection } from './middleware/csrf';
import { capturedHeaders, createFastLane, type FastLane } from './fast-lane';
import { createRateLimiters, type RateLimitSettings } from './middleware/rate-limits';
import { SignInThrottle, type SignInThrottleSettings } from './middleware/sign-in-throttle';
import { rejectNulInBody, rejectNulInUrl } from './middleware/reject-nul';
import { requestLog } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { loadSession } from './middleware/session';
import { OgImageCache } from './og/og-cache';
import { authRouter } from './routes/auth';
import { startMailQueue } from './mail-queue';
import { consoleRouter } from './routes/console';
import { ConsoleRunManager, SchedulerController } from './pipeline-control';
import { buildIngestDeps, buildPipelineDeps } from '../core/operations/pipeline-services';
import type { Schedule, ScheduleHooks } from '../core/pipeline/scheduler';
import { newsletterApiRouter, newsletterPagesRouter } from './routes/newsletter';
import { ogImageRouter } from './routes/og-image';
import { openApiRouter } from './openapi';
import { publicStoriesRouter } from './routes/public-stories';
import { sanityWebhookRouter } from './routes/sanity-webhook';
import { siteFilesRouter } from './routes/site-files';
import { lazyPageRenderer } from './pages/render-page';
import { meRouter } from './routes/me';
import { storyTranslationsRouter } from './routes/story-translations';
import { pageViewsRouter } from './routes/page-views';
import { stormsRouter } from './routes/storms';
import { serveWebApp, shellStyleHashes, type HtmlRenderer } from './web-app';
import { siteOrigin } from './site-origin';
import { createStaticAnswers } from './static-answers';

export type AppDeps = {
  db: Database;
  config: Config;
  logger: Logger;
  clock?: () => Date;
  /** The built web app (vite build output); the SPA is served from here. */
  webDist: string;
  /** Signing secret (unsubscribe links); default: C360_SESSION_SECRET or the data directory's. */
  secret?: string;
  mailer?: Mailer;
  /** The demo's mail catcher receives this server's mail (its Outbox shows in the console). */
  mailCatcher?: boolean;
  rateLimits?: Partial<RateLimitSettings>;
  /** Per-account sign-in slow-down (server/middleware/sign-in-throttle.ts). */
  signInThrottle?: Partial<SignInThrottleSettings>;
  /** Server-rendered pages (issue 6); default: the plain app shell. */
  renderHtml?: HtmlRenderer;
  /** Whether this process runs the schedule (`c360 serve --schedule`), for Settings › System. */
  scheduler?: () => SchedulerState;
  /** Lifetime of cached public answers while story changes are heard (they are dropped on any change). */
  cacheTtlMs?: number;
  /**
   * The schedule this server may run (ingest and the pipeline on cron; `c360 serve` gives the CLI's
   * jobs): `start` switches it on at start (`--schedule`); otherwise it follows the console's
   * Start/Stop System switch stored in the database. Without it, this server runs no schedule.
   * `runsElsewhere` (the workers of `c360 serve --workers N` but the first): this process stores
   * the console's switch, and the process named there runs the schedule.
   */
  schedule?: { create: (hooks: ScheduleHooks) => Schedule; start?: boolean; pollMs?: number } | { runsElsewhere: string };
};

export type C360App = Express & {
  shutdown: () => Promise<void>;
  /** Ends long-lived responses (the console's event streams) so a graceful close need not wait for them. */
  closeStreams: () => void;
  cache: ResponseCache;
  /**
   * Cached public answers sent before the app is entered: the http server's request listener
   * (server/start-server.ts) tries this first and hands the request to the app when it returns false.
   */
  fastLane: FastLane;
  /** This app's Prometheus registry (served at /metrics with C360_METRICS_TOKEN). */
  metrics: Registry;
  ready: Promise<void>;
  /** Resolves once the scheduler has read its switch and, when asked to, started the schedule. */
  schedulerReady: Promise<void>;
};

/** Body limits: JSON API bodies and forms are small; anything larger is refused with 413. */
export const JSON_BODY_LIMIT = '100kb';
const FORM_BODY_LIMIT = '10kb';

/** Requests that authenticate by their own secret, not by cookies: no CSRF token (see middleware/csrf.ts). */
// The page-view beacon reads no cookie and acts for no one: a forged one could only add a view.
const CSRF_EXEMPT = [/^\/api\/sync-sanity(\/|$)/, /^\/newsletter\/unsubscribe$/, /^\/api\/page-views$/];

/** Express `trust proxy` from C360_TRUST_PROXY: false, or the proxies' addresses and subnets (core/config.ts refuses true and hop counts). */
export function trustProxySetting(value: string): boolean | string {
  return value === 'false' ? false : value;
}

/**
 * The HTTP server. Order matters: request log and security headers first; the webhook's rate
 * limit (and the webhook itself, which needs the raw body) before the JSON parser; CSRF before
 * any route that changes state; sessions are loaded only where they are used (auth, console,
 * admin), so public reads never touch the sessions table.
 */
export function createApp(deps: AppDeps): C360App {
  const app = express() as unknown as C360App;
  const clock = deps.clock ?? (() => new Date());
  const { config, logger } = deps;
  const db = deps.db.knex;
  const https = config.publicUrl?.startsWith('https:') === true;
  const secret = deps.secret ?? loadOrCreateServerSecret(config);
  const limits = createRateLimiters({ db }, deps.rateLimits);
  const oidc = new OidcProviders(config.oidc);
  // Limits count in real time, not the app's clock (express-rate-limit's headers read Date.now()).
  const signInThrottle = new SignInThrottle({ db, clock: () => new Date() }, deps.signInThrottle);

  let listener: ChangeListener | undefined;
  const cache = new ResponseCache({
    ttlMs: deps.cacheTtlMs ?? 15_000,
    fallbackTtlMs: 1_000,
    maxEntries: 2_000,
    maxBytes: 64 * 1024 * 1024,
    searchShare: 0.1,
    isListening: () => listener?.listening === true,
    // While the database is unreachable, public pages and reads that were cached answer stale.
    isOutage: isDatabaseUnreachable,
  });
  app.cache = cache;
  const metrics = createMetrics({ db, cache, token: config.metricsToken, logger, clock });
  app.metrics = metrics.registry;
  // Every message counted on /metrics, sent or failed, by kind.
  const mailer = metrics.instrumentMailer(deps.mailer ?? createMailer(config.smtp));
  // Newsletter deliveries right after a send, and every minute due retries and alert dispatch.
  // Bulk mail (newsletters, alerts) goes through a pool of SMTP connections; a mailer the caller gives (tests) serves both.
  const bulkMailer = deps.mailer ? mailer : metrics.instrumentMailer(createMailer(config.smtp, { pool: true }));
  const mailQueue = startMailQueue({ db, mailer: bulkMailer, secret, logger, clock, alertOrigin: config.publicUrl ?? `http://${config.host}:${config.port}` });
  // One listener serves the public cache (story changes) and the console's live updates (all channels).
  const events = new ConsoleEvents({ logger, clock });
  // Console pipeline runs executed by this server, and its scheduler (started on --schedule or by the console's switch).
  const runs = new ConsoleRunManager({
    db,
    clock,
    logger,
    pipeline: (actor) => metrics.instrumentPipeline(buildPipelineDeps({ db, config, logger, clock, actor })),
    ingest: () => metrics.instrumentIngest(buildIngestDeps({ config, logger, clock })),
  });
  const schedule = deps.schedule && 'create' in deps.schedule ? deps.schedule : undefined;
  const runsElsewhere = deps.schedule && 'runsElsewhere' in deps.schedule ? deps.schedule.runsElsewhere : undefined;
  // The schedule's feed fetches are counted on /metrics like the console's.
  const createSchedule = schedule && (() => schedule.create({ onFeedDone: metrics.countFeedFetch }));
  const scheduler = new SchedulerController({ db, logger, clock, create: createSchedule, pollMs: schedule?.pollMs, runsElsewhere });
  const schedulerReady = scheduler.init(schedule?.start === true).catch((error) => logger.error({ err: error }, 'could not start the schedule'));
  app.ready = listenForChanges(
    deps.db,
    ConsoleEvents.CHANNELS,
    (notification) => {
      // Changes to drafts alone leave public pages as they are (a pipeline run makes them all the time).
      if (notification.channel === STORIES_CHANGED_CHANNEL && touchesPublicStories(notification.payload)) cache.invalidate();
      events.publish(notification);
    },
    logger,
    {
      onResync: () => {
        cache.invalidate();
        events.resync();
      },
      onStateChange: (listening) => events.setListening(listening),
    },
  ).then(
    (l) => {
      listener = l;
    },
    (error) => logger.warn({ err: error }, 'could not listen for story changes; public answers are cached for 1 s only'),
  );
  const pruneTimer = setInterval(() => void pruneSessions(db, clock()).catch((error) => logger.warn({ err: error }, 'session pruning failed')), 3_600_000);
  pruneTimer.unref();
  // Ended rate-limit windows and stale sign-in addresses (shared by all servers; any of them may prune).
  const limitsPruneTimer = setInterval(
    () =>
      void Promise.all([pruneRateLimitCounters(db, new Date()), signInThrottle.prune()]).catch((error) =>
        logger.warn({ err: error }, 'rate-limit pruning failed'),
      ),
    5 * 60_000,
  );
  limitsPruneTimer.unref();
  app.schedulerReady = schedulerReady;
  app.closeStreams = () => events.close();
  app.shutdown = async () => {
    events.close();
    await schedulerReady;
    await Promise.all([runs.stop(), scheduler.stop()]);
    clearInterval(pruneTimer);
    clearInterval(limitsPruneTimer);
    await mailQueue.stop();
    await app.ready;
    await listener?.stop();
    mailer.close();
    if (bulkMailer !== mailer) bulkMailer.close();
  };

  app.disable('x-powered-by');
  app.set('etag', false); // cached answers carry their own ETag
  app.set('trust proxy', trustProxySetting(config.trustProxy));

  const headers = securityHeaders({ https, styleHashes: shellStyleHashes(deps.webDist) });
  // Absolute URLs are built from C360_PUBLIC_URL or a trusted host, never from any Host header.
  const originOf = siteOrigin({ publicUrl: config.publicUrl, allowedHosts: config.allowedHosts });
  // The fast lane reads the trusted origin of a raw request through a view that has Express's
  // request getters (host, protocol under `trust proxy`), without entering the app.
  // The origin depends only on the connection's addresses, Host and X-Forwarded-Proto, and
  // working it out (the proxy-trust check parses the peer's address) costs a tenth of a cached
  // answer, so answers are remembered per set of those; a bounded map, as Host is the client's.
  const origins = new Map<string, string>();
  const rawOriginOf = (raw: IncomingMessage) => {
    const socket = raw.socket as IncomingMessage['socket'] & { encrypted?: boolean };
    const key = `${socket.encrypted ? 's' : ''} ${socket.remoteAddress} ${socket.localAddress} ${socket.localPort} ${raw.headers.host} ${raw.headers['x-forwarded-proto']}`;
    let origin = origins.get(key);
    if (origin === undefined) {
      const view = Object.create(app.request) as Request & { headers: IncomingMessage['headers']; socket: IncomingMessage['socket'] };
      view.headers = raw.headers;
      view.socket = raw.socket;
      origin = originOf(view);
      if (origins.size >= 1024) origins.clear();
      origins.set(key, origin);
    }
    return origin;
  };
  // The web app's files, answered on the fast lane as the app first answered them (server/static-answers.ts).
  const staticAnswers = createStaticAnswers({ webDist: deps.webDist });
  app.fastLane = createFastLane({
    cache,
    headers: capturedHeaders(headers),
    logger,
    originOf: rawOriginOf,
    onAnswered: metrics.countFastLane,
    staticAnswers,
  });
  app.use(metrics.countRequests);
  app.use(requestLog(logger));
  app.use(headers);
  app.use(rejectNulInUrl); // nothing with %00 is ever bound to an answer, so the fast lane never sends one
  // Before compression, so that what it records is what compression sends.
  app.use(staticAnswers.record);
  app.use(compression({ threshold: 1024 }));

  app.get('/healthz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      await pingDatabase(deps.db);
      res.json({ status: 'ok', database: deps.db.mode });
    } catch (error) {
      logger.error({ err: error }, 'health check failed');
      res.status(503).json({ status: 'unavailable', database: deps.db.mode });
    }
  });

  // Readiness (not liveness): a load balancer holds traffic back while the database is away or a deploy
  // has not migrated yet, or while it answers but refuses writes (read-only, disk full); the reason is
  // short and names no host or credentials.
  app.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const readiness = await checkReadiness(db);
    if (readiness.ready) res.json({ status: 'ready' });
    else res.status(503).json({ status: 'not ready', reason: readiness.reason });
  });

  app.get('/metrics', metrics.serve);

  // Webhooks read their raw body, so they sit before the body parsers, behind their rate limit.
  app.use('/api/sync-sanity', limits.webhook);
  app.use(sanityWebhookRouter({ db, clock, logger, secret: config.sanity.webhookSecret, insecureDev: config.sanity.insecureDev }));

  app.use(cookieParser());
  app.use('/api', express.json({ limit: JSON_BODY_LIMIT }));
  app.use('/newsletter', express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT }));
  app.use(rejectNulInBody);
  app.use(csrfProtection({ publicUrl: config.publicUrl, exempt: (path) => CSRF_EXEMPT.some((re) => re.test(path)) }));

  // Public API: anyone.
  const translation = Boolean(config.ai.apiKey);
  app.use('/api', openApiRouter());
  app.use('/api', publicStoriesRouter({ db, clock, cache, searchLimit: limits.search, translation }));
  app.use('/api', storyTranslationsRouter({ db, config, logger, limit: limits.translate }));
  app.use('/api', stormsRouter({ db, clock }));
  const siteHost = (host: string | undefined) => (config.publicUrl ? new URL(config.publicUrl).host : (host ?? ''));
  app.use('/api', pageViewsRouter({ db, clock, logger, siteHost, limits }));
  app.use('/api', ogImageRouter({ cache: new OgImageCache(), limits }));
  app.use('/api', newsletterApiRouter({ db, clock, logger, mailer, secret, publicUrl: config.publicUrl, originOf, limits }));

  // Accounts, console and admin: the session is loaded here and checked per route.
  const session = loadSession({ db, clock, publicUrl: config.publicUrl });
  app.use('/api/auth', session, authRouter({ db, clock, logger, publicUrl: config.publicUrl, originOf, limits, oidc, mailer, signInThrottle }));
  app.use('/api/me', session, meRouter({ db, clock, limits, mailer, secret, logger, originOf, publicUrl: config.publicUrl }));
  app.use(
    '/api',
    session,
    consoleRouter({
      db,
      clock,
      logger,
      config,
      events,
      mailer,
      mailQueue,
      mailCatcher: deps.mailCatcher === true,
      secret,
      databaseMode: deps.db.mode,
      scheduler: deps.scheduler ?? (() => scheduler.state()),
      pipeline: { runs, scheduler },
      invalidatePublicCache: () => cache.invalidate(),
    }),
  );
  app.use('/api', notFoundApi);

  app.use(siteFilesRouter({ db, cache, originOf }));
  app.use(newsletterPagesRouter({ db, clock, logger, mailer, secret, publicUrl: config.publicUrl, originOf, limits }));
  const renderHtml =
    deps.renderHtml ??
    lazyPageRenderer({
      db,
      clock,
      logger,
      translation,
      site: { newsletter: mailer.configured },
      ssrEntry: join(deps.webDist, '..', 'dist-server', 'entry-server.js'),
    });
  const errorPage = serveWebApp(app, { webDist: deps.webDist, db, cache, renderHtml, originOf, staticAnswers });
  app.use(errorHandler(logger, { htmlPage: errorPage }));
  return app;
}
