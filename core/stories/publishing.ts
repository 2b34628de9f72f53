import { auditEntry, type AuditEntry, type FactCheckItem, type RiskLevel, type StoryPatch } from './story';

/** The publish gate and what publishing writes (console spec sections 4, 5 and 9). */

export const MIN_SOURCES = 2;
export const GATE_MESSAGE = 'Cannot publish: Missing requirements (sources, fact-check, or verification)';

export type GateRequirement = 'sources' | 'triangulation' | 'fact_check';
export type GateResult = { ok: true } | { ok: false; missing: GateRequirement[]; message: string };

/** The status flag a story carries while an official source (a hurricane advisory) confirms its one outlet's report. */
export const OFFICIALLY_CONFIRMED = 'Confirmed by an official source';

type Gated = {
  source_count: number;
  triangulation_check: boolean;
  ai_fact_check_panel: readonly FactCheckItem[] | null;
  human_verified?: boolean;
  status_flags?: readonly string[];
};

const REQUIREMENT_TEXT: Record<GateRequirement, string> = {
  sources: `at least ${MIN_SOURCES} sources`,
  triangulation: 'triangulation check passed',
  fact_check: 'every fact-check item resolved',
};

export function checkPublishGate(story: Gated): GateResult {
  const missing: GateRequirement[] = [];
  // One outlet and an official source that states the same fact are two sources.
  const official = story.source_count >= 1 && (story.status_flags ?? []).includes(OFFICIALLY_CONFIRMED);
  if (story.source_count < MIN_SOURCES && !official) missing.push('sources');
  // Verification: the sources triangulate, or an editor verified the story by hand (an approve
  // override). Two sources and resolved fact-checks stay required either way.
  if (!story.triangulation_check && !story.human_verified) missing.push('triangulation');
  // An empty or missing panel passes; a claim an editor dismissed is not counted.
  if ((story.ai_fact_check_panel ?? []).some((item) => !item.resolved && item.decision !== 'dismissed')) missing.push('fact_check');
  return missing.length === 0 ? { ok: true } : { ok: false, missing, message: GATE_MESSAGE };
}

export type PublicationDecision =
  { action: 'publish' } | { action: 'keep_editor_flag'; flag: string } | { action: 'hold'; missing: GateRequirement[] } | { action: 'flag'; flag: string };

/**
 * What the publish stage (and an editor's claim decision, which recomputes it at once) does with a
 * story that is not live. An editor's approval sticks: an approved story that still misses a
 * requirement (claims to resolve, a second source) is held without a flag, not flagged again; the
 * approval lapses only when the story's sources change (the fact-check stage clears it then).
 */
export function decidePublication(input: {
  gate: GateResult;
  riskLevel: RiskLevel;
  /** The story's flag and who set it ('pipeline', 'editor'; null for none or unknown). */
  flag: string | null;
  flagOrigin: string | null;
  approved: boolean;
}): PublicationDecision {
  const riskOk = input.riskLevel === 'low' || input.riskLevel === 'medium' || input.approved;
  if (input.flag && input.flagOrigin !== 'pipeline') return { action: 'keep_editor_flag', flag: input.flag };
  // An approval answers the pipeline's own flag (approving clears it; one left from before is stale).
  const flag = input.approved ? null : input.flag;
  if (input.gate.ok && riskOk && !flag) return { action: 'publish' };
  if (input.approved) return { action: 'hold', missing: input.gate.ok ? [] : input.gate.missing };
  const reasons = [...(input.gate.ok ? [] : [`needs ${describeMissing(input.gate.missing)}`]), ...(riskOk ? [] : [`risk ${input.riskLevel}`])];
  return { action: 'flag', flag: flag ?? `Not auto-published: ${reasons.join('; ')}` };
}

export function describeMissing(missing: readonly GateRequirement[]): string {
  return missing.map((m) => REQUIREMENT_TEXT[m]).join(', ');
}

export function isLive(story: { status?: string | null; pipeline_stage: string }): boolean {
  return story.status === 'published' || story.pipeline_stage === 'published';
}

export function publishButtonLabel(story: { status?: string | null; pipeline_stage: string }): string {
  return isLive(story) ? 'Update Publication' : 'Publish';
}

export type FeatureOptions = {
  homepage: boolean;
  section: boolean;
  priority: number;
  expiresAt: string | null;
};

export const NO_FEATURE: FeatureOptions = { homepage: false, section: false, priority: 1, expiresAt: null };

/**
 * The fields publishing writes. A story already live keeps its first publication time,
 * so re-publishing an edit does not jump it to the top of the home page as new.
 */
export function publishPatch(
  story: { status?: string | null; pipeline_stage: string; published_at: string | null },
  feature: FeatureOptions,
  actor: string,
  now: Date,
): { patch: StoryPatch; audit: AuditEntry } {
  const featured = feature.homepage || feature.section;
  const patch: StoryPatch = {
    status: 'published',
    pipeline_stage: 'published',
    published_at: isLive(story) && story.published_at ? story.published_at : now.toISOString(),
    is_featured: feature.homepage,
    section_featured: feature.section,
    featured_priority: featured ? clampPriority(feature.priority) : 1,
    feature_expires_at: featured ? feature.expiresAt : null,
    last_updated_by: actor,
  };
  const details = featured
    ? `featured${feature.homepage ? ' on homepage' : ''}${feature.section ? ' in section' : ''}, priority ${patch.featured_priority}${feature.expiresAt ? `, until ${feature.expiresAt}` : ''}`
    : 'standard';
  return { patch, audit: auditEntry(isLive(story) ? 'update_publication' : 'publish', actor, now, { details }) };
}

export const FEATURED_PRIORITIES = [
  { value: 1, label: 'Highest' },
  { value: 2, label: 'High' },
  { value: 3, label: 'Medium' },
  { value: 4, label: 'Low' },
  { value: 5, label: 'Lowest' },
] as const;

function clampPriority(priority: number): number {
  return Math.min(5, Math.max(1, Math.round(priority)));
}
