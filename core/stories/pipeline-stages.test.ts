import { describe, expect, it } from 'vitest';
import { LIVE_STAGE_PROGRESS, stageProgress, statusLabel } from './pipeline-stages';

describe('stageProgress', () => {
  it.each([
    ['ingested', 100 / 6],
    ['enriched', 200 / 6],
    ['ranked', 50],
    ['drafted', 400 / 6],
    ['verified', 500 / 6],
    ['published', 100],
    ['unknown', 0],
  ])('%s → %d%%', (stage, expected) => {
    expect(stageProgress(stage)).toBeCloseTo(expected);
  });
  it('has the live-system figures', () => {
    expect(Object.values(LIVE_STAGE_PROGRESS)).toEqual([15, 30, 45, 60, 80, 100]);
  });
});

describe('statusLabel', () => {
  const base = { flag_reason: null, editor_signed_off: false, human_verified: false, auto_publish_eligible: false };
  it.each([
    [{ ...base, flag_reason: 'x', editor_signed_off: true, human_verified: true, auto_publish_eligible: true }, 'Flagged'],
    [{ ...base, editor_signed_off: true, human_verified: true, auto_publish_eligible: true }, 'Approved'],
    [{ ...base, human_verified: true, auto_publish_eligible: true }, 'Verified'],
    [{ ...base, auto_publish_eligible: true }, 'Auto-Eligible'],
    [base, 'Pending'],
  ])('%o → %s', (story, expected) => {
    expect(statusLabel(story)).toBe(expected);
  });
});
