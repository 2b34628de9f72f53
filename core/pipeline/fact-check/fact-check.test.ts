import { describe, expect, it } from 'vitest';
import type { SourceItem } from '../work/story-sources';
import { checkClaim, prepareVoices } from './claims';
import { assessIndependence } from './independence';
import { assessRisk, citesNoNamedSource, scoreStory, type RiskInput } from './risk';
import { silentLogger } from '../../logger';
import { emptyUsage, type AiProvider, type JudgeClaimInput } from '../summarise/provider';
import { judgeUndecidedPairs, MAX_CLAIM_JUDGEMENTS } from './judge-claims';
import type { UndecidedPair } from './claims';

let n = 0;
function item(outlet: string, text: string, extra: Partial<SourceItem> = {}): SourceItem {
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    outlet,
    outletKind: 'press',
    ownerGroup: outlet,
    url: `https://example.test/${n}`,
    title: text.split('.')[0]!,
    summary: '',
    text,
    author: null,
    publishedAt: `2026-11-18T${String(8 + (n % 10)).padStart(2, '0')}:00:00Z`,
    createdAt: '2026-11-18T12:00:00Z',
    region: null,
    carriers: [],
    ...extra,
  };
}

const WIRE =
  'A fire destroyed four homes in Ocho Rios, St Ann, on Monday and left 15 people homeless, the Jamaica Fire Brigade said. Firefighters fought the blaze for two hours.';

describe('independence', () => {
  it('counts each owner group once, and near-identical text (wire copy) once, saying why', () => {
    const sources = [
      item('Antilles Wire', WIRE, { publishedAt: '2026-11-16T08:00:00Z' }),
      item('Northcoast Times', `${WIRE} Residents are counting their losses.`, { publishedAt: '2026-11-16T10:00:00Z' }),
      item('Kingston Ledger', 'Four homes were gutted by fire near Ocho Rios on Monday; 15 residents lost their homes.', {
        ownerGroup: 'Ledger Group',
        publishedAt: '2026-11-16T09:00:00Z',
      }),
      item('Sunday Ledger', "Fifteen people are homeless after Monday's Ocho Rios fire destroyed four houses.", {
        ownerGroup: 'Ledger Group',
        publishedAt: '2026-11-16T12:00:00Z',
      }),
    ];
    const result = assessIndependence(sources);
    expect(result.independentOutlets).toEqual(['Antilles Wire', 'Kingston Ledger']);
    const why = Object.fromEntries(result.verdicts.map((v) => [v.outlet, v]));
    expect(why['Antilles Wire']).toMatchObject({ independent: true, reason: 'own reporting' });
    expect(why['Northcoast Times']).toMatchObject({ independent: false, counted_as: 'Antilles Wire' });
    expect(why['Northcoast Times']!.reason).toMatch(/near-identical text to Antilles Wire \(\d+% shared wording\): wire copy/);
    expect(why['Sunday Ledger']).toMatchObject({
      independent: false,
      counted_as: 'Kingston Ledger',
      reason: 'same owner group (Ledger Group) as Kingston Ledger',
    });
  });

  it('treats a government release re-published by the press as one voice, and a carried item as its original', () => {
    const release =
      'The Ministry of Health confirmed 12 new cases of dengue in St Catherine this week and urged residents to clear breeding sites around their homes.';
    const sources = [
      item('Jamaica Information Service', release, {
        outletKind: 'official',
        publishedAt: '2026-11-16T08:00:00Z',
        carriers: [{ outlet: 'Caribbean Aggregator', outletKind: 'aggregator', ownerGroup: 'Caribbean Aggregator', url: null, matchedBy: 'content_hash' }],
      }),
      item('Kingston Ledger', release, { publishedAt: '2026-11-16T09:00:00Z' }),
    ];
    const result = assessIndependence(sources);
    expect(result.independentOutlets).toEqual(['Jamaica Information Service']);
    const reasons = result.verdicts.map((v) => `${v.outlet}: ${v.reason}`);
    expect(reasons).toContainEqual(expect.stringMatching(/^Kingston Ledger: near-identical text .* a government release re-published$/));
    expect(reasons).toContainEqual("Caribbean Aggregator: carried Jamaica Information Service's item (the same story re-published)");
  });
});

describe('claims', () => {
  const sources = [
    item('Antilles Wire', WIRE),
    item('Kingston Ledger', 'Four homes were destroyed by fire in Ocho Rios on Monday, leaving 15 people homeless.'),
    item('Northcoast Times', "Monday's fire in Ocho Rios destroyed five homes, according to residents."),
  ];
  const independence = assessIndependence(sources);
  const voices = prepareVoices(independence);

  it('corroborates a claim two independent sources support, with matching figures', () => {
    const result = checkClaim({ text: 'The fire left 15 people homeless in Ocho Rios.', entities: ['Ocho Rios'] }, voices, independence);
    expect(result).toMatchObject({ verdict: 'corroborated', resolved: true, independent_outlets: ['Antilles Wire', 'Kingston Ledger'] });
  });

  it('finds contradictory figures and names who says what', () => {
    const result = checkClaim({ text: 'The fire destroyed four homes in Ocho Rios on Monday.', entities: ['Ocho Rios'] }, voices, independence);
    expect(result.verdict).toBe('contradicted');
    expect(result.resolved).toBe(false);
    expect(result.contradicting_outlets).toEqual(['Northcoast Times']);
    expect(result.explanation).toContain('Northcoast Times gives 5 home where the claim says 4');
  });

  it('leaves single-source and unsupported claims unresolved', () => {
    expect(checkClaim({ text: 'Firefighters fought the blaze for two hours.' }, voices, independence)).toMatchObject({
      verdict: 'single source',
      resolved: false,
    });
    expect(checkClaim({ text: 'The prime minister visited the families on Tuesday.' }, voices, independence)).toMatchObject({
      verdict: 'unsupported',
      resolved: false,
    });
  });
});

describe('risk rules', () => {
  const panel = (verdicts: string[], sensitiveFigure = false) =>
    verdicts.map((v) => ({
      claim: v,
      verdict: v,
      resolved: v === 'corroborated',
      sensitiveFigure,
    })) as RiskInput['panel'];
  const base: RiskInput = {
    independentSources: 3,
    panel: panel(['corroborated', 'corroborated']),
    sensitive: [],
    quotesReported: 0,
    factualSentences: 4,
    sourcedSentences: 4,
  };
  it.each([
    ['well sourced, all corroborated', {}, 'low'],
    ['one outlet, named sources, nothing sensitive (a regatta)', { independentSources: 1, panel: panel(['single source']) }, 'low'],
    ['one outlet on a sensitive topic, no figure', { independentSources: 1, panel: panel(['single source']), sensitive: ['election'] }, 'medium'],
    ['one outlet citing no named source', { independentSources: 1, panel: panel(['single source']), unnamedSource: true }, 'high'],
    ['one outlet citing no named source, deaths', { independentSources: 1, panel: panel(['single source'], true), unnamedSource: true }, 'critical'],
    ['a death toll only one outlet reports', { independentSources: 1, panel: panel(['single source'], true), sensitive: ['kill'] }, 'high'],
    ['a money figure only one of several outlets gives', { panel: [...panel(['corroborated']), ...panel(['single source'], true)] }, 'medium'],
    ['contradictory figures', { panel: panel(['corroborated', 'contradicted']) }, 'high'],
    ['contradictory casualty figures', { panel: panel(['contradicted'], true), sensitive: ['kill'] }, 'critical'],
    ['an outlet marked unreliable alone', { independentSources: 1, panel: panel(['single source']), unreliableOutlets: ['Viral'] }, 'high'],
    [
      'an outlet marked unreliable alone, casualties',
      { independentSources: 1, panel: panel(['single source'], true), unreliableOutlets: ['Viral'] },
      'critical',
    ],
    ['an outlet marked unreliable among corroborating ones', { unreliableOutlets: ['Viral'] }, 'medium'],
    ['a claim two outlets cover but neither corroborates', { panel: panel(['corroborated', 'unsupported']) }, 'medium'],
    ['sensitive topic, corroborated', { sensitive: ['murder'] }, 'low'],
    ['an editor confirmed the only claim', { independentSources: 1, panel: panel(['confirmed'], true) }, 'low'],
    ['no checkable claims', { panel: [] }, 'low'],
    ['a quote not found verbatim', { quotesReported: 1 }, 'medium'],
    ['sentences traced to no source', { sourcedSentences: 2 }, 'medium'],
  ] as const)('%s → %s', (_name, change, level) => {
    expect(assessRisk({ ...base, ...change } as RiskInput).level).toBe(level);
  });

  it('gives every level with its reasons', () => {
    const { level, reasons } = assessRisk({ ...base, independentSources: 1, panel: panel(['single source'], true), unnamedSource: true });
    expect(level).toBe('critical');
    expect(reasons).toContain('critical: one outlet, citing no named source');
    expect(reasons).toContainEqual(expect.stringMatching(/^high: a figure on casualties, health, money or a disaster that only one outlet reports/));
    expect(reasons).toContain('low: one independent source');
  });

  it.each([
    ['Five people were killed in Laventille overnight, sources said.', true],
    ['Twenty patients died at the Kingston Public Hospital, a source told us.', true],
    ['The finance minister has resigned, according to sources close to the cabinet.', true],
    ['Five people were killed in Laventille overnight, the police said.', false],
    ['Sources said the minister would resign, but Prime Minister Keith Rowley said on Monday that she would stay.', false],
    ['The festival committee announced the winners on Tuesday.', false],
  ])('an unnamed source: %s → %s', (text, expected) => {
    expect(citesNoNamedSource(text)).toBe(expected);
  });

  it('scores: fact_check_score is the corroborated share; truth_score weighs independence, tracing and contradictions', () => {
    expect(scoreStory(base)).toEqual({ factCheckScore: 1, truthScore: 1 });
    expect(scoreStory({ ...base, independentSources: 1, panel: panel(['corroborated', 'contradicted']), sourcedSentences: 2 })).toEqual({
      factCheckScore: 0.5,
      truthScore: 0.3,
    });
  });
});

describe('claims in other wordings and bad input', () => {
  it('corroborates a figure written in words by one outlet and in digits by another', () => {
    const sources = [
      item('Antigua Observer', 'Antigua and Barbuda aims to reduce its greenhouse gas emissions 25 per cent by 2030, the minister said.'),
      item('Daily Observer', 'The government wants emissions a quarter less by 2030 under its new climate plan.', { ownerGroup: 'Observer Group 2' }),
    ];
    const independence = assessIndependence(sources);
    const result = checkClaim({ text: 'Antigua plans to cut its emissions by a quarter by 2030.' }, prepareVoices(independence), independence);
    expect(result).toMatchObject({ verdict: 'corroborated', resolved: true });
  });

  it('neither crashes nor counts as support on overflowing or malformed figures, impossible dates or an unknown language', () => {
    const sources = [
      item('Haiti Wire', 'Twa moun mouri nan inondasyon yo nan Okap, dapre Pwoteksyon sivil.'),
      item('Cap News', 'The fire destroyed 1,2,3,4 homes on 31 February and cost 999999999999999999999999 dollars.'),
    ];
    const independence = assessIndependence(sources);
    const voices = prepareVoices(independence);
    for (const text of [
      'Three people died in the floods in Cap-Haitien.',
      'The fire destroyed 4 homes on 31 February.',
      'It cost 999999999999999999999999 dollars.',
    ]) {
      const result = checkClaim({ text }, voices, independence);
      expect(result.supporting_outlets).toEqual([]);
      expect(result.verdict).not.toBe('corroborated');
    }
  });
});

describe('claim pairs the rule cannot decide, put to a model', () => {
  const DEPORTED = 'The Dominican Republic deported 28,000 Haitians in October.';
  const sources = [
    item('Kingston Ledger', DEPORTED),
    item('Antilles Wire', 'Dominican authorities sent 28,000 Haitian migrants back across the border in October.'),
    item('Island Post', 'The Dominican Republic deported 28,000 Haitians in October, the migration agency said.'),
  ];
  const independence = assessIndependence(sources);
  const voices = prepareVoices(independence);

  it('checkClaim tells of the undecided pair only, and counts a kept judgement for that source and sentence alone', () => {
    const undecided: UndecidedPair[] = [];
    const ruled = checkClaim({ text: DEPORTED }, voices, independence, { onUndecided: (p) => undecided.push(p) });
    expect(undecided.map((p) => p.voice.outlet)).toEqual(['Antilles Wire']);
    expect(ruled.supporting_outlets.sort()).toEqual(['Island Post', 'Kingston Ledger']);
    const judgement = {
      source: undecided[0]!.voice.key,
      outlet: 'Antilles Wire',
      sentence_key: undecided[0]!.sentenceKey,
      relation: 'supports' as const,
      model: 'm',
    };
    const judged = checkClaim({ text: DEPORTED }, voices, independence, { judgements: [judgement] });
    expect(judged.supporting_outlets.sort()).toEqual(['Antilles Wire', 'Island Post', 'Kingston Ledger']);
    expect(judged.model_judgements).toEqual([judgement]);
    // A judgement on another sentence (the report was edited since) does not count.
    const stale = checkClaim({ text: DEPORTED }, voices, independence, { judgements: [{ ...judgement, sentence_key: '000000000000' }] });
    expect(stale.supporting_outlets).not.toContain('Antilles Wire');
    expect(stale.model_judgements).toBeUndefined();
  });

  it(`asks at most ${MAX_CLAIM_JUDGEMENTS} pairs a story, each once, and counts calls and failures`, async () => {
    const [pair] = (() => {
      const found: UndecidedPair[] = [];
      checkClaim({ text: DEPORTED }, voices, independence, { onUndecided: (p) => found.push(p) });
      return found;
    })();
    const pairs: UndecidedPair[] = [pair!, pair!, ...Array.from({ length: 9 }, (_, i) => ({ ...pair!, claim: `${DEPORTED} (${i})` }))];
    const asked: JudgeClaimInput[] = [];
    const ai: AiProvider = {
      name: 'fake',
      model: 'fake-judge',
      summarise: () => Promise.reject(new Error('not used')),
      judgeClaim: async (input) => {
        asked.push(input);
        if (asked.length === 2) throw new Error('socket hang up');
        return { relation: 'supports', usage: { ...emptyUsage('fake', 'fake-judge'), calls: 1, totalTokens: 10 } };
      },
    };
    const outcome = await judgeUndecidedPairs({ ai, pairs, storyId: 's', logger: silentLogger });
    expect(asked).toHaveLength(MAX_CLAIM_JUDGEMENTS);
    expect(asked[0]!.claim).toBe(DEPORTED);
    expect(asked[1]!.claim).toBe(`${DEPORTED} (0)`); // the same pair twice is asked once
    expect(outcome).toMatchObject({
      calls: MAX_CLAIM_JUDGEMENTS,
      failures: 1,
      usage: { calls: MAX_CLAIM_JUDGEMENTS - 1, totalTokens: 10 * (MAX_CLAIM_JUDGEMENTS - 1) },
    });
    expect(outcome.answers).toHaveLength(MAX_CLAIM_JUDGEMENTS - 1);
  });
});
