import { auditEntry, type AuditEntry, type StoryPatch } from './story';

/** Manual overrides from the Review dialog (console spec section 4). The reason is optional, except for a force publish (core/editorial/apply-override.ts). */

export const OVERRIDE_ACTIONS = ['approve', 'reject', 'escalate', 'publish'] as const;
export type OverrideAction = (typeof OVERRIDE_ACTIONS)[number];

export function overridePatch(
  story: { published_at: string | null },
  action: OverrideAction,
  actor: string,
  now: Date,
  reason?: string,
): { patch: StoryPatch; audit: AuditEntry } {
  const why = reason?.trim() || undefined;
  let patch: StoryPatch;
  switch (action) {
    case 'approve':
      patch = { auto_publish_eligible: true, human_verified: true, flag_reason: null };
      break;
    case 'reject':
      patch = { auto_publish_eligible: false, flag_reason: why ?? 'Manual rejection' };
      break;
    case 'escalate':
      patch = { flag_reason: why ?? 'Escalated for review', pipeline_stage: 'verified' };
      break;
    case 'publish':
      patch = {
        pipeline_stage: 'published',
        status: 'published',
        auto_publish_eligible: true,
        human_verified: true,
        published_at: story.published_at ?? now.toISOString(),
      };
      break;
  }
  patch.last_updated_by = actor;
  return { patch, audit: auditEntry(`manual_override_${action}`, actor, now, { reason: why }) };
}
