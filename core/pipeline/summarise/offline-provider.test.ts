import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FixtureItem } from '../../../test/factories/raw-items';
import { findQuotes, summariseOffline } from './offline-provider';
import type { SourceForAi, SummariseInput } from './provider';
import { countSentences, validateSummary } from './schema';

const fixture = JSON.parse(readFileSync(new URL('../../../test/fixtures/pipeline/clustering.json', import.meta.url), 'utf8')) as { items: FixtureItem[] };
const now = new Date('2026-11-20T18:00:00Z');
const events = [...new Set(fixture.items.map((i) => i.event))];
const inputFor = (event: string): SummariseInput => ({
  storyId: event,
  now,
  sources: fixture.items.filter((i) => i.event === event).map((i) => ({ id: i.id, outlet: i.outlet, title: i.title, summary: i.summary, text: '', author: null, url: null, publishedAt: i.published_at })),
});
const source = (outlet: string, text: string, id = outlet): SourceForAi => ({ id, outlet, title: text.split('.')[0]!, summary: '', text, author: null, url: null, publishedAt: '2026-11-18T10:00:00Z' });

describe('offline provider', () => {
  it.each(events)('%s: valid, 2-3 sentence summary, "- " bullets, deterministic', (event) => {
    const a = summariseOffline(inputFor(event));
    const b = summariseOffline(inputFor(event));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const checked = validateSummary(a);
    expect(checked.ok ? [] : checked.problems).toEqual([]);
    expect(countSentences(a.summary)).toBeGreaterThanOrEqual(2);
    expect(countSentences(a.summary)).toBeLessThanOrEqual(3);
    expect(a.layers.what_happened.content.split('\n').every((l) => l.startsWith('- '))).toBe(true);
  });

  it('gives the same answer whatever order the sources come in', () => {
    const input = inputFor('fire-st-ann');
    expect(JSON.stringify(summariseOffline({ ...input, sources: [...input.sources].reverse() }))).toBe(JSON.stringify(summariseOffline(input)));
  });

  it('keeps only attributed quotations, word for word, with author, role and outlet', () => {
    const quotes = findQuotes([
      source('Kingston Ledger', '"We will rebuild every home," said Marcia Brown, president of the Ocho Rios Residents Association. "Nobody saw anything," a neighbour added.'),
      source('Antilles Wire', 'Fire officer Dwayne Clarke said: "The blaze started in a kitchen."'),
    ]);
    expect(quotes).toEqual([
      { quote: 'We will rebuild every home', author: 'Marcia Brown', role: 'president of the Ocho Rios Residents Association', platform: 'Kingston Ledger' },
      { quote: 'The blaze started in a kitchen', author: 'Dwayne Clarke', role: null, platform: 'Antilles Wire' },
    ]);
  });

  it('builds metrics from figures, a timeline from dates, and an our_take that names the disagreement', () => {
    const summary = summariseOffline({
      storyId: 'x',
      now,
      sources: [
        source('Kingston Ledger', 'A fire destroyed 4 homes in May Pen on Monday. Inflation fell from 6.2% to 5.1% in October.', 'a'),
        source('Antilles Wire', 'A fire destroyed 5 homes in May Pen on Monday, the fire brigade said.', 'b'),
      ],
    });
    const metrics = summary.layers.why_it_matters.metricsTable;
    expect(metrics).toContainEqual({ label: 'Inflation (%)', previous: '6.2%', current: '5.1%', trend: 'down' });
    expect(metrics.find((m) => m.label === 'Home')).toMatchObject({ current: '4 (Kingston Ledger) / 5 (Antilles Wire)', trend: 'sources differ' });
    expect(summary.layers.what_happened.timeline.some((t) => t.date === '2026-11-16')).toBe(true);
    expect(summary.layers.our_take.content).toMatch(/They differ on home: Kingston Ledger gives 4, while Antilles Wire gives 5/);
  });

  it('says plainly when only one outlet reports a story', () => {
    const summary = summariseOffline({ storyId: 'x', now, sources: [source('Spice Isle News', 'The nutmeg festival in Grenville drew a record crowd on Sunday.')] });
    expect(summary.layers.our_take.content).toMatch(/^Only one outlet, Spice Isle News, has reported this so far/);
    expect(countSentences(summary.summary)).toBe(2);
    expect(summary.layers.what_locals_saying.quotes).toEqual([]);
  });
});
