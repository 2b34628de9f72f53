import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FixtureItem } from '../../../test/factories/raw-items';
import { itemFeatures, stripDateline } from './features';
import { clusterInMemory, JOIN_THRESHOLD, lawsConflict, pairwiseQuality, WINDOW_HOURS } from './similarity';
import { placesConflict, findPlaces } from '../../nlp/gazetteer';

const fixture = JSON.parse(readFileSync(new URL('../../../test/fixtures/pipeline/clustering.json', import.meta.url), 'utf8')) as { items: FixtureItem[] };
const items = fixture.items.map((i) => ({ id: i.id, ...itemFeatures({ title: i.title, summary: i.summary, text: '', publishedAt: i.published_at, createdAt: i.published_at }) }));
const truth = new Map(fixture.items.map((i) => [i.id, i.event]));

describe('clustering quality on the labelled fixture', () => {
  it(`puts reports of one event together and keeps look-alikes apart (threshold ${JOIN_THRESHOLD})`, () => {
    const quality = pairwiseQuality(clusterInMemory(items), truth);
    const sweep = [0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5].map((t) => {
      const q = pairwiseQuality(clusterInMemory(items, { threshold: t }), truth);
      return `${t.toFixed(2)}: P ${q.precision.toFixed(3)} R ${q.recall.toFixed(3)}`;
    });
    console.log(`clustering fixture: ${items.length} items, ${new Set(truth.values()).size} events, ${quality.truePairs} true pairs; at ${JOIN_THRESHOLD}: precision ${quality.precision.toFixed(3)}, recall ${quality.recall.toFixed(3)}\n  sweep ${sweep.join(' | ')}`);
    expect(quality.precision).toBeGreaterThanOrEqual(0.95);
    expect(quality.recall).toBeGreaterThanOrEqual(0.95);
  });

  it('keeps the look-alike pairs apart: two fires, two budgets, two senates, two squads, two oil stories', () => {
    const assignment = clusterInMemory(items);
    for (const [a, b] of [['f1a', 'f2a'], ['b1a', 'b2a'], ['n1a', 'n2a'], ['k1a', 's1a'], ['k1a', 'k2a'], ['o1a', 'o2a'], ['v1a', 'v2a']]) {
      expect(assignment.get(a!), `${a} and ${b}`).not.toBe(assignment.get(b!));
    }
  });

  it('does not join reports outside the time window', () => {
    const late = { ...items.find((i) => i.id === 'f1b')!, id: 'late', time: items.find((i) => i.id === 'f1a')!.time + (WINDOW_HOURS + 1) * 3_600_000 };
    const assignment = clusterInMemory([items.find((i) => i.id === 'f1a')!, late]);
    expect(assignment.get('late')).not.toBe(assignment.get('f1a'));
  });
});

describe('conflict rules', () => {
  it.each([
    ['Fire in Ocho Rios, St Ann', 'Fire in May Pen, Clarendon', true],
    ['Budget debate in Jamaica', 'Budget debate in Trinidad and Tobago', true],
    ['Fire in Ocho Rios', 'Fire in St Ann, Jamaica', false],
    ['Storm in Jamaica', 'Storm hits the Caribbean', false],
    ['St James parish in Barbados', 'St James, Barbados: flooding', false],
  ])('%s / %s → conflict %s', (a, b, conflict) => {
    expect(placesConflict(findPlaces(a), findPlaces(b))).toBe(conflict);
  });

  it('tells different laws apart', () => {
    expect(lawsConflict(['law:road traffic act'], ['law:data protection act'])).toBe(true);
    expect(lawsConflict(['law:road traffic act'], ['law:road traffic act', 'org:senate'])).toBe(false);
    expect(lawsConflict(['org:senate'], ['law:road traffic act'])).toBe(false);
  });

  it('drops wire datelines, which name where the reporter filed, not what happened', () => {
    expect(stripDateline("ST JOHN'S (Antilles Wire) — West Indies selectors named a squad.")).toBe('West Indies selectors named a squad.');
    expect(stripDateline('Police in St James are searching for gunmen.')).toBe('Police in St James are searching for gunmen.');
  });
});

describe('clustering quality at volume', () => {
  it('keeps 250 synthetic events reported by 4 outlets each apart (one kind of event recurs in one place every 3.6 days)', async () => {
    const { syntheticNews } = await import('../../../test/factories/synthetic-news');
    const news = syntheticNews({ events: 250, outlets: 4, end: new Date('2026-11-20T12:00:00Z') });
    const features = news.map((n, k) => ({ id: String(k), ...itemFeatures({ title: n.title, summary: n.summary!, text: '', publishedAt: n.published_at!, createdAt: n.published_at! }) }));
    const quality = pairwiseQuality(clusterInMemory(features), new Map(news.map((n, k) => [String(k), String(n.event)])));
    expect(quality.precision).toBeGreaterThanOrEqual(0.98);
    expect(quality.recall).toBeGreaterThanOrEqual(0.98);
  });
});
