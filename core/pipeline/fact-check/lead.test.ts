import { describe, expect, it } from 'vitest';
import { applyClaimDecisions } from '../../stories/claim-resolution';
import type { Layer } from '../../stories/story';
import type { SourceItem } from '../work/story-sources';
import { checkClaim, prepareVoices } from './claims';
import { assessIndependence } from './independence';
import { attributeDetails, attributeInLayers, corroboratedHeadline } from './lead';

function report(outlet: string, title: string, text: string, publishedAt: string): SourceItem {
  return {
    id: `00000000-0000-4000-8000-${outlet.length.toString().padStart(12, '0')}`,
    outlet,
    outletKind: 'press',
    ownerGroup: outlet,
    url: `https://example.test/${encodeURIComponent(outlet)}`,
    title,
    summary: '',
    text,
    author: null,
    publishedAt,
    createdAt: publishedAt,
    region: null,
    carriers: [],
  };
}

const ledger = report(
  'Kingston Ledger',
  'Jamaica opens online portal for traffic tickets',
  'Jamaica opened an online portal on Wednesday for paying traffic tickets, aiming to clear a backlog of about 400,000 unpaid fines, the transport ministry said.',
  '2026-11-25T15:00:00Z',
);
const wire = report(
  'Antilles Wire',
  'Jamaica opens portal to pay traffic tickets online',
  'Motorists in Jamaica can pay traffic tickets online from Wednesday, when the transport ministry opened an online portal for paying traffic tickets.',
  '2026-11-25T16:00:00Z',
);

describe('the lead and the details', () => {
  const independence = assessIndependence([ledger, wire]);
  const voices = prepareVoices(independence);

  it('takes as the lead a headline two independent outlets state, when the lead sentence carries a detail only one gives', () => {
    const lead = checkClaim({ text: ledger.text }, voices, independence);
    expect(lead.verdict).toBe('single source');
    const headline = corroboratedHeadline(['Jamaica opens online portal for traffic tickets', wire.title], voices, independence);
    expect(headline).toMatchObject({ lead: true, verdict: 'corroborated', independent_outlets: ['Kingston Ledger', 'Antilles Wire'] });
    expect(corroboratedHeadline(['Cricket West Indies names squad for Sri Lanka'], voices, independence)).toBeNull();
  });

  it('attributes a non-sensitive detail to its one outlet; leaves a money figure, an unsupported claim and an editor-disputed one blocking', () => {
    const item = (claim: string, extra: Record<string, unknown>) => ({
      claim,
      resolved: false,
      verdict: 'single source',
      independent_outlets: ['Kingston Ledger'],
      ...extra,
    });
    const panel = applyClaimDecisions(
      [
        item('About 400,000 fines are unpaid.', { sensitive_figure: false }),
        item('The refit cost US$12 million.', { sensitive_figure: true }),
        item('The portal was designed abroad.', { verdict: 'unsupported', independent_outlets: [] }),
        item('The minister opened it.', {}),
      ],
      [
        {
          key: applyClaimDecisions([item('The minister opened it.', {})], [])[0]!.key,
          decision: 'disputed',
          reason: 'no',
          actor: 'ed',
          decided_at: '2026-11-25T17:00:00Z',
        },
      ],
    );
    const out = attributeDetails(panel);
    expect(out.map((p) => [p.resolved, p.attributed_to ?? null])).toEqual([
      [true, 'Kingston Ledger'],
      [false, null],
      [false, null],
      [false, null],
    ]);
  });

  it('writes the detail as its outlet\u2019s report in the factual layers, once, and leaves an edited layer as the editor wrote it', () => {
    const sentence = { text: 'About 400,000 fines are unpaid (as of November 25).', item_ids: [], outlets: ['Kingston Ledger'] };
    const layers: Layer[] = [
      { layerType: 'short_version', content: sentence.text, sentences: [sentence] },
      { layerType: 'why_it_matters', content: 'Edited by an editor.', sentences: [sentence] },
      { layerType: 'our_take', content: sentence.text, sentences: [sentence] },
    ];
    const details = [{ claim: 'About 400,000 fines are unpaid.', outlet: 'Kingston Ledger' }];
    const once = attributeInLayers(layers, details);
    expect(once[0]!.content).toBe('About 400,000 fines are unpaid (as of November 25), Kingston Ledger reported.');
    expect(once[0]!.sentences![0]!.outlets).toEqual(['Kingston Ledger']);
    expect(once[1]).toBe(layers[1]);
    expect(once[2]).toBe(layers[2]);
    expect(attributeInLayers(once, details)[0]!.content).toBe(once[0]!.content);
  });
});
