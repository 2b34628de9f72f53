import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/open-database';
import { silentLogger } from '../../logger';
import type { Layer } from '../../stories/story';
import { createStory } from '../../../test/factories/stories';
import { openTestDatabase } from '../../../test/helpers/test-database';
import type { StageContext } from '../types';
import { enrichStories } from './enrich-stories';
import { countryFactsEnricher, indicatorsEnricher, MAX_INDICATOR_AGE_YEARS, parseIndicators, type Enricher } from './enrichers';

const SAMPLE = fileURLToPath(new URL('../../../data/indicators/caribbean-gdp.csv', import.meta.url));
const NOW = new Date('2026-11-20T12:00:00Z');
let db: Database;
const ctx = (): StageContext => ({
  db: db.knex,
  clock: () => NOW,
  logger: silentLogger,
  actor: 'cli:enrich (tester)',
  workerId: 'w',
  leaseMs: 60_000,
  batchSize: 10,
});
const layers: Layer[] = [
  { layerType: 'why_it_matters', content: 'Money matters.', metricsTable: [{ label: 'Home', previous: 'N/A', current: '4', trend: 'reported' }] },
];

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.knex('synced_content').del();
});

describe('enrichers', () => {
  it('country facts for the region from world-countries', () => {
    const result = countryFactsEnricher().enrich({ storyId: 's', region: 'St Lucia', tags: [], topics: [], asOf: NOW })!;
    expect(result.feed).toMatchObject({ type: 'country_facts', subject: 'Saint Lucia', data: { capital: ['Castries'] } });
    expect(result.feed.source).toContain('world-countries');
    // Facts about a country are data, not why a story matters: no table rows.
    expect(result.metrics).toEqual([]);
    expect(countryFactsEnricher().enrich({ storyId: 's', region: 'Caribbean', tags: [], topics: [], asOf: NOW })).toBeNull();
  });

  it('economic indicators from the CSV, only for the story’s country and topic, each with its year and source', () => {
    const enricher = indicatorsEnricher(SAMPLE);
    // The sample's rows are 2016 figures: they belong beside a 2017 story.
    const asOf = new Date('2017-06-01T00:00:00Z');
    const result = enricher.enrich({ storyId: 's', region: 'Jamaica', tags: ['business'], topics: ['economy'], asOf })!;
    expect(result.metrics).toEqual([
      {
        label: 'GDP (current US$), Jamaica',
        previous: 'US$14.19 billion (2015)',
        current: 'US$14.06 billion (2016)',
        trend: 'down',
        year: 2016,
        source: expect.stringContaining('World Bank, World Development Indicators'),
        source_url: 'https://data.worldbank.org/indicator/NY.GDP.MKTP.CD',
      },
    ]);
    expect(result.feed.source).toContain('World Bank');
    expect(enricher.enrich({ storyId: 's', region: 'Jamaica', tags: ['sports'], topics: ['sports'], asOf })).toBeNull();
    expect(enricher.enrich({ storyId: 's', region: 'Barbados', tags: ['economy'], topics: ['economy'], asOf })).toBeNull();
    // A Carnival or tourism story is filed under Business, but its topics are not the economy's.
    expect(enricher.enrich({ storyId: 's', region: 'Jamaica', tags: ['culture', 'tourism', 'business'], topics: ['culture', 'tourism'], asOf })).toBeNull();
    // A row without topics belongs to no story's topic.
    const dir = mkdtempSync(join(tmpdir(), 'c360-ind-'));
    writeFileSync(join(dir, 'any.csv'), 'country,indicator,year,value,source,topics\nJamaica,Population,2016,2881355,World Bank,\n');
    expect(indicatorsEnricher(join(dir, 'any.csv')).enrich({ storyId: 's', region: 'Jamaica', tags: ['economy'], topics: [], asOf })).toBeNull();
  });

  it('shows an indicator only when it is recent enough for the story, never a figure from years before it or after it', () => {
    const enricher = indicatorsEnricher(SAMPLE);
    const economy = (asOf: string) =>
      enricher.enrich({ storyId: 's', region: 'Trinidad and Tobago', tags: ['business'], topics: ['economy'], asOf: new Date(asOf) });
    // A 2016 GDP beside a 2026 repo-rate decision says nothing about it: no table at all.
    expect(economy('2026-11-27T12:00:00Z')).toBeNull();
    expect(economy(`${2016 + MAX_INDICATOR_AGE_YEARS + 1}-01-15T00:00:00Z`)).toBeNull();
    expect(economy(`${2016 + MAX_INDICATOR_AGE_YEARS}-12-31T00:00:00Z`)!.metrics[0]!.current).toBe('US$21.89 billion (2016)');
    // Nor a figure for a year after the story (an archive story re-enriched with a newer file).
    expect(economy('2015-06-01T00:00:00Z')).toBeNull();
  });

  it('rejects a malformed indicators file with the line and the fix', () => {
    expect(() => parseIndicators('country,indicator\nJamaica,GDP', 'x.csv')).toThrow('x.csv lacks column(s): year, value, source.');
    expect(() => parseIndicators('country,indicator,year,value,source\nJamaica,GDP,2016,lots,WB', 'x.csv')).toThrow(
      'x.csv, line 2: value "lots" is not a number.',
    );
    expect(() => parseIndicators('country,indicator,year,value,source\nJamaica,GDP,2016,1,', 'x.csv')).toThrow('country, indicator and source are required');
    expect(() => parseIndicators('country,indicator,year,value,source\n"Jamaica,GDP,2016,1,WB', 'x.csv')).toThrow('a quoted field is not closed');
  });
});

describe('enrich stage', () => {
  it('adds feeds and metric rows to stories without external data, 10 at a time, and marks inapplicable ones', async () => {
    const jamaica = await createStory(db.knex, { title: 'Jamaica economy grows', region: 'Jamaica', tags: ['economy'], layers, external_data_feeds: null });
    const region = await createStory(db.knex, { title: 'Caribbean cricket', region: 'Atlantis', tags: ['sports'], layers, external_data_feeds: null });
    const unsummarised = await createStory(db.knex, { title: 'No layers yet', region: 'Jamaica', layers: [], external_data_feeds: null });
    // A recent row (the stage dates each story by its creation, this year), and the sample's 2016 row, too old to show.
    const dir = mkdtempSync(join(tmpdir(), 'c360-ind-'));
    const year = new Date().getUTCFullYear() - 1;
    writeFileSync(
      join(dir, 'recent.csv'),
      `country,indicator,unit,year,value,topics,source\nJamaica,Inflation (consumer prices),%,${year},4.1,economy,Bank of Jamaica\nJamaica,GDP (current US$),US$,2016,14056908749.35,economy,World Bank\n`,
    );
    const stats = await enrichStories(ctx(), { enrichers: [countryFactsEnricher(), indicatorsEnricher(join(dir, 'recent.csv'))], limit: 10 });
    expect(stats).toMatchObject({ processed: 2, enriched: 1, failed: 0 });
    const j = await db.knex('synced_content').where('id', jamaica.id).first();
    expect(j.external_data_feeds.map((f: { type: string }) => f.type)).toEqual(['country_facts', 'economic_indicators']);
    // The figure picked out of the text ("Home") is gone; only the indicator row remains.
    const table = j.layers[0].metricsTable.map((m: { label: string }) => m.label);
    expect(table).toEqual(['Inflation (consumer prices), Jamaica']);
    expect(j.layers[0].metricsTable[0].current).toBe(`4.1% (${year})`);
    expect(j.audit_log.at(-1)).toMatchObject({ action: 'enriched', user: 'cli:enrich (tester)' });
    expect((await db.knex('synced_content').where('id', region.id).first()).external_data_feeds).toEqual([]);
    expect((await db.knex('synced_content').where('id', unsummarised.id).first()).external_data_feeds).toBeNull();
    expect((await enrichStories(ctx(), { enrichers: [countryFactsEnricher()] })).processed).toBe(0);
  });

  it('skips an enricher that fails and keeps the others', async () => {
    const story = await createStory(db.knex, { title: 'Jamaica story', region: 'Jamaica', layers, external_data_feeds: null });
    const broken: Enricher = {
      name: 'broken',
      enrich: () => {
        throw new Error('boom');
      },
    };
    const dir = mkdtempSync(join(tmpdir(), 'c360-ind-'));
    writeFileSync(join(dir, 'bad.csv'), 'nonsense');
    const stats = await enrichStories(ctx(), { enrichers: [broken, indicatorsEnricher(join(dir, 'bad.csv')), countryFactsEnricher()] });
    expect(stats).toMatchObject({ processed: 1, enriched: 1, failed: 2 });
    expect((await db.knex('synced_content').where('id', story.id).first()).external_data_feeds).toHaveLength(1);
  });
});
