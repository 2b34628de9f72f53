import { contentWords, splitSentences } from '../../nlp/analyse';
import { findFigures, formatFigure, sameValue, type Figure } from '../../nlp/figures';
import { normalisePlaceName } from '../../nlp/gazetteer';
import type { FactCheckItem } from '../../stories/story';
import type { Independence, Voice } from './independence';

/**
 * A claim is checked against every voice. A source supports it when a sentence there covers most of
 * the claim's words (SUPPORT_OVERLAP), most figures in the claim (at least half) appear there with the same value,
 * and half the claim's names (two are enough) appear there. A source contradicts it when it speaks of the
 * same thing (TOPIC_OVERLAP) with a different figure of the same kind and label ("4 homes" against
 * "5 homes"). Verdicts: corroborated (two or more independent voices support, none contradicts:
 * resolved), contradicted, single source, unsupported (all three unresolved, for an editor to decide).
 */

export const SUPPORT_OVERLAP = 0.5;
export const FIGURE_SUPPORT_OVERLAP = 0.3;
export const TOPIC_OVERLAP = 0.3;

export type Claim = { text: string; figures?: string[]; entities?: string[] };
export type Verdict = 'corroborated' | 'contradicted' | 'single source' | 'unsupported';
export type PanelItem = FactCheckItem & {
  claim: string;
  verdict: Verdict;
  resolved: boolean;
  supporting_outlets: string[];
  independent_outlets: string[];
  contradicting_outlets: string[];
  explanation: string;
};

type VoiceText = { voice: Voice; sentences: { words: Set<string>; figures: Figure[] }[]; lower: string };

export function prepareVoices(independence: Independence): VoiceText[] {
  return independence.voices.map((voice) => ({
    voice,
    lower: normalisePlaceName(voice.text),
    sentences: splitSentences(voice.text).map((s) => ({ words: new Set(contentWords([s])), figures: findFigures(s) })),
  }));
}

function coverage(claimWords: Set<string>, words: Set<string>): number {
  if (claimWords.size === 0) return 0;
  let n = 0;
  for (const w of claimWords) if (words.has(w)) n++;
  return n / claimWords.size;
}

export function checkClaim(claim: Claim, voices: readonly VoiceText[], independence: Independence, _options: { published?: Date } = {}): PanelItem {
  const sentences = splitSentences(claim.text);
  const claimWords = new Set(contentWords(sentences));
  const claimFigures = sentences.flatMap(findFigures);
  const names = (claim.entities ?? []).map((e) => normalisePlaceName(e)).filter((e) => e.length > 2);
  const supporting: Voice[] = [];
  const contradicting: { voice: Voice; figure: Figure; expected: Figure }[] = [];
  for (const v of voices) {
    const allFigures = v.sentences.flatMap((s) => s.figures);
    const matchedFigures = claimFigures.filter((cf) => allFigures.some((f) => f.kind === cf.kind && sameValue(f.value, cf.value))).length;
    const figuresOk = matchedFigures >= Math.ceil(claimFigures.length / 2);
    const namesOk = names.length === 0 || names.filter((n) => v.lower.includes(n)).length >= Math.min(2, Math.ceil(names.length / 2));
    const best = Math.max(0, ...v.sentences.map((s) => coverage(claimWords, s.words)));
    const needed = claimFigures.length > 0 ? FIGURE_SUPPORT_OVERLAP : SUPPORT_OVERLAP;
    if (figuresOk && namesOk && best >= needed) {
      supporting.push(v.voice);
      continue;
    }
    for (const s of v.sentences) {
      if (coverage(claimWords, s.words) < TOPIC_OVERLAP) continue;
      for (const cf of claimFigures) {
        if (s.figures.some((f) => f.kind === cf.kind && sameValue(f.value, cf.value))) continue;
        const other = s.figures.find((f) => f.kind === cf.kind && f.label === cf.label && !sameValue(f.value, cf.value));
        if (other && !contradicting.some((c) => c.voice.key === v.voice.key)) contradicting.push({ voice: v.voice, figure: other, expected: cf });
      }
    }
  }
  const groupOf = (voice: Voice) => independence.groups.findIndex((g) => g.some((x) => x.key === voice.key));
  const supportGroups = new Set(supporting.map(groupOf));
  const independentOutlets = [...supportGroups].sort((a, b) => a - b).map((g) => independence.groups[g]![0]!.outlet);
  let verdict: Verdict;
  let explanation: string;
  if (contradicting.length > 0) {
    verdict = 'contradicted';
    explanation = contradicting
      .map(
        (c) =>
          `${c.voice.outlet} gives ${formatFigure(c.figure.value, c.figure.kind)} ${c.figure.label} where the claim says ${formatFigure(c.expected.value, c.expected.kind)}`,
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
    explanation,
    figures: claimFigures.map((f) => f.text),
  };
}
