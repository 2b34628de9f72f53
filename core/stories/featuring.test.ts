import { describe, expect, it } from 'vitest';
import { featurePatch } from './featuring';

const now = new Date('2026-11-20T12:00:00Z');

describe('featurePatch', () => {
  it.each([
    ['remove_homepage', 3, { is_featured: false, featured_priority: 0 }],
    ['remove_section', 3, { section_featured: false }],
    ['priority_up', 3, { featured_priority: 2 }],
    ['priority_up', 1, { featured_priority: 1 }], // already the highest
    ['priority_down', 5, { featured_priority: 6 }], // no upper bound
  ] as const)('%s from priority %i', (action, priority, expected) => {
    const { patch, audit } = featurePatch({ featured_priority: priority }, action, 'ed@c360.test', now);
    expect(patch).toEqual({ ...expected, last_updated_by: 'ed@c360.test' });
    expect(audit).toMatchObject({ action: `feature_${action}`, user: 'ed@c360.test', timestamp: now.toISOString() });
  });
});
