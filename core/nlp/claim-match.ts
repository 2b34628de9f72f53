import { OPPOSITES } from './concepts';
import { placesConflict } from './gazetteer';
import type { Language } from './numbers';
import { detectLanguage, readStatement, type Quantity, type Statement } from './statements';

/**
 * One rule for whether a report states a claim's fact, used by the fact-check and by "our take"
 * alike (one rule, one answer). A report sentence supports a claim when it speaks of the same thing
 * (most of the claim's concepts, names by their short forms too) and states every figure of the
 * claim with the same value, in any wording ("a quarter" = 25%, "three million" = 3,000,000,
 * "EC$8" = "eight Eastern Caribbean dollars", a tally "21-3" = "by 21 votes to 3"), and no date
 * that differs. It contradicts the claim only when it speaks of the same thing and gives a different
 * value for the same quantity of the same thing (same kind, unit or currency, and what is counted),
 * or a different day for the same fact. Anything else is unrelated, and so is text in a language
 * the rules do not read.
 */

export type Relation = 'supports' | 'contradicts' | 'unrelated';
export type Comparison = {
  relation: Relation;
  reason: string;
  claimFigure?: Quantity;
  reportFigure?: Quantity;
  /** The claim's figures the report states with the same value, when it speaks of the same thing (supports or contradicts). */
  sameFigures?: Quantity[];
  /**
   * Unrelated by the rule, but the report has sentences the rule cannot decide on (undecidedByRule): the
   * closest one or two (MAX_UNDECIDED_SENTENCES), in the report's order, that a model may be asked about.
   */
  undecidedExcerpt?: string;
  /** With undecidedExcerpt from compareStatements: the share of the claim's concepts the sentence holds. */
  undecidedCoverage?: number;
};

/** Share of the claim's concepts the report must hold to support it: with figures that all match, and without any. */
export const SUPPORT_COVERAGE_WITH_FIGURES = 0.45;
export const SUPPORT_COVERAGE = 0.6;
/** Share of the claim's concepts the report must hold to contradict it: the same thing, told with another value. */
export const CONTRADICT_COVERAGE = 0.6;
/** Share of the claim's words that are not names (what happened) the report must hold, for either. */
export const WORD_COVERAGE = 0.5;

/** The least share of the claim's concepts a sentence must hold for the rule to call a pair undecided rather than unrelated. */
export const UNDECIDED_COVERAGE = 0.4;
/** A report's undecided sentences put to a model, the closest first: a headline with the figure and the sentence that tells what happened. */
export const MAX_UNDECIDED_SENTENCES = 2;

const TIME_UNITS = new Set(['year', 'month', 'day', 'hour', 'week']);

export function sameQuantityValue(a: Quantity, b: Quantity): boolean {
  if (a.against !== undefined || b.against !== undefined) {
    // Tallies: the same two numbers, either way round ("won 2-1", "lost 1-2").
    if (a.against === undefined || b.against === undefined) return false;
    return (a.value === b.value && a.against === b.against) || (a.value === b.against && a.against === b.value);
  }
  if (a.value === b.value) return true;
  const tolerance = a.approximate || b.approximate ? 0.5 : Math.max(Math.abs(a.value), Math.abs(b.value)) * 0.005;
  return Math.abs(a.value - b.value) <= tolerance;
}

/** Same kind of quantity: both money in the same currency (a bare "$" fits any), both shares, or counts in the same unit. */
export function comparableQuantities(a: Quantity, b: Quantity): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'money') return !a.currency || !b.currency || a.currency === b.currency;
  return (a.unit ?? '') === (b.unit ?? '');
}

/**
 * A tally one side reads as one figure and the other states as two numbers in a form the tally rule
 * does not read (or the other way round): the same numbers, as they matched before tallies were read.
 */
export function tallyStatedApart(q: Quantity, others: readonly Quantity[]): boolean {
  const plain = (x: Quantity) => x.kind === 'count' && x.unit === undefined;
  if (q.against !== undefined) {
    const values = others.filter(plain).map((r) => r.value);
    return values.includes(q.value) && values.includes(q.against);
  }
  return plain(q) && others.some((r) => r.against !== undefined && (r.value === q.value || r.against === q.value));
}

function acronymFits(acronym: string, initials: string): boolean {
  if (acronym === initials) return true;
  if (acronym.length >= 3 && initials.startsWith(acronym)) return true;
  if (initials.length >= 3 && acronym.startsWith(initials)) return true;
  if (acronym.length < 3 || acronym[0] !== initials[0]) return false;
  let k = 0;
  for (const c of initials) if (c === acronym[k]) k++;
  return k === acronym.length;
}

/**
 * The share of the claim's concepts the report holds, over all of them and over those that are not
 * names (what happened, as against where and who). A name counts when the other gives its short form
 * ("BOJ" for "Bank of Jamaica"); a claim's place counts as held when the report names no place at all
 * (an outlet seldom names its own country), and a report naming another place never gets here.
 */
export function conceptCoverage(claim: Statement, report: Statement): { all: number; words: number } {
  if (claim.items.size === 0) return { all: 0, words: 0 };
  const found = new Set([...claim.items].filter((i) => report.items.has(i) || (i.startsWith('place:') && report.places.length === 0)));
  for (const acronym of claim.acronyms) {
    if ([...report.initials.keys()].some((init) => acronymFits(acronym, init))) found.add(acronym);
  }
  for (const [init, words] of claim.initials) {
    if ([...report.acronyms].some((a) => acronymFits(a, init))) for (const w of words) if (claim.items.has(w)) found.add(w);
  }
  const words = [...claim.items].filter((i) => !claim.names.has(i));
  return {
    all: [...found].filter((i) => claim.items.has(i)).length / claim.items.size,
    words: words.length === 0 ? 1 : words.filter((i) => found.has(i)).length / words.length,
  };
}

/** The report says the opposite of what the claim says happened ("cut" where the claim says "restored"). */
export function oppositeAction(claim: Statement, report: Statement): boolean {
  return OPPOSITES.some(
    ([a, b]) => (claim.items.has(a) && report.items.has(b) && !report.items.has(a)) || (claim.items.has(b) && report.items.has(a) && !report.items.has(b)),
  );
}

function monthsOf(s: Statement): Set<string> {
  return new Set([...s.months, ...[...s.days].map((d) => d.slice(0, 7))]);
}

const MAX_YEAR_DISAGREEMENT = 3;

/** Both name a day (or, failing that, a month, or a year near the other's) and none is shared. */
export function datesDiffer(a: Statement, b: Statement): boolean {
  if (a.days.size > 0 && b.days.size > 0) {
    // "will open on Sunday" and "opens on Sunday": the same weekday, whatever the tense made of it.
    if (a.datedDays === 0 && b.datedDays === 0 && [...a.weekdays].some((w) => b.weekdays.has(w))) return false;
    if ([...a.nightInto].some((d) => b.earlyDays.has(d)) || [...b.nightInto].some((d) => a.earlyDays.has(d))) return false;
    return ![...a.days].some((d) => b.days.has(d));
  }
  const ma = monthsOf(a);
  const mb = monthsOf(b);
  if (ma.size > 0 && mb.size > 0 && (a.months.size > 0 || b.months.size > 0)) return ![...ma].some((m) => mb.has(m));
  if (a.years.size > 0 && b.years.size > 0) {
    if ([...a.years].some((y) => b.years.has(y))) return false;
    return !anotherEra(a, b);
  }
  return false;
}

/**
 * Both name years, and none within a few of the other's: outlets that disagree on a year are a year or
 * two apart (a typo, a fiscal year); a year decades away is another fact told beside it ("the Games,
 * first held in 1972"), neither this one nor another date for it.
 */
export function anotherEra(a: Statement, b: Statement): boolean {
  if (a.years.size === 0 || b.years.size === 0) return false;
  return ![...a.years].some((y) => [...b.years].some((z) => Math.abs(Number(y) - Number(z)) <= MAX_YEAR_DISAGREEMENT));
}

export function compareStatements(claim: Statement, report: Statement): Comparison {
  if (!claim.language || !report.language) return { relation: 'unrelated', reason: 'a language the rules do not read' };
  if (claim.items.size === 0) return { relation: 'unrelated', reason: 'nothing checkable in the claim' };
  if (claim.unreadable > 0) return { relation: 'unrelated', reason: 'the claim has a figure or date that cannot be read' };
  if (placesConflict(claim.places, report.places)) return { relation: 'unrelated', reason: 'about another place' };
  if (anotherEra(claim, report)) return { relation: 'unrelated', reason: 'about another time' };
  const coverage = conceptCoverage(claim, report);
  const matched = (q: Quantity, others: readonly Quantity[]) =>
    others.some((r) => comparableQuantities(q, r) && (sameQuantityValue(q, r) || (q.atLeast === true && r.value >= q.value))) || tallyStatedApart(q, others);
  // A time frame ("in the first ten months") need not be restated, unless the report gives one of its own;
  // a duration that is the fact ("built in 14 months") must be.
  const unmatchedClaim = claim.quantities.filter(
    (q) => !matched(q, report.quantities) && !(q.frame && TIME_UNITS.has(q.unit ?? '') && !report.quantities.some((r) => comparableQuantities(q, r))),
  );
  const unmatchedReport = report.quantities.filter((r) => !matched(r, claim.quantities));
  // The same quantity of the same thing with another value: same kind and unit, and the same thing counted.
  let conflict: { claimFigure: Quantity; reportFigure: Quantity } | undefined;
  for (const q of unmatchedClaim) {
    const candidates = unmatchedReport.filter((r) => comparableQuantities(q, r));
    // What is counted is the same: one label, or each side also speaks of what the other's figure counts.
    const same = candidates.find(
      (r) => q.label !== undefined && r.label !== undefined && (r.label === q.label || (report.items.has(q.label) && claim.items.has(r.label))),
    );
    const only =
      candidates.length === 1 &&
      unmatchedClaim.filter((x) => comparableQuantities(x, candidates[0]!)).length === 1 &&
      // A sentence tells one vote or one result: its tally is what the other's counts, whatever word is near it.
      (q.label === undefined || candidates[0]!.label === undefined || (q.against !== undefined && candidates[0]!.against !== undefined))
        ? candidates[0]
        : undefined;
    if (same ?? only) {
      conflict = { claimFigure: q, reportFigure: (same ?? only)! };
      break;
    }
  }
  const dateConflict = datesDiffer(claim, report);
  const opposite = oppositeAction(claim, report);
  const sameThing = coverage.words >= WORD_COVERAGE && !opposite;
  // Another figure at another time is another fact, not a contradiction.
  if (conflict && coverage.all >= CONTRADICT_COVERAGE && sameThing && !dateConflict) {
    const sameFigures = claim.quantities.filter((q) => matched(q, report.quantities));
    return {
      relation: 'contradicts',
      reason: `gives ${conflict.reportFigure.text} where the claim says ${conflict.claimFigure.text}`,
      ...conflict,
      sameFigures,
    };
  }
  const needed = claim.quantities.length > 0 ? SUPPORT_COVERAGE_WITH_FIGURES : SUPPORT_COVERAGE;
  if (unmatchedClaim.length === 0 && !conflict && coverage.all >= needed && sameThing) {
    if (dateConflict) {
      return coverage.all >= CONTRADICT_COVERAGE
        ? { relation: 'contradicts', reason: 'gives another date' }
        : { relation: 'unrelated', reason: 'another date' };
    }
    const sameFigures = claim.quantities.filter((q) => matched(q, report.quantities));
    return { relation: 'supports', reason: sameFigures.length ? 'states the same figures' : 'states the same fact', sameFigures };
  }
  if (undecidedByRule({ claim, coverage, unmatchedClaim, conflict: conflict !== undefined, dateConflict, opposite }))
    return {
      relation: 'unrelated',
      reason: 'states the same figures in other words (undecided)',
      undecidedExcerpt: report.text,
      undecidedCoverage: coverage.all,
    };
  return { relation: 'unrelated', reason: coverage.all < needed || !sameThing ? 'speaks of something else' : 'does not state the figures' };
}

/**
 * The one zone where the rule cannot decide (and only there may a model be asked): a sentence that
 * states every figure of the claim with the same value, gives no other value, no other date and no
 * opposite action, about the claim's subject (UNDECIDED_COVERAGE of its concepts or more), but tells
 * what happened in words the rule does not match ("sent 28,000 Haitian migrants back" for "deported
 * 28,000 Haitians", "took thirty-five of the seats" for "won 35 seats"). The same figures in the same
 * sentence about the same subject are often the same fact, but as often another fact about it ("about
 * 28,000 Dominicans live in Haiti"): the words would have to be understood. A claim without figures is
 * never undecided: with nothing to pin it, a near miss in words is another fact more often than not.
 */
export function undecidedByRule(args: {
  claim: Statement;
  coverage: { all: number; words: number };
  unmatchedClaim: readonly Quantity[];
  conflict: boolean;
  dateConflict: boolean;
  opposite: boolean;
}): boolean {
  return (
    args.claim.quantities.length > 0 &&
    args.unmatchedClaim.length === 0 &&
    !args.conflict &&
    !args.dateConflict &&
    !args.opposite &&
    args.coverage.all >= UNDECIDED_COVERAGE
  );
}

/** Sentences of a report, split where a sentence ends (not at "St.", "Dr.", "U.S." or a decimal point). */
export function splitStatements(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=(?<!\b(?:St|Dr|Mr|Mrs|Ms|No|Sr|Jr|Gen|Gov|Hon|Rev|Ave|Afl|[A-Z]))[.!?]["”’)]?)\s+(?=["“(]?[\p{Lu}\d¿¡])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A claim against a whole report: supports when one of its sentences does, or two sentences running
 * (a wire's lead packs "EC$8 an hour from January 1, benefiting 9,000 workers" into one sentence that
 * a local report tells in two); else contradicts when one sentence does; else unrelated.
 */
export function compareWithReport(claim: Statement, sentences: readonly Statement[]): Comparison {
  let contradiction: Comparison | undefined;
  const undecided: { index: number; comparison: Comparison }[] = [];
  for (const [index, s] of sentences.entries()) {
    const result = compareStatements(claim, s);
    if (result.relation === 'supports') return result;
    if (result.relation === 'contradicts') contradiction ??= result;
    if (result.undecidedExcerpt) undecided.push({ index, comparison: result });
  }
  if (!contradiction)
    for (let i = 1; i < sentences.length; i++) {
      const result = compareStatements(claim, joinStatements(sentences[i - 1]!, sentences[i]!));
      if (result.relation === 'supports') return { ...result, reason: `${result.reason} (in two sentences running)` };
    }
  if (contradiction) return contradiction;
  if (undecided.length > 0) {
    const closest = [...undecided]
      .sort((a, b) => (b.comparison.undecidedCoverage ?? 0) - (a.comparison.undecidedCoverage ?? 0) || a.index - b.index)
      .slice(0, MAX_UNDECIDED_SENTENCES)
      .sort((a, b) => a.index - b.index);
    return { ...closest[0]!.comparison, undecidedExcerpt: closest.map((u) => u.comparison.undecidedExcerpt).join(' ') };
  }
  return { relation: 'unrelated', reason: 'no sentence states it' };
}

/** Two sentences read as one statement (what both say). */
function joinStatements(a: Statement, b: Statement): Statement {
  return {
    text: `${a.text} ${b.text}`,
    language: a.language ?? b.language,
    items: new Set([...a.items, ...b.items]),
    acronyms: new Set([...a.acronyms, ...b.acronyms]),
    initials: new Map([...a.initials, ...b.initials]),
    quantities: [...a.quantities, ...b.quantities],
    days: new Set([...a.days, ...b.days]),
    months: new Set([...a.months, ...b.months]),
    years: new Set([...a.years, ...b.years]),
    weekdays: new Set([...a.weekdays, ...b.weekdays]),
    datedDays: a.datedDays + b.datedDays,
    nightInto: new Set([...a.nightInto, ...b.nightInto]),
    earlyDays: new Set([...a.earlyDays, ...b.earlyDays]),
    unreadable: a.unreadable + b.unreadable,
    names: new Set([...a.names, ...b.names]),
    places: [...a.places, ...b.places],
  };
}

/** Convenience for one-off comparisons (tests, the bench): both texts read here, each against its own publication date. */
export function compareTexts(claim: { text: string; published: Date }, report: { text: string; published: Date }): Comparison {
  const c = readStatement(claim.text, claim.published);
  return compareWithReport(c, readSentences(splitStatements(report.text), report.published, detectLanguage(report.text)));
}

/**
 * A report's sentences, each in its own language, or the report's when the sentence alone is too short
 * to tell ("Barbadian fast bowler Jaden Warner-Best earns a first call-up." has no function word). A
 * report whose language the rules do not read lends none.
 */
export function readSentences(sentences: readonly string[], published: Date, reportLanguage: Language | undefined): Statement[] {
  return sentences.map((s) => readStatement(s, published, detectLanguage(s) ?? reportLanguage));
}
