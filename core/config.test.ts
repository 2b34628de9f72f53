import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const emptyDir = () => mkdtempSync(join(tmpdir(), 'c360-config-'));

describe('loadConfig', () => {
  it('gives working defaults with nothing set: embedded database in ./.c360', () => {
    const dir = emptyDir();
    const config = loadConfig({}, dir);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(join(dir, '.c360'));
    expect(config.port).toBe(3360);
    expect(config.host).toBe('127.0.0.1');
    expect(config.ai.apiKey).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('lists every bad variable in one message, without echoing secrets', () => {
    let error: unknown;
    try {
      loadConfig({ DATABASE_URL: 'mysql://db', PORT: 'eighty', OPENAI_BASE_URL: 'ftp://x', C360_LOG_LEVEL: 'loud' }, emptyDir());
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'config_invalid' });
    const message = (error as Error).message;
    for (const name of ['DATABASE_URL', 'PORT', 'OPENAI_BASE_URL', 'C360_LOG_LEVEL']) expect(message).toContain(name);
    expect((error as { details: string[] }).details).toHaveLength(4);
  });

  it('reads .env when present, and the real environment wins', () => {
    const dir = emptyDir();
    writeFileSync(join(dir, '.env'), 'PORT=4000\nHOST=0.0.0.0\n# comment\nC360_AI_MODEL="local-model"\n');
    const config = loadConfig({ HOST: '127.0.0.1' }, dir);
    expect(config.port).toBe(4000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.ai.model).toBe('local-model');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', OPENAI_API_KEY: '' }, emptyDir())).toMatchObject({ databaseUrl: undefined, ai: { apiKey: undefined } });
  });
});

describe('loadConfig validates every variable', () => {
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env, emptyDir());
    } catch (error) {
      return (error as { details: string[] }).details;
    }
    return [];
  };

  it.each([
    ['PORT', '0'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['HOST', 'not a host!'],
    ['HOST', '999.1.1.1'],
    ['HOST', 'exa mple.org'],
    ['C360_PUBLIC_URL', 'ftp://news.example.org'],
    ['C360_PUBLIC_URL', 'news.example.org'],
    ['C360_PUBLIC_URL', 'https://news.example.org/site'],
    ['C360_PUBLIC_URL', 'https://news.example.org/?a=1'],
    ['C360_PUBLIC_URL', 'https://news.example.org/#top'],
    ['C360_PUBLIC_URL', 'https://'],
    ['SMTP_PORT', '0'],
    ['SMTP_PORT', '99999'],
    ['SMTP_HOST', 'mail server'],
    ['SMTP_FROM', 'nobody'],
    ['C360_AI_TIMEOUT_MS', '0'],
    ['C360_AI_TIMEOUT_MS', '-5'],
    ['C360_AI_TIMEOUT_MS', '1e3'],
    ['OPENAI_BASE_URL', 'localhost:11434/v1'],
    ['OPENAI_BASE_URL', 'http://'],
    ['C360_LOG_LEVEL', 'verbose'],
    ['C360_OIDC_GOOGLE_ISSUER', 'http://accounts.google.com'],
    ['C360_FEED_MAX_BYTES', '-1'],
    ['C360_ALLOW_PRIVATE_FEEDS', 'yes'],
    ['C360_SANITY_INSECURE_DEV', 'yes'],
    ['C360_TRUST_PROXY', 'everyone'],
    ['C360_TRUST_PROXY', '10.0.0.0/99'],
    // Only addresses: a hop count or true would believe X-Forwarded-For from any client that reaches the server.
    ['C360_TRUST_PROXY', '2'],
    ['C360_TRUST_PROXY', 'true'],
    ['DATABASE_URL', 'postgres://'],
    ['SMTP_URL', 'smtp://'],
    ['C360_ALLOWED_HOSTS', 'http://news.local'],
  ])('refuses %s=%s', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems.some((p) => p.startsWith(`${name}:`))).toBe(true);
  });

  it.each([
    ['PORT', '1'],
    ['PORT', '65535'],
    ['HOST', '0.0.0.0'],
    ['HOST', '::'],
    ['HOST', '::1'],
    ['HOST', 'localhost'],
    ['HOST', 'c360.internal'],
    ['C360_PUBLIC_URL', 'https://news.example.org'],
    ['C360_PUBLIC_URL', 'http://127.0.0.1:3360/'],
    ['OPENAI_BASE_URL', 'http://127.0.0.1:11434/v1'],
    ['C360_TRUST_PROXY', '10.0.0.1, 192.168.0.0/16, loopback'],
    ['C360_TRUST_PROXY', 'false'],
    ['SMTP_FROM', 'C360 News <news@example.org>'],
    ['SMTP_FROM', 'news@example.org'],
    ['C360_ALLOWED_HOSTS', 'news.local, localhost:8080'],
  ])('accepts %s=%s', (name, value) => {
    expect(problemsOf({ [name]: value })).toEqual([]);
  });

  it('accepts an http issuer only on loopback (a local provider)', () => {
    const env = { C360_OIDC_GOOGLE_CLIENT_ID: 'id', C360_OIDC_GOOGLE_CLIENT_SECRET: 'shh' };
    expect(problemsOf({ ...env, C360_OIDC_GOOGLE_ISSUER: 'http://127.0.0.1:4000/oidc' })).toEqual([]);
    expect(problemsOf({ ...env, C360_OIDC_GOOGLE_ISSUER: 'http://localhost:4000' })).toEqual([]);
    expect(problemsOf({ ...env, C360_OIDC_GOOGLE_ISSUER: 'http://idp.example.org' })).toHaveLength(1);
  });

  it('lists bad values and a partial provider set together, in one message', () => {
    const problems = problemsOf({ PORT: '0', HOST: 'bad host', SMTP_PORT: '70000', C360_OIDC_MICROSOFT_CLIENT_ID: 'id' });
    expect(problems.map((p) => p.split(/[:, ]/)[0])).toEqual(['PORT', 'HOST', 'SMTP_PORT', 'C360_OIDC_MICROSOFT_ISSUER']);
  });
});
