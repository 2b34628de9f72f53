import { describe, expect, it } from 'vitest';
import { OFFICIALLY_CONFIRMED } from './publishing';
import type { AuditEntry, FactCheckItem, StorySource } from './story';
import { describeVerification, verificationLabel, verificationState, VERIFICATION_LABELS, VERIFICATION_STATES, type VerifiableStory } from './verification';

const outlet = (name: string, extra: Partial<StorySource> = {}): StorySource => ({ outlet: name, url: null, independent: true, ...extra });
const nhc = outlet('National Hurricane Center', { kind: 'official', counted_as: 'official source' });
const corroborated: FactCheckItem = { claim: 'The rate rose to 7.5 per cent.', resolved: true, verdict: 'corroborated', source_resolved: true };
const single: FactCheckItem = { claim: 'The rate rose to 7.5 per cent.', resolved: false, verdict: 'single source', source_resolved: false };
const confirmedBy = (who: string): FactCheckItem => ({ ...single, resolved: true, decision: 'confirmed', decided_by: who, decision_reason: 'Called the bank' });
const approve = (who: string): AuditEntry => ({ action: 'manual_override_approve', user: who, timestamp: '2026-11-20T12:00:00Z' });
const force = (who: string): AuditEntry => ({ action: 'manual_override_publish', user: who, timestamp: '2026-11-20T12:00:00Z', reason: 'urgent' });

const two: VerifiableStory = { source_count: 2, triangulation_check: true, sources: [outlet('Ledger'), outlet('Wire')], ai_fact_check_panel: [corroborated] };
const one: VerifiableStory = { source_count: 1, triangulation_check: false, sources: [outlet('Ledger')], ai_fact_check_panel: [single] };

describe('verificationState: one state per story, from its fields', () => {
  const cases: [string, VerifiableStory, string][] = [
    ['two independent outlets corroborate a claim', two, 'independent_sources'],
    ['a CMS story with two sources triangulated and no panel', { source_count: 2, triangulation_check: true }, 'independent_sources'],
    [
      'two outlets of one group (one independent voice)',
      { ...two, sources: [outlet('Ledger'), outlet('Sunday Ledger', { independent: false, counted_as: 'Ledger' })] },
      'unverified',
    ],
    [
      'two outlets but the fact-check did not triangulate',
      { ...two, triangulation_check: false, ai_fact_check_panel: [{ ...corroborated, resolved: true, verdict: 'single source' }] },
      'unverified',
    ],
    [
      'one outlet the advisory confirms',
      {
        ...one,
        triangulation_check: true,
        status_flags: [OFFICIALLY_CONFIRMED],
        ai_fact_check_panel: [{ ...single, resolved: true, verdict: 'official source', source_resolved: true }],
      },
      'official_source',
    ],
    [
      'a storm update written from the advisory alone',
      { source_count: 1, triangulation_check: false, sources: [nhc], ai_fact_check_panel: [] },
      'official_source',
    ],
    ['one outlet whose one claim an editor confirmed', { ...one, ai_fact_check_panel: [confirmedBy('ed@c360.test')] }, 'editor'],
    ['one outlet an editor approved', { ...one, ai_fact_check_panel: [], human_verified: true, audit_log: [approve('ed@c360.test')] }, 'editor'],
    ['one outlet, published by force', { ...one, ai_fact_check_panel: [], human_verified: true, audit_log: [force('ed@c360.test')] }, 'unverified'],
    ['one outlet, force-published with its claim unresolved', { ...one, human_verified: true, audit_log: [force('ed@c360.test')] }, 'unverified'],
    [
      'an approval that lapsed when the sources changed',
      {
        ...one,
        ai_fact_check_panel: [],
        human_verified: true,
        audit_log: [approve('ed@c360.test'), { action: 'approval_lapsed', user: 'pipeline', timestamp: '2026-11-20T13:00:00Z' }],
      },
      'unverified',
    ],
    [
      'an approval, then human_verified cleared',
      { ...one, ai_fact_check_panel: [], human_verified: false, audit_log: [approve('ed@c360.test')] },
      'unverified',
    ],
    ['two outlets, but a claim is disputed and unresolved', { ...two, ai_fact_check_panel: [corroborated, { ...single, decision: 'disputed' }] }, 'unverified'],
    [
      'two outlets, the only unresolved claim dismissed',
      { ...two, ai_fact_check_panel: [corroborated, { ...single, decision: 'dismissed' }] },
      'independent_sources',
    ],
    ['one outlet, nothing else', one, 'unverified'],
  ];
  it.each(cases)('%s', (_name, story, expected) => {
    expect(verificationState(story)).toBe(expected);
  });

  it("an editor's confirmation of a single-source claim never counts as two sources", () => {
    const v = describeVerification({ ...one, triangulation_check: false, ai_fact_check_panel: [confirmedBy('ed@c360.test')] });
    expect(v).toEqual({ state: 'editor', independent_sources: 1, verified_by: 'ed@c360.test' });
    // Even were the story marked triangulated, one outlet stays one outlet.
    expect(verificationState({ ...one, triangulation_check: true, ai_fact_check_panel: [confirmedBy('ed@c360.test')] })).toBe('editor');
  });

  it('two outlets whose only agreement is an editor confirmation are verified by an editor, not by the sources', () => {
    expect(verificationState({ ...two, ai_fact_check_panel: [confirmedBy('ed@c360.test')] })).toBe('editor');
  });

  it('names each state in the four languages, distinctly', () => {
    for (const lang of Object.keys(VERIFICATION_LABELS)) {
      const labels = VERIFICATION_STATES.map((s) => verificationLabel(s, lang));
      expect(new Set(labels).size).toBe(VERIFICATION_STATES.length);
    }
    expect(verificationLabel('official_source', 'FR')).toBe('Confirmé par une source officielle');
    expect(verificationLabel('editor', 'xx')).toBe('Verified by an editor');
  });
});
