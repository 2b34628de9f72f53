import { describe, expect, it } from 'vitest';
import { overridePatch } from './overrides';

const now = new Date('2026-11-20T12:00:00Z');
const draft = { published_at: null };

describe('overridePatch', () => {
  it('approve makes the story eligible and verified and clears the flag', () => {
    const { patch, audit } = overridePatch(draft, 'approve', 'ana@c360.test', now);
    expect(patch).toEqual({ auto_publish_eligible: true, human_verified: true, flag_reason: null, last_updated_by: 'ana@c360.test' });
    expect(audit).toEqual({ action: 'manual_override_approve', user: 'ana@c360.test', timestamp: now.toISOString() });
  });
  it('reject uses the reason or "Manual rejection"', () => {
    expect(overridePatch(draft, 'reject', 'a', now).patch).toMatchObject({ auto_publish_eligible: false, flag_reason: 'Manual rejection' });
    const { patch, audit } = overridePatch(draft, 'reject', 'a', now, '  Single source  ');
    expect(patch.flag_reason).toBe('Single source');
    expect(audit.reason).toBe('Single source');
  });
  it('escalate flags with the reason or "Escalated for review" and moves to verified', () => {
    expect(overridePatch(draft, 'escalate', 'a', now).patch).toMatchObject({ flag_reason: 'Escalated for review', pipeline_stage: 'verified' });
    expect(overridePatch(draft, 'escalate', 'a', now, 'legal check').patch.flag_reason).toBe('legal check');
  });
  it('force publish publishes, eligible and verified', () => {
    expect(overridePatch(draft, 'publish', 'a', now).patch).toMatchObject({
      pipeline_stage: 'published',
      status: 'published',
      auto_publish_eligible: true,
      human_verified: true,
      published_at: now.toISOString(),
    });
    expect(overridePatch({ published_at: '2026-01-01T00:00:00.000Z' }, 'publish', 'a', now).patch.published_at).toBe('2026-01-01T00:00:00.000Z');
  });
  it('treats a blank reason as none', () => {
    expect(overridePatch(draft, 'reject', 'a', now, '   ').audit.reason).toBeUndefined();
  });
});
