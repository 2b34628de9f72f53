import { contentWords, type Sentence } from '../../nlp/analyse';
import { findFigures, sameValue, type Figure } from '../../nlp/figures';

/**
 * When a source sentence supports a written sentence: it holds at least SUPPORT_SHARE of the written
 * sentence's content words (lemmas), at least half of its figures with the same value, and no other
 * value for one of them ("5 homes" does not support "4 homes"). The writer
 * credits a sentence to a report by this rule and the fact-check verifies the credit by the same rule,
 * so a sentence the writer sourced is never found unsourced later, and a wrong credit is caught.
 */

export const SUPPORT_SHARE = 0.5;

export type SentenceFacts = { words: Set<string>; figures: Figure[] };

export function factsOf(sentence: Sentence): SentenceFacts {
  return { words: new Set(contentWords([sentence])), figures: findFigures(sentence) };
}

export function wordCoverage(of: ReadonlySet<string>, by: ReadonlySet<string>): number {
  if (of.size === 0) return 0;
  let n = 0;
  for (const w of of) if (by.has(w)) n++;
  return n / of.size;
}

export function sharedFigures(a: readonly Figure[], b: readonly Figure[]): number {
  return a.filter((f) => b.some((g) => g.kind === f.kind && sameValue(g.value, f.value))).length;
}

export function conflictingFigure(a: readonly Figure[], b: readonly Figure[]): boolean {
  return a.some(
    (f) =>
      !b.some((g) => g.kind === f.kind && sameValue(g.value, f.value)) &&
      b.some((g) => g.kind === f.kind && g.label === f.label && g.label !== g.kind && !a.some((x) => sameValue(x.value, g.value))),
  );
}

export function supports(source: SentenceFacts, written: SentenceFacts): boolean {
  if (written.words.size === 0) return false;
  return (
    wordCoverage(written.words, source.words) >= SUPPORT_SHARE &&
    sharedFigures(written.figures, source.figures) >= Math.ceil(written.figures.length / 2) &&
    !conflictingFigure(written.figures, source.figures)
  );
}
