import { readFileSync } from 'node:fs';
import countries from 'world-countries';
import { C360Error } from '../../errors';
import type { MetricRow } from '../../stories/story';

/**
 * Pluggable enrichers: each looks at a story (region, tags, topics) and may return an external data
 * feed (stored in external_data_feeds, with its source) and rows for the why_it_matters table. They
 * run locally (no network): country facts from the world-countries package (kept as data, not shown
 * in the table: a capital or an area is not why a story matters), economic indicators from a CSV file
 * the operator can replace. A table row is an indicator of the story's own country and topic, recent
 * enough to say something about the story (see MAX_INDICATOR_AGE_YEARS), with its year and source;
 * nothing is taken from the story's text.
 */

/** `asOf`: when the story happened (its publication); an indicator older than that by more than the limit is left out. */
export type EnrichInput = { storyId: string; region: string; tags: readonly string[]; topics: readonly string[]; asOf: Date };

/**
 * Annual national figures are published a year or two late: a row whose year is more than this many
 * years before the story's is history, not why the story matters (a 2016 GDP beside a 2026 rate decision).
 */
export const MAX_INDICATOR_AGE_YEARS = 3;
export type ExternalDataFeed = { enricher: string; type: string; source: string; source_url?: string; subject: string; data: unknown };
export type Enrichment = { feed: ExternalDataFeed; metrics: MetricRow[] };
export type Enricher = { name: string; enrich: (input: EnrichInput) => Enrichment | null };

const WORLD_COUNTRIES_SOURCE = 'world-countries 5 (mledoze/countries), ODbL-1.0';
const ALIASES: Record<string, string> = {
  'st lucia': 'Saint Lucia',
  'st kitts and nevis': 'Saint Kitts and Nevis',
  'st vincent and the grenadines': 'Saint Vincent and the Grenadines',
  'the bahamas': 'Bahamas',
  'trinidad & tobago': 'Trinidad and Tobago',
  curacao: 'Curaçao',
};

function findCountry(region: string) {
  const wanted = (ALIASES[region.trim().toLowerCase()] ?? region).trim().toLowerCase();
  return countries.find(
    (c) => c.name.common.toLowerCase() === wanted || c.name.official.toLowerCase() === wanted || c.altSpellings.some((a) => a.toLowerCase() === wanted),
  );
}

export function countryFactsEnricher(): Enricher {
  return {
    name: 'country-facts',
    enrich(input) {
      const country = findCountry(input.region);
      if (!country) return null;
      const currencies = Object.entries(country.currencies ?? {}).map(([code, c]) => `${c.name} (${code})`);
      const languages = Object.values(country.languages ?? {});
      const data = {
        name: country.name.common,
        official_name: country.name.official,
        capital: country.capital,
        area_km2: country.area,
        currencies,
        languages,
        subregion: country.subregion,
        independent: country.independent,
        un_member: country.unMember,
        calling_code: `${country.idd.root}${country.idd.suffixes.length === 1 ? country.idd.suffixes[0] : ''}`,
      };
      return { feed: { enricher: 'country-facts', type: 'country_facts', source: WORLD_COUNTRIES_SOURCE, subject: country.name.common, data }, metrics: [] };
    },
  };
}

export type IndicatorRow = {
  country: string;
  indicator: string;
  unit: string;
  year: number;
  value: number;
  previousYear: number | null;
  previousValue: number | null;
  topics: string[];
  source: string;
  sourceUrl: string;
};

const COLUMNS = ['country', 'indicator', 'unit', 'year', 'value', 'previous_year', 'previous_value', 'topics', 'source', 'source_url'] as const;

/** RFC 4180 CSV (quoted fields, doubled quotes, commas and newlines inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
    } else field += ch;
  }
  if (quoted) throw new C360Error('invalid_input', 'Indicators file: a quoted field is not closed.', { hint: 'Check the quotes in the CSV file.' });
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}

export function parseIndicators(text: string, file = 'indicators file'): IndicatorRow[] {
  const [header, ...lines] = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!header) throw new C360Error('invalid_input', `${file} is empty.`, { hint: `The first line must name the columns: ${COLUMNS.join(',')}.` });
  const names = header.map((h) => h.trim().toLowerCase());
  const missing = COLUMNS.filter(
    (c) => !names.includes(c) && c !== 'previous_year' && c !== 'previous_value' && c !== 'topics' && c !== 'unit' && c !== 'source_url',
  );
  if (missing.length) throw new C360Error('invalid_input', `${file} lacks column(s): ${missing.join(', ')}.`, { hint: `Columns: ${COLUMNS.join(',')}.` });
  const col = (row: string[], name: string) => (names.indexOf(name) >= 0 ? (row[names.indexOf(name)] ?? '').trim() : '');
  return lines.map((row, i) => {
    const line = i + 2;
    const number = (name: string, required: boolean): number | null => {
      const raw = col(row, name);
      if (raw === '' && !required) return null;
      const n = Number(raw.replace(/,/g, ''));
      if (!Number.isFinite(n))
        throw new C360Error('invalid_input', `${file}, line ${line}: ${name} "${raw}" is not a number.`, {
          hint: 'Write numbers without units, e.g. 14056908749.35.',
        });
      return n;
    };
    const country = col(row, 'country');
    const indicator = col(row, 'indicator');
    const source = col(row, 'source');
    if (!country || !indicator || !source)
      throw new C360Error('invalid_input', `${file}, line ${line}: country, indicator and source are required.`, { hint: 'Every figure needs its source.' });
    return {
      country,
      indicator,
      unit: col(row, 'unit'),
      year: number('year', true)!,
      value: number('value', true)!,
      previousYear: number('previous_year', false),
      previousValue: number('previous_value', false),
      topics: col(row, 'topics')
        .split(';')
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
      source,
      sourceUrl: col(row, 'source_url'),
    };
  });
}

function formatValue(value: number, unit: string): string {
  const abs = Math.abs(value);
  const scaled = abs >= 1e9 ? `${(value / 1e9).toFixed(2)} billion` : abs >= 1e6 ? `${(value / 1e6).toFixed(2)} million` : value.toLocaleString('en-US');
  return unit === 'US$' ? `US$${scaled}` : unit === '%' ? `${value}%` : `${scaled}${unit ? ` ${unit}` : ''}`;
}

export function indicatorsEnricher(file: string): Enricher {
  let rows: IndicatorRow[] | undefined;
  const load = () => (rows ??= parseIndicators(readFileSync(file, 'utf8'), file));
  return {
    name: 'economic-indicators',
    enrich(input) {
      const region = input.region.trim().toLowerCase();
      const wanted = region === 'caribbean' ? 'caribbean small states' : (ALIASES[region] ?? input.region).toLowerCase();
      // The story's own topics (the classifier's), not its section tags: tourism and Carnival stories are filed
      // under Business, yet a GDP row is not theirs. Tags only for a story that has no topics recorded.
      const interests = new Set((input.topics.length > 0 ? input.topics : input.tags).map((t) => t.toLowerCase()));
      const oldest = input.asOf.getUTCFullYear() - MAX_INDICATOR_AGE_YEARS;
      // The story's country and one of its topics (a GDP row belongs on an economy story, not on a cricket one), and recent.
      const matching = load().filter(
        (r) => r.country.toLowerCase() === wanted && r.topics.some((t) => interests.has(t)) && r.year >= oldest && r.year <= input.asOf.getUTCFullYear(),
      );
      if (matching.length === 0) return null;
      return {
        feed: {
          enricher: 'economic-indicators',
          type: 'economic_indicators',
          source: [...new Set(matching.map((r) => r.source))].join('; '),
          source_url: matching[0]!.sourceUrl || undefined,
          subject: matching[0]!.country,
          data: matching.map((r) => ({
            indicator: r.indicator,
            unit: r.unit,
            year: r.year,
            value: r.value,
            previous_year: r.previousYear,
            previous_value: r.previousValue,
          })),
        },
        metrics: matching.map((r): MetricRow => ({
          label: `${r.indicator}, ${r.country}`,
          previous: r.previousValue === null ? 'N/A' : `${formatValue(r.previousValue, r.unit)}${r.previousYear ? ` (${r.previousYear})` : ''}`,
          current: `${formatValue(r.value, r.unit)} (${r.year})`,
          trend: r.previousValue === null ? '—' : r.value > r.previousValue ? 'up' : r.value < r.previousValue ? 'down' : 'steady',
          year: r.year,
          source: r.source,
          ...(r.sourceUrl ? { source_url: r.sourceUrl } : {}),
        })),
      };
    },
  };
}
