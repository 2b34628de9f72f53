import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrateLatest } from '../../core/db/migrations';
import { wrapPglite } from '../../core/db/open-database';

declare module 'vitest' {
  export interface ProvidedContext {
    migratedPgliteDump: string;
  }
}

/**
 * Creating a PGlite database costs seconds (initdb); loading a dump costs well under one.
 * So migrate one database once per run and let each test file start from its dump.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'c360-test-'));
  const db = wrapPglite(new PGlite());
  await migrateLatest(db.knex);
  const dump = await db.pglite!.dumpDataDir('gzip');
  await db.close();
  const path = join(dir, 'migrated.tar.gz');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedPgliteDump', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
