import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { chooseLogFormat, createLogger, formatLogLine } from './logger';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const emptyDir = () => mkdtempSync(join(tmpdir(), 'c360-logger-'));

describe('the log format', () => {
  it.each([
    { env: {}, terminal: true, format: 'pretty' },
    { env: {}, terminal: false, format: 'json' },
    { env: { NODE_ENV: 'production' }, terminal: true, format: 'json' },
    { env: { NODE_ENV: 'development' }, terminal: true, format: 'pretty' },
    { env: { C360_LOG_FORMAT: 'json' }, terminal: true, format: 'json' },
    { env: { C360_LOG_FORMAT: 'pretty' }, terminal: false, format: 'pretty' },
    { env: { C360_LOG_FORMAT: 'pretty', NODE_ENV: 'production' }, terminal: false, format: 'pretty' },
  ])('$env on a terminal: $terminal → $format', ({ env, terminal, format }) => {
    expect(chooseLogFormat(loadConfig(env, emptyDir()).logFormat, terminal)).toBe(format);
  });

  it('refuses an unknown format with the variable named', () => {
    expect(() => loadConfig({ C360_LOG_FORMAT: 'fancy' }, emptyDir())).toThrow(/C360_LOG_FORMAT: must be auto, pretty or json/);
  });
});

describe('readable log lines', () => {
  const at = new Date(2026, 10, 27, 14, 2, 31).getTime();

  it.each([
    { name: 'an info line: time and message, no level word', entry: { level: 30, time: at, msg: 'feeds fetched' }, line: '14:02:31 feeds fetched' },
    {
      name: 'a warning with its fields',
      entry: { level: 40, time: at, msg: 'feed failed', outlet: 'Kingston Ledger', errors: 3 },
      line: '14:02:31 WARN feed failed outlet="Kingston Ledger" errors=3',
    },
    {
      name: 'a request',
      entry: { level: 30, time: at, req: { id: 'x', method: 'GET', url: '/api/home' }, res: { statusCode: 200 }, responseTime: 4.2, msg: 'request completed' },
      line: '14:02:31 GET /api/home 200 4 ms',
    },
    {
      name: 'an error keeps its message',
      entry: { level: 40, time: at, msg: 'summary failed', err: { type: 'Error', message: 'timeout' } },
      line: '14:02:31 WARN summary failed — timeout',
    },
    { name: 'a long value is cut', entry: { level: 30, time: at, msg: 'm', ids: 'a'.repeat(300) }, line: `14:02:31 m ids=${'a'.repeat(119)}…` },
  ])('$name', ({ entry, line }) => {
    expect(formatLogLine(JSON.stringify(entry))).toBe(line);
  });

  it('an error-level line keeps its stack below it; a line that is not JSON passes unchanged', () => {
    const out = formatLogLine(JSON.stringify({ level: 50, time: at, msg: 'crashed', err: { message: 'boom', stack: 'Error: boom\n    at f (a.ts:1:1)' } }));
    expect(out).toBe('14:02:31 ERROR crashed — boom\n    at f (a.ts:1:1)');
    expect(formatLogLine('c360: 3 more log line(s)')).toBe('c360: 3 more log line(s)');
  });

  it('the pretty logger writes formatted lines and redacts secrets; the JSON logger writes JSON', () => {
    const pretty: string[] = [];
    createLogger('info', { write: (c: string) => pretty.push(c) }, { format: 'pretty' }).warn({ user: { password: 'hunter22' } }, 'sign-in');
    expect(pretty).toHaveLength(1);
    expect(pretty[0]).toMatch(/^\d\d:\d\d:\d\d WARN sign-in user=\{"password":"\[redacted\]"\}\n$/);
    const json: string[] = [];
    createLogger('info', { write: (c: string) => json.push(c) }).info({ n: 1 }, 'done');
    expect(JSON.parse(json[0]!)).toMatchObject({ level: 30, msg: 'done', n: 1 });
  });
});
