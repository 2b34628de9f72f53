import { compareWithReport, readSentences, splitStatements, type Comparison } from '../../nlp/claim-match';
import { formatFigure } from '../../nlp/figures';
import type { Language } from '../../nlp/numbers';
import { detectLanguage, readStatement, type Quantity, type Statement } from '../../nlp/statements';
import { claimKey } from '../../stories/claim-resolution';
import type { FactCheckItem } from '../../stories/story';
import type { ClaimRelation } from '../summarise/provider';
import type { Independence, Voice } from './independence';
import { isSensitiveFigureClaim } from './risk';

/**
 * A claim is checked against every voice by the claim matcher (core/nlp/claim-match.ts), the rule
 * "our take" uses too: a source supports the claim when one of its sentences states the same fact in
 * any wording (figures in words or digits, dates resolved against each report's own publication date,
 * paraphrased actions, short forms of names), and contradicts it only when a sentence gives a
 * different value for the same quantity of the same thing (or another day for the same fact). A
 * sentence in a language the rules do not read is neither. Verdicts: corroborated (two or more
 * independent voices support, none contradicts: resolved), contradicted, single source, unsupported
 * (all three unresolved, for an editor to decide).
 * Where the rule cannot decide (undecidedByRule: the same figures told in other words), a model's
 * answer on that pair, when there is one (judge-claims.ts), counts instead, and the ledger says so.
 */

export type Claim = { text: string; figures?: string[]; entities?: string[] };
export type Verdict = 'corroborated' | 'contradicted' | 'single source' | 'unsupported';
export type PanelItem = FactCheckItem & {
  claim: string;
  verdict: Verdict;
  resolved: boolean;
  supporting_outlets: string[];
  independent_outlets: string[];
  contradicting_outlets: string[];
  /** The value each contradicting outlet gives where the claim gives another ("5 homes"): "our take" names both. */
  contradicting_values?: { outlet: string; value: string }[];
  explanation: string;
  /** Its figures are on casualties, health, money or a disaster: a wrong one misleads most (risk.ts). */
  sensitive_figure?: boolean;
  /** The model's answers on the pairs the rule could not decide, which count for those sources. */
  model_judgements?: ModelJudgement[];
};

/**
 * A model's answer on one claim/report pair the rule could not decide. It is kept in the claim's
 * ledger entry and reused (no call) while the source and its undecided sentence are the same.
 */
export type ModelJudgement = { source: string; outlet: string; sentence_key: string; relation: ClaimRelation; model: string };
/** A pair the rule could not decide and no kept judgement answers: the claim, the voice and its sentence. */
export type UndecidedPair = { claim: string; claimPublished: string | null; voice: Voice; sentence: string; sentenceKey: string };

/** How much of a voice the matcher reads (the summariser reads no more of a report): a report past it is read up to it. */
export const MAX_VOICE_CHARS = 20_000;
export const MAX_VOICE_SENTENCES = 40;

type VoiceText = { voice: Voice; sentences: Statement[] };

export function prepareVoices(independence: Independence): VoiceText[] {
  return independence.voices.map((voice) => {
    const published = validDate(voice.time) ?? new Date(0);
    const text = voice.text.slice(0, MAX_VOICE_CHARS);
    return {
      voice,
      sentences: readSentences(splitStatements(text).slice(0, MAX_VOICE_SENTENCES), published, detectLanguage(text)),
    };
  });
}

function validDate(value: string | undefined): Date | undefined {
  const date = value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

const figureText = (q: Quantity) => `${formatFigure(q.value, q.kind)}${q.label && !q.label.startsWith('place:') ? ` ${q.label}` : ''}`;

/**
 * options.published: the date the claim's own relative dates ("on Tuesday") count from; by default
 * the story's first report, whose sentences the claims are drawn from. options.language: the claim's
 * language when its text alone does not tell; by default the first report's.
 */
export function checkClaim(
  claim: Claim,
  voices: readonly VoiceText[],
  independence: Independence,
  options: {
    published?: Date;
    language?: Language;
    /** Model answers on this claim's undecided pairs (kept ones, or just asked): each counts for its source and sentence. */
    judgements?: readonly ModelJudgement[];
    /** Told of each undecided pair no judgement answers. */
    onUndecided?: (pair: UndecidedPair) => void;
  } = {},
): PanelItem {
  const first = [...independence.voices].sort((a, b) => a.time.localeCompare(b.time))[0];
  const published = options.published ?? validDate(first?.time) ?? new Date(0);
  // A claim is a sentence of the story's reports: too short to tell its language alone, it is in theirs.
  const statement = readStatement(claim.text, published, detectLanguage(claim.text) ?? options.language ?? detectLanguage(first?.text ?? ''));
  const supporting: Voice[] = [];
  const contradicting: { voice: Voice; comparison: Comparison }[] = [];
  const judged: ModelJudgement[] = [];
  for (const v of voices) {
    let comparison = compareWithReport(statement, v.sentences);
    if (comparison.undecidedExcerpt !== undefined) {
      const sentenceKey = claimKey(comparison.undecidedExcerpt);
      const judgement = options.judgements?.find((j) => j.source === v.voice.key && j.sentence_key === sentenceKey);
      if (judgement) {
        judged.push(judgement);
        comparison = { relation: judgement.relation, reason: `contradicts it (judged by ${judgement.model}, where the rules could not decide)` };
      } else
        options.onUndecided?.({
          claim: claim.text,
          claimPublished: published.toISOString(),
          voice: v.voice,
          sentence: comparison.undecidedExcerpt,
          sentenceKey,
        });
    }
    if (comparison.relation === 'supports') supporting.push(v.voice);
    else if (comparison.relation === 'contradicts' && !contradicting.some((c) => c.voice.key === v.voice.key))
      contradicting.push({ voice: v.voice, comparison });
  }
  const groupOf = (voice: Voice) => independence.groups.findIndex((g) => g.some((x) => x.key === voice.key));
  const supportGroups = new Set(supporting.map(groupOf));
  const independentOutlets = [...supportGroups].sort((a, b) => a - b).map((g) => independence.groups[g]![0]!.outlet);
  let verdict: Verdict;
  let explanation: string;
  if (contradicting.length > 0) {
    verdict = 'contradicted';
    explanation = contradicting
      .map((c) =>
        c.comparison.reportFigure && c.comparison.claimFigure
          ? `${c.voice.outlet} gives ${figureText(c.comparison.reportFigure)} where the claim says ${formatFigure(c.comparison.claimFigure.value, c.comparison.claimFigure.kind)}`
          : `${c.voice.outlet} ${c.comparison.reason}`,
      )
      .join('; ');
  } else if (supportGroups.size >= 2) {
    verdict = 'corroborated';
    explanation = `supported by ${supportGroups.size} independent sources: ${independentOutlets.join(', ')}`;
  } else if (supportGroups.size === 1) {
    verdict = 'single source';
    const others = supporting.map((v) => v.outlet).filter((o) => o !== independentOutlets[0]);
    explanation = `only ${independentOutlets[0]} supports it${others.length ? ` (${[...new Set(others)].join(', ')} not independent of it)` : ''}`;
  } else {
    verdict = 'unsupported';
    explanation = 'no source states it';
  }
  // A contradiction by the model says so in its own reason; a support is named here.
  const supportedByModel = [...new Set(judged.filter((j) => j.relation === 'supports').map((j) => j.outlet))];
  if (supportedByModel.length > 0)
    explanation += ` (${supportedByModel.join(', ')} judged to state it by ${judged[0]!.model}, where the rules could not decide)`;
  return {
    claim: claim.text,
    verdict,
    resolved: verdict === 'corroborated',
    supporting_outlets: [...new Set(supporting.map((v) => v.outlet))],
    independent_outlets: independentOutlets,
    contradicting_outlets: [...new Set(contradicting.map((c) => c.voice.outlet))],
    contradicting_values: contradicting
      .filter((c) => c.comparison.reportFigure)
      .map((c) => ({ outlet: c.voice.outlet, value: figureText(c.comparison.reportFigure!) })),
    explanation,
    figures: statement.quantities.map((f) => f.text),
    sensitive_figure: isSensitiveFigureClaim(claim.text, statement.quantities),
    ...(judged.length > 0 ? { model_judgements: judged } : {}),
  };
}
