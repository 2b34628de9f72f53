import { describe, expect, it } from 'vitest';
import { applyClaimDecisions, claimKey, type ClaimDecision, type ClaimPanelItem } from '../../stories/claim-resolution';
import { composeContent } from '../../stories/layer-text';
import type { Layer, LayerSentence } from '../../stories/story';
import { buildTakeInput, type TakeRecord } from './ai-take';
import { recheckTake } from './recheck-take';

/** A two-outlet fire story as the fact-check leaves it: one claim both outlets give, one only the first. */
const HOMELESS = 'Fifteen people were left homeless by the fire in Ocho Rios.';
const KITCHEN = 'The fire started in a kitchen at about 3 am.';
const claims = [
  {
    claim: HOMELESS,
    resolved: true,
    verdict: 'corroborated',
    supporting_outlets: ['Kingston Ledger', 'Antilles Wire'],
    independent_outlets: ['Kingston Ledger', 'Antilles Wire'],
    contradicting_outlets: [],
  },
  {
    claim: KITCHEN,
    resolved: false,
    verdict: 'single source',
    supporting_outlets: ['Kingston Ledger'],
    independent_outlets: ['Kingston Ledger'],
    contradicting_outlets: [],
  },
];
const panelWith = (decisions: Record<string, ClaimDecision> = {}, changes: Partial<Record<string, object>> = {}): ClaimPanelItem[] =>
  applyClaimDecisions(
    claims.map((c) => ({ ...c, ...changes[c.claim] })),
    Object.entries(decisions).map(([claim, decision]) => ({ key: claimKey(claim), decision, reason: 'checked', actor: 'ed', decided_at: '2026-11-18' })),
  );

const AGREE = 'Kingston Ledger and Antilles Wire give the same figure: 15 (people).';
const DIFFER = 'They differ on one figure: Kingston Ledger gives 15 (people) where Island Post gives 12.';
const ONLY = 'Only Kingston Ledger reports that the fire started in a kitchen at about 3 am.';
const FRAME = 'Their headlines frame it differently: Kingston Ledger leads with “Blaze destroys four homes”, Antilles Wire with “St Ann fire”.';
const sentence = (text: string): LayerSentence => ({ text, item_ids: ['i1'], outlets: ['Kingston Ledger'] });
const layersWith = (texts: string[], content?: string): Layer[] => [
  { layerType: 'short_version', content: HOMELESS },
  { layerType: 'our_take', content: content ?? composeContent('our_take', texts.map(sentence)), sentences: texts.map(sentence) },
];
const ledger = (panel: ClaimPanelItem[]) => ({
  panel,
  input: buildTakeInput({ storyId: 's1', today: new Date('2026-11-18'), panel, sources: [] }),
  knownOutlets: [],
  itemsOf: () => [],
});
const takeAfter = (texts: string[], panel: ClaimPanelItem[], record?: TakeRecord) =>
  recheckTake(layersWith(texts), record, ledger(panel), new Date('2026-11-18T13:00:00Z'));
const texts = (layers: Layer[]) => layers.find((l) => l.layerType === 'our_take')!.sentences!.map((s) => s.text);

describe('recheckTake: the offline take held to the claims as they stand', () => {
  it('keeps every sentence while the claims stand, or an editor confirmed them', () => {
    for (const panel of [panelWith(), panelWith({ [HOMELESS]: 'confirmed', [KITCHEN]: 'confirmed' })]) {
      const r = takeAfter([AGREE, ONLY, FRAME], panel);
      expect(r.dropped).toEqual([]);
      expect(texts(r.layers)).toEqual([AGREE, ONLY, FRAME]);
    }
  });

  for (const decision of ['disputed', 'dismissed'] as const) {
    it(`drops the agreement on a figure of a claim an editor ${decision}, and keeps the rest as written`, () => {
      const r = takeAfter([AGREE, ONLY, FRAME], panelWith({ [HOMELESS]: decision }));
      expect(texts(r.layers)).toEqual([ONLY, FRAME]);
      expect(r.layers[1]!.content).toBe(`${ONLY} ${FRAME}`);
      expect(r.dropped).toEqual([{ text: AGREE, reason: `says outlets agree on "${HOMELESS}", ${decision} by ed` }]);
    });
  }

  it('drops a claim stated as fact once an editor disputes it', () => {
    const r = takeAfter([AGREE, ONLY], panelWith({ [KITCHEN]: 'disputed' }));
    expect(texts(r.layers)).toEqual([AGREE]);
    expect(r.dropped[0]!.reason).toBe(`states "${KITCHEN}", disputed by ed`);
  });

  it('drops the agreement on a claim a source contradicts, and keeps the sentence telling the difference', () => {
    const r = takeAfter([AGREE, DIFFER], panelWith({}, { [HOMELESS]: { verdict: 'contradicted', resolved: false, contradicting_outlets: ['Island Post'] } }));
    expect(texts(r.layers)).toEqual([DIFFER]);
    expect(r.dropped[0]!.reason).toMatch(/contradicted by Island Post$/);
  });

  it('empties the layer when nothing stands, writing nothing in its place', () => {
    const r = takeAfter([AGREE], panelWith({ [HOMELESS]: 'disputed' }));
    expect(r.layers[1]).toMatchObject({ content: '', sentences: [] });
  });

  it("leaves an editor's own words as they are", () => {
    const layers = layersWith([AGREE], 'Our editor says both outlets give the same figure: 15 people.');
    const r = recheckTake(layers, undefined, ledger(panelWith({ [HOMELESS]: 'disputed' })), new Date());
    expect(r).toEqual({ layers, dropped: [] });
  });

  it('reads a model take written before its cites were kept by the same rule', () => {
    const model = 'Kingston Ledger and Antilles Wire agree that 15 people were left homeless.';
    const record: TakeRecord = {
      provider: 'openai',
      model: 'm',
      ledger: 'x',
      status: 'written',
      checked: true,
      at: '2026-11-18T12:00:00Z',
      kept: 1,
      dropped: 0,
      reasons: [],
      sentences: [sentence(model)],
    };
    const r = takeAfter([model], panelWith({ [HOMELESS]: 'disputed' }), record);
    expect(texts(r.layers)).toEqual([]);
    expect(r.record).toBeUndefined();
  });
});
