import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command } from 'commander';
import { C360Error } from '../../core/errors';
import { SAMPLE_INDICATORS } from '../durations';
import { parseCount } from './stories';

export function enrichCommand(): Command {
  return new Command('enrich')
    .description(
      "add external data to stories that have none yet: country facts for the story's region (world-countries package) and economic indicators from a CSV file, as external_data_feeds and rows of the why-it-matters metrics table",
    )
    .option('--limit <n>', 'stories to enrich (1-1000)', parseCount('--limit', 1000), 10)
    .option(
      '--indicators <file>',
      `indicators CSV (columns country,indicator,unit,year,value,previous_year,previous_value,topics,source,source_url; default ${SAMPLE_INDICATORS.replace(`${process.cwd()}/`, '')})`,
    )
    .option('--json', 'print the run as JSON')
    .action(async (flags: { limit: number; indicators?: string; json?: boolean }) => {
      if (flags.limit < 1) throw new C360Error('invalid_input', '--limit must be at least 1.');
      const indicators = flags.indicators ? resolve(flags.indicators) : undefined;
      if (indicators && !existsSync(indicators))
        throw new C360Error('invalid_input', `No indicators file at ${indicators}.`, {
          hint: 'Pass a CSV file; see data/indicators/SOURCES.md for the columns.',
        });
      const { runStagesCommand } = await import('../pipeline-context');
      await runStagesCommand('enrich', ['enrich'], { json: flags.json, indicators, limit: flags.limit, enrichLimit: flags.limit }, (result) => {
        const e = result.stages.enrich!;
        return [
          `External data enrichment completed: ${e.enriched ?? 0} of ${e.processed} story(ies) enriched${e.failed ? `, ${e.failed} enricher failure(s) skipped` : ''}.`,
        ];
      });
    });
}
