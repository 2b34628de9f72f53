import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import { migrateLatest } from '../core/db/migrations';
import { configurePgTypes, wrapPglite } from '../core/db/open-database';

export type BenchDatabase = { knex: Knex; close: () => Promise<void>; label: string };

/**
 * A fresh, migrated database for one benchmark run: in-memory PGlite by default, or a new
 * schema on the server in DATABASE_URL (dropped afterwards).
 */
export async function openBenchDatabase(options: { poolSize?: number } = {}): Promise<BenchDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = wrapPglite(new PGlite());
    await migrateLatest(db.knex);
    return { knex: db.knex, close: db.close, label: 'embedded PGlite (in memory)' };
  }
  configurePgTypes();
  const schema = `c360_bench_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: url });
  await admin.raw(`create schema ${schema}`);
  const knex = knexFactory({ client: 'pg', connection: url, searchPath: [schema], pool: { min: 1, max: options.poolSize ?? 4 } });
  await migrateLatest(knex);
  return {
    knex,
    label: `PostgreSQL (schema ${schema})`,
    close: async () => {
      await knex.destroy();
      await admin.raw(`drop schema ${schema} cascade`);
      await admin.destroy();
    },
  };
}
