import { describe, expect, it } from 'vitest';
import { applyClaimDecisions } from '../../stories/claim-resolution';
import type { Layer } from '../../stories/story';
import type { SourceItem } from '../work/story-sources';
import { checkClaim, prepareVoices } from './claims';
import { assessIndependence } from './independence';
import { attributeDetails, attributeInLayers, attributeInSummary, attributeOneOutletSentences, corroboratedHeadline, mainClause } from './lead';

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

  it('takes as the lead the lead sentence\u2019s main clause when two outlets tell the event and only one the details packed after it', () => {
    const ledgerMatch = report(
      'Kingston Ledger',
      'Reggae Boyz edge Soca Warriors 2-1 at the National Stadium',
      'Jamaica came from behind to beat Trinidad and Tobago 2-1 in the CONCACAF Nations League on Tuesday night, with substitute Dujuan Harvey scoring the winner in the 87th minute before 22,000 fans at the National Stadium. The win lifts Jamaica to the top of their group.',
      '2026-11-18T05:00:00Z',
    );
    const mirror = report(
      'Port of Spain Mirror',
      'Late heartbreak for Soca Warriors in Kingston',
      'A goal three minutes from time gave Jamaica a 2-1 Nations League win over the Soca Warriors in Kingston on Tuesday. Kerwin Baptiste had put Trinidad and Tobago ahead on the half-hour.',
      '2026-11-18T06:00:00Z',
    );
    const match = assessIndependence([ledgerMatch, mirror]);
    const matchVoices = prepareVoices(match);
    const lead = ledgerMatch.text.split('. ')[0]!;
    expect(mainClause(lead)).toBe('Jamaica came from behind to beat Trinidad and Tobago 2-1 in the CONCACAF Nations League on Tuesday night.');
    expect(mainClause('Keron weakened, with rain.')).toBeNull();
    expect(checkClaim({ text: lead }, matchVoices, match).verdict).toBe('single source');
    expect(corroboratedHeadline([ledgerMatch.title, mirror.title], matchVoices, match)).toBeNull();
    expect(corroboratedHeadline([ledgerMatch.title, mirror.title], matchVoices, match, lead)).toMatchObject({
      lead: true,
      verdict: 'corroborated',
      independent_outlets: ['Kingston Ledger', 'Port of Spain Mirror'],
    });
  });

  it('checks a claim too short to tell its language in its reports\u2019 language', () => {
    const courier = report(
      'Bridgetown Courier',
      'Windies name 15 for Sri Lanka Tests',
      'Cricket West Indies named a 15-member squad on Wednesday for the three-Test home series against Sri Lanka. Barbadian fast bowler Jaden Warner-Best earns a first call-up.',
      '2026-11-18T20:00:00Z',
    );
    const one = assessIndependence([courier]);
    expect(checkClaim({ text: 'Barbadian fast bowler Jaden Warner-Best earns a first call-up.' }, prepareVoices(one), one)).toMatchObject({
      verdict: 'single source',
      independent_outlets: ['Bridgetown Courier'],
    });
  });

  it('writes a sentence of what happened that only one outlet gives as its report; leaves shared, sourced and claim sentences', () => {
    const sentence = (text: string, outlets: string[]) => ({ text, item_ids: [], outlets });
    const detail = sentence('Some 2,300 payments were made in the first 24 hours (November 26).', ['Kingston Ledger']);
    const shared = sentence('Motorists in Jamaica can pay traffic tickets online from Wednesday.', ['Kingston Ledger', 'Antilles Wire']);
    const sourced = sentence('The portal was built in six weeks, the ministry said.', ['Kingston Ledger']);
    const claim = sentence(ledger.text, ['Kingston Ledger']);
    const restated = sentence('Motorists in Jamaica can pay traffic tickets online from Wednesday.', ['Antilles Wire']);
    const layers: Layer[] = [
      {
        layerType: 'what_happened',
        content: [detail, shared, sourced, claim, restated].map((s) => `- ${s.text}`).join('\n'),
        sentences: [detail, shared, sourced, claim, restated],
      },
      { layerType: 'our_take', content: detail.text, sentences: [detail] },
    ];
    const panel = [{ claim: ledger.text, verdict: 'single source' }];
    const out = attributeOneOutletSentences(layers, { voices, independence, panel });
    expect(out[0]!.sentences!.map((s) => s.text)).toEqual([
      'Some 2,300 payments were made in the first 24 hours (November 26), Kingston Ledger reported.',
      shared.text,
      sourced.text,
      claim.text,
      // Both outlets tell it, though the writer credited one: the claim matcher finds it in each.
      restated.text,
    ]);
    expect(out[0]!.content.split('\n')[0]).toBe('- Some 2,300 payments were made in the first 24 hours (November 26), Kingston Ledger reported.');
    expect(out[1]).toBe(layers[1]);
    expect(attributeOneOutletSentences(out, { voices, independence, panel })[0]!.content).toBe(out[0]!.content);
    // One outlet alone: nothing is a detail of one among several.
    const alone = assessIndependence([ledger]);
    expect(attributeOneOutletSentences(layers, { voices: prepareVoices(alone), independence: alone, panel })[0]).toBe(layers[0]);
  });

  it('writes the summary as the layers now write it: an attributed sentence is attributed there too, the rest untouched', () => {
    const detail = { text: 'About 400,000 fines are unpaid (as of November 25).', item_ids: [], outlets: ['Kingston Ledger'] };
    const shared = { text: 'Motorists can pay traffic tickets online.', item_ids: [], outlets: ['Kingston Ledger', 'Antilles Wire'] };
    const before: Layer[] = [{ layerType: 'short_version', content: `${shared.text} ${detail.text}`, sentences: [shared, detail] }];
    const after = attributeInLayers(before, [{ claim: 'About 400,000 fines are unpaid.', outlet: 'Kingston Ledger' }]);
    const summary = `${shared.text} ${detail.text}`;
    expect(attributeInSummary(summary, before, after)).toBe(
      'Motorists can pay traffic tickets online. About 400,000 fines are unpaid (as of November 25), Kingston Ledger reported.',
    );
    expect(attributeInSummary('An editor wrote this summary.', before, after)).toBe('An editor wrote this summary.');
    expect(attributeInSummary(summary, before, before)).toBe(summary);
  });
});
