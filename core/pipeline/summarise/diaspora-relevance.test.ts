import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BASE_RELEVANCE, diasporaRelevance, diasporaRelevanceOfText } from './diaspora-relevance';
import { summariseOffline } from './offline-provider';
import type { SourceForAi } from './provider';

/** test/fixtures/diaspora/relevance.tsv: stories labelled high (a story people abroad follow) or low. */
const labelled = readFileSync(new URL('../../../test/fixtures/diaspora/relevance.tsv', import.meta.url), 'utf8')
  .split('\n')
  .slice(1)
  .filter((line) => line.trim() !== '')
  .map((line) => {
    const [label, title, text] = line.split('\t');
    if ((label !== 'high' && label !== 'low') || !title || !text) throw new Error(`relevance.tsv: bad row: ${line}`);
    return { label, title, text };
  });
/** A story is read as high when it scores at least this. */
const HIGH = 50;

describe('diaspora relevance on the labelled check', () => {
  it('has at least 30 stories, of both labels', () => {
    expect(labelled.length).toBeGreaterThanOrEqual(30);
    expect(labelled.filter((s) => s.label === 'high').length).toBeGreaterThanOrEqual(15);
    expect(labelled.filter((s) => s.label === 'low').length).toBeGreaterThanOrEqual(15);
  });
  it('reads at least 90% of them right (high >= 50, low below)', () => {
    const wrong = labelled.filter((s) => diasporaRelevanceOfText(s.title, s.text) >= HIGH !== (s.label === 'high'));
    expect(1 - wrong.length / labelled.length, `read wrong: ${wrong.map((s) => s.title).join('; ')}`).toBeGreaterThanOrEqual(0.9);
  });
  it('scores high stories 30 points above low ones on average, and the traffic-ticket and digital-ID stories at the base', () => {
    const scores = labelled.map((s) => ({ ...s, score: diasporaRelevanceOfText(s.title, s.text) }));
    const mean = (label: string) =>
      scores.filter((s) => s.label === label).reduce((sum, s) => sum + s.score, 0) / scores.filter((s) => s.label === label).length;
    expect(mean('high')).toBeGreaterThan(mean('low') + 30);
    for (const title of ['Jamaica moves traffic-ticket payments online', 'Grenada pilots digital identity for online government services'])
      expect(scores.find((s) => s.title === title)!.score).toBe(BASE_RELEVANCE);
  });
});

describe('diasporaRelevance', () => {
  const none = { titleLemmas: [], bodyLemmas: [], places: [] };
  it('gives the base to a story touching no concern, and at most 100 to one touching all', () => {
    expect(diasporaRelevance(none)).toBe(BASE_RELEVANCE);
    const everything = ['remittance', 'passport', 'diaspora', 'flight', 'election', 'hurricane'];
    const all = diasporaRelevance({ titleLemmas: everything, bodyLemmas: everything, places: [{ name: 'Toronto', country: 'Canada', level: 'town' }] });
    expect(all).toBeGreaterThanOrEqual(90);
    expect(all).toBeLessThanOrEqual(100);
  });
  it('counts a concern named once in passing half, in the headline or twice in the text fully', () => {
    const once = diasporaRelevance({ ...none, bodyLemmas: ['the', 'flight', 'leave'] });
    const twice = diasporaRelevance({ ...none, bodyLemmas: ['flight', 'and', 'flight'] });
    const headline = diasporaRelevance({ ...none, titleLemmas: ['flight'] });
    expect(once).toBeGreaterThan(BASE_RELEVANCE);
    expect(once).toBeLessThan(HIGH);
    expect(twice).toBe(headline);
    expect(headline).toBeGreaterThanOrEqual(HIGH);
  });
  it('adds a place abroad to a concern', () => {
    const home = diasporaRelevance({ ...none, titleLemmas: ['election'] });
    const abroad = diasporaRelevance({ ...none, titleLemmas: ['election'], places: [{ name: 'New York', country: 'United States', level: 'town' }] });
    expect(abroad).toBeGreaterThan(home);
  });
});

describe('the offline writer scores diaspora relevance by these concerns', () => {
  const source = (id: string, title: string, text: string): SourceForAi => ({
    id,
    outlet: `Outlet ${id}`,
    title,
    summary: '',
    text,
    author: null,
    url: null,
    publishedAt: '2026-11-18T12:00:00Z',
  });
  const now = new Date('2026-11-20T18:00:00Z');
  it('puts an airlift story above a traffic-ticket portal', () => {
    const tickets = summariseOffline({
      storyId: 't',
      now,
      sources: [
        source(
          'a',
          'Jamaica moves traffic-ticket payments online',
          'Jamaica launched an online portal for paying traffic tickets and taxes, aiming to clear a backlog of about 400,000 unpaid fines, the transport ministry said.',
        ),
      ],
    });
    const airlift = summariseOffline({
      storyId: 'f',
      now,
      sources: [
        source(
          'b',
          'JetBlue adds daily New York flights to Georgetown',
          'The airline said the new route from JFK would start in March, answering calls from Guyanese in Queens for more seats.',
        ),
      ],
    });
    expect(tickets.diaspora_relevance).toBe(BASE_RELEVANCE);
    expect(airlift.diaspora_relevance).toBeGreaterThanOrEqual(HIGH);
  });
});
