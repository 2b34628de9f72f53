import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildRegistryOpml, parseRegistryTsv } from './feed-registry-tsv';
import { buildOpml, parseOpml } from './opml';

const data = (name: string) => readFileSync(new URL(`../../data/feeds/${name}`, import.meta.url), 'utf8');

describe('OPML', () => {
  it('round-trips feeds with C360 attributes, escaping what needs escaping', () => {
    const feeds = [
      {
        outlet: 'Kingston Ledger',
        url: 'https://kl.example/feed?a=1&b=2',
        htmlUrl: 'https://kl.example/',
        region: 'Jamaica',
        language: 'en',
        kind: 'press' as const,
        ownerGroup: 'Ledger "Media" <Group>',
        sectionHint: 'business',
      },
      {
        outlet: 'Gov & Co',
        url: 'https://gov.example/rss',
        htmlUrl: null,
        region: 'Barbados',
        language: 'en',
        kind: 'official' as const,
        ownerGroup: null,
        sectionHint: null,
      },
    ];
    const xml = buildOpml(feeds, { title: 'Test', dateCreated: new Date('2026-11-20T00:00:00Z') });
    expect(xml).toContain('xmlns:c360="urn:c360:opml:1"');
    expect(xml).toContain('<dateCreated>Fri, 20 Nov 2026 00:00:00 GMT</dateCreated>');
    expect(parseOpml(xml)).toEqual([
      {
        outlet: 'Gov & Co',
        url: 'https://gov.example/rss',
        htmlUrl: undefined,
        region: 'Barbados',
        language: 'en',
        kind: 'official',
        ownerGroup: undefined,
        sectionHint: undefined,
      },
      {
        outlet: 'Kingston Ledger',
        url: 'https://kl.example/feed?a=1&b=2',
        htmlUrl: 'https://kl.example/',
        region: 'Jamaica',
        language: 'en',
        kind: 'press',
        ownerGroup: 'Ledger "Media" <Group>',
        sectionHint: 'business',
      },
    ]);
  });

  it('reads a plain reader export (nested folders, no C360 attributes)', () => {
    const xml = `<?xml version="1.0"?><opml version="1.0"><head><title>Reader</title></head><body>
      <outline text="News"><outline text="Gleaner" type="rss" xmlUrl="https://g.example/rss"/><outline title="Only title" xmlUrl="https://t.example/rss"/></outline>
      <outline text="Folder without feeds"/></body></opml>`;
    expect(parseOpml(xml).map((o) => [o.outlet, o.url, o.kind])).toEqual([
      ['Gleaner', 'https://g.example/rss', undefined],
      ['Only title', 'https://t.example/rss', undefined],
    ]);
  });

  it('refuses what is not OPML with a clear error', () => {
    expect(() => parseOpml('<html><body>hi</body></html>')).toThrow(/no <opml><body>/);
    expect(() => parseOpml('<opml><body><outline')).toThrow(/not valid OPML/);
    expect(() => parseOpml('')).toThrow(/not valid OPML/);
  });
});

describe('the starting registry', () => {
  it('data/feeds/caribbean.opml is exactly what build-opml makes from the TSV files', () => {
    const built = buildRegistryOpml(data('caribbean-feeds.tsv'), data('owner-groups.tsv'));
    expect(data('caribbean.opml')).toBe(built.opml);
    expect(built.ownGroup).toEqual([]);
  });

  it('keeps the TSV header facts and every outlet with its country, language, kind and owner group', () => {
    const { comments, rows } = parseRegistryTsv(data('caribbean-feeds.tsv'));
    expect(comments.join(' ')).toMatch(/None was checked live/);
    const outlines = parseOpml(data('caribbean.opml'));
    expect(outlines).toHaveLength(rows.length);
    const byOutlet = new Map(outlines.map((o) => [o.outlet, o]));
    expect(byOutlet.get('Jamaica Gleaner')).toMatchObject({ region: 'Jamaica', language: 'en', kind: 'press', ownerGroup: 'RJRGLEANER Communications Group' });
    expect(byOutlet.get('Jamaica Star')!.ownerGroup).toBe(byOutlet.get('Jamaica Gleaner')!.ownerGroup);
    expect(byOutlet.get('Le Nouvelliste')).toMatchObject({ region: 'Haiti', language: 'fr', ownerGroup: 'Le Nouvelliste' });
    expect(byOutlet.get('CARICOM Today')!.kind).toBe('official');
    expect(byOutlet.get('Repeating Islands')!.kind).toBe('aggregator');
    expect(data('caribbean.opml')).toMatch(/None was checked live/);
  });
});
