import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateServerSecret } from './server-secret';

describe('loadOrCreateServerSecret', () => {
  it('uses C360_SESSION_SECRET when set, else generates one once and keeps it private in the data directory', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'c360-secret-')), 'data');
    expect(loadOrCreateServerSecret({ sessionSecret: 'from-the-environment-0123456789abcdef', dataDir })).toBe('from-the-environment-0123456789abcdef');
    const generated = loadOrCreateServerSecret({ dataDir });
    expect(generated).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(loadOrCreateServerSecret({ dataDir })).toBe(generated);
    expect(readFileSync(join(dataDir, 'server-secret'), 'utf8').trim()).toBe(generated);
    expect(statSync(join(dataDir, 'server-secret')).mode & 0o777).toBe(0o600);
  });
});
