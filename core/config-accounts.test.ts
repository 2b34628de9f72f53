import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const dir = () => mkdtempSync(join(tmpdir(), 'c360-config-'));

describe('server and accounts configuration', () => {
  it('has safe defaults: no SMTP, no providers, loopback proxies trusted', () => {
    const config = loadConfig({}, dir());
    expect(config.smtp).toBeUndefined();
    expect(config.oidc).toEqual({});
    expect(config.trustProxy).toBe('loopback');
    expect(config.sessionSecret).toBeUndefined();
  });

  it('turns a provider on when its three variables are set, and refuses a partial set', () => {
    const config = loadConfig(
      { C360_OIDC_GOOGLE_ISSUER: 'https://accounts.google.com', C360_OIDC_GOOGLE_CLIENT_ID: 'id', C360_OIDC_GOOGLE_CLIENT_SECRET: 'shh' },
      dir(),
    );
    expect(config.oidc.google).toMatchObject({ id: 'google', name: 'Google', issuer: 'https://accounts.google.com', clientId: 'id' });
    expect(config.oidc.microsoft).toBeUndefined();
    expect(() => loadConfig({ C360_OIDC_MICROSOFT_CLIENT_ID: 'id' }, dir())).toThrow(
      /C360_OIDC_MICROSOFT_ISSUER, C360_OIDC_MICROSOFT_CLIENT_ID and C360_OIDC_MICROSOFT_CLIENT_SECRET/,
    );
  });

  it('reads SMTP from a URL or from parts, with the port by scheme', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.org' }, dir()).smtp).toMatchObject({ port: 465, from: 'C360 <no-reply@localhost>' });
    expect(loadConfig({ SMTP_HOST: 'mail.example.org', SMTP_USER: 'u', SMTP_PASS: 'p', SMTP_FROM: 'News <news@example.org>' }, dir()).smtp).toMatchObject({
      host: 'mail.example.org',
      port: 587,
      from: 'News <news@example.org>',
    });
  });

  it('never echoes secret values in errors', () => {
    let message = '';
    try {
      loadConfig({ SMTP_URL: 'http://user:hunter2@mail', C360_SESSION_SECRET: 'short-hunter2', SMTP_PORT: 'x' }, dir());
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('SMTP_URL');
    expect(message).toContain('C360_SESSION_SECRET');
    expect(message).toContain('SMTP_PORT');
    expect(message).not.toContain('hunter2');
  });
});
