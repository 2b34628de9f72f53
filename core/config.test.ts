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
