import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import { migrateLatest } from '../../core/db/migrations';
import { ensureAdmin } from '../../core/accounts/accounts';
import { loadSampleFeeds, planSampleRelease, demoFeedRegistrations, DEFAULT_RELEASE } from '../../core/demo/sample-release';
import { loadStormSequence, releaseDueStormAdvisory, startDemoStorm } from '../../core/demo/storm-release';
import { disableDemoFeeds, registerDemoFeeds } from '../../core/feeds/feed-repository';
import { ingestDueFeeds } from '../../core/ingest/ingest-feeds';
import { feedUserAgent } from '../../core/ingest/user-agent';
import { refileSectionsOnce, withContext, type CommandContext } from '../context';
import { startFeedHost } from '../demo/feed-host';
import { startMailCatcher, type MailCatcher } from '../demo/mail-catcher';
import { demoClosingLines } from '../demo/closing-lines';
import { SAMPLE_FEEDS } from './ingest';
import { SAMPLE_STORMS } from './storms';
import { serveUntilStopped } from './serve';
import { parseCount } from './stories';

const DEMO_ADMIN_EMAIL = 'admin@c360.local';
const STORM_SEQUENCE = fileURLToPath(new URL('../../data/samples/storms/keron-sequence.json', import.meta.url));
const STORM_CURRENT = fileURLToPath(new URL('../../data/samples/storms/CurrentStorms.json', import.meta.url));

function parseMinutes(name: string, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max) throw new InvalidArgumentError(`${name} must be a whole number of minutes from 1 to ${max}.`);
    return n;
  };
}

type DemoOptions = { port?: number; serve: boolean; releaseEvery: number; ingestEvery: number; stormEvery: number };

export function demoCommand(): Command {
  return new Command('demo')
    .description(
      "set up and run a living C360 on the embedded database: the sample outlets' feeds served over loopback and released a few items at a time, " +
        "Hurricane Keron's advisories one per interval, a local mail catcher (the console's Outbox), the whole pipeline offline, serve (with the pipeline on a schedule)",
    )
    .option('--port <port>', 'port to listen on (default: PORT or 3360)', parseCount('--port', 65535))
    .option('--no-serve', 'prepare the data and exit without serving')
    .option('--release-every <minutes>', 'minutes between two releases of sample items (3 at a time)', parseMinutes('--release-every', 1440), 3)
    .option('--ingest-every <minutes>', 'minutes between two scheduled ingests and pipeline runs', parseMinutes('--ingest-every', 59), 2)
    .option('--storm-every <minutes>', 'minutes between two storm advisories', parseMinutes('--storm-every', 1440), 6)
    .action(async (options: DemoOptions) => {
      await withContext('demo', (context) => runDemo(context, options), { requireSchema: false });
    });
}

async function runDemo(base: CommandContext, options: DemoOptions): Promise<void> {
  const { db, logger } = base;
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const migrated = await migrateLatest(db.knex);
  // A data directory from an earlier release keeps its stories: filed as this release files them before they are served.
  await refileSectionsOnce(db, 'demo', logger);
  say(`Database ready (${db.location}; ${migrated.applied.length} migration(s) applied).`);
  const start = new Date();
  const clock = () => new Date();

  // A mail catcher receives C360's e-mail, unless the operator set SMTP up themselves.
  let catcher: MailCatcher | null = null;
  let context = base;
  if (!base.config.smtp) {
    catcher = await startMailCatcher(db.knex, { logger });
    context = {
      ...base,
      config: Object.freeze({ ...base.config, smtp: Object.freeze({ url: catcher.url, port: catcher.port, from: 'C360 Demo <newsletter@c360.local>' }) }),
    };
  }

  // The sample outlets' feeds, served over loopback and released over time (core/demo/sample-release.ts).
  const release = planSampleRelease(loadSampleFeeds(SAMPLE_FEEDS), { ...DEFAULT_RELEASE, start, intervalMs: options.releaseEvery * 60_000 });
  const host = await startFeedHost(release, { clock });
  try {
    const registered = await registerDemoFeeds(db.knex, demoFeedRegistrations(release.feeds, host.origin), clock());
    say(
      `Registered the ${registered.feeds.length} sample outlets as demo feeds (${registered.added} new, ${registered.updated} moved to this run's address; \`c360 feeds list\` shows them).`,
    );
    const fetch = {
      userAgent: feedUserAgent(context.config.publicUrl),
      allowPrivate: context.config.ingest.allowPrivateFeeds,
      allowOrigins: [host.origin],
      maxBytes: context.config.ingest.maxBodyBytes,
    };
    const ingested = await ingestDueFeeds(db.knex, { clock, logger, fetch, maxItemsPerFetch: context.config.ingest.maxItemsPerFetch }, { includeDemo: true });
    say(
      `Ingested the sample feeds from the feed host: ${ingested.itemsNew} new item(s), ${ingested.duplicates} already stored; ` +
        `${release.firstShare} of ${release.total} items are out, the other ${release.total - release.firstShare} follow ${DEFAULT_RELEASE.batchSize} every ${options.releaseEvery} min.`,
    );
    if (ingested.failed)
      say(
        `  ${ingested.failed} feed(s) failed: ${ingested.results
          .filter((r) => r.error)
          .map((r) => `${r.outlet}: ${r.error}`)
          .join('; ')}`,
      );

    // Advisories 13 and 14 dated so 14 is now (or, on a later run, where the storm had got to); the sequence follows one per interval.
    const sequence = loadStormSequence(STORM_SEQUENCE, STORM_CURRENT);
    const samples = SAMPLE_STORMS.map((file) => ({ label: file, text: readFileSync(file, 'utf8') }));
    const storm = await startDemoStorm(db.knex, { clock, logger }, { sequence, samples });
    const storms = storm.result;
    say(
      storm.resumedAt === null
        ? `Ingested the sample storm advisories: ${storms.storms} storm update(s), ${storms.alertsIssued} alert(s) issued or renewed (fictional Hurricane Keron; its next advisory comes every ${options.stormEvery} min).`
        : `Hurricane Keron resumes at advisory ${storm.resumedAt}, where the last demo left it (re-issued now: ${storms.alertsIssued} alert(s) issued or renewed); its next advisory comes every ${options.stormEvery} min.`,
    );

    const { runDemoPipeline } = await import('../pipeline-context');
    say(await runDemoPipeline(context));
    const admin = await ensureAdmin(db.knex, { email: DEMO_ADMIN_EMAIL });
    // Served, the sign-in is part of the closing lines instead, printed once the server listens.
    if (!options.serve && admin.created) {
      say(
        `\nCreated the admin account. Sign in at /auth with:\n  e-mail:   ${admin.user.email}\n  password: ${admin.password}\n` +
          'This password is shown only now. Change roles with `c360 users role`, add people with `c360 users add`.\n',
      );
    } else if (!options.serve) {
      say('An admin account already exists (see `c360 users list --role admin`).');
    }
    if (!options.serve) return;
    say(`Feed host: ${host.origin}/feeds/ (the ${release.feeds.length} sample outlets, loopback only).`);
    if (catcher) say(`Mail catcher: ${catcher.url} receives every e-mail C360 sends; admins read them in the console's Outbox.`);

    let lastStorm = 0;
    const every = `*/${options.ingestEvery} * * * *`;
    await serveUntilStopped(context, {
      port: options.port,
      schedule: true,
      mailCatcher: catcher !== null,
      closingLines: (url) =>
        demoClosingLines({ url, admin: admin.created ? { email: admin.user.email, password: admin.password } : null, outbox: catcher !== null }),
      scheduleNote: `Scheduled: ingest of the demo feeds and the pipeline every ${options.ingestEvery} min, sample items released every ${options.releaseEvery} min, a storm advisory every ${options.stormEvery} min`,
      jobs: {
        ingest: every,
        pipeline: every,
        demoFeeds: { allowOrigins: [host.origin] },
        extra: [
          {
            name: 'storm-advisory',
            cron: every,
            run: async () => {
              const released = await releaseDueStormAdvisory(
                db.knex,
                { clock, logger },
                { sequence, start, intervalMs: options.stormEvery * 60_000, from: storm.from, lastIndex: lastStorm },
              );
              if (!released) return null;
              lastStorm = released.release.index;
              process.stderr.write(
                `${new Date().toISOString()} storm: Keron advisory ${released.release.advisory.number}${released.release.repeat ? ' (re-issued: the sequence has ended)' : ''}, ` +
                  `${released.result.alertsIssued} alert(s) issued or renewed, ${released.result.alertsExpired} ended\n`,
              );
              return released.result;
            },
          },
        ],
      },
    });
  } finally {
    // The feed host goes with this process: its feeds are switched off so nothing fetches a dead port.
    await disableDemoFeeds(db.knex, clock()).catch(() => undefined);
    await host.close();
    await catcher?.close();
  }
}
