import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertRawItems, type FixtureItem } from '../../../test/factories/raw-items';
import { seedStorm } from '../../../test/factories/storms';
import { offlinePipelineDeps } from '../../../test/helpers/pipeline-deps';
import { startTestApp } from '../../../test/helpers/test-app';
import { openEmbeddedTestDatabase, openTestDatabase, tableCounts, testDatabaseMode } from '../../../test/helpers/test-database';
import { addUser } from '../../accounts/accounts';
import { isC360Error } from '../../errors';
import { addFeed } from '../../feeds/feed-repository';
import { runPipeline } from '../../pipeline/runner';
import { listDataTables } from '../catalog';
import type { Database } from '../open-database';
import { exportDatabase } from './export-database';
import { importDatabase, tablesHoldingData } from './import-database';

const fixture = JSON.parse(readFileSync(new URL('../../../test/fixtures/pipeline/clustering.json', import.meta.url), 'utf8')) as { items: FixtureItem[] };
const now = new Date('2026-11-20T18:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'c360-transfer-'));
const exported = join(dir, 'c360.ndjson');

let source: Database;
let target: Database | undefined;

const counts = (db: Database) => tableCounts(db.knex);

/** Rows as JSON, generated columns aside, in a fixed order, for comparing two databases. */
async function rows(db: Database, table: string, orderBy: string): Promise<string[]> {
  const { rows: found } = (await db.knex.raw(`select (to_jsonb(t) - 'search_vector')::text as row from ?? t order by ??`, [table, orderBy])) as {
    rows: { row: string }[];
  };
  return found.map((r) => r.row);
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isC360Error(error)) return error;
    throw error;
  }
  throw new Error('the import was expected to fail');
}

async function freshTarget(): Promise<Database> {
  await target?.close();
  target = await openTestDatabase();
  return target;
}

beforeAll(async () => {
  source = await openEmbeddedTestDatabase();
  await addFeed(source.knex, { url: 'https://gleaner.example/feed.xml', outlet: 'The Gleaner', region: 'Jamaica' });
  await addFeed(source.knex, { url: 'https://nation.example/rss', outlet: 'Nation News', region: 'Barbados' });
  await addUser(source.knex, { email: 'admin@c360.test', role: 'admin', password: 'correct horse 42' });
  await addUser(source.knex, { email: 'editor@c360.test', role: 'editor', password: 'correct horse 42' });
  await seedStorm(source.knex, now);
  await insertRawItems(
    source.knex,
    fixture.items.map((i) => ({ outlet: i.outlet, title: i.title, summary: i.summary, published_at: i.published_at, created_at: i.published_at })),
  );
  await runPipeline(offlinePipelineDeps(source.knex, now));
}, 180_000);
afterEach(async () => {
  await target?.close();
  target = undefined;
});
afterAll(async () => {
  await source.close();
});

describe(`moving an installation from the embedded database to ${testDatabaseMode() === 'postgres' ? 'PostgreSQL' : 'a second embedded database'}`, () => {
  it('exports every table and imports it whole: the same rows, the sequences moved on, the same story on the site', async () => {
    const summary = await exportDatabase(source.knex, { file: exported, source: 'embedded', clock: () => now });
    const before = await counts(source);
    expect(summary.rows).toBe(Object.values(before).reduce((a, b) => a + b, 0));
    expect(before.synced_content).toBeGreaterThan(5);
    expect(before.raw_feeds).toBe(fixture.items.length);
    expect(summary.tables.map((t) => t.name).indexOf('synced_content')).toBeLessThan(summary.tables.map((t) => t.name).indexOf('raw_feeds'));

    const db = await freshTarget();
    const result = await importDatabase(db.knex, { file: exported });
    expect(result).toMatchObject({ rows: summary.rows, replaced: [], migration: summary.migration });
    expect(await counts(db)).toEqual(before);
    for (const [table, key] of [
      ['synced_content', 'id'],
      ['users', 'email'],
      ['feeds', 'id'],
      ['storm_alerts', 'id'],
      ['pipeline_runs', 'id'],
    ] as const) {
      expect(await rows(db, table, key), table).toEqual(await rows(source, table, key));
    }

    // Identity columns carry on after the imported rows instead of colliding with them.
    const feed = await addFeed(db.knex, { url: 'https://loop.example/feed', outlet: 'Loop' });
    expect(feed.id).toBe(Math.max(...(await source.knex('feeds').pluck('id'))) + 1);
    const seq = async (d: Database) => (await d.knex.raw(`select last_value::int as v from synced_content_cluster_seq`)).rows[0].v;
    expect(await seq(db)).toBe(await seq(source));

    // The site over the imported database answers exactly as over the original.
    const story = await source.knex('synced_content').where({ status: 'published' }).first('id');
    expect(story).toBeDefined();
    const before_ = await startTestApp({ db: source, clock: () => now });
    const after = await startTestApp({ db, clock: () => now });
    try {
      const original = await fetch(`${before_.url}/api/articles/${story.id}`);
      const moved = await fetch(`${after.url}/api/articles/${story.id}`);
      expect(original.status).toBe(200);
      expect(moved.status).toBe(200);
      expect(await moved.json()).toEqual(await original.json());
    } finally {
      await before_.close();
      await after.close();
    }
  }, 120_000);

  it('reads and writes gzip: a name ending in .gz is compressed, and a compressed file is recognised by its content', async () => {
    const gz = join(dir, 'c360.ndjson.gz');
    await exportDatabase(source.knex, { file: gz, source: 'embedded', clock: () => now });
    expect(gunzipSync(readFileSync(gz)).toString('utf8')).toBe(readFileSync(exported, 'utf8'));
    const renamed = join(dir, 'no-extension');
    writeFileSync(renamed, readFileSync(gz));
    const db = await freshTarget();
    expect((await importDatabase(db.knex, { file: renamed })).rows).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a database that already holds data, and replaces it with --replace', async () => {
    const db = await freshTarget();
    expect(await tablesHoldingData(db.knex, await listDataTables(db.knex))).toEqual([]);
    await addUser(db.knex, { email: 'someone-else@c360.test', role: 'reader', password: 'correct horse 42' });
    const refused = await failure(importDatabase(db.knex, { file: exported }));
    expect(refused.code).toBe('conflict');
    expect(refused.message).toContain('already holds data (users)');
    expect(refused.hint).toContain('--replace');
    expect(await db.knex('users').pluck('email')).toEqual(['someone-else@c360.test']);

    const replaced = await importDatabase(db.knex, { file: exported, replace: true });
    expect(replaced.replaced).toEqual(['users']);
    expect(await counts(db)).toEqual(await counts(source));
    expect(await db.knex('users').where({ email: 'someone-else@c360.test' }).first()).toBeUndefined();
  }, 60_000);

  describe('a bad file changes nothing', () => {
    const text = () => readFileSync(exported, 'utf8');
    const lines = () => text().split('\n');
    const write = (name: string, content: string | Buffer) => {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    };

    /** The import fails with `code` and a message matching `message`, and the target holds no data after it. */
    async function refusedUnchanged(file: string, code: string, message: RegExp) {
      const db = await freshTarget();
      const before = await counts(db);
      const error = await failure(importDatabase(db.knex, { file }));
      expect(error.code).toBe(code);
      expect(error.message).toMatch(message);
      expect(error.message).toContain('Nothing was imported');
      expect(await counts(db)).toEqual(before);
      expect(await tablesHoldingData(db.knex, await listDataTables(db.knex))).toEqual([]);
      return error;
    }

    it('a file cut short, after many tables were already loaded', async () => {
      // Cut at a line break two thirds in: every line read parses, and the transaction has rows when it ends.
      const cut = text().lastIndexOf('\n', Math.floor(text().length * 0.66)) + 1;
      await refusedUnchanged(write('cut.ndjson', text().slice(0, cut)), 'invalid_input', /cut short/);
      await refusedUnchanged(write('cut-mid-line.ndjson', text().slice(0, cut + 7)), 'invalid_input', /middle of line .* cut short/);
      const gz = gzipSync(text());
      await refusedUnchanged(write('cut.ndjson.gz', gz.subarray(0, Math.floor(gz.length * 0.8))), 'invalid_input', /cut short or damaged/);
    }, 60_000);

    it('a file altered or damaged', async () => {
      const all = lines();
      const row = all.findIndex((l) => l.includes('Grenada nutmeg festival'));
      const altered = [...all];
      altered[row] = altered[row]!.replace('Grenada nutmeg festival', 'Grenada nutmeg carnival');
      await refusedUnchanged(write('altered.ndjson', altered.join('\n')), 'invalid_input', /does not match its checksum/);
      const garbled = [...all];
      garbled[row] = '{"this is": not json';
      await refusedUnchanged(
        write('garbled.ndjson', garbled.join('\n')),
        'invalid_input',
        new RegExp(`line ${row + 1} is not a row of synced_content or its end`),
      );
      await refusedUnchanged(write('empty.ndjson', ''), 'invalid_input', /empty/);
      await refusedUnchanged(write('other.csv', 'id,title\n1,hello\n'), 'invalid_input', /not a C360 export/);
    }, 60_000);

    it('a file from a newer C360, or from another migration', async () => {
      const all = lines();
      const header = JSON.parse(all[0]!) as { migrations: string[]; version: number };
      const withHeader = (name: string, h: object) => write(name, [JSON.stringify(h), ...all.slice(1)].join('\n'));

      const newer = await refusedUnchanged(
        withHeader('newer.ndjson', { ...header, migrations: [...header.migrations, '29991231000000_from_the_future'] }),
        'unsupported',
        /newer C360/,
      );
      expect(newer.hint).toContain('Upgrade this installation');
      await refusedUnchanged(withHeader('format2.ndjson', { ...header, version: 2 }), 'unsupported', /format 2, written by a newer C360/);
      const older = await refusedUnchanged(
        withHeader('older.ndjson', { ...header, migrations: header.migrations.slice(0, -1) }),
        'migration_failed',
        /same migration/,
      );
      expect(older.hint).toContain('Upgrade the source installation');
    }, 60_000);
  });
});
