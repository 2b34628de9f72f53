import { foldText } from '../nlp/text-key';
import type { FactCheckItem } from './story';

/**
 * An editor's decision on one claim of a story's fact-check panel (pure rules; the use case is
 * core/editorial/resolve-claim.ts):
 *   - confirm: the editor vouches for it; it counts as resolved, and a contradiction it had no
 *     longer counts against the story.
 *   - dispute: the editor says it is wrong; it is unresolved (so the story cannot pass the gate)
 *     as long as it stands in the short version.
 *   - dismiss: not a claim worth checking; it leaves the gate's and the risk's count.
 * A decision is keyed by the claim's text (claimKey), so it survives the next fact-check as long as
 * the text is the same; the decisions are dropped when the story's sources change (the use case and
 * the fact-check stage keep only those made at the current sources_version).
 */

export const CLAIM_ACTIONS = ['confirm', 'dispute', 'dismiss'] as const;
export type ClaimAction = (typeof CLAIM_ACTIONS)[number];
export type ClaimDecision = 'confirmed' | 'disputed' | 'dismissed';
export const DECISION_OF: Record<ClaimAction, ClaimDecision> = { confirm: 'confirmed', dispute: 'disputed', dismiss: 'dismissed' };
export const CLAIM_REASON_MAX = 500;

export type EditorClaimDecision = { key: string; decision: ClaimDecision; reason: string; actor: string; decided_at: string };

/** A panel item as the console, the CLI and the gate read it once editors' decisions are applied. */
export type ClaimPanelItem = FactCheckItem & {
  key: string;
  /** Whether the sources alone resolve it (the fact-check's verdict), whatever an editor decided. */
  source_resolved: boolean;
  decision: ClaimDecision | null;
  decision_reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  /** Why it blocks the gate, in words; null when it does not. */
  unresolved_reason: string | null;
};

export function isClaimAction(value: string): value is ClaimAction {
  return (CLAIM_ACTIONS as readonly string[]).includes(value);
}

/** Lower case, accents folded, anything but letters and digits one space: wording, not typography. */
/**
 * A stable key for a claim: 12 hex digits of two FNV-1a hashes of its normalised text. Written in
 * plain JavaScript (no node:crypto) because the console's types and labels read this module too.
 */
export function claimKey(text: string): string {
  const s = foldText(text);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return (a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0')).slice(0, 12);
}

/** The reason an editor gives: required, trimmed, at most CLAIM_REASON_MAX characters. Null when fine, else what is wrong. */
export function reasonProblem(reason: string | undefined | null): string | null {
  const text = (reason ?? '').trim();
  if (!text) return 'A reason is required.';
  if (text.length > CLAIM_REASON_MAX) return `The reason is ${text.length} characters long; at most ${CLAIM_REASON_MAX} are kept.`;
  return null;
}

/**
 * Whether a claim still stands in the short version: most of its words (half or more) are there.
 * Without a short version to compare (none written), it is taken to stand.
 */
export function standsIn(claim: string, shortVersion: string | null | undefined): boolean {
  if (!shortVersion || !shortVersion.trim()) return true;
  const words = foldText(claim)
    .split(' ')
    .filter((w) => w.length > 2);
  if (words.length === 0) return true;
  const have = new Set(foldText(shortVersion).split(' '));
  return words.filter((w) => have.has(w)).length * 2 >= words.length;
}

function sourceResolved(item: FactCheckItem): boolean {
  if (typeof item.verdict === 'string') return item.verdict === 'corroborated';
  if (typeof item.source_resolved === 'boolean') return item.source_resolved;
  return item.resolved;
}

function sourceReason(item: FactCheckItem): string {
  const explanation = typeof item.explanation === 'string' && item.explanation ? item.explanation : null;
  switch (item.verdict) {
    case 'contradicted':
      return `contradicted: ${explanation ?? 'a source gives a different figure'}`;
    case 'single source':
      return `single source: ${explanation ?? 'only one independent source supports it'}`;
    case 'unsupported':
      return `unsupported: ${explanation ?? 'no source states it'}`;
    default:
      return explanation ?? 'not resolved by the fact-check';
  }
}

/**
 * Applies editors' decisions (by claim key) to a fact-check panel. Safe to apply again to a panel
 * that already carries decisions: what the sources say is kept apart in source_resolved.
 */
export function applyClaimDecisions(
  panel: readonly FactCheckItem[],
  decisions: readonly EditorClaimDecision[],
  shortVersion?: string | null,
): ClaimPanelItem[] {
  const byKey = new Map(decisions.map((d) => [d.key, d]));
  return panel.map((item) => {
    const key = claimKey(item.claim);
    const fromSources = sourceResolved(item);
    const d = byKey.get(key);
    let resolved = fromSources;
    let unresolved: string | null = fromSources ? null : sourceReason(item);
    if (d?.decision === 'confirmed' || d?.decision === 'dismissed') {
      resolved = true;
      unresolved = null;
    } else if (d?.decision === 'disputed') {
      const stands = standsIn(item.claim, shortVersion);
      resolved = !stands;
      unresolved = stands ? `disputed by ${d.actor}: ${d.reason}` : null;
    }
    return {
      ...item,
      key,
      resolved,
      source_resolved: fromSources,
      decision: d?.decision ?? null,
      decision_reason: d?.reason ?? null,
      decided_by: d?.actor ?? null,
      decided_at: d?.decided_at ?? null,
      unresolved_reason: unresolved,
    };
  });
}

/** Whether a panel item counts for the gate and the risk (a dismissed claim does not). */
export function countsForGate(item: FactCheckItem): boolean {
  return item.decision !== 'dismissed';
}

/**
 * The panel as risk and triangulation weigh it: dismissed claims left out; a confirmed claim counts as
 * corroborated-by-an-editor (not a contradiction any more), a disputed one as unresolved.
 */
export function claimsForRisk<T extends FactCheckItem>(panel: readonly T[]): (T & { verdict: string })[] {
  return panel.filter(countsForGate).map((item) => {
    const verdict =
      item.decision === 'confirmed'
        ? 'confirmed'
        : item.decision === 'disputed'
          ? 'disputed'
          : String(item.verdict ?? (item.resolved ? 'corroborated' : 'unsupported'));
    return { ...item, verdict };
  });
}

/**
 * Finds a claim by what an editor typed: its number as listed (1, 2, …) or its key (6 or more of
 * its hex digits). Null when nothing matches.
 */
export function findClaim<T extends FactCheckItem>(panel: readonly T[], ref: string): { index: number; item: T } | null {
  const text = ref.trim().toLowerCase();
  if (/^\d{1,3}$/.test(text)) {
    const index = Number(text) - 1;
    return index >= 0 && index < panel.length ? { index, item: panel[index]! } : null;
  }
  if (!/^[0-9a-f]{6,12}$/.test(text)) return null;
  const matches = panel.map((item, index) => ({ index, item })).filter(({ item }) => claimKey(item.claim).startsWith(text));
  return matches.length === 1 ? matches[0]! : null;
}

/**
 * A stored panel as the CLI and the console show it: items the fact-check wrote with their key and
 * reasons as they are; older ones (checked before decisions existed) get them derived.
 */
export function presentClaims(panel: readonly FactCheckItem[] | null | undefined): ClaimPanelItem[] {
  return (panel ?? []).map((item) =>
    typeof item.key === 'string' && 'unresolved_reason' in item ? (item as ClaimPanelItem) : applyClaimDecisions([item], [])[0]!,
  );
}

/** How many claims still block the gate. */
export function countUnresolved(panel: readonly FactCheckItem[] | null | undefined): number {
  return (panel ?? []).filter((item) => !item.resolved && countsForGate(item)).length;
}
