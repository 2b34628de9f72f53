import type { Knex } from 'knex';
import { contentWords, splitSentences } from '../../nlp/analyse';
import { foldText } from '../../nlp/text-key';
import { SENSITIVE_WORDS } from '../../nlp/lexicons';
import { applyClaimDecisions, claimsForRisk, type ClaimPanelItem, type EditorClaimDecision } from '../../stories/claim-resolution';
import type { Layer, Story } from '../../stories/story';
import { confirmingAlert, officialConfirmation, type OfficialConfirmation } from '../../storms/official-confirmation';
import { loadStorySources, type SourceItem } from '../work/story-sources';
import { claimKey } from '../../stories/claim-resolution';
import { checkClaim, prepareVoices, type Claim, type ModelJudgement, type UndecidedPair } from './claims';
import { assessIndependence, type Independence } from './independence';
import { keptJudgements, type ClaimJudgement } from './judge-claims';
import { attributeDetails, attributeInLayers, attributeInSummary, attributeOneOutletSentences, corroboratedHeadline } from './lead';
import { traceLayers } from './provenance';
import { assessRisk, citesNoNamedSource, scoreStory, type RiskInput } from './risk';

export function sensitiveTerms(texts: readonly string[]): string[] {
  const lemmas = new Set(contentWords(texts.flatMap((t) => splitSentences(t))));
  return SENSITIVE_WORDS.filter((w) => lemmas.has(w));
}

/** What the risk rules read of the sources: whether the story's one voice names no source, and the unreliable outlets among its independent voices. */
export function sourceRisk(independence: Independence): Pick<RiskInput, 'unnamedSource' | 'unreliableOutlets'> {
  const representatives = independence.groups.map((g) => g[0]!);
  return {
    unnamedSource: representatives.length === 1 && citesNoNamedSource(representatives[0]!.text),
    unreliableOutlets: [...new Set(representatives.filter((v) => v.unreliable).map((v) => v.outlet))],
  };
}

/** The panel as the risk rules read it. */
export function panelForRisk(weighed: readonly { verdict: string; resolved: boolean; claim?: string; sensitive_figure?: boolean }[]): RiskInput['panel'] {
  return weighed.map((p) => ({ verdict: p.verdict, resolved: p.resolved, claim: p.claim, sensitiveFigure: Boolean(p.sensitive_figure) }));
}

export type StoryAssessment = {
  independence: Independence;
  panel: ClaimPanelItem[];
  traced: ReturnType<typeof traceLayers>;
  risk: ReturnType<typeof assessRisk>;
  scores: ReturnType<typeof scoreStory>;
  triangulated: boolean;
  /** What an official source (a hurricane advisory stating the same watch or warning) confirms of the reports. */
  official: OfficialConfirmation | null;
  /** The story's source items as they were read. */
  sources: SourceItem[];
  /** The story's summary with the sentences the layers attribute to one outlet attributed alike. */
  summary: string;
};

/**
 * The fact-check of one story as it stands: its sources' independence, each claim checked across
 * them with editors' decisions applied, every layer sentence traced, the risk and the scores. Read
 * only: the fact-check stage writes it, and an editor's claim decision recomputes it at once
 * (core/editorial/resolve-claim.ts), so both weigh a story by the very same rules.
 */
export async function assessStory(
  db: Knex,
  story: Story,
  input: {
    claims: readonly Claim[];
    decisions: readonly EditorClaimDecision[];
    now?: Date;
    /**
     * Asks a model about the claim/report pairs the rule cannot decide (the fact-check stage, with a
     * provider that can judge); without it only the answers kept in the story's panel count (an editor's decision: no call).
     */
    judge?: (pairs: readonly UndecidedPair[]) => Promise<ClaimJudgement[]>;
  },
): Promise<StoryAssessment> {
  const sources = await loadStorySources(db, story.id);
  const independence = assessIndependence(sources);
  const voices = prepareVoices(independence);
  const kept = keptJudgements(story.ai_fact_check_panel);
  const undecided: UndecidedPair[] = [];
  const judgedOf = (c: Claim, fresh: readonly ClaimJudgement[] = []): ModelJudgement[] => [
    ...fresh.filter((a) => a.claim === c.text).map((a) => a.judgement),
    ...(kept.get(claimKey(c.text)) ?? []),
  ];
  let checked = input.claims.map((c) => checkClaim(c, voices, independence, { judgements: judgedOf(c), onUndecided: (p) => undecided.push(p) }));
  if (input.judge && undecided.length > 0) {
    const answers = await input.judge(undecided);
    if (answers.length > 0)
      checked = input.claims.map((c, i) =>
        answers.some((a) => a.claim === c.text) ? checkClaim(c, voices, independence, { judgements: judgedOf(c, answers) }) : checked[i]!,
      );
  }
  // The lead as the outlets' own headlines (or the lead sentence's main clause) state it: one two independent outlets support is checked beside the claims.
  const headline =
    independence.independentOutlets.length >= 2
      ? corroboratedHeadline([story.title, ...sources.map((s) => s.title)], voices, independence, input.claims[0]?.text)
      : null;
  const claims = headline && !checked.some((c) => foldText(c.claim) === foldText(headline.claim)) ? [headline, ...checked] : checked;
  const traced = traceLayers(story.layers as Layer[], independence.voices);
  const shortVersion = (traced.layers as Layer[]).find((l) => l.layerType === 'short_version')?.content ?? null;
  const decided = applyClaimDecisions(claims, input.decisions, shortVersion);
  // The advisory is one more voice, for what it states only: beside one outlet it is the second source;
  // beside several it resolves the claims only one of them made that it states too.
  const official = independence.independentOutlets.length >= 1 ? await officialConfirmation(db, story, sources, input.now ?? new Date()) : null;
  const confirmed = official ? decided.map((p) => confirmedOfficially(p, official)) : decided;
  // The lead stands when two independent sources corroborate a claim of it or its headline (or an editor
  // confirmed one: the editor did the checking the second report would have), or an official source
  // confirms it, and no contradiction stands; a detail only one outlet adds then no longer holds the story.
  const before = claimsForRisk(confirmed);
  const contradicted = before.some((p) => p.verdict === 'contradicted');
  const triangulated =
    (independence.independentOutlets.length >= 2 && before.some((p) => p.verdict === 'corroborated' || p.verdict === 'confirmed') && !contradicted) ||
    (official !== null && !contradicted);
  const panel = triangulated ? attributeDetails(confirmed) : confirmed;
  const details = panel.filter((p) => typeof p.attributed_to === 'string').map((p) => ({ claim: p.claim, outlet: p.attributed_to as string }));
  const withDetails = attributeInLayers(traced.layers as Layer[], details);
  const layers = triangulated ? attributeOneOutletSentences(withDetails, { voices, independence, panel }) : withDetails;
  const weighed = claimsForRisk(panel);
  const sensitive = sensitiveTerms([story.title, story.summary, ...sources.map((s) => `${s.title}. ${s.summary}`)]);
  const riskInput = {
    independentSources: independence.independentOutlets.length + (official ? 1 : 0),
    panel: panelForRisk(weighed),
    sensitive,
    ...sourceRisk(independence),
    quotesReported: traced.quotesReported,
    factualSentences: traced.factualSentences,
    sourcedSentences: traced.sourcedSentences,
  };
  const summary = attributeInSummary(story.summary, traced.layers as Layer[], layers);
  return {
    independence,
    panel,
    traced: { ...traced, layers },
    risk: assessRisk(riskInput),
    scores: scoreStory(riskInput),
    triangulated,
    official,
    sources,
    summary,
  };
}

/** A claim only one outlet states that the advisory states too: resolved, the official source named beside the outlet. */
function confirmedOfficially(item: ClaimPanelItem, official: OfficialConfirmation): ClaimPanelItem {
  if (item.resolved || item.verdict !== 'single source' || !confirmingAlert(item.claim, [official.alert])) return item;
  return {
    ...item,
    verdict: 'official source',
    resolved: true,
    source_resolved: true,
    unresolved_reason: null,
    supporting_outlets: [...new Set([...(item.supporting_outlets ?? []), official.source])],
  };
}

/** The claims column as stored (a JSON list). */
export function parseClaims(value: unknown): Claim[] {
  return (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as Claim[];
}
