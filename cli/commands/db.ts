import { Command } from 'commander';
import { resolve } from 'node:path';
import { migrateLatest, migrationStatus, rollbackLatest } from '../../core/db/migrations';
import { exportDatabase } from '../../core/db/transfer/export-database';
import { importDatabase } from '../../core/db/transfer/import-database';
import { withContext } from '../context';
import { printJson } from '../output';

export function dbCommand(): Command {
  const command = new Command('db').description('manage the database schema (embedded PGlite by default, PostgreSQL when DATABASE_URL is set)');

  command
    .command('migrate')
    .description('apply every pending migration (all or nothing: a failure leaves the database as it was)')
    .option('--json', 'print the result as JSON')
    .action(async (options: { json?: boolean }) => {
      await withContext(
        'db migrate',
        async ({ db }) => {
          const result = await migrateLatest(db.knex);
          if (options.json) return printJson({ database: db.location, ...result });
          if (result.applied.length === 0) console.log(`Already up to date (${db.location}).`);
          else console.log(`Applied ${result.applied.length} migration(s) as batch ${result.batch} on ${db.location}:\n  ${result.applied.join('\n  ')}`);
        },
        { requireSchema: false },
      );
    });

  command
    .command('rollback')
    .description('undo the last batch of migrations')
    .option('--json', 'print the result as JSON')
    .action(async (options: { json?: boolean }) => {
      await withContext(
        'db rollback',
        async ({ db }) => {
          const result = await rollbackLatest(db.knex);
          if (options.json) return printJson({ database: db.location, ...result });
          if (result.rolledBack.length === 0) console.log('Nothing to roll back.');
          else console.log(`Rolled back batch ${result.batch}:\n  ${result.rolledBack.join('\n  ')}`);
        },
        { requireSchema: false },
      );
    });

  command
    .command('status')
    .description('list applied and pending migrations')
    .option('--json', 'print the result as JSON')
    .action(async (options: { json?: boolean }) => {
      await withContext(
        'db status',
        async ({ db }) => {
          const status = await migrationStatus(db.knex);
          if (options.json) return printJson({ database: db.location, mode: db.mode, ...status });
          console.log(`Database: ${db.location}`);
          console.log(`Applied (${status.completed.length}):${status.completed.map((m) => `\n  ✓ ${m}`).join('')}`);
          console.log(`Pending (${status.pending.length}):${status.pending.map((m) => `\n  • ${m}`).join('')}`);
          if (status.pending.length > 0) console.log('Run `c360 db migrate` to apply them.');
        },
        { requireSchema: false },
      );
    });

  command
    .command('export')
    .description(
      'write every table to one file (newline-delimited JSON, gzip when the name ends in .gz), to move this installation to another database with `c360 db import`',
    )
    .argument('<file>', 'where to write the export (written as <file>.partial and renamed when complete)')
    .option('--json', 'print the result as JSON')
    .addHelpText(
      'after',
      '\nOn the embedded database, stop `c360 serve` first: one process at a time may open its data.\nExample: c360 db export c360-export.ndjson.gz',
    )
    .action(async (file: string, options: { json?: boolean }) => {
      await withContext('db export', async ({ db }) => {
        const summary = await exportDatabase(db.knex, { file: resolve(file), source: db.mode });
        if (options.json) return printJson({ database: db.location, ...summary });
        console.log(
          `Exported ${summary.rows.toLocaleString('en')} rows from ${summary.tables.length} tables and ${summary.sequences} sequences of ${db.location} to ${summary.file} (${formatBytes(summary.bytes)}), at migration ${summary.migration}.`,
        );
      });
    });

  command
    .command('import')
    .description(
      'load a file written by `c360 db export` into this database, in one transaction: it must be at the same migration and hold no data of its own (see --replace)',
    )
    .argument('<file>', 'a file written by `c360 db export` (gzip or not)')
    .option('--replace', 'delete everything this database holds first (without it, a database holding data is refused)')
    .option('--json', 'print the result as JSON')
    .addHelpText(
      'after',
      '\nMoving from the embedded database to PostgreSQL:\n  c360 db export c360.ndjson.gz                       # DATABASE_URL unset, server stopped\n  DATABASE_URL=postgres://… c360 db migrate\n  DATABASE_URL=postgres://… c360 db import c360.ndjson.gz',
    )
    .action(async (file: string, options: { replace?: boolean; json?: boolean }) => {
      await withContext(
        'db import',
        async ({ db }) => {
          const summary = await importDatabase(db.knex, { file: resolve(file), replace: options.replace === true });
          if (options.json) return printJson({ database: db.location, ...summary });
          if (summary.replaced.length > 0) console.log(`Deleted what ${summary.replaced.length} table(s) held before: ${summary.replaced.join(', ')}.`);
          console.log(
            `Imported ${summary.rows.toLocaleString('en')} rows into ${summary.tables.length} tables of ${db.location}, at migration ${summary.migration}.`,
          );
        },
        // The import checks the migration itself, and says which side to upgrade.
        { requireSchema: false },
      );
    });

  return command;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
