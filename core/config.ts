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
  DATABASE_URL: postgresUrl.meta({
    description: '`postgres://…` to use a PostgreSQL server (15 or newer); unset uses the embedded database (PGlite) in `C360_DATA_DIR`',
  }),
  C360_DATA_DIR: z.string().trim().min(1).default('./.c360').meta({ description: 'where the embedded database lives; one c360 process at a time may open it' }),
  PORT: portNumber(3360).meta({ description: 'port for `c360 serve` and the demo (1–65535)' }),
  HOST: z
    .string()
    .trim()
    .min(1)
    .default('127.0.0.1')
    .refine(isHostOrAddress, 'must be an IP address (127.0.0.1, 0.0.0.0, ::) or a host name')
    .meta({ description: 'address to listen on (`0.0.0.0` to accept outside connections): an IP address or a host name' }),
  C360_PUBLIC_URL: publicOrigin.meta({
    description:
      "the site's public origin (`http(s)://host[:port]`, no path or query), used in canonical links and e-mails. Unset: absolute URLs use the request's host only when it is trusted (the address and port the server was reached at, `localhost` on loopback, or `C360_ALLOWED_HOSTS`), else the server's own address such as `http://127.0.0.1:3360`: never an arbitrary `Host` header. Set it in production",
  }),
  // Without C360_PUBLIC_URL, further host names (host or host:port) the site may be reached at and name in its links.
  C360_ALLOWED_HOSTS: optionalString
    .refine(
      (value) => value === undefined || value.split(',').every((part) => /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i.test(part.trim())),
      'must be host names or host:port pairs separated by commas',
    )
    .meta({
      description:
        'with `C360_PUBLIC_URL` unset, more host names (`host` or `host:port`, separated by commas) the site may be reached at and name in its links',
    }),
  C360_LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'must be fatal, error, warn, info, debug, trace or silent' })
    .default('info')
    .meta({ description: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`; logs go to stderr' }),
  C360_LOG_FORMAT: z.enum(['auto', 'pretty', 'json'], { message: 'must be auto, pretty or json' }).default('auto').meta({
    description:
      '`pretty`: one short readable line per event; `json`: one JSON object per line, for log collectors; `auto`: pretty when stderr is a terminal and `NODE_ENV` is not `production`, else JSON',
  }),
  NODE_ENV: optionalString.meta({ description: '`production` keeps the logs in JSON even on a terminal (with `C360_LOG_FORMAT=auto`); nothing else reads it' }),
  OPENAI_API_KEY: optionalString.meta({ description: 'use an OpenAI-compatible model; unset uses the built-in offline provider' }),
  OPENAI_BASE_URL: httpUrl.meta({ description: 'any OpenAI-compatible server (a local one works)', shownDefault: 'OpenAI' }),
  C360_AI_MODEL: z.string().trim().min(1).default('gpt-4o-mini').meta({ description: 'model name sent to that server' }),
  C360_AI_TIMEOUT_MS: positiveInt(1000, 600_000, 60_000, 'milliseconds').meta({ description: 'timeout per AI request in milliseconds (1000–600000)' }),
  // Server and accounts (issue 5). Secrets are never echoed in errors or logs.
  C360_TRUST_PROXY: z
    .string()
    .trim()
    .min(1)
    .default('loopback')
    .refine(
      isTrustProxy,
      "must be false, or the proxies' addresses: loopback, linklocal, uniquelocal, addresses or subnets separated by commas (not true or a hop count, which would believe any client)",
    )
    .meta({
      description:
        'the proxies (load balancer, nginx) whose `X-Forwarded-For`/`-Proto` are believed, only on connections from these addresses: `loopback`, `linklocal`, `uniquelocal`, addresses or subnets separated by commas, or `false`. `true` and hop counts are refused: they would believe any client',
    }),
  C360_SESSION_SECRET: optionalString
    .refine((value) => value === undefined || value.length >= 32, 'must be at least 32 characters')
    .meta({
      description:
        'at least 32 characters; signs unsubscribe links. Unset: generated once and kept in `C360_DATA_DIR/server-secret` (mode 600). Set the same value on every server that shares a PostgreSQL database',
      shownDefault: 'generated',
    }),
  SMTP_URL: optionalString
    .refine((value) => value === undefined || parseUrl(value, ['smtp', 'smtps']) !== null, 'must be an smtp:// or smtps:// URL')
    .meta({
      description:
        "`smtp://user:pass@host:587` or `smtps://…:465`; or set the parts below. Without SMTP the site shows no newsletter box and the console's Send is off (saying why); `c360 demo` starts a local mail catcher instead",
    }),
  SMTP_HOST: optionalString
    .refine((value) => value === undefined || isHostOrAddress(value), 'must be a host name or IP address')
    .meta({ description: 'SMTP server by parts: its host (port 465 uses TLS from the start, others STARTTLS when offered)' }),
  SMTP_PORT: optionalString
    .refine(
      (value) => value === undefined || (/^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535),
      'must be a port number from 1 to 65535',
    )
    .meta({ description: 'SMTP server port (1–65535); 465 with an `smtps:` URL', shownDefault: '587' }),
  SMTP_USER: optionalString.meta({ description: 'SMTP user name' }),
  SMTP_PASS: optionalString.meta({ description: 'SMTP password' }),
  SMTP_FROM: optionalString
    .refine(
      (value) => value === undefined || /^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(value),
      'must be an e-mail address, optionally with a name: News <news@example.org>',
    )
    .meta({ description: "sender of C360's e-mails (`address` or `Name <address>`)", shownDefault: 'C360 <no-reply@localhost>' }),
  C360_OIDC_GOOGLE_ISSUER: oidcIssuer.meta({
    description:
      'sign-in with Google: the issuer (`https://accounts.google.com`); the three Google variables are set all or none; an issuer must be https (http only on loopback)',
  }),
  C360_OIDC_GOOGLE_CLIENT_ID: optionalString.meta({ description: 'sign-in with Google: the client id' }),
  C360_OIDC_GOOGLE_CLIENT_SECRET: optionalString.meta({ description: 'sign-in with Google: the client secret' }),
  C360_OIDC_MICROSOFT_ISSUER: oidcIssuer.meta({
    description: 'sign-in with Microsoft: the issuer (`https://login.microsoftonline.com/<tenant id>/v2.0`); the three Microsoft variables are set all or none',
  }),
  C360_OIDC_MICROSOFT_CLIENT_ID: optionalString.meta({ description: 'sign-in with Microsoft: the client id' }),
  C360_OIDC_MICROSOFT_CLIENT_SECRET: optionalString.meta({ description: 'sign-in with Microsoft: the client secret' }),
  // Ingest (issue 3): private/loopback feed addresses are refused unless this is 1 (tests, local demos).
  C360_ALLOW_PRIVATE_FEEDS: flag.meta({
    description:
      "`1` lets feeds live on loopback, private, link-local, ULA or CGNAT addresses (tests, a local feed host of your own); otherwise refused after DNS resolution. `c360 demo` does not need it: only its own feed host's origin is let through",
  }),
  C360_FEED_MAX_BYTES: positiveInt(10_000, 100_000_000, 5_000_000, 'bytes').meta({
    description: 'largest feed body read, in bytes after decompression (10000–100000000); bigger ones are cut off and count as a failed fetch',
  }),
  // Issue 25: a feed listing tens of thousands of items must not flood the pipeline from one fetch.
  C360_MAX_ITEMS_PER_FETCH: positiveInt(1, 100_000, 300, 'items').meta({
    description: 'most items taken from one fetch of one feed (1–100000): the newest by date; the rest are counted as over the cap and not stored',
  }),
  SANITY_WEBHOOK_SECRET: optionalString.meta({
    description:
      "the Sanity webhook's secret: `/api/sync-sanity` accepts only a valid `sanity-webhook-signature` (at most 5 minutes old) or an `x-sanity-secret` header equal to it. A signature covers the body only, so a signed delivery's operation comes from the body (add `\"operation\": delta::operation()` to the webhook's projection; a `sanity-operation` header that differs is refused). Unset: every delivery is refused (logged at start-up and shown in Content Sync)",
  }),
  // Issue 22: /metrics is served only with this bearer token (and not at all without it).
  C360_METRICS_TOKEN: optionalString
    .refine((value) => value === undefined || value.length >= 16, 'must be at least 16 characters')
    .meta({
      description:
        'at least 16 characters: `/metrics` (Prometheus text format) answers only requests with `Authorization: Bearer <token>` (401 otherwise). Unset: `/metrics` is not served (404), so it is never open by accident',
    }),
  // Without a secret the webhook refuses every delivery, unless this explicitly allows unsigned ones (development only).
  C360_SANITY_INSECURE_DEV: flag.meta({
    description:
      '`1` with no `SANITY_WEBHOOK_SECRET`: accept unsigned deliveries (local development only: anyone who reaches the server can then rewrite or delete CMS stories; a warning is logged at start-up and shown in Content Sync)',
  }),
});

/** Read before the configuration is (the error printer must work when the configuration is what failed). */
const READ_BEFORE_CONFIG: readonly EnvironmentVariable[] = [
  { name: 'C360_DEBUG', shownDefault: 'unset', description: '`1` prints stack traces for unexpected CLI errors' },
];

export type EnvironmentVariable = Readonly<{ name: string; shownDefault: string; description: string }>;

/**
 * Every variable C360 reads, in the schema's order, with its default and meaning: the source of
 * docs/configuration.md (`npm run docs:generate`). A variable without a description is listed with
 * an empty one, which the documentation test refuses.
 */
export function describeEnvironment(): EnvironmentVariable[] {
  const fromSchema = Object.entries(envSchema.shape).map(([name, schema]): EnvironmentVariable => {
    const meta = (schema as z.ZodType).meta() as { description?: string; shownDefault?: string } | undefined;
    const parsed = (schema as z.ZodType).safeParse(undefined);
    const value = parsed.success ? parsed.data : undefined;
    const shownDefault = meta?.shownDefault ?? (value === undefined || value === false ? 'unset' : String(value));
    return { name, shownDefault, description: meta?.description ?? '' };
  });
  return [...fromSchema, ...READ_BEFORE_CONFIG];
}

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
  /** `auto` leaves the choice to the logger: readable on a terminal, JSON when piped. NODE_ENV=production makes it `json`. */
  logFormat: 'auto' | 'pretty' | 'json';
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
    logFormat: e.C360_LOG_FORMAT === 'auto' && e.NODE_ENV === 'production' ? 'json' : e.C360_LOG_FORMAT,
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
