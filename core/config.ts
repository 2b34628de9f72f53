import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { C360Error } from './errors';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const postgresUrl = optionalString.refine(
  (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
  'must be a postgres:// or postgresql:// URL',
);

const httpUrl = optionalString.refine(
  (value) => value === undefined || /^https?:\/\//.test(value),
  'must be an http:// or https:// URL',
);

/** Every environment variable C360 reads. Nothing else in the code reads process.env. */
const envSchema = z.object({
  DATABASE_URL: postgresUrl,
  C360_DATA_DIR: z.string().trim().min(1).default('./.c360'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3360),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  C360_PUBLIC_URL: httpUrl,
  C360_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: httpUrl,
  C360_AI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  C360_AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  // Ingest (issue 3): private/loopback feed addresses are refused unless this is 1 (tests, local demos).
  C360_ALLOW_PRIVATE_FEEDS: z.enum(['0', '1', 'true', 'false', '']).optional().transform((value) => value === '1' || value === 'true'),
  C360_FEED_MAX_BYTES: z.coerce.number().int().min(10_000).max(100_000_000).default(5_000_000),
  SANITY_WEBHOOK_SECRET: optionalString,
});

export type Config = Readonly<{
  databaseUrl?: string;
  dataDir: string;
  port: number;
  host: string;
  publicUrl?: string;
  logLevel: z.infer<typeof envSchema>['C360_LOG_LEVEL'];
  ai: Readonly<{ apiKey?: string; baseUrl?: string; model: string; timeoutMs: number }>;
  ingest: Readonly<{ allowPrivateFeeds: boolean; maxBodyBytes: number }>;
  sanity: Readonly<{ webhookSecret?: string }>;
}>;

/** Reads `.env` in `cwd` when present; variables already in the environment win. */
export function readEnvFile(cwd: string): Record<string, string> {
  const path = resolve(cwd, '.env');
  if (!existsSync(path)) return {};
  try {
    return parseEnv(readFileSync(path, 'utf8')) as Record<string, string>;
  } catch (error) {
    throw new C360Error('config_invalid', `Could not read ${path}: ${(error as Error).message}`, {
      hint: 'Each line of .env must look like NAME=value.',
    });
  }
}

/**
 * Parses the environment once. Fails with one message that lists every bad variable,
 * so a user fixes them all in one go rather than one per run.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const merged = { ...readEnvFile(cwd), ...definedOnly(env) };
  const parsed = envSchema.safeParse(merged);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      const value = merged[name];
      const shown = value === undefined || /KEY|SECRET|PASSWORD|TOKEN/.test(name) ? '' : ` (got "${value}")`;
      return `${name}: ${issue.message}${shown}`;
    });
    throw new C360Error('config_invalid', `Invalid configuration: ${problems.join('; ')}`, {
      hint: 'Fix these environment variables (or your .env file) and run again. See README "Configuration".',
      details: problems,
    });
  }
  const e = parsed.data;
  return Object.freeze({
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(cwd, e.C360_DATA_DIR),
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.C360_PUBLIC_URL?.replace(/\/+$/, ''),
    logLevel: e.C360_LOG_LEVEL,
    ai: Object.freeze({
      apiKey: e.OPENAI_API_KEY,
      baseUrl: e.OPENAI_BASE_URL,
      model: e.C360_AI_MODEL,
      timeoutMs: e.C360_AI_TIMEOUT_MS,
    }),
    ingest: Object.freeze({ allowPrivateFeeds: e.C360_ALLOW_PRIVATE_FEEDS, maxBodyBytes: e.C360_FEED_MAX_BYTES }),
    sanity: Object.freeze({ webhookSecret: e.SANITY_WEBHOOK_SECRET }),
  });
}

function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}
