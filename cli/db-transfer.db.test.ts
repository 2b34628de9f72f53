import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../core/db/open-database';
import { runCli, tempDataDir } from '../test/helpers/run-cli';
import { openTestDatabase, postgresUrlOf, testDatabaseMode } from '../test/helpers/test-database';

const file = join(mkdtempSync(join(tmpdir(), 'c360-move-')), 'c360.ndjson.gz');
const source = { C360_DATA_DIR: tempDataDir() };
let target: Record<string, string>;
let postgres: Database | undefined;

beforeAll(async () => {
  if (testDatabaseMode() === 'postgres') {
    postgres = await openTestDatabase();
    target = { DATABASE_URL: postgresUrlOf(postgres) };
  } else target = { C360_DATA_DIR: tempDataDir() };
});
afterAll(async () => {
  await postgres?.close();
});

describe('c360 db export / c360 db import', () => {
  it('moves an embedded installation to another database, as docs/operations.md tells an operator', async () => {
    await runCli(['db', 'migrate'], { env: source });
    expect(
      (await runCli(['feeds', 'add', 'https://gleaner.example/feed.xml', '--outlet', 'The Gleaner', '--region', 'Jamaica'], { env: source })).exitCode,
    ).toBe(0);
    expect((await runCli(['users', 'add', 'editor@c360.test', '--role', 'editor', '--generate'], { env: source })).exitCode).toBe(0);

    const exported = await runCli(['db', 'export', file], { env: source });
    expect(exported.stderr).toBe('');
    expect(exported.stdout).toMatch(/^Exported \d+ rows from \d+ tables and \d+ sequences of embedded .* to .*c360\.ndjson\.gz \(.*\), at migration \d{14}_/);

    expect((await runCli(['db', 'migrate'], { env: target })).exitCode).toBe(0);
    const imported = await runCli(['db', 'import', file, '--json'], { env: target });
    expect(imported.exitCode).toBe(0);
    const summary = JSON.parse(imported.stdout) as { rows: number; tables: { name: string; rows: number }[] };
    expect(summary.tables.find((t) => t.name === 'feeds')).toEqual({ name: 'feeds', rows: 1 });
    expect(summary.tables.find((t) => t.name === 'users')).toEqual({ name: 'users', rows: 1 });

    // Again: the database now holds data, so it is refused, with one clear line and what to do.
    const again = await runCli(['db', 'import', file], { env: target });
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain('This database already holds data');
    expect(again.stderr).toContain('--replace');
    expect(again.stderr).not.toMatch(/\n\s+at /);
    expect((await runCli(['db', 'import', file, '--replace'], { env: target })).exitCode).toBe(0);

    // A damaged file: exit 1, no stack trace, nothing changed.
    const cut = join(tmpdir(), `c360-cut-${process.pid}.gz`);
    writeFileSync(cut, readFileSync(file).subarray(0, 200));
    const damaged = await runCli(['db', 'import', cut, '--replace'], { env: target });
    expect(damaged.exitCode).toBe(1);
    expect(damaged.stderr).toContain('cut short or damaged');
    expect(damaged.stderr).toContain('Nothing was imported');
    expect(damaged.stderr).not.toMatch(/\n\s+at /);
    expect((await runCli(['users', 'list'], { env: target })).stdout).toContain('editor@c360.test');
  }, 300_000); // a dozen runs of the real binary, each opening an embedded database
});
