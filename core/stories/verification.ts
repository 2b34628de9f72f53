import { OFFICIALLY_CONFIRMED } from './publishing';
import type { AuditEntry, FactCheckItem, StorySource } from './story';

/**
 * How a story was checked, as every surface names it (article page, console, API, RSS, newsletter):
 *   - independent_sources: two or more independent outlets report it and the fact-check found a claim
 *     they corroborate (its lead: a claim of the short version or a headline; not one an editor vouched
 *     for), with no contradiction; details only one outlet gives are attributed to it in the text;
 *   - official_source: an official source (the National Hurricane Center's advisory, a feed of kind
 *     `official`) confirms what its outlet reports, or the story is written from the official source alone;
 *   - editor: an editor vouched for it (confirmed a claim, or approved the story); who did is kept in
 *     the audit log and the claim decisions, shown to editors, never to readers;
 *   - unverified: none of these (one outlet, or a story published by force): it is not called checked.
 * A story whose claims still block the gate (unresolved, disputed) is unverified whatever else holds:
 * no label claims more checking than the story had. One function, so no surface can say more than another.
 */

export const VERIFICATION_STATES = ['independent_sources', 'official_source', 'editor', 'unverified'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

export type Verification = {
  state: VerificationState;
  /** Independent outlets behind the story (an official source not counted). */
  independent_sources: number;
  /** The editor who vouched for it (state 'editor'): for the console and the audit, never for readers. */
  verified_by: string | null;
};

export type VerifiableStory = {
  source_count: number;
  triangulation_check: boolean;
  human_verified?: boolean;
  status_flags?: readonly string[] | null;
  sources?: readonly StorySource[] | null;
  ai_fact_check_panel?: readonly FactCheckItem[] | null;
  audit_log?: readonly AuditEntry[] | null;
  /** Where the audit log is not read (console cards): the approving editor, as APPROVED_BY_SQL finds it. */
  approved_by?: string | null;
};

/** Reader-facing names of the states, in the site's four languages (the web's i18n files say the same). */
export const VERIFICATION_LABELS: Record<'en' | 'es' | 'fr' | 'nl', Record<VerificationState, string>> = {
  en: {
    independent_sources: 'Confirmed by two or more independent sources',
    official_source: 'Confirmed by an official source',
    editor: 'Verified by an editor',
    unverified: 'Not independently confirmed',
  },
  es: {
    independent_sources: 'Confirmado por dos o más fuentes independientes',
    official_source: 'Confirmado por una fuente oficial',
    editor: 'Verificado por un editor',
    unverified: 'Sin confirmación independiente',
  },
  fr: {
    independent_sources: 'Confirmé par au moins deux sources indépendantes',
    official_source: 'Confirmé par une source officielle',
    editor: 'Vérifié par un rédacteur',
    unverified: 'Non confirmé de façon indépendante',
  },
  nl: {
    independent_sources: 'Bevestigd door twee of meer onafhankelijke bronnen',
    official_source: 'Bevestigd door een officiële bron',
    editor: 'Geverifieerd door een redacteur',
    unverified: 'Niet onafhankelijk bevestigd',
  },
};

export function verificationLabel(state: VerificationState, language = 'en'): string {
  const table = VERIFICATION_LABELS[language.toLowerCase() as keyof typeof VERIFICATION_LABELS] ?? VERIFICATION_LABELS.en;
  return table[state];
}

/** Whether the state is one of the three checked ones. */
export function isChecked(state: VerificationState): boolean {
  return state !== 'unverified';
}

const counts = (item: FactCheckItem) => item.decision !== 'dismissed';

/** The sources' own verdict on a claim, whatever an editor decided of it. */
function sourcesCorroborate(item: FactCheckItem): boolean {
  if (typeof item.verdict === 'string') return item.verdict === 'corroborated';
  if (typeof item.source_resolved === 'boolean') return item.source_resolved;
  return item.resolved;
}

function independentOutlets(story: VerifiableStory): number {
  const sources = story.sources ?? [];
  // Stories the fact-check has not seen (a CMS document) have no sources recorded: their count stands.
  if (sources.length === 0) return story.source_count;
  return new Set(sources.filter((s) => s.independent !== false && s.kind !== 'official').map((s) => s.outlet)).size;
}

/** The editor whose approval stands: the last approve not followed by a lapse (the sources changed). */
function standingApproval(story: VerifiableStory): string | null {
  if (!story.human_verified) return null;
  if (!story.audit_log) return story.approved_by ?? null;
  for (const entry of [...(story.audit_log ?? [])].reverse()) {
    if (entry.action === 'approval_lapsed') return null;
    if (entry.action === 'manual_override_approve') return entry.user;
  }
  return null;
}

export function describeVerification(story: VerifiableStory): Verification {
  const independent = independentOutlets(story);
  const panel = (story.ai_fact_check_panel ?? []).filter(counts);
  const unverified: Verification = { state: 'unverified', independent_sources: independent, verified_by: null };
  if (panel.some((p) => !p.resolved)) return unverified;
  const sources = story.sources ?? [];
  if (story.triangulation_check && independent >= 2 && (panel.length === 0 || panel.some(sourcesCorroborate))) {
    return { state: 'independent_sources', independent_sources: independent, verified_by: null };
  }
  const officialOnly = sources.length > 0 && sources.every((s) => s.kind === 'official');
  if ((story.triangulation_check && (story.status_flags ?? []).includes(OFFICIALLY_CONFIRMED)) || officialOnly) {
    return { state: 'official_source', independent_sources: independent, verified_by: null };
  }
  const confirmed = panel.find((p) => p.decision === 'confirmed');
  const editor = (typeof confirmed?.decided_by === 'string' ? confirmed.decided_by : null) ?? standingApproval(story);
  if (confirmed || editor) return { state: 'editor', independent_sources: independent, verified_by: editor ?? null };
  return unverified;
}

export function verificationState(story: VerifiableStory): VerificationState {
  return describeVerification(story).state;
}
