import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/open-database';
import { checkReadiness } from '../db/readiness';
import { isC360Error } from '../errors';
import { createMailer } from '../mail/mailer';
import { createAiProvider } from '../pipeline/summarise/create-provider';
import { classifyAiFault, type AiFault } from '../pipeline/summarise/openai-provider';
import { readRunHeartbeat } from './health-figures';
import { readSchedulerSetting } from './scheduler-setting';
import semver from 'semver';

/**
 * `c360 doctor`: what is wrong with this installation, one check per line, each failure with its
 * fix. Checks never throw: a refused connection or a bad setting is a line, not a stack trace.
 * A warning is worth knowing but does not stop C360 from running (no public URL on a laptop).
 */
export type CheckStatus = 'ok' | 'warn' | 'fail';
export type DoctorCheck = { name: string; status: CheckStatus; message: string; fix?: string };

export type DoctorInput = {
  /** Default: the process environment, as loadConfig reads it. */
  env?: NodeJS.ProcessEnv;
  cwd: string;
  nodeVersion: string;
  /** package.json's engines.node, e.g. "^20.19.0 || ^22.16.0 || >=24.0.0". */
  engines: string;
  /** Where `npm run build:web` writes the web app. */
  webDist: string;
  smtpTimeoutMs?: number;
  /** `--ai`: make one tiny call to the configured AI provider. */
  ai?: boolean;
  clock?: () => Date;
};

export async function runDoctor(input: DoctorInput): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [checkNode(input.nodeVersion, input.engines)];
  let config: Config;
  try {
    config = loadConfig(input.env, input.cwd);
    checks.push({ name: 'configuration', status: 'ok', message: 'the environment and .env parse' });
  } catch (error) {
    checks.push(failure('configuration', error, 'fix the variables named above (README "Configuration")'));
    return checks;
  }
  checks.push(...(await checkDatabase(config, input.clock ?? (() => new Date()))));
  checks.push(checkWebBuild(input.webDist));
  if (config.smtp) checks.push(await checkSmtp(config, input.smtpTimeoutMs ?? 10_000));
  checks.push(await checkAi(config, { call: input.ai === true }));
  checks.push(
    config.publicUrl
      ? { name: 'public URL', status: 'ok', message: config.publicUrl }
      : {
          name: 'public URL',
          status: 'warn',
          message: 'C360_PUBLIC_URL is not set',
          fix: "set it to the site's public origin in production (links in e-mails use it)",
        },
  );
  return checks;
}

export function checkNode(version: string, engines: string): DoctorCheck {
  if (!semver.validRange(engines)) return { name: 'node', status: 'warn', message: `Node ${version}; cannot read the engines range "${engines}"` };
  return semver.satisfies(version, engines)
    ? { name: 'node', status: 'ok', message: `Node ${version} (needs ${engines})` }
    : { name: 'node', status: 'fail', message: `Node ${version} is not supported (needs ${engines})`, fix: `install a Node version in ${engines}` };
}

async function checkDatabase(config: Config, clock: () => Date): Promise<DoctorCheck[]> {
  let db;
  try {
    db = await openDatabase(config, { command: 'c360 doctor', poolSize: 1 });
  } catch (error) {
    if (isC360Error(error, 'database_locked')) return [failure('data directory', error, 'stop that process, or run doctor while C360 is stopped')];
    return [failure('database', error, config.databaseUrl ? 'start PostgreSQL or correct DATABASE_URL' : 'check that C360_DATA_DIR is writable')];
  }
  try {
    const checks: DoctorCheck[] = [];
    const readiness = await checkReadiness(db.knex);
    if (!readiness.ready) {
      const fix = readiness.pending
        ? 'run `c360 db migrate`'
        : readiness.refusesWrites
          ? 'free disk space where the database keeps its files, or make it writable (not a read-only replica)'
          : 'check the database server and DATABASE_URL';
      checks.push({ name: 'database', status: 'fail', message: `${db.location}: ${readiness.reason}`, fix });
      return checks;
    }
    checks.push({ name: 'database', status: 'ok', message: `${db.location}: reachable, migrations current` });
    checks.push(await checkFeeds(db.knex).catch((error: unknown) => failure('feeds', error, 'check the database server')));
    checks.push(await checkSchedule(db.knex, clock()).catch((error: unknown) => failure('schedule', error, 'check the database server')));
    return checks;
  } finally {
    await db.close();
  }
}

async function checkFeeds(db: Knex): Promise<DoctorCheck> {
  const { rows } = await db.raw(`
    select outlet, url, consecutive_errors, last_error, last_fetched_at from feeds
    where enabled and consecutive_errors > 0 order by consecutive_errors desc, outlet`);
  const { rows: total } = await db.raw(`select count(*)::int as n from feeds where enabled`);
  const enabled = Number(total[0].n);
  if (enabled === 0) return { name: 'feeds', status: 'warn', message: 'no feeds registered', fix: 'c360 feeds import data/feeds/caribbean.opml' };
  if (rows.length === 0) return { name: 'feeds', status: 'ok', message: `${enabled} enabled, none failing` };
  const failing = (rows as { outlet: string; url: string; consecutive_errors: number; last_error: string | null; last_fetched_at: Date | null }[])
    .slice(0, 5)
    .map(
      (f) =>
        `${f.outlet} (${f.url}): ${f.consecutive_errors} failed fetch(es) in a row${f.last_fetched_at ? ` up to ${new Date(f.last_fetched_at).toISOString()}` : ''}${f.last_error ? `, ${f.last_error.slice(0, 120)}` : ''}`,
    );
  const more = rows.length > 5 ? `; ${rows.length - 5} more` : '';
  return {
    name: 'feeds',
    status: 'warn',
    message: `${enabled} enabled, ${rows.length} failing: ${failing.join('; ')}${more}`,
    fix: '`c360 feeds list` shows each error; remove or correct the feed',
  };
}

/** The pipeline runs every 5 minutes on the default schedule: an hour without a run ending means nothing runs it. */
export const SCHEDULE_STALE_MS = 60 * 60_000;
const SCHEDULE_FIX =
  'run the schedule: `c360 serve --schedule` (the embedded database), or `c360 worker` / `c360 schedule` as services, or the cron lines in docs/operations.md ("The schedule")';

/**
 * Whether something runs ingest and the pipeline: the schedule's claimed ticks and the pipeline's
 * runs are in the database whichever process made them (cron, `c360 schedule`, a server, a worker).
 */
export async function checkSchedule(db: Knex, now: Date): Promise<DoctorCheck> {
  const [runs, setting] = await Promise.all([readRunHeartbeat(db), readSchedulerSetting(db)]);
  const ended = [runs.lastRunEnded.succeeded, runs.lastRunEnded.failed].filter((d): d is Date => d !== null);
  const lastRun = ended.length > 0 ? new Date(Math.max(...ended.map((d) => d.getTime()))) : null;
  const fired = runs.scheduleLastFired.map((s) => `${s.job} ${ago(s.at, now)}`).join(', ');
  const jobs = fired ? `scheduled jobs last fired: ${fired}` : 'no scheduled job has fired on this database';
  const switchState = `the console's schedule switch is ${setting.enabled ? 'on' : 'off'}`;
  if (!lastRun) {
    return { name: 'schedule', status: 'warn', message: `no pipeline run has ended yet; ${jobs}; ${switchState}`, fix: SCHEDULE_FIX };
  }
  const last = `the last pipeline run ended ${ago(lastRun, now)}${runs.lastRunEnded.failed?.getTime() === lastRun.getTime() ? ' (failed)' : ''}`;
  if (now.getTime() - lastRun.getTime() > SCHEDULE_STALE_MS) {
    return { name: 'schedule', status: 'warn', message: `${last}: nothing seems to run the pipeline; ${jobs}; ${switchState}`, fix: SCHEDULE_FIX };
  }
  return { name: 'schedule', status: 'ok', message: `${last}${runs.running > 0 ? `, ${runs.running} running now` : ''}; ${jobs}; ${switchState}` };
}

function ago(at: Date, now: Date): string {
  const minutes = Math.round((now.getTime() - at.getTime()) / 60_000);
  const span = minutes < 120 ? `${minutes} min` : minutes < 48 * 60 ? `${Math.round(minutes / 60)} h` : `${Math.round(minutes / 1440)} days`;
  return `${span} ago (${at.toISOString()})`;
}

const AI_FIXES: Record<AiFault, string> = {
  unreachable: 'check that the AI server at OPENAI_BASE_URL is up and reachable from here, or raise C360_AI_TIMEOUT_MS',
  unauthorized: 'check OPENAI_API_KEY (the server refused it)',
  not_found: 'check C360_AI_MODEL and OPENAI_BASE_URL (an OpenAI-compatible server answers under /v1)',
  bad_answer:
    'the server answered in a shape C360 cannot use: set C360_AI_MODEL to a model that supports structured output (JSON schema), or unset OPENAI_API_KEY to use the offline provider',
};

/** The AI provider as configured; with `call`, one tiny translation through the same client the pipeline uses, no retry. */
export async function checkAi(config: Pick<Config, 'ai'>, options: { call: boolean }): Promise<DoctorCheck> {
  if (!config.ai.apiKey) return { name: 'ai', status: 'ok', message: 'the built-in offline provider (no network; set OPENAI_API_KEY to use a model)' };
  const where = `${aiHost(config.ai.baseUrl)}, model ${config.ai.model}`;
  if (!options.call) return { name: 'ai', status: 'ok', message: `${where} (not called: \`c360 doctor --ai\` makes one tiny call)` };
  const provider = createAiProvider(config, undefined, { maxRetries: 0 });
  const started = performance.now();
  try {
    const { usage } = await provider.translate!({ from: 'en', to: 'fr', texts: ['Good morning'] });
    const ms = Math.round(performance.now() - started);
    return { name: 'ai', status: 'ok', message: `${where}: answered in ${ms} ms (${usage.promptTokens + usage.completionTokens} tokens)` };
  } catch (error) {
    return { name: 'ai', status: 'fail', message: `${where}: ${(error as Error).message}`, fix: AI_FIXES[classifyAiFault(error)] };
  }
}

/** The server's host alone: a base URL may carry credentials. */
function aiHost(baseUrl: string | undefined): string {
  if (!baseUrl) return 'OpenAI (api.openai.com)';
  try {
    return new URL(baseUrl).host;
  } catch {
    return 'OPENAI_BASE_URL';
  }
}

function checkWebBuild(webDist: string): DoctorCheck {
  const built = existsSync(join(webDist, 'index.html')) && existsSync(join(webDist, '..', 'dist-server', 'entry-server.js'));
  return built
    ? { name: 'web build', status: 'ok', message: webDist }
    : { name: 'web build', status: 'fail', message: `the web app is not built (${webDist})`, fix: 'npm run build:web' };
}

async function checkSmtp(config: Config, timeoutMs: number): Promise<DoctorCheck> {
  const mailer = createMailer(config.smtp, { timeoutMs });
  const where = config.smtp?.host ?? (config.smtp?.url ? new URL(config.smtp.url).host : '?');
  try {
    await mailer.verify!();
    return { name: 'smtp', status: 'ok', message: `${where}: connected and signed in (no mail sent)` };
  } catch (error) {
    return {
      name: 'smtp',
      status: 'fail',
      message: `${where}: ${(error as Error).message}`,
      fix: 'check SMTP_URL (or SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS)',
    };
  } finally {
    mailer.close();
  }
}

function failure(name: string, error: unknown, fallbackFix: string): DoctorCheck {
  if (isC360Error(error)) return { name, status: 'fail', message: error.message, fix: error.hint ?? fallbackFix };
  return { name, status: 'fail', message: (error as Error)?.message ?? String(error), fix: fallbackFix };
}
