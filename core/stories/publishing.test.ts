import { describe, expect, it } from 'vitest';
import { checkPublishGate, decidePublication, GATE_MESSAGE, isLive, NO_FEATURE, publishButtonLabel, publishPatch } from './publishing';

const passing = { source_count: 2, triangulation_check: true, ai_fact_check_panel: [{ claim: 'c', resolved: true }] };
const now = new Date('2026-11-20T12:00:00Z');

describe('checkPublishGate', () => {
  it('passes with 2 sources, triangulation and every fact-check item resolved', () => {
    expect(checkPublishGate(passing)).toEqual({ ok: true });
  });
  it('passes with an empty or missing panel', () => {
    expect(checkPublishGate({ ...passing, ai_fact_check_panel: [] })).toEqual({ ok: true });
    expect(checkPublishGate({ ...passing, ai_fact_check_panel: null })).toEqual({ ok: true });
  });
  it('names every missing requirement with the spec message', () => {
    expect(checkPublishGate({ source_count: 1, triangulation_check: false, ai_fact_check_panel: [{ claim: 'c', resolved: false }] })).toEqual({
      ok: false,
      missing: ['sources', 'triangulation', 'fact_check'],
      message: GATE_MESSAGE,
    });
    expect(GATE_MESSAGE).toBe('Cannot publish: Missing requirements (sources, fact-check, or verification)');
  });
  it('fails on exactly one source', () => {
    expect(checkPublishGate({ ...passing, source_count: 1 })).toMatchObject({ ok: false, missing: ['sources'] });
  });
  it("takes an editor's verification (approve override) for a failed triangulation, but never for sources or fact-checks", () => {
    expect(checkPublishGate({ ...passing, triangulation_check: false })).toMatchObject({ ok: false, missing: ['triangulation'] });
    expect(checkPublishGate({ ...passing, triangulation_check: false, human_verified: true })).toEqual({ ok: true });
    expect(
      checkPublishGate({ source_count: 1, triangulation_check: false, human_verified: true, ai_fact_check_panel: [{ claim: 'c', resolved: false }] }),
    ).toMatchObject({
      ok: false,
      missing: ['sources', 'fact_check'],
    });
  });
});

describe('checkPublishGate and claim decisions', () => {
  it('does not count a claim an editor dismissed', () => {
    expect(checkPublishGate({ ...passing, ai_fact_check_panel: [{ claim: 'c', resolved: false, decision: 'dismissed' }] })).toEqual({ ok: true });
    expect(checkPublishGate({ ...passing, ai_fact_check_panel: [{ claim: 'c', resolved: false, decision: 'disputed' }] })).toMatchObject({
      ok: false,
      missing: ['fact_check'],
    });
  });
});

describe('decidePublication', () => {
  type Input = Parameters<typeof decidePublication>[0];
  const ok = { ok: true } as const;
  const claims: Input['gate'] = { ok: false, missing: ['fact_check'], message: GATE_MESSAGE };
  it.each<[string, Input, ReturnType<typeof decidePublication>]>([
    ['gate passes, low risk', { gate: ok, riskLevel: 'low', flag: null, flagOrigin: null, approved: false }, { action: 'publish' }],
    ['gate passes, high risk, approved', { gate: ok, riskLevel: 'high', flag: null, flagOrigin: null, approved: true }, { action: 'publish' }],
    [
      'gate passes, high risk',
      { gate: ok, riskLevel: 'high', flag: null, flagOrigin: null, approved: false },
      { action: 'flag', flag: 'Not auto-published: risk high' },
    ],
    [
      'claims unresolved',
      { gate: claims, riskLevel: 'medium', flag: null, flagOrigin: null, approved: false },
      { action: 'flag', flag: 'Not auto-published: needs every fact-check item resolved' },
    ],
    [
      'claims unresolved, approved: held, not flagged again',
      { gate: claims, riskLevel: 'high', flag: null, flagOrigin: null, approved: true },
      { action: 'hold', missing: ['fact_check'] },
    ],
    [
      "the pipeline's own flag is kept",
      { gate: claims, riskLevel: 'high', flag: 'Risk high: x', flagOrigin: 'pipeline', approved: false },
      { action: 'flag', flag: 'Risk high: x' },
    ],
    [
      "approved: the pipeline's stale flag does not hold it back",
      { gate: ok, riskLevel: 'high', flag: 'Risk high: x', flagOrigin: 'pipeline', approved: true },
      { action: 'publish' },
    ],
    [
      "an editor's flag stays, approved or not",
      { gate: ok, riskLevel: 'low', flag: 'Manual rejection', flagOrigin: 'editor', approved: false },
      { action: 'keep_editor_flag', flag: 'Manual rejection' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(decidePublication(input)).toEqual(expected);
  });
});

describe('publishPatch', () => {
  const draft = { status: 'draft', pipeline_stage: 'verified', published_at: null };
  it('sets status, stage, published_at and clears featuring for a standard publish', () => {
    const { patch, audit } = publishPatch(draft, NO_FEATURE, 'editor@c360.test', now);
    expect(patch).toEqual({
      status: 'published',
      pipeline_stage: 'published',
      published_at: now.toISOString(),
      is_featured: false,
      section_featured: false,
      featured_priority: 1,
      feature_expires_at: null,
      last_updated_by: 'editor@c360.test',
    });
    expect(audit).toEqual({ action: 'publish', user: 'editor@c360.test', timestamp: now.toISOString(), details: 'standard' });
  });
  it('writes homepage featuring with priority and expiry', () => {
    const { patch, audit } = publishPatch(draft, { homepage: true, section: false, priority: 3, expiresAt: '2026-12-01T00:00:00.000Z' }, 'e', now);
    expect(patch).toMatchObject({ is_featured: true, section_featured: false, featured_priority: 3, feature_expires_at: '2026-12-01T00:00:00.000Z' });
    expect(audit.details).toContain('priority 3');
  });
  it('keeps the first publication time when updating a live story', () => {
    const live = { status: 'published', pipeline_stage: 'published', published_at: '2026-11-01T00:00:00.000Z' };
    const { patch, audit } = publishPatch(live, NO_FEATURE, 'e', now);
    expect(patch.published_at).toBe('2026-11-01T00:00:00.000Z');
    expect(audit.action).toBe('update_publication');
  });
});

describe('isLive and the button label', () => {
  it('is live when status or stage says published', () => {
    expect(isLive({ status: 'published', pipeline_stage: 'verified' })).toBe(true);
    expect(isLive({ status: 'draft', pipeline_stage: 'published' })).toBe(true);
    expect(isLive({ status: 'draft', pipeline_stage: 'verified' })).toBe(false);
    expect(publishButtonLabel({ status: 'published', pipeline_stage: 'published' })).toBe('Update Publication');
    expect(publishButtonLabel({ status: 'draft', pipeline_stage: 'drafted' })).toBe('Publish');
  });
});
