import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isIP } from 'node:net';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { C360Error } from './errors';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** Parses as a URL with one of these schemes; `null` when it does not. */
function parseUrl(value: string, schemes: string[]): URL | null {
  try {
    const url = new URL(value);
    return schemes.includes(url.protocol.replace(/:$/, '')) && url.hostname !== '' ? url : null;
  } catch {
    return null;
  }
}

const postgresUrl = optionalString.refine(
  (value) => value === undefined || parseUrl(value, ['postgres', 'postgresql']) !== null,
  'must be a postgres:// or postgresql:// URL',
);

const httpUrl = optionalString.refine((value) => value === undefined || parseUrl(value, ['http', 'https']) !== null, 'must be an http:// or https:// URL');

/** An origin: scheme, host and port only (canonical links and e-mails append paths to it). */
const publicOrigin = optionalString.refine((value) => {
  if (value === undefined) return true;
  const url = parseUrl(value, ['http', 'https']);
  return url !== null && (url.pathname === '/' || url.pathname === '') && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
}, 'must be an http:// or https:// origin without a path, query or fragment (e.g. https://news.example.org)');

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** An OpenID issuer must be https, except on loopback (a local provider in development and tests). */
const oidcIssuer = optionalString.refine((value) => {
  if (value === undefined) return true;
  const url = parseUrl(value, ['http', 'https']);
  if (!url) return false;
  return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname) || url.hostname.startsWith('127.');
}, 'must be an https:// URL (http:// only on localhost/127.0.0.1/[::1])');

/** A host name (RFC 1123 labels) or an IPv4/IPv6 address. */
export function isHostOrAddress(value: string): boolean {
  if (isIP(value.replace(/^\[(.*)\]$/, '$1')) !== 0) return true;
  if (value.length > 253) return false;
  if (/^[\d.]+$/.test(value)) return false; // looks like an IPv4 address but is not one
  return value.split('.').every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(label));
}

const portNumber = (fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === '' ? String(fallback) : value))
    .refine((value) => /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535, 'must be a port number from 1 to 65535')
    .transform(Number);

const positiveInt = (min: number, max: number, fallback: number, unit: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === '' ? String(fallback) : value))
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, `must be a whole number of ${unit} from ${min} to ${max}`)
    .transform(Number);

const flag = z
  .enum(['0', '1', 'true', 'false', ''], { message: 'must be 1 or 0 (true or false)' })
  .optional()
  .transform((value) => value === '1' || value === 'true');

/**
 * Express `trust proxy`, as addresses only: `false`, or names (loopback, linklocal, uniquelocal),
 * addresses and subnets. `true` and hop counts are refused (issue 21): they believe X-Forwarded-For
 * from whoever connects, so a client reaching a server past the proxy could pick its own address
 * and dodge every per-address limit the servers share.
 */
function isTrustProxy(value: string): boolean {
  if (value === 'false') return true;
  return value.split(',').every((part) => {
    const item = part.trim();
    if (['loopback', 'linklocal', 'uniquelocal'].includes(item)) return true;
    const [address, bits, ...rest] = item.split('/');
    if (rest.length > 0 || isIP(address ?? '') === 0) return false;
    if (bits === undefined) return true;
    const max = isIP(address!) === 4 ? 32 : 128;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
  });
}

/** Every environment variable C360 reads. Nothing else in the code reads process.env. */
const envSchema = z.object({
  DATABASE_URL: postgresUrl,
  C360_DATA_DIR: z.string().trim().min(1).default('./.c360'),
  PORT: portNumber(3360),
  HOST: z.string().trim().min(1).default('127.0.0.1').refine(isHostOrAddress, 'must be an IP address (127.0.0.1, 0.0.0.0, ::) or a host name'),
  C360_PUBLIC_URL: publicOrigin,
  // Without C360_PUBLIC_URL, further host names (host or host:port) the site may be reached at and name in its links.
  C360_ALLOWED_HOSTS: optionalString.refine(
    (value) => value === undefined || value.split(',').every((part) => /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i.test(part.trim())),
    'must be host names or host:port pairs separated by commas',
  ),
  C360_LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'must be fatal, error, warn, info, debug, trace or silent' })
    .default('info'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: httpUrl,
  C360_AI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  C360_AI_TIMEOUT_MS: positiveInt(1000, 600_000, 60_000, 'milliseconds'),
  // Server and accounts (issue 5). Secrets are never echoed in errors or logs.
  // The proxies (load balancer, nginx) whose X-Forwarded-For/-Proto are believed: only connections from these addresses.
  C360_TRUST_PROXY: z
    .string()
    .trim()
    .min(1)
    .default('loopback')
    .refine(
      isTrustProxy,
      "must be false, or the proxies' addresses: loopback, linklocal, uniquelocal, addresses or subnets separated by commas (not true or a hop count, which would believe any client)",
    ),
  C360_SESSION_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, 'must be at least 32 characters'),
  SMTP_URL: optionalString.refine((value) => value === undefined || parseUrl(value, ['smtp', 'smtps']) !== null, 'must be an smtp:// or smtps:// URL'),
  SMTP_HOST: optionalString.refine((value) => value === undefined || isHostOrAddress(value), 'must be a host name or IP address'),
  SMTP_PORT: optionalString.refine(
    (value) => value === undefined || (/^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535),
    'must be a port number from 1 to 65535',
  ),
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  SMTP_FROM: optionalString.refine(
    (value) => value === undefined || /^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(value),
    'must be an e-mail address, optionally with a name: News <news@example.org>',
  ),
  C360_OIDC_GOOGLE_ISSUER: oidcIssuer,
  C360_OIDC_GOOGLE_CLIENT_ID: optionalString,
  C360_OIDC_GOOGLE_CLIENT_SECRET: optionalString,
  C360_OIDC_MICROSOFT_ISSUER: oidcIssuer,
  C360_OIDC_MICROSOFT_CLIENT_ID: optionalString,
  C360_OIDC_MICROSOFT_CLIENT_SECRET: optionalString,
  // Ingest (issue 3): private/loopback feed addresses are refused unless this is 1 (tests, local demos).
  C360_ALLOW_PRIVATE_FEEDS: flag,
  C360_FEED_MAX_BYTES: positiveInt(10_000, 100_000_000, 5_000_000, 'bytes'),
  // Issue 25: a feed listing tens of thousands of items must not flood the pipeline from one fetch.
  C360_MAX_ITEMS_PER_FETCH: positiveInt(1, 100_000, 300, 'items'),
  SANITY_WEBHOOK_SECRET: optionalString,
  // Issue 22: /metrics is served only with this bearer token (and not at all without it).
  C360_METRICS_TOKEN: optionalString.refine((value) => value === undefined || value.length >= 16, 'must be at least 16 characters'),
  // Without a secret the webhook refuses every delivery, unless this explicitly allows unsigned ones (development only).
  C360_SANITY_INSECURE_DEV: flag,
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
  /** C360_ALLOWED_HOSTS, lower-cased: hosts (or host:port) trusted in a request's Host when C360_PUBLIC_URL is unset. */
  allowedHosts: readonly string[];
  logLevel: z.infer<typeof envSchema>['C360_LOG_LEVEL'];
  ai: Readonly<{ apiKey?: string; baseUrl?: string; model: string; timeoutMs: number }>;
  /** Express `trust proxy`: the proxy addresses whose X-Forwarded-For/-Proto are believed, or 'false'. */
  trustProxy: string;
  /** Signs unsubscribe links; when unset the server keeps a generated one in the data directory. */
  sessionSecret?: string;
  smtp?: SmtpConfig;
  oidc: Readonly<Partial<Record<OidcProviderId, OidcProviderConfig>>>;
  ingest: Readonly<{ allowPrivateFeeds: boolean; maxBodyBytes: number; maxItemsPerFetch: number }>;
  /** `insecureDev`: C360_SANITY_INSECURE_DEV=1, unsigned deliveries accepted when no secret is set. */
  sanity: Readonly<{ webhookSecret?: string; insecureDev: boolean }>;
  /** The bearer token /metrics asks for; unset, /metrics is not served. */
  metricsToken?: string;
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
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(environment)';
        const value = merged[name];
        const shown = value === undefined || /KEY|SECRET|PASS|TOKEN|SMTP_URL/.test(name) ? '' : ` (got "${value}")`;
        return `${name}: ${issue.message}${shown}`;
      });
  problems.push(...oidcProblems(merged));
  if (!parsed.success || problems.length > 0) {
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
    allowedHosts: Object.freeze(
      (e.C360_ALLOWED_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
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
    ingest: Object.freeze({ allowPrivateFeeds: e.C360_ALLOW_PRIVATE_FEEDS, maxBodyBytes: e.C360_FEED_MAX_BYTES, maxItemsPerFetch: e.C360_MAX_ITEMS_PER_FETCH }),
    sanity: Object.freeze({ webhookSecret: e.SANITY_WEBHOOK_SECRET, insecureDev: e.C360_SANITY_INSECURE_DEV }),
    metricsToken: e.C360_METRICS_TOKEN,
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
  for (const id of Object.keys(OIDC_PROVIDERS) as OidcProviderId[]) {
    const prefix = `C360_OIDC_${id.toUpperCase()}_`;
    const values = {
      issuer: e[`${prefix}ISSUER` as keyof ParsedEnv],
      clientId: e[`${prefix}CLIENT_ID` as keyof ParsedEnv],
      clientSecret: e[`${prefix}CLIENT_SECRET` as keyof ParsedEnv],
    } as Record<string, string | undefined>;
    if (Object.values(values).filter(Boolean).length === 3)
      providers[id] = Object.freeze({ id, name: OIDC_PROVIDERS[id], issuer: values.issuer!, clientId: values.clientId!, clientSecret: values.clientSecret! });
  }
  return providers;
}

/** Partial provider sets, from the raw values (so they join the schema's problems in one message). */
function oidcProblems(raw: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const id of Object.keys(OIDC_PROVIDERS) as OidcProviderId[]) {
    const prefix = `C360_OIDC_${id.toUpperCase()}_`;
    const set = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET'].filter((part) => (raw[prefix + part] ?? '').trim() !== '').length;
    if (set > 0 && set < 3)
      problems.push(
        `${prefix}ISSUER, ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET must be set together (all three to turn ${OIDC_PROVIDERS[id]} sign-in on, or none)`,
      );
  }
  return problems;
}
