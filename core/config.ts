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
  // Server and accounts (issue 5). Secrets are never echoed in errors or logs.
  C360_TRUST_PROXY: z.string().trim().min(1).default('loopback'),
  C360_SESSION_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, 'must be at least 32 characters'),
  SMTP_URL: optionalString.refine((value) => value === undefined || /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL'),
  SMTP_HOST: optionalString,
  SMTP_PORT: optionalString.refine((value) => value === undefined || /^\d{1,5}$/.test(value), 'must be a port number'),
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  SMTP_FROM: optionalString,
  C360_OIDC_GOOGLE_ISSUER: httpUrl,
  C360_OIDC_GOOGLE_CLIENT_ID: optionalString,
  C360_OIDC_GOOGLE_CLIENT_SECRET: optionalString,
  C360_OIDC_MICROSOFT_ISSUER: httpUrl,
  C360_OIDC_MICROSOFT_CLIENT_ID: optionalString,
  C360_OIDC_MICROSOFT_CLIENT_SECRET: optionalString,
  // Ingest (issue 3): private/loopback feed addresses are refused unless this is 1 (tests, local demos).
  C360_ALLOW_PRIVATE_FEEDS: z.enum(['0', '1', 'true', 'false', '']).optional().transform((value) => value === '1' || value === 'true'),
  C360_FEED_MAX_BYTES: z.coerce.number().int().min(10_000).max(100_000_000).default(5_000_000),
  SANITY_WEBHOOK_SECRET: optionalString,
});

export const OIDC_PROVIDERS = { google: 'Google', microsoft: 'Microsoft' } as const;
export type OidcProviderId = keyof typeof OIDC_PROVIDERS;
export type OidcProviderConfig = Readonly<{ id: OidcProviderId; name: string; issuer: string; clientId: string; clientSecret: string }>;
export type SmtpConfig = Readonly<{ url?: string; host?: string; port: number; user?: string; pass?: string; from: string }>;

export type Config = Readonly<{
  databaseUrl?: string;
  dataDir: string;
  port: number;
  host: string;
  publicUrl?: string;
  logLevel: z.infer<typeof envSchema>['C360_LOG_LEVEL'];
  ai: Readonly<{ apiKey?: string; baseUrl?: string; model: string; timeoutMs: number }>;
  /** Express `trust proxy`: which hops' X-Forwarded-For/-Proto to believe. */
  trustProxy: string;
  /** Signs unsubscribe links; when unset the server keeps a generated one in the data directory. */
  sessionSecret?: string;
  smtp?: SmtpConfig;
  oidc: Readonly<Partial<Record<OidcProviderId, OidcProviderConfig>>>;
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
      const shown = value === undefined || /KEY|SECRET|PASS|TOKEN|SMTP_URL/.test(name) ? '' : ` (got "${value}")`;
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
    trustProxy: e.C360_TRUST_PROXY,
    sessionSecret: e.C360_SESSION_SECRET,
    smtp: readSmtp(e),
    oidc: Object.freeze(readOidc(e)),
    ingest: Object.freeze({ allowPrivateFeeds: e.C360_ALLOW_PRIVATE_FEEDS, maxBodyBytes: e.C360_FEED_MAX_BYTES }),
    sanity: Object.freeze({ webhookSecret: e.SANITY_WEBHOOK_SECRET }),
  });
}

function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}

type ParsedEnv = z.infer<typeof envSchema>;

function readSmtp(e: ParsedEnv): SmtpConfig | undefined {
  if (!e.SMTP_URL && !e.SMTP_HOST) return undefined;
  const port = e.SMTP_PORT ? Number(e.SMTP_PORT) : e.SMTP_URL?.startsWith('smtps:') ? 465 : 587;
  return Object.freeze({ url: e.SMTP_URL, host: e.SMTP_HOST, port, user: e.SMTP_USER, pass: e.SMTP_PASS, from: e.SMTP_FROM ?? 'C360 <no-reply@localhost>' });
}

/** A provider is on when its three variables are set; a partial set is a mistake worth stopping for. */
function readOidc(e: ParsedEnv): Partial<Record<OidcProviderId, OidcProviderConfig>> {
  const providers: Partial<Record<OidcProviderId, OidcProviderConfig>> = {};
  const problems: string[] = [];
  for (const id of Object.keys(OIDC_PROVIDERS) as OidcProviderId[]) {
    const prefix = `C360_OIDC_${id.toUpperCase()}_`;
    const values = { issuer: e[`${prefix}ISSUER` as keyof ParsedEnv], clientId: e[`${prefix}CLIENT_ID` as keyof ParsedEnv], clientSecret: e[`${prefix}CLIENT_SECRET` as keyof ParsedEnv] } as Record<string, string | undefined>;
    const set = Object.values(values).filter(Boolean).length;
    if (set === 3) providers[id] = Object.freeze({ id, name: OIDC_PROVIDERS[id], issuer: values.issuer!, clientId: values.clientId!, clientSecret: values.clientSecret! });
    else if (set > 0) problems.push(`${prefix}ISSUER, ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET must be set together`);
  }
  if (problems.length > 0) {
    throw new C360Error('config_invalid', `Invalid configuration: ${problems.join('; ')}`, {
      hint: 'Set all three variables of a provider to turn it on, or none to leave it off. See README "Accounts and security".',
      details: problems,
    });
  }
  return providers;
}
