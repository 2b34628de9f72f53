import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError, Option } from 'commander';
import { C360Error } from '../../core/errors';
import { MAX_INTERVAL_SECONDS, MIN_INTERVAL_SECONDS, OUTLET_KINDS, type Feed, type OutletKind } from '../../core/feeds/feed';
import { addFeed, listFeeds, removeFeed, upsertFeeds } from '../../core/feeds/feed-repository';
import { buildRegistryOpml } from '../../core/feeds/feed-registry-tsv';
import { buildOpml, parseOpml } from '../../core/feeds/opml';
import { withContext } from '../context';
import { printJson } from '../output';
import { printRows } from '../print-rows';

const DATA = (name: string) => fileURLToPath(new URL(`../../data/feeds/${name}`, import.meta.url));

function parseInterval(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < MIN_INTERVAL_SECONDS || n > MAX_INTERVAL_SECONDS) {
    throw new InvalidArgumentError(`--interval must be whole seconds from ${MIN_INTERVAL_SECONDS} to ${MAX_INTERVAL_SECONDS}.`);
  }
  return n;
}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (error) {
    throw new C360Error('invalid_input', `Could not read ${what} ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`, {
      hint: 'Check the path.',
    });
  }
}

function ago(iso: string | null, now = Date.now()): string {
  if (!iso) return '—';
  const minutes = Math.round((now - new Date(iso).getTime()) / 60_000);
  if (Math.abs(minutes) < 60) return minutes >= 0 ? `${minutes}m ago` : `in ${-minutes}m`;
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 48) return hours >= 0 ? `${hours}h ago` : `in ${-hours}h`;
  const days = Math.round(hours / 24);
  return days >= 0 ? `${days}d ago` : `in ${-days}d`;
}

export function feedsCommand(): Command {
  const command = new Command('feeds').description('the feed registry: add, list, remove, import and export feeds (OPML 2.0)');

  command
    .command('add')
    .argument('<url>', 'the feed address (http or https)')
    .description('register a feed')
    .requiredOption('--outlet <name>', 'the outlet that publishes it')
    .requiredOption('--region <region>', 'country or area it covers (e.g. Jamaica, Caribbean)')
    .option('--language <code>', 'language code', 'en')
    .addOption(new Option('--kind <kind>', 'press, official or aggregator').choices([...OUTLET_KINDS]).default('press'))
    .option('--owner-group <group>', 'media group that owns the outlet (default: the outlet itself)')
    .option('--section <section>', 'section hint for the pipeline (business, politics, weather, sports, culture, technology)')
    .option('--interval <seconds>', `fetch interval (${MIN_INTERVAL_SECONDS}–${MAX_INTERVAL_SECONDS})`, parseInterval, 1800)
    .option('--json', 'print the feed as JSON')
    .action(
      async (
        url: string,
        options: {
          outlet: string;
          region: string;
          language: string;
          kind: OutletKind;
          ownerGroup?: string;
          section?: string;
          interval: number;
          json?: boolean;
        },
      ) => {
        await withContext('feeds add', async ({ db }) => {
          const feed = await addFeed(db.knex, {
            url,
            outlet: options.outlet,
            region: options.region,
            language: options.language,
            kind: options.kind,
            ownerGroup: options.ownerGroup,
            sectionHint: options.section,
            fetchIntervalSeconds: options.interval,
          });
          if (options.json) return printJson(feed);
          console.log(`Added feed ${feed.id}: ${feed.outlet} (${feed.region}) ${feed.url}. It is due now: run \`c360 ingest\`.`);
        });
      },
    );

  command
    .command('list')
    .description('list feeds with their fetch status and last error')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      await withContext('feeds list', async ({ db }) => {
        const feeds = await listFeeds(db.knex);
        const failing = feeds.filter((f) => f.consecutiveErrors > 0).length;
        await printRows(
          feeds,
          [
            { header: 'ID', value: (f: Feed) => f.id },
            { header: 'OUTLET', value: (f) => f.outlet, width: 28 },
            { header: 'REGION', value: (f) => f.region, width: 18 },
            { header: 'KIND', value: (f) => f.kind },
            { header: 'ON', value: (f) => (f.enabled ? 'yes' : 'no') + (f.demo ? ' (demo)' : '') },
            { header: 'LAST', value: (f) => (f.lastStatus ? `${f.lastStatus}${f.lastHttpStatus ? ` ${f.lastHttpStatus}` : ''}` : 'never') },
            { header: 'FETCHED', value: (f) => ago(f.lastFetchedAt) },
            { header: 'NEXT', value: (f) => ago(f.nextFetchAt) },
            { header: 'ERRS', value: (f) => f.consecutiveErrors },
            { header: 'LAST ERROR', value: (f) => f.lastError ?? '', width: 60 },
          ],
          { json: options.json, title: `${feeds.length} feed(s)${failing ? `, ${failing} failing` : ''}`, jsonValue: feeds },
        );
      });
    });

  command
    .command('remove')
    .argument('<id-or-url>', 'the feed id (from `feeds list`) or its address')
    .description('remove a feed; its stored items stay')
    .option('--json', 'print the removed feed as JSON')
    .action(async (idOrUrl: string, options: { json?: boolean }) => {
      await withContext('feeds remove', async ({ db }) => {
        const removed = await removeFeed(db.knex, idOrUrl);
        if (!removed) throw new C360Error('not_found', `No feed ${idOrUrl}.`, { hint: 'Use `c360 feeds list` to see ids.' });
        if (options.json) return printJson(removed);
        console.log(`Removed feed ${removed.id}: ${removed.outlet} ${removed.url}.`);
      });
    });

  command
    .command('import')
    .argument('<file>', 'an OPML file (or - for stdin), e.g. data/feeds/caribbean.opml')
    .description('add the feeds of an OPML file; known addresses get their outlet, region, kind and owner group refreshed')
    .option('--region <region>', 'region for outlines that do not say (default Caribbean)', 'Caribbean')
    .option('--json', 'print JSON')
    .action(async (file: string, options: { region: string; json?: boolean }) => {
      const outlines = parseOpml(readText(file, 'OPML file'));
      if (outlines.length === 0) throw new C360Error('invalid_input', `${file} lists no feeds (no outline has an xmlUrl).`);
      await withContext('feeds import', async ({ db }) => {
        const result = await upsertFeeds(
          db.knex,
          outlines.map((o) => ({
            url: o.url,
            outlet: o.outlet,
            region: o.region ?? options.region,
            language: o.language?.toLowerCase().split(/[-_]/)[0] ?? 'en',
            kind: o.kind,
            ownerGroup: o.ownerGroup,
            sectionHint: o.sectionHint,
            htmlUrl: o.htmlUrl,
          })),
        );
        if (options.json) return printJson({ added: result.added, updated: result.updated, feeds: result.feeds.length });
        console.log(`Imported ${outlines.length} feed(s) from ${file}: ${result.added} added, ${result.updated} updated. Run \`c360 ingest\` to fetch them.`);
      });
    });

  command
    .command('export')
    .description('print the registry as OPML 2.0 (with C360 attributes for kind, owner group, region, section)')
    .option('--out <file>', 'write to this file instead of stdout')
    .action(async (options: { out?: string }) => {
      await withContext('feeds export', async ({ db }) => {
        const opml = buildOpml(await listFeeds(db.knex), { title: 'C360 feeds', dateCreated: new Date() });
        if (options.out) {
          writeFileSync(options.out, opml);
          process.stderr.write(`Wrote ${options.out}.\n`);
        } else process.stdout.write(opml);
      });
    });

  command
    .command('build-opml')
    .description('rebuild data/feeds/caribbean.opml from data/feeds/caribbean-feeds.tsv and owner-groups.tsv (no database needed)')
    .option('--tsv <file>', 'feed list (outlet, country, language, kind, feed_url)', DATA('caribbean-feeds.tsv'))
    .option('--owners <file>', 'owner groups (outlet, owner_group, basis)', DATA('owner-groups.tsv'))
    .option('--out <file>', 'where to write the OPML (- for stdout)', DATA('caribbean.opml'))
    .action((options: { tsv: string; owners: string; out: string }) => {
      const { opml, feeds, ownGroup } = buildRegistryOpml(readText(options.tsv, 'feed list'), readText(options.owners, 'owner groups'));
      if (options.out === '-') process.stdout.write(opml);
      else writeFileSync(options.out, opml);
      process.stderr.write(
        `Wrote ${feeds.length} feeds to ${options.out}${ownGroup.length ? `; ${ownGroup.length} outlet(s) without an owner row are their own group: ${ownGroup.join(', ')}` : ''}.\n`,
      );
    });

  return command;
}
