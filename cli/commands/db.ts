import { Command } from 'commander';
import { migrateLatest, migrationStatus, rollbackLatest } from '../../core/db/migrations';
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

  return command;
}
