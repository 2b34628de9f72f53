import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { migrateLatest } from '../../core/db/migrations';
import { ensureAdmin } from '../../core/accounts/accounts';
import { ingestFeedManifest } from '../../core/ingest/ingest-files';
import { ingestStormDocuments } from '../../core/storms/ingest-storms';
import { withContext } from '../context';
import { SAMPLE_FEEDS } from './ingest';
import { SAMPLE_STORMS } from './storms';
import { serveUntilStopped } from './serve';
import { parseCount } from './stories';

const DEMO_ADMIN_EMAIL = 'admin@c360.local';

export function demoCommand(): Command {
  return new Command('demo')
    .description('set up and run C360 on the embedded database: migrate, ingest the sample feeds and storm advisories, run the whole pipeline offline, serve (with the pipeline on a schedule)')
    .option('--port <port>', 'port to listen on (default: PORT or 3360)', parseCount('--port', 65535))
    .option('--no-serve', 'prepare the data and exit without serving')
    .action(async (options: { port?: number; serve: boolean }) => {
      await withContext('demo', async (context) => {
        const migrated = await migrateLatest(context.db.knex);
        process.stderr.write(`Database ready (${context.db.location}; ${migrated.applied.length} migration(s) applied).\n`);
        // Sample feeds and storm advisories, offline, dated so the newest is now (see data/samples/).
        const logger = context.logger;
        const ingested = await ingestFeedManifest(context.db.knex, { clock: () => new Date(), logger }, { manifest: SAMPLE_FEEDS, shiftDatesToNow: true });
        process.stderr.write(`Ingested the sample feeds: ${ingested.itemsNew} new item(s), ${ingested.duplicates} already stored (${ingested.feeds} fictional outlets).\n`);
        const storms = await ingestStormDocuments(context.db.knex, { clock: () => new Date(), logger }, SAMPLE_STORMS.map((file) => ({ label: file, text: readFileSync(file, 'utf8') })), { shiftDatesToNow: true });
        process.stderr.write(`Ingested the sample storm advisories: ${storms.storms} storm update(s), ${storms.alertsIssued} alert(s) issued or renewed (fictional Hurricane Keron).\n`);
        // The whole pipeline, offline: cluster, summarise, fact-check, patterns, enrich, publish.
        const { runDemoPipeline } = await import('../pipeline-context');
        process.stderr.write(`${await runDemoPipeline(context)}\n`);
        // The first admin, only when there is none. The password is printed here once (never logged).
        const admin = await ensureAdmin(context.db.knex, { email: DEMO_ADMIN_EMAIL });
        if (admin.created) {
          process.stderr.write(
            `\nCreated the admin account. Sign in at /auth with:\n  e-mail:   ${admin.user.email}\n  password: ${admin.password}\n` +
              'This password is shown only now. Change roles with `c360 users role`, add people with `c360 users add`.\n\n',
          );
        } else {
          process.stderr.write('An admin account already exists (see `c360 users list --role admin`).\n');
        }
        if (options.serve) await serveUntilStopped(context, { port: options.port, schedule: true });
      }, { requireSchema: false });
    });
}
