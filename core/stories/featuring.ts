import { auditEntry, type AuditEntry, type StoryPatch } from './story';

/** Featured controls on the curation screen (console spec section 4). */

export type FeatureAction = 'remove_homepage' | 'remove_section' | 'priority_up' | 'priority_down';
export const FEATURE_ACTIONS: readonly FeatureAction[] = ['remove_homepage', 'remove_section', 'priority_up', 'priority_down'];

export function featurePatch(story: { featured_priority: number }, action: FeatureAction, actor: string, now: Date): { patch: StoryPatch; audit: AuditEntry } {
  let patch: StoryPatch;
  switch (action) {
    case 'remove_homepage':
      patch = { is_featured: false, featured_priority: 0 };
      break;
    case 'remove_section':
      patch = { section_featured: false };
      break;
    case 'priority_up': // a lower number is a higher priority; 1 is the top
      patch = { featured_priority: Math.max(1, story.featured_priority - 1) };
      break;
    case 'priority_down': // no upper bound, as the spec states
      patch = { featured_priority: story.featured_priority + 1 };
      break;
  }
  patch.last_updated_by = actor;
  const details =
    patch.featured_priority !== undefined && action.startsWith('priority') ? `priority ${story.featured_priority} → ${patch.featured_priority}` : undefined;
  return { patch, audit: auditEntry(`feature_${action}`, actor, now, { details }) };
}
