import { readFile } from 'node:fs/promises';
import type { Knex } from 'knex';
import { parseIndicators, type IndicatorRow } from '../pipeline/enrich/enrichers';
import { articlePath } from '../stories/article-address';
import {
  enrichmentUse,
  latestSignalsOfType,
  signalsByRegionAndType,
  storiesByRegion,
  storiesPerDay,
  storiesTagged,
  topDiasporaStories,
  topicsByRegion,
  type ScoredStory,
} from './intelligence-repository';

/**
 * Regional Intelligence: Diaspora Analysis, Economic Indicators and Regional Insights computed from
 * the stories (regions, topics, diaspora relevance, urgency, risk), the signals, the enrichment
 * stage's external data and the indicators file it reads. Nothing here is sample data: a figure C360
 * does not hold (a diaspora's population, political influence) is null and the screen says so.
 */

/** The spec's diaspora and economic tags (section 9), matched against tags and topics. */
export const DIASPORA_TAGS = ['diaspora', 'remittances', 'investment'] as const;
export const ECONOMIC_TAGS = ['economy', 'trade', 'business', 'GDP'] as const;
/** A story of high diaspora relevance scores at least this (0-100). */
export const HIGH_DIASPORA = 60;
export const INTELLIGENCE_WINDOWS = [7, 30, 90] as const;

export type EngagementLevel = 'High' | 'Medium' | 'Low';

/** Pure: a region's diaspora engagement from the share of its scored stories of high relevance. */
export function engagementLevel(highRelevance: number, scored: number): EngagementLevel | null {
  if (scored === 0) return null;
  const share = highRelevance / scored;
  return share >= 0.5 ? 'High' : share >= 0.2 ? 'Medium' : 'Low';
}

export type Indicator = {
  name: string;
  country: string;
  indicator: string;
  unit: string;
  year: number;
  value: number;
  previousYear: number | null;
  previousValue: number | null;
  /** Percentage change from the previous value, one decimal; null without one. */
  change: number | null;
  trend: 'up' | 'down' | 'steady' | null;
  category: string;
  source: string;
  sourceUrl: string;
};

/** Pure: the indicators file's rows as the Economic Indicators tab shows them. */
export function toIndicators(rows: readonly IndicatorRow[]): Indicator[] {
  return rows.map((r) => {
    const change = r.previousValue ? Math.round(((r.value - r.previousValue) / Math.abs(r.previousValue)) * 1000) / 10 : null;
    return {
      name: `${r.indicator}, ${r.country}`,
      country: r.country,
      indicator: r.indicator,
      unit: r.unit,
      year: r.year,
      value: r.value,
      previousYear: r.previousYear,
      previousValue: r.previousValue,
      change,
      trend: r.previousValue === null ? null : r.value > r.previousValue ? 'up' : r.value < r.previousValue ? 'down' : 'steady',
      category: /gdp/i.test(r.indicator) ? 'GDP' : (r.topics[0] ?? 'economy'),
      source: r.source,
      sourceUrl: r.sourceUrl,
    };
  });
}

async function readIndicators(file: string): Promise<{ indicators: Indicator[]; error: string | null }> {
  try {
    return { indicators: toIndicators(parseIndicators(await readFile(file, 'utf8'), file)), error: null };
  } catch (error) {
    return { indicators: [], error: error instanceof Error ? error.message : String(error) };
  }
}

const linked = (s: ScoredStory) => ({ ...s, path: s.pipeline_stage === 'published' ? articlePath(s) : null });

export async function regionalIntelligence(db: Knex, input: { now: Date; days: number; indicatorsFile: string }) {
  const from = new Date(input.now.getTime() - input.days * 86_400_000);
  const regions = await storiesByRegion(db, from);
  const topicRows = await topicsByRegion(db, from);
  const signals = await signalsByRegionAndType(db, from);
  const topics = new Map<string, { topic: string; stories: number }[]>();
  for (const r of topicRows) {
    const list = topics.get(r.region) ?? [];
    if (list.length < 5) list.push({ topic: r.topic, stories: r.n });
    topics.set(r.region, list);
  }
  const sentiment = new Map<string, { sum: number; n: number }>();
  const signalsByRegion = new Map<string, { total: number; high: number; byType: Record<string, number> }>();
  for (const s of signals) {
    const agg = sentiment.get(s.region) ?? { sum: 0, n: 0 };
    if (s.avgSentiment !== null) {
      agg.sum += s.avgSentiment * s.n;
      agg.n += s.n;
    }
    sentiment.set(s.region, agg);
    const by = signalsByRegion.get(s.region) ?? { total: 0, high: 0, byType: {} };
    by.total += s.n;
    by.high += s.high;
    by.byType[s.type] = (by.byType[s.type] ?? 0) + s.n;
    signalsByRegion.set(s.region, by);
  }
  const regionSentiment = (region: string) => {
    const a = sentiment.get(region);
    return a && a.n ? Math.round((a.sum / a.n) * 100) / 100 : null;
  };
  const { indicators, error: indicatorsError } = await readIndicators(input.indicatorsFile);
  const gdpOf = (region: string) => indicators.find((i) => i.category === 'GDP' && i.country.toLowerCase() === region.toLowerCase()) ?? null;

  const diasporaTagged = await storiesTagged(db, from, DIASPORA_TAGS, 10);
  const economicTagged = await storiesTagged(db, from, ECONOMIC_TAGS, 10);
  const signalTypes: Record<string, number> = {};
  for (const s of signals) signalTypes[s.type] = (signalTypes[s.type] ?? 0) + s.n;

  return {
    window: { days: input.days, from: from.toISOString(), to: input.now.toISOString() },
    diaspora: {
      records: regions.map((r) => {
        const gdp = gdpOf(r.region);
        return {
          country: r.region,
          stories: r.stories,
          scored: r.scored,
          averageRelevance: r.avgDiaspora,
          highRelevance: r.highDiaspora,
          engagementLevel: engagementLevel(r.highDiaspora, r.scored),
          keyIssues: (topics.get(r.region) ?? []).map((t) => t.topic),
          sentiment: regionSentiment(r.region),
          economicImpact: gdp ? { indicator: gdp.name, value: gdp.value, unit: gdp.unit, year: gdp.year } : null,
          population: null,
          politicalInfluence: null,
        };
      }),
      topStories: (await topDiasporaStories(db, from, 10)).map(linked),
      tagged: { ...diasporaTagged, items: diasporaTagged.items.map(linked), tags: DIASPORA_TAGS },
      highThreshold: HIGH_DIASPORA,
    },
    economic: {
      indicators,
      indicatorsFile: input.indicatorsFile.split(/[\\/]/).pop(),
      indicatorsError,
      stories: { ...economicTagged, items: economicTagged.items.map(linked), tags: ECONOMIC_TAGS },
      signals: await latestSignalsOfType(db, from, 'Economic', 10),
      enrichment: await enrichmentUse(db, from),
    },
    regional: {
      regions: regions.map((r) => ({
        ...r,
        topics: topics.get(r.region) ?? [],
        signals: signalsByRegion.get(r.region) ?? { total: 0, high: 0, byType: {} },
        sentiment: regionSentiment(r.region),
      })),
      perDay: await storiesPerDay(db, from),
      signalTypes,
    },
  };
}
