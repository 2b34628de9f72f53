import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateLatest, migrationStatus, rollbackLatest } from './migrations';
import { wrapPglite, type Database } from './open-database';

const REAL = fileURLToPath(new URL('../../migrations/', import.meta.url));
let db: Database | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

async function tableNames(database: Database): Promise<string[]> {
  const { rows } = await database.knex.raw(`select table_name from information_schema.tables where table_schema = current_schema() order by 1`);
  return rows.map((r: { table_name: string }) => r.table_name);
}

describe('migrations', () => {
  it('apply, report status, and roll back cleanly', async () => {
    db = wrapPglite(new PGlite());
    const applied = await migrateLatest(db.knex);
    expect(applied.applied.length).toBeGreaterThanOrEqual(4);
    expect(await tableNames(db)).toEqual(expect.arrayContaining(['feeds', 'raw_feeds', 'story_patterns', 'synced_content']));
    expect((await migrationStatus(db.knex)).pending).toEqual([]);
    await rollbackLatest(db.knex);
    expect(await tableNames(db)).not.toContain('synced_content');
    expect((await migrationStatus(db.knex)).completed).toEqual([]);
  });

  it('leave the database as it was when one migration in the batch fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'c360-migrations-'));
    cpSync(REAL, dir, { recursive: true, filter: (src) => !src.endsWith('.test.ts') });
    writeFileSync(
      join(dir, '20991231000000_broken.ts'),
      `export async function up(knex) { await knex.raw('create table half_done (id int)'); await knex.raw('select * from no_such_table'); }
       export async function down() {}`,
    );
    db = wrapPglite(new PGlite());
    await expect(migrateLatest(db.knex, { directory: dir })).rejects.toMatchObject({ code: 'migration_failed' });
    const tables = await tableNames(db);
    expect(tables).not.toContain('half_done');
    expect(tables).not.toContain('synced_content');
    expect((await migrationStatus(db.knex, { directory: dir })).completed).toEqual([]);
  });
});
