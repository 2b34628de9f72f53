import { describe, expect, it } from 'vitest';
import type { Layer } from '../../stories/story';
import type { SourceItem } from '../work/story-sources';
import { assessIndependence } from './independence';
import { traceLayers } from './provenance';

const item = (id: string, outlet: string, text: string, extra: Partial<SourceItem> = {}): SourceItem => ({
  id,
  outlet,
  outletKind: 'press',
  ownerGroup: outlet,
  url: null,
  title: text.split('.')[0]!,
  summary: '',
  text,
  author: null,
  publishedAt: '2026-11-16T08:00:00Z',
  createdAt: '2026-11-16T08:00:00Z',
  region: null,
  carriers: [],
  ...extra,
});

const voices = assessIndependence([
  item(
    'w',
    'Antilles Wire',
    'A fire destroyed four homes in Ocho Rios on Monday and left 15 people homeless. "We lost everything," said Marcia Brown, a resident.',
    {
      carriers: [{ outlet: 'Northcoast Times', outletKind: 'press', ownerGroup: 'Northcoast', url: null, matchedBy: 'guid' }],
    },
  ),
  item('k', 'Kingston Ledger', 'Four homes were destroyed by fire in Ocho Rios on Monday, leaving 15 people homeless. The mayor toured the site.', {
    publishedAt: '2026-11-16T09:00:00Z',
  }),
]).voices;

describe('provenance of the layers', () => {
  it('keeps a verified credit, drops a wrong one, and adds every source (carriers too) that states the sentence', () => {
    const layers: Layer[] = [
      {
        layerType: 'short_version',
        content: 'A fire destroyed four homes in Ocho Rios on Monday and left 15 people homeless. The mayor toured the site.',
        sentences: [
          { text: 'A fire destroyed four homes in Ocho Rios on Monday and left 15 people homeless.', item_ids: ['w'], outlets: ['Antilles Wire'] },
          { text: 'The mayor toured the site.', item_ids: ['w'], outlets: ['Antilles Wire'] },
        ],
      },
    ];
    const result = traceLayers(layers, voices);
    expect(result.layers[0]!.sentences).toEqual([
      {
        text: 'A fire destroyed four homes in Ocho Rios on Monday and left 15 people homeless.',
        item_ids: ['w', 'k'],
        outlets: ['Antilles Wire', 'Northcoast Times', 'Kingston Ledger'],
      },
      { text: 'The mayor toured the site.', item_ids: ['k'], outlets: ['Kingston Ledger'] },
    ]);
    expect(result).toMatchObject({ factualSentences: 2, sourcedSentences: 2 });
  });

  it('leaves a sentence no source states without a source, and counts it', () => {
    const text = 'The prime minister promised new houses by Christmas.';
    const result = traceLayers([{ layerType: 'short_version', content: text, sentences: [{ text, item_ids: ['w'], outlets: ['Antilles Wire'] }] }], voices);
    expect(result.layers[0]!.sentences).toEqual([{ text, item_ids: [], outlets: [] }]);
    expect(result).toMatchObject({ factualSentences: 1, sourcedSentences: 0 });
  });

  it('keeps verbatim quotes and turns the rest into reported speech without quotation marks', () => {
    const result = traceLayers(
      [
        {
          layerType: 'what_locals_saying',
          content: '',
          sentences: [],
          quotes: [
            { quote: 'We lost everything', author: 'Marcia Brown', role: 'resident' },
            { quote: 'We will rebuild by Christmas', author: 'The Mayor' },
          ],
        },
      ],
      voices,
    );
    const locals = result.layers[0]!;
    expect(locals.quotes).toEqual([
      { quote: 'We lost everything', author: 'Marcia Brown', role: 'resident', verified: true, sources: ['Antilles Wire', 'Northcoast Times'] },
    ]);
    expect(locals.content).toBe('According to The Mayor, We will rebuild by Christmas.');
    expect(result).toMatchObject({ quotesKept: 1, quotesReported: 1 });
  });

  it('traces a layer written before sentences were kept, and leaves an edited layer as its editor wrote it', () => {
    const old = traceLayers(
      [{ layerType: 'what_happened', content: '- Four homes were destroyed by fire in Ocho Rios on Monday, leaving 15 people homeless.' }],
      voices,
    ).layers[0]!;
    expect(old.sentences?.[0]?.outlets).toEqual(['Antilles Wire', 'Northcoast Times', 'Kingston Ledger']);
    const edited: Layer = {
      layerType: 'short_version',
      content: 'Fire in Ocho Rios (editor).',
      sentences: [{ text: 'A fire destroyed four homes.', item_ids: ['w'], outlets: ['Antilles Wire'] }],
    };
    const out = traceLayers([edited], voices).layers[0]!;
    expect(out.content).toBe('Fire in Ocho Rios (editor).');
    // The stale sentence is gone; the editor's sentence is traced afresh.
    expect(out.sentences?.map((x) => x.text)).toEqual(['Fire in Ocho Rios (editor).']);
  });
});
