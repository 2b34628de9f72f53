import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, Option } from 'commander';
import { C360Error, isC360Error } from '../../core/errors';
import { OUTLET_KINDS, type OutletKind } from '../../core/feeds/feed';
import { getFeed } from '../../core/feeds/feed-repository';
import { emptyStats, ingestDueFeeds, type IngestProgress, type IngestStats } from '../../core/ingest/ingest-feeds';
import { ingestFeedDocument, ingestFeedManifest } from '../../core/ingest/ingest-files';
import { feedUserAgent } from '../../core/ingest/user-agent';
import { withContext } from '../context';
import { HeldLogs } from '../held-logs';
import { printJson, reportError } from '../output';
import { parseCount } from './stories';

export const SAMPLE_FEEDS = fileURLToPath(new URL('../../data/samples/feeds/samples.opml', import.meta.url));

type IngestFlags = {
  feed?: number;
  concurrency: number;
  json?: boolean;
  file?: string;
  outlet?: string;
  kind?: OutletKind;
  ownerGroup?: string;
  language?: string;
  samples?: boolean;
  shiftDatesToNow?: boolean;
  timeoutMs?: number;
};

export function ingestCommand(): Command {
  return new Command('ingest')
    .description(
      'fetch every due feed politely (conditional GET, per-host limits, backoff), parse, sanitise, de-duplicate and store new items as pending.\n' +
        'Offline: --file PATH|- --outlet NAME reads one feed document; --samples reads the demo sample feeds.',
    )
    .option('--feed <id>', 'fetch only this feed, due or not', parseCount('--feed', 2_147_483_647))
    .option('--concurrency <n>', 'feeds fetched at once (1–64)', parseCount('--concurrency', 64), 8)
    .option('--file <path>', 'read one feed document (RSS, RDF, Atom, JSON Feed) from a file, or - for stdin')
    .option('--outlet <name>', 'with --file: the outlet that published it')
    .addOption(new Option('--kind <kind>', "with --file: press, official or aggregator (default: the registry's, else press)").choices([...OUTLET_KINDS]))
    .option('--owner-group <group>', "with --file: media group that owns the outlet (default: the registry's, else the outlet)")
    .option('--language <code>', 'with --file: language code when the feed does not say')
    .option('--samples', 'read the demo sample feeds listed in data/samples/feeds/samples.opml (offline)')
    .option('--shift-dates-to-now', 'with --file or --samples: move item dates together so the newest is now (demo data stays current)')
    .option('--timeout-ms <ms>', 'per-feed time limit for the whole HTTP exchange (default 10000)', parseCount('--timeout-ms', 60_000))
    .option('--json', 'print the run statistics as JSON (no progress bar)')
    .action(async (flags: IngestFlags) => {
      if (flags.file !== undefined && flags.samples) throw new C360Error('invalid_input', 'Use --file or --samples, not both.');
      if (flags.file !== undefined && !flags.outlet)
        throw new C360Error('invalid_input', '--file needs --outlet NAME (the outlet that published the feed).', {
          hint: 'Example: c360 ingest --file feed.xml --outlet "Jamaica Gleaner"',
        });
      if (flags.file === undefined && !flags.samples && (flags.outlet || flags.shiftDatesToNow)) {
        throw new C360Error('invalid_input', '--outlet and --shift-dates-to-now only apply with --file or --samples.');
      }
      // On a terminal the progress bar owns stderr: logs are held until it ends (in a pipe, unchanged).
      const live = !flags.json && process.stderr.isTTY;
      const held = live ? new HeldLogs() : undefined;
      await withContext(
        'ingest',
        async ({ config, db, logger }) => {
          const deps = { clock: () => new Date(), logger };
          let stats: IngestStats | undefined;
          const run = async (onProgress?: (event: IngestProgress) => void): Promise<IngestStats> => {
            if (flags.file !== undefined) {
              const body = readInput(flags.file);
              return ingestFeedDocument(
                db.knex,
                { ...deps, onProgress },
                {
                  body,
                  label: flags.file === '-' ? 'stdin' : flags.file,
                  outlet: flags.outlet!,
                  kind: flags.kind,
                  ownerGroup: flags.ownerGroup,
                  language: flags.language,
                  shiftDatesToNow: flags.shiftDatesToNow,
                },
              );
            }
            if (flags.samples) return ingestFeedManifest(db.knex, { ...deps, onProgress }, { manifest: SAMPLE_FEEDS, shiftDatesToNow: flags.shiftDatesToNow });
            if (flags.feed !== undefined && !(await getFeed(db.knex, flags.feed)))
              throw new C360Error('not_found', `No feed ${flags.feed}.`, { hint: 'Use `c360 feeds list` to see ids.' });
            return ingestDueFeeds(
              db.knex,
              {
                ...deps,
                onProgress,
                maxItemsPerFetch: config.ingest.maxItemsPerFetch,
                fetch: {
                  userAgent: feedUserAgent(config.publicUrl),
                  allowPrivate: config.ingest.allowPrivateFeeds,
                  maxBytes: config.ingest.maxBodyBytes,
                  timeoutMs: flags.timeoutMs,
                },
              },
              { feedId: flags.feed, concurrency: flags.concurrency },
            );
          };
          if (flags.json && flags.file !== undefined) {
            // A document that cannot be read is a failed feed like any other: machine output on stdout.
            try {
              stats = await run();
            } catch (error) {
              if (!isC360Error(error)) throw error;
              const label = flags.file === '-' ? 'stdin' : flags.file;
              stats = {
                ...emptyStats(),
                feeds: 1,
                failed: 1,
                results: [
                  {
                    feedId: null,
                    outlet: flags.outlet!.trim(),
                    url: label,
                    status: 'failed',
                    httpStatus: null,
                    itemsNew: 0,
                    duplicates: 0,
                    carried: 0,
                    itemsSkipped: 0,
                    error: error.message,
                  },
                ],
              };
              printJson({ ...stats, error: { code: error.code, message: error.message, ...(error.hint ? { hint: error.hint } : {}) } });
              process.exitCode = reportError(error);
              return;
            }
          }
          stats ??= live ? await (await import('../views/IngestProgress')).withIngestProgress(run, { logs: held }) : await run();
          if (flags.json) printJson(stats);
          else printSummary(stats);
          if (stats.feeds > 0 && stats.failed === stats.feeds) process.exitCode = 1;
        },
        { logDestination: held },
      ).finally(() => held?.release(process.stderr));
    });
}

function readInput(path: string): Buffer {
  try {
    return readFileSync(path === '-' ? 0 : path);
  } catch (error) {
    throw new C360Error('invalid_input', `Could not read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`, {
      hint: 'Check the path, or pass - to read stdin.',
    });
  }
}

export function summaryLines(stats: IngestStats): string[] {
  if (stats.feeds === 0) return ['No feed is due. (`c360 feeds list` shows when each is next due; `--feed ID` fetches one now.)'];
  const lines = [
    `${stats.feeds} feed(s): ${stats.fetched} fetched, ${stats.notModified} not modified, ${stats.failed} failed · ${stats.itemsNew} new item(s), ${stats.duplicates} duplicate(s)` +
      `${stats.carried ? ` (${stats.carried} also carried by another outlet)` : ''}${stats.itemsSkipped ? `, ${stats.itemsSkipped} skipped` : ''} · ${(stats.durationMs / 1000).toFixed(1)} s`,
  ];
  for (const failure of stats.results.filter((r) => r.status === 'failed')) lines.push(`  ✗ ${failure.outlet} (${failure.url}): ${failure.error}`);
  return lines;
}

function printSummary(stats: IngestStats): void {
  console.log(summaryLines(stats).join('\n'));
}
