import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { C360Error } from '../errors';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));
const MIGRATION_FILE = /^\d{14}_[a-z0-9_]+\.ts$/;

type Migration = { up: (knex: Knex) => Promise<void>; down: (knex: Knex) => Promise<void> };
export type MigrationOptions = { directory?: string };

/** Loads our .ts migrations by explicit import, so the same files run under tsx and vitest. */
function migratorConfig(options: MigrationOptions = {}): Knex.MigratorConfig {
  const directory = options.directory ?? MIGRATIONS_DIR;
  const migrationSource: Knex.MigrationSource<string> = {
    getMigrations: async () =>
      readdirSync(directory)
        .filter((f) => MIGRATION_FILE.test(f))
        .sort(),
    getMigrationName: (file) => file.replace(/\.ts$/, ''),
    getMigration: async (file) => (await import(pathToFileURL(join(directory, file)).href)) as Migration,
  };
  return { migrationSource, tableName: 'knex_migrations' };
}

export type MigrationStatus = { completed: string[]; pending: string[] };

/**
 * Applies every pending migration in one transaction: if any fails, none is kept
 * and the database is left exactly as it was.
 */
export async function migrateLatest(knex: Knex, options?: MigrationOptions): Promise<{ batch: number; applied: string[] }> {
  try {
    const [batch, applied] = (await knex.migrate.latest(migratorConfig(options))) as [number, string[]];
    return { batch, applied };
  } catch (error) {
    throw migrationError('apply', error);
  }
}

export async function rollbackLatest(knex: Knex, options?: MigrationOptions): Promise<{ batch: number; rolledBack: string[] }> {
  try {
    const [batch, rolledBack] = (await knex.migrate.rollback(migratorConfig(options))) as [number, string[]];
    return { batch, rolledBack };
  } catch (error) {
    throw migrationError('roll back', error);
  }
}

export async function migrationStatus(knex: Knex, options?: MigrationOptions): Promise<MigrationStatus> {
  const [completed, pending] = (await knex.migrate.list(migratorConfig(options))) as [{ name: string }[], string[]];
  return { completed: completed.map((m) => m.name), pending: pending.map((file) => file.replace(/\.ts$/, '')) };
}

/**
 * The migration files not yet recorded as applied, read without writing anything (knex's own
 * `migrate.list` creates its bookkeeping tables when they are missing, which a probe must not do).
 */
export async function pendingMigrations(knex: Knex, options: MigrationOptions = {}): Promise<string[]> {
  const files = knownMigrations(options);
  const { rows } = (await knex.raw(`select to_regclass('knex_migrations') is not null as present`)) as { rows: { present: boolean }[] };
  if (!rows[0]?.present) return files.sort();
  const applied = new Set((await knex('knex_migrations').select('name')).map((r: { name: string }) => r.name.replace(/\.ts$/, '')));
  return files.filter((name) => !applied.has(name)).sort();
}

/** The migrations this release of C360 ships, oldest first. */
export function knownMigrations(options: MigrationOptions = {}): string[] {
  return readdirSync(options.directory ?? MIGRATIONS_DIR)
    .filter((f) => MIGRATION_FILE.test(f))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
}

/** Throws a clear error unless the schema is up to date (commands other than `db` need it). */
export async function assertMigrated(knex: Knex): Promise<void> {
  const { pending } = await migrationStatus(knex);
  if (pending.length > 0) {
    throw new C360Error('migration_failed', `The database schema is not up to date (${pending.length} pending migration${pending.length === 1 ? '' : 's'}).`, {
      hint: 'Run `c360 db migrate` first.',
      details: pending,
    });
  }
}

function migrationError(verb: string, error: unknown): C360Error {
  const message = (error as Error).message ?? String(error);
  return new C360Error('migration_failed', `Could not ${verb} migrations: ${message}. The database was left as it was.`, {
    hint: 'Fix the cause above and run the command again; `c360 db status` lists applied and pending migrations.',
    cause: error,
  });
}
