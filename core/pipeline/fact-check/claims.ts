import { compareWithReport, readSentences, splitStatements, type Comparison } from '../../nlp/claim-match';
import { formatFigure } from '../../nlp/figures';
import type { Language } from '../../nlp/numbers';
import { detectLanguage, readStatement, type Quantity, type Statement } from '../../nlp/statements';
import type { FactCheckItem } from '../../stories/story';
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
};

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
  options: { published?: Date; language?: Language } = {},
): PanelItem {
  const first = [...independence.voices].sort((a, b) => a.time.localeCompare(b.time))[0];
  const published = options.published ?? validDate(first?.time) ?? new Date(0);
  // A claim is a sentence of the story's reports: too short to tell its language alone, it is in theirs.
  const statement = readStatement(claim.text, published, detectLanguage(claim.text) ?? options.language ?? detectLanguage(first?.text ?? ''));
  const supporting: Voice[] = [];
  const contradicting: { voice: Voice; comparison: Comparison }[] = [];
  for (const v of voices) {
    const comparison = compareWithReport(statement, v.sentences);
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
  };
}
