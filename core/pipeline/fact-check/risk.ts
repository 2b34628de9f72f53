import type { RiskLevel } from '../../stories/story';

/**
 * The risk level, by these rules (the highest level any rule gives wins; each reason is listed):
 *   - single source: fewer than 2 independent sources → high
 *   - contradictory figures: a claim contradicted by a source → high; critical on a sensitive topic
 *   - unresolved claims: any claim not corroborated → medium; more than half of them → high
 *   - sensitive topic (deaths, violence, minors, elections, corruption, outbreaks, …) → at least medium;
 *     with a single independent source → critical; with unresolved claims → high
 *   - nothing checkable (no claims) → medium
 *   - quotes turned into reported speech, or over 25% of factual sentences traced to no source → medium
 * flag_reason is written when the level is high or critical.
 */

export type RiskInput = {
  independentSources: number;
  /** The claims as weighed: verdict (corroborated, contradicted, …, or an editor's confirmed or disputed) and whether resolved. */
  panel: readonly { verdict?: string; resolved: boolean }[];
  sensitive: string[];
  quotesReported: number;
  factualSentences: number;
  sourcedSentences: number;
};

const ORDER: readonly RiskLevel[] = ['low', 'medium', 'high', 'critical'];

export function assessRisk(input: RiskInput): { level: RiskLevel; reasons: string[] } {
  let level: RiskLevel = 'low';
  const reasons: string[] = [];
  const raise = (to: RiskLevel, reason: string) => {
    if (ORDER.indexOf(to) > ORDER.indexOf(level)) level = to;
    reasons.push(reason);
  };
  const single = input.independentSources < 2;
  const contradicted = input.panel.filter((p) => p.verdict === 'contradicted');
  const unresolved = input.panel.filter((p) => !p.resolved);
  const sensitive = input.sensitive.length > 0;
  if (single) raise('high', 'single source: fewer than 2 independent sources');
  if (contradicted.length > 0) raise(sensitive ? 'critical' : 'high', `contradictory figures in ${contradicted.length} claim(s)`);
  if (unresolved.length > 0) {
    raise(unresolved.length * 2 > input.panel.length ? 'high' : 'medium', `${unresolved.length} of ${input.panel.length} claim(s) unresolved`);
  }
  if (sensitive) {
    raise('medium', `sensitive topic (${input.sensitive.slice(0, 3).join(', ')})`);
    if (single) raise('critical', 'sensitive topic from a single source');
    else if (unresolved.length > 0) raise('high', 'sensitive topic with unresolved claims');
  }
  if (input.panel.length === 0) raise('medium', 'no checkable claims');
  if (input.quotesReported > 0) raise('medium', `${input.quotesReported} quote(s) not found verbatim in a source, shown as reported speech`);
  if (input.factualSentences > 0 && input.sourcedSentences / input.factualSentences < 0.75) {
    raise('medium', `${input.factualSentences - input.sourcedSentences} of ${input.factualSentences} factual sentence(s) traced to no source`);
  }
  return { level, reasons };
}

/**
 * Scores (0-1). fact_check_score: the share of claims corroborated. truth_score: 0.4 × that share
 * + 0.2 × independence (1 at 3 or more independent sources) + 0.2 × the share of factual sentences
 * traced to a source + 0.2 when no claim is contradicted.
 */
export function scoreStory(input: RiskInput): { factCheckScore: number; truthScore: number } {
  const corroborated = input.panel.filter((p) => p.verdict === 'corroborated').length;
  const factCheckScore = input.panel.length === 0 ? 0 : corroborated / input.panel.length;
  const independence = Math.min(1, Math.max(0, (input.independentSources - 1) / 2));
  const traced = input.factualSentences === 0 ? 0 : input.sourcedSentences / input.factualSentences;
  const noContradiction = input.panel.some((p) => p.verdict === 'contradicted') ? 0 : 1;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { factCheckScore: round(factCheckScore), truthScore: round(0.4 * factCheckScore + 0.2 * independence + 0.2 * traced + 0.2 * noContradiction) };
}
