import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { C360Error } from '../../core/errors';
import { decodeFeedBody } from '../../core/ingest/decode-charset';
import { fetchFeed } from '../../core/ingest/http-fetch';
import { feedUserAgent } from '../../core/ingest/user-agent';
import { ingestStormDocuments, stormChanges, type StormDocument } from '../../core/storms/ingest-storms';
import { listActiveAlerts, listStorms, type Storm, type StormAlert } from '../../core/storms/storm-repository';
import { withContext } from '../context';
import { printJson } from '../output';
import { printRows } from '../print-rows';

export const NHC_SOURCES = ['https://www.nhc.noaa.gov/CurrentStorms.json', 'https://www.nhc.noaa.gov/index-at.xml'];
// Oldest first: the previous advisory, then the current one, so the demo shows what changed.
export const SAMPLE_STORMS = ['CurrentStorms-previous.json', 'index-at-previous.xml', 'CurrentStorms.json', 'index-at.xml'].map((f) =>
  fileURLToPath(new URL(`../../data/samples/storms/${f}`, import.meta.url)),
);

export function stormsCommand(): Command {
  const command = new Command('storms').description('hurricane advisories from the US National Hurricane Center: storms and their watches and warnings');

  command
    .command('ingest')
    .argument('[sources...]', `URLs or files of NHC CurrentStorms.json and/or the Atlantic advisory RSS (default: ${NHC_SOURCES.join(' and ')})`)
    .description('read NHC products into storms and storm alerts (older products never overwrite newer data)')
    .option('--samples', 'read the demo fixtures in data/samples/storms/ (offline)')
    .option('--shift-dates-to-now', "move the products' times together so the newest is now (demo fixtures stay current)")
    .option('--json', 'print the result as JSON')
    .action(async (sources: string[], options: { samples?: boolean; shiftDatesToNow?: boolean; json?: boolean }) => {
      if (options.samples && sources.length) throw new C360Error('invalid_input', 'Use --samples or sources, not both.');
      const list = options.samples ? SAMPLE_STORMS : sources.length ? sources : NHC_SOURCES;
      await withContext('storms ingest', async ({ config, db, logger }) => {
        const documents: StormDocument[] = [];
        const failures: string[] = [];
        for (const source of list) {
          try {
            documents.push({
              label: source,
              text: await readSource(source, {
                userAgent: feedUserAgent(config.publicUrl),
                allowPrivate: config.ingest.allowPrivateFeeds,
                maxBytes: config.ingest.maxBodyBytes,
              }),
            });
          } catch (error) {
            failures.push(`${source}: ${(error as Error).message}`);
            logger.warn({ source, err: (error as Error).message }, 'storm source unreadable');
          }
        }
        const result = await ingestStormDocuments(db.knex, { clock: () => new Date(), logger }, documents, {
          shiftDatesToNow: options.shiftDatesToNow,
          publishUpdates: true,
        });
        result.skipped.unshift(...failures);
        // New watches and warnings may match editors' alerts (only e-mail; nothing without SMTP).
        const dispatched = await (await import('./alerts')).dispatchAlertsAfter({ config, db, logger }, 'storms ingest');
        const alerts = dispatched ? { sent: dispatched.sent, failed: dispatched.failed, skipped: dispatched.skipped ?? null } : null;
        if (options.json) printJson({ ...result, alerts });
        else {
          console.log(
            `Read ${documents.length} of ${list.length} source(s): ${result.storms} storm update(s), ${result.newAdvisories} new advisor${result.newAdvisories === 1 ? 'y' : 'ies'}, ` +
              `${result.alertsIssued} alert(s) issued or renewed, ${result.alertsExpired} expired, ${result.deactivated} storm(s) no longer active; ${result.stormUpdates} update stor${result.stormUpdates === 1 ? 'y' : 'ies'} written from the advisories.`,
          );
          for (const s of result.skipped) console.log(`  ! ${s}`);
          if (alerts && (alerts.sent || alerts.failed))
            console.log(`Alerts: ${alerts.sent} e-mail(s) sent${alerts.failed ? `, ${alerts.failed} failed (retried later)` : ''}.`);
        }
        if (documents.length === 0) process.exitCode = 1;
      });
    });

  command
    .command('list')
    .description('active storms (nearest threat first) and the alerts in force, with what changed since the previous advisory')
    .option('--all', 'include storms no longer active')
    .option('--json', 'print JSON: { storms, alerts }')
    .action(async (options: { all?: boolean; json?: boolean }) => {
      await withContext('storms list', async ({ db }) => {
        const now = new Date();
        const storms = await listStorms(db.knex, { includeInactive: options.all });
        const withChanges = await Promise.all(storms.map(async (s) => ({ ...s, changesSincePrevious: (await stormChanges(db.knex, s.id)).changes })));
        const alerts = await listActiveAlerts(db.knex, now);
        if (options.json) return printJson({ storms: withChanges, alerts });
        await printRows(
          withChanges,
          [
            { header: 'ID', value: (s: Storm) => s.id },
            { header: 'NAME', value: (s) => s.name },
            { header: 'CAT', value: (s) => s.category },
            { header: 'WIND', value: (s) => `${s.windSpeed} mph` },
            { header: 'MB', value: (s) => s.pressure ?? '' },
            { header: 'MOVING', value: (s) => s.movement ?? '' },
            { header: 'AT', value: (s) => `${s.location.lat.toFixed(1)}, ${s.location.lng.toFixed(1)}` },
            { header: 'THREAT', value: (s) => `${s.threatLevel} (${s.nearestDistanceKm} km from ${s.nearestRegion})` },
            { header: 'STATUS', value: (s) => s.status },
            { header: 'ADV', value: (s) => s.advisoryNumber ?? '' },
            {
              header: 'CHANGED',
              value: (s) => (s as Storm & { changesSincePrevious: { field: string }[] }).changesSincePrevious.map((c) => c.field).join(', '),
              width: 40,
            },
          ],
          { title: `${storms.length} storm(s)` },
        );
        await printRows(
          alerts,
          [
            { header: 'TYPE', value: (a: StormAlert) => a.type.toUpperCase() },
            { header: 'SEVERITY', value: (a) => a.severity },
            { header: 'REGION', value: (a) => a.region, width: 24 },
            { header: 'ISSUED', value: (a) => a.issuedAt.slice(0, 16).replace('T', ' ') },
            { header: 'EXPIRES', value: (a) => a.expiresAt.slice(0, 16).replace('T', ' ') },
            { header: 'MESSAGE', value: (a) => a.message, width: 70 },
          ],
          { title: `${alerts.length} alert(s) in force` },
        );
      });
    });

  return command;
}

async function readSource(source: string, fetchOptions: { userAgent: string; allowPrivate: boolean; maxBytes: number }): Promise<string> {
  if (/^https?:\/\//i.test(source)) {
    const response = await fetchFeed(source, { ...fetchOptions, accept: 'application/json, application/rss+xml, application/xml;q=0.9, */*;q=0.5' });
    if (response.kind !== 'ok') throw new Error('unexpected 304 without validators');
    return decodeFeedBody(response.body, response.contentType).text;
  }
  try {
    return decodeFeedBody(readFileSync(source === '-' ? 0 : source)).text;
  } catch (error) {
    throw new Error(`could not read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}
