import { describe, expect, it } from 'vitest';
import {
  applyClaimDecisions,
  claimKey,
  claimsForRisk,
  countUnresolved,
  findClaim,
  presentClaims,
  reasonProblem,
  standsIn,
  type EditorClaimDecision,
} from './claim-resolution';

const at = '2026-11-20T12:00:00.000Z';
const decision = (claim: string, d: EditorClaimDecision['decision'], reason = 'Checked with the ministry'): EditorClaimDecision => ({
  key: claimKey(claim),
  decision: d,
  reason,
  actor: 'editor@c360.test',
  decided_at: at,
});
const corroborated = {
  claim: 'The council approved a $4 million budget.',
  resolved: true,
  verdict: 'corroborated',
  explanation: 'supported by 2 independent sources: A, B',
};
const single = { claim: 'Works begin on 3 March.', resolved: false, verdict: 'single source', explanation: 'only Kingston Ledger supports it' };
const contradicted = {
  claim: 'Four homes were destroyed.',
  resolved: false,
  verdict: 'contradicted',
  explanation: 'Island Times gives 5 homes where the claim says 4 homes',
};
const unsupported = { claim: 'The minister resigned.', resolved: false, verdict: 'unsupported', explanation: 'no source states it' };

describe('claimKey', () => {
  it.each([
    ['same text', 'Works begin on 3 March.', 'Works begin on 3 March.', true],
    ['case, spacing and punctuation', 'Works begin on 3 March.', '  works BEGIN on 3 march ', true],
    ['accents', 'Pétion-Ville market reopens', 'Petion Ville market reopens', true],
    ['another figure', 'Works begin on 3 March.', 'Works begin on 4 March.', false],
    ['other words', 'Works begin on 3 March.', 'Works end on 3 March.', false],
  ])('%s', (_name, a, b, same) => {
    expect(claimKey(a)).toMatch(/^[0-9a-f]{12}$/);
    expect(claimKey(a) === claimKey(b)).toBe(same);
  });
});

describe('reasonProblem', () => {
  it.each([
    ['a reason', 'Confirmed by phone', null],
    ['empty', '', 'A reason is required.'],
    ['blank', '   ', 'A reason is required.'],
    ['missing', undefined, 'A reason is required.'],
    ['500 characters', 'x'.repeat(500), null],
    ['501 characters', 'x'.repeat(501), 'The reason is 501 characters long; at most 500 are kept.'],
  ])('%s', (_name, reason, expected) => {
    expect(reasonProblem(reason)).toBe(expected);
  });
});

describe('applyClaimDecisions', () => {
  it.each([
    ['corroborated, no decision', corroborated, null, { resolved: true, unresolved_reason: null, decision: null }],
    ['single source, no decision', single, null, { resolved: false, unresolved_reason: 'single source: only Kingston Ledger supports it' }],
    [
      'contradicted, no decision',
      contradicted,
      null,
      { resolved: false, unresolved_reason: 'contradicted: Island Times gives 5 homes where the claim says 4 homes' },
    ],
    ['unsupported, no decision', unsupported, null, { resolved: false, unresolved_reason: 'unsupported: no source states it' }],
    [
      'single source, confirmed',
      single,
      'confirmed',
      { resolved: true, source_resolved: false, unresolved_reason: null, decision: 'confirmed', decided_by: 'editor@c360.test' },
    ],
    ['single source, dismissed', single, 'dismissed', { resolved: true, unresolved_reason: null, decision: 'dismissed' }],
    [
      'corroborated, disputed',
      corroborated,
      'disputed',
      { resolved: false, source_resolved: true, unresolved_reason: 'disputed by editor@c360.test: Checked with the ministry' },
    ],
  ] as const)('%s', (_name, item, d, expected) => {
    const [out] = applyClaimDecisions([item], d ? [decision(item.claim, d)] : []);
    expect(out).toMatchObject({ key: claimKey(item.claim), ...expected });
  });

  it('keeps what the sources say when applied again, so a decision can be changed or dropped', () => {
    const confirmed = applyClaimDecisions([single], [decision(single.claim, 'confirmed')]);
    expect(applyClaimDecisions(confirmed, [])[0]).toMatchObject({
      resolved: false,
      decision: null,
      unresolved_reason: 'single source: only Kingston Ledger supports it',
    });
    const legacy = applyClaimDecisions([{ claim: 'x', resolved: false }], [decision('x', 'confirmed')]);
    expect(applyClaimDecisions(legacy, [])[0]).toMatchObject({ resolved: false, unresolved_reason: 'not resolved by the fact-check' });
  });

  it('a disputed claim blocks only while it stands in the short version', () => {
    const d = [decision(corroborated.claim, 'disputed')];
    expect(applyClaimDecisions([corroborated], d, 'The council approved a $4 million budget on Monday.')[0]!.resolved).toBe(false);
    expect(applyClaimDecisions([corroborated], d, 'The council met on Monday to discuss roads.')[0]).toMatchObject({
      resolved: true,
      unresolved_reason: null,
      decision: 'disputed',
    });
  });
});

describe('standsIn', () => {
  it.each([
    ['no short version', 'Works begin on 3 March.', null, true],
    ['verbatim', 'Works begin on 3 March.', 'Roads close. Works begin on 3 March.', true],
    ['gone', 'Works begin on 3 March.', 'The council met.', false],
  ])('%s', (_name, claim, short, expected) => {
    expect(standsIn(claim, short)).toBe(expected);
  });
});

describe('claimsForRisk', () => {
  it('leaves dismissed claims out and weighs decided ones by the decision', () => {
    const panel = applyClaimDecisions(
      [corroborated, single, contradicted, unsupported],
      [decision(contradicted.claim, 'confirmed'), decision(unsupported.claim, 'dismissed'), decision(corroborated.claim, 'disputed')],
    );
    expect(claimsForRisk(panel).map((p) => [p.verdict, p.resolved])).toEqual([
      ['disputed', false],
      ['single source', false],
      ['confirmed', true],
    ]);
  });
});

describe('findClaim', () => {
  const panel = [corroborated, single];
  it.each([
    ['by number', '2', 1],
    ['by key', claimKey(single.claim), 1],
    ['by key prefix', claimKey(corroborated.claim).slice(0, 6), 0],
    ['number out of range', '3', null],
    ['zero', '0', null],
    ['not a number or key', 'budget', null],
  ])('%s', (_name, ref, index) => {
    expect(findClaim(panel, ref)?.index ?? null).toBe(index);
  });
});

describe('presentClaims', () => {
  it('keeps a decided panel as stored and derives keys and reasons for an older one', () => {
    const decided = applyClaimDecisions([single], [decision(single.claim, 'confirmed')]);
    expect(presentClaims(decided)).toEqual(decided);
    expect(presentClaims([unsupported])[0]).toMatchObject({
      key: claimKey(unsupported.claim),
      decision: null,
      unresolved_reason: 'unsupported: no source states it',
    });
    expect(presentClaims(null)).toEqual([]);
    expect(countUnresolved([...decided, unsupported, { claim: 'x', resolved: false, decision: 'dismissed' }])).toBe(1);
  });
});
