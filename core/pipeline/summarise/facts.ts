import { sameValue } from '../../nlp/figures';
import { sharedFigures, supports, wordCoverage } from '../work/sentence-support';
import { textSimilarity } from '../work/text-similarity';
import type { Candidate, Report } from './reports';

/**
 * Facts: the reports' sentences grouped so that one fact told by several outlets (in their own words
 * or as wire copy) is one fact, stated once and credited to every report that supports it. Voices: the
 * reports that count as independent (one owner group, or near-identical texts, count once).
 */

export type Fact = {
  /** The sentence that states the fact: the best-placed, most widely supported one of its group. */
  seed: Candidate;
  members: Candidate[];
  /** Reports (by index) whose sentence supports the seed's wording: these are credited. */
  credited: number[];
  /** Independent voices among all the reports that tell this fact. */
  voices: number;
  score: number;
};

const RELATIVE_DAY = /\b(today|tonight|yesterday|tomorrow|this (morning|afternoon|evening))\b/i;

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

/** Two sentences state the same fact: mostly the same words, or the same figure about the same thing. */
export function sameFact(a: Candidate, b: Candidate): boolean {
  const j = jaccard(a.words, b.words);
  if (j >= 0.5) return true;
  const smaller = a.words.size <= b.words.size ? a : b;
  const larger = smaller === a ? b : a;
  const cover = wordCoverage(smaller.words, larger.words);
  const conflict = a.figures.some((f) => b.figures.some((g) => g.kind === f.kind && g.label === f.label && !sameValue(g.value, f.value)));
  if (sharedFigures(a.figures, b.figures) >= 1 && !conflict && (j >= 0.25 || cover >= 0.5)) return true;
  // The same figure of the same thing ("policy rate to 7.5%", "key rate to 7.5 per cent") with a few words in common.
  const sameMeasure = a.figures.some((f) => b.figures.some((g) => g.kind === f.kind && g.label === f.label && sameValue(g.value, f.value)));
  if (sameMeasure && !conflict && (j >= 0.12 || cover >= 0.3)) return true;
  // The same count of something ("three miners were killed", "three men were killed") and the same action.
  if (sharedFigures(a.figures, b.figures) >= 1 && !conflict && (j >= 0.18 || cover >= 0.4)) return true;
  // A short sentence inside a longer one, unless it brings a figure the longer one lacks (then it is a fact of its own).
  return cover >= 0.75 && smaller.words.size >= 5 && sharedFigures(smaller.figures, larger.figures) === smaller.figures.length;
}

/** Near-identical wording (wire copy, a re-published release), as the fact-check measures it. */
export const COPY_SIMILARITY = 0.5;

/** Reports that count as one voice: the same owner group, or one a copy of the other. */
export function voicesOf(reports: readonly Report[]): Map<number, number> {
  const parent = new Map(reports.map((r) => [r.index, r.index]));
  const find = (i: number): number => (parent.get(i) === i ? i : find(parent.get(i)!));
  const join = (a: number, b: number) => {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  };
  for (const a of reports) {
    for (const b of reports) {
      if (a.index >= b.index) continue;
      const ga = a.source.ownerGroup?.trim().toLowerCase();
      if (ga && ga === b.source.ownerGroup?.trim().toLowerCase()) join(a.index, b.index);
      else if (textSimilarity(a.text, b.text) >= COPY_SIMILARITY) join(a.index, b.index);
    }
  }
  return new Map(reports.map((r) => [r.index, find(r.index)]));
}

/**
 * Groups the candidates into facts. Each candidate is scored first (how many independent voices tell
 * the same fact, where it stands in its report, whether it carries figures), then candidates join the
 * best-scored fact whose seed they restate, or start their own, in score order.
 */
export function groupFacts(candidates: readonly Candidate[], voiceOf: ReadonlyMap<number, number>, headlines: readonly ReadonlySet<string>[] = []): Fact[] {
  const same = candidates.map((a) => candidates.filter((b) => b !== a && sameFact(a, b)));
  // Headlines say what the event is: a sentence that shares their words is about the event, not its background.
  const headline = candidates.map((c) => (headlines.length ? headlines.reduce((sum, h) => sum + wordCoverage(h, c.words), 0) / headlines.length : 0));
  // Centrality: how much of what the other reports say a sentence shares (LexRank's idea, by word overlap).
  const centrality = candidates.map((a) => candidates.reduce((sum, b) => sum + (b.report !== a.report ? jaccard(a.words, b.words) : 0), 0));
  const maxCentrality = Math.max(1e-9, ...centrality);
  const scored = candidates.map((c, i) => {
    const voices = new Set([voiceOf.get(c.report), ...same[i]!.map((d) => voiceOf.get(d.report))]);
    const lead = c.position === 0 ? 1.5 : c.position === 1 ? 0.8 : c.position < 4 ? 0.3 : 0;
    const score =
      2 * (voices.size - 1) +
      lead +
      centrality[i]! / maxCentrality +
      headline[i]! +
      (c.figures.length > 0 ? 0.5 : 0) +
      (c.dates.length > 0 ? 0.2 : 0) -
      (c.quoted ? 1 : 0) -
      (c.wordCount > 45 ? 1 : 0) -
      (c.wordCount < 9 ? 0.5 : 0) -
      // "today", "yesterday": true on the day it was filed, wrong for a reader later.
      (RELATIVE_DAY.test(c.text) ? 0.5 : 0);
    return { c, score };
  });
  scored.sort((a, b) => b.score - a.score || a.c.order - b.c.order || a.c.position - b.c.position);
  const facts: Fact[] = [];
  for (const { c, score } of scored) {
    const home = facts.find((f) => sameFact(f.seed, c));
    if (home) home.members.push(c);
    else facts.push({ seed: c, members: [c], credited: [], voices: 0, score });
  }
  const orderOf = new Map(candidates.map((c) => [c.report, c.order]));
  const supporters = (c: Candidate) => new Set(candidates.filter((m) => m.report !== c.report && supports(m, c)).map((m) => voiceOf.get(m.report)));
  for (const f of facts) {
    // The wording to keep: the member most other voices support (a paraphrase every report can be credited for), best scored first.
    let best = f.seed;
    let bestSupport = supporters(best).size;
    for (const m of f.members) {
      const n = supporters(m).size;
      // Only a wording that still says what the seed says (it supports the seed): never a neighbouring fact.
      // Never a background line for a sentence that tells the event ("Some 400,000 tickets are outstanding" for "Jamaica launched a portal").
      if (m.background && !f.seed.background) continue;
      if (n > bestSupport && !m.quoted && m.wordCount <= f.seed.wordCount + 15 && (supports(m, f.seed) || supports(f.seed, m))) [best, bestSupport] = [m, n];
    }
    f.seed = best;
    // Credited: every report with a sentence that supports the seed's own wording, grouped here or not, first reporter first.
    f.credited = [...new Set([f.seed.report, ...candidates.filter((m) => supports(m, f.seed)).map((m) => m.report)])].sort(
      (a, b) => orderOf.get(a)! - orderOf.get(b)!,
    );
    f.voices = new Set([...f.members.map((m) => m.report), ...f.credited].map((r) => voiceOf.get(r))).size;
  }
  return facts;
}

/** Whether a fact is already said by the chosen ones: one of them states it, or together they hold its words and figures. */
export function alreadySaid(fact: Candidate, chosen: readonly Candidate[]): boolean {
  if (chosen.length === 0) return false;
  if (chosen.some((c) => sameFact(c, fact))) return true;
  const said = new Set(chosen.flatMap((c) => [...c.words]));
  const newFigures = fact.figures.filter((f) => !chosen.some((c) => c.figures.some((g) => g.kind === f.kind && sameValue(g.value, f.value))));
  return wordCoverage(fact.words, said) >= 0.6 && newFigures.length === 0;
}
