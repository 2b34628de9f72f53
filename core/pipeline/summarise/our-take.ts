import { withResolvedDates } from '../../nlp/dates';
import { compareStatements, type Comparison } from '../../nlp/claim-match';
import { sameValue, type Figure } from '../../nlp/figures';
import { readStatement, type Quantity, type Statement } from '../../nlp/statements';
import { contentWords, findEntities, splitSentences } from '../../nlp/analyse';
import { findPlaces } from '../../nlp/gazetteer';
import { sharedFigures, wordCoverage } from '../work/sentence-support';
import { alreadySaid, type Fact } from './facts';
import { properWords, type Candidate, type Report } from './reports';
import type { SourcedSentence } from './schema';

/**
 * "Our take", offline: what this story's sources agree on (the figures two or more independent
 * outlets give alike), where they differ (one fact, different figures; or framing: different
 * openings under different headlines), what only one outlet reports, what no report gives that a
 * reader would want (an official's account, a cost, a date), and what to watch next (a dated event
 * still to come). Each sentence names the outlets it speaks of and is credited to them. With one voice,
 * or nothing of the kind to say, the layer is left empty: no sentence is written for every story.
 * Agreement and difference are decided by the fact-check's own claim matcher (core/nlp/claim-match.ts):
 * outlets "give the same figure" only when one's sentence supports the other's by that rule, and
 * "differ" only when it contradicts it, so our take never says more than the fact-check finds.
 */

const MAX_CLAUSE_WORDS = 35;

/** A quantity gives the value, or one side of it when it is a tally ("21-3" gives 21 and 3). */
function givesValue(q: Quantity, value: number): boolean {
  return sameValue(q.value, value) || (q.against !== undefined && sameValue(q.against, value));
}

export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** A sentence as a clause after "reports that": its end stop gone, its first word lower-cased unless it is a name. */
export function asClause(c: Candidate, proper: ReadonlySet<string>): string {
  const text = c.text.trim().replace(/[.!?]+["”’)]?$/, '');
  const first = c.sentence.tokens[0]?.text ?? '';
  const second = c.sentence.tokens[1]?.text ?? '';
  // "Housing Minister Andrea Whyte", "Jamaica's", "BOJ": a name keeps its capital.
  const name = /^[A-Z]{2,}/.test(first) || first === 'I' || proper.has(first) || /^[A-Z]/.test(second) || findPlaces(first).length > 0;
  return name ? text : first.toLowerCase() + text.slice(first.length);
}

/** A figure as the sentence wrote it: currency prefix and unit included ("EC$8.50", "50 basis points", not "8.50", "50"). */
function asWritten(figure: Figure, sentence: string): string {
  const at = sentence.indexOf(figure.text);
  if (at < 0) return figure.text;
  const prefix = /([A-Z]{0,3}\$)\s?$/.exec(sentence.slice(Math.max(0, at - 5), at));
  const unit =
    figure.label !== figure.kind
      ? new RegExp(String.raw`^\s+((?:[a-z\-]+\s+)?${figure.label}s?(?:\s+points?)?)\b`).exec(
          sentence.slice(at + figure.text.length, at + figure.text.length + 40),
        )
      : null;
  return `${prefix && !figure.text.includes('$') ? prefix[1] : ''}${figure.text}${unit ? ` ${unit[1]}` : ''}`;
}

/** The figure as written, with what it counts when the sentence does not say it right after ("4 (home)"). */
function withLabel(figure: Figure, sentence: string): string {
  const written = asWritten(figure, sentence);
  return written === figure.text && figure.label !== figure.kind ? `${written} (${figure.label})` : written;
}

const MONTH = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?$/i;
const WEEKDAY = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?$/i;

/** A number that is part of a date ("Nov. 29", "Saturday 29", "the 9th of February", inside a date the model found): not a figure. */
export function readsAsDate(figure: Figure, c: Candidate): boolean {
  const number = figure.text.replace(/^[^\d]+/, '').split(/\s/)[0]!;
  if (!/^\d{1,2}$/.test(number)) return false;
  const within = new RegExp(String.raw`(^|\D)${number}(\D|$)`);
  if (c.sentence.entities.some((e) => (e.type === 'DATE' || e.type === 'TIME') && within.test(e.text) && /[a-z]/i.test(e.text))) return true;
  const tokens = c.sentence.tokens.filter((t) => t.text !== '.' && t.text !== ',');
  return tokens.some((t, i) => {
    if (t.text !== number && t.text !== `${number}th` && !/^\d{1,2}(st|nd|rd|th)$/.test(t.text)) return false;
    if (t.text !== number && t.text.startsWith(number)) return true;
    const prev = tokens[i - 1]?.text ?? '';
    const next = tokens[i + 1]?.text ?? '';
    return MONTH.test(prev) || MONTH.test(next) || WEEKDAY.test(prev) || /^(st|nd|rd|th)$/i.test(next);
  });
}

/** A figure a reader can weigh: not a date, and not a bare number with nothing to say what it counts ("the same figure: 29"). */
function isShowable(figure: Figure, c: Candidate): boolean {
  if (readsAsDate(figure, c)) return false;
  return !(figure.kind === 'count' && figure.label === figure.kind && asWritten(figure, c.text) === figure.text);
}

/**
 * What an offline take's sentence does, read from the forms writeOurTake writes (kept beside it so the two
 * agree): agree ("X and Y give the same figure: …"), differ, single ("Only X reports that …"), frame,
 * missing, watch ("Next, as X reports: …"). Undefined for a sentence of no such form.
 */
export function offlineTakeKind(text: string): 'agree' | 'differ' | 'single' | 'frame' | 'missing' | 'watch' | undefined {
  if (/^.+ give the same figures?: /.test(text)) return 'agree';
  if (text.startsWith('They differ on one figure: ')) return 'differ';
  if (/^Only .+ reports that /.test(text)) return 'single';
  if (text.startsWith('Their headlines frame it differently: ')) return 'frame';
  if (text.startsWith('Missing from every report on ')) return 'missing';
  if (/^Next, as .+ reports?: /.test(text)) return 'watch';
  return undefined;
}

export function writeOurTake(
  facts: readonly Fact[],
  reports: readonly Report[],
  voiceOf: ReadonlyMap<number, number>,
  lead: Fact | undefined,
): SourcedSentence[] {
  const proper = properWords(reports);
  const voiceCount = new Set(voiceOf.values()).size;
  if (voiceCount < 2) return [];
  const outlet = (report: number) => reports.find((r) => r.index === report)!.source.outlet;
  const statements = new Map<Candidate, Statement>();
  const statementOf = (c: Candidate) => {
    let st = statements.get(c);
    if (!st) {
      st = readStatement(c.text, reports.find((r) => r.index === c.report)?.published ?? new Date(0));
      statements.set(c, st);
    }
    return st;
  };
  const compare = (seed: Candidate, other: Candidate): Comparison => compareStatements(statementOf(seed), statementOf(other));
  const orderOf = (report: number) => reports.find((r) => r.index === report)!.order;
  const out: SourcedSentence[] = [];

  // Agreement: figures that members from two or more independent voices give with the same value.
  const agreed: { figure: Figure; text: string; reports: Set<number> }[] = [];
  for (const fact of facts) {
    if (fact.voices < 2 || fact.seed.quoted) continue;
    const seedVoice = voiceOf.get(fact.seed.report);
    // Who states each of the seed's figures about the same thing, by the fact-check's rule (a report
    // that differs on one figure may still agree on another: "4 homes" and "5 homes", both "15 people").
    const others = fact.members
      .filter((m) => m !== fact.seed && voiceOf.get(m.report) !== seedVoice)
      .map((m) => ({ m, same: compare(fact.seed, m).sameFigures ?? [] }));
    const quantities = statementOf(fact.seed).quantities;
    for (const figure of fact.seed.figures.filter((f) => /\d/.test(f.text) && isShowable(f, fact.seed))) {
      if (!quantities.some((q) => givesValue(q, figure.value))) continue;
      if (agreed.some((a) => a.figure.kind === figure.kind && sameValue(a.figure.value, figure.value))) continue;
      const holders = [fact.seed, ...others.filter((o) => o.same.some((q) => givesValue(q, figure.value))).map((o) => o.m)];
      if (new Set(holders.map((m) => voiceOf.get(m.report))).size < 2) continue;
      // Never a bare number: "29 (proposal)" when the sentence does not put what it counts right after it.
      agreed.push({ figure, text: withLabel(figure, fact.seed.text), reports: new Set(holders.map((m) => m.report)) });
    }
  }
  if (agreed.length > 0) {
    const shown = agreed.slice(0, 4);
    const reportsAgreeing = [...new Set(shown.flatMap((a) => [...a.reports]))].sort((a, b) => orderOf(a) - orderOf(b));
    const firstPerVoice = reportsAgreeing.filter((r, i) => reportsAgreeing.findIndex((o) => voiceOf.get(o) === voiceOf.get(r)) === i);
    const names = listNames([...new Set(firstPerVoice.map(outlet))]);
    const figures = listNames(shown.map((a) => a.text));
    out.push({ text: `${names} give the same ${shown.length === 1 ? 'figure' : 'figures'}: ${figures}.`, sources: reportsAgreeing });
  }

  // Differences: one fact, and a figure of the same kind and label with another value elsewhere.
  let differences = 0;
  for (const fact of facts) {
    if (differences >= 2) break;
    // A real difference, by the fact-check's rule: the same quantity of the same thing with another value.
    const seedVoice = voiceOf.get(fact.seed.report);
    for (const other of fact.members) {
      if (voiceOf.get(other.report) === seedVoice) continue;
      const comparison = compare(fact.seed, other);
      if (comparison.relation !== 'contradicts' || !comparison.claimFigure || !comparison.reportFigure) continue;
      const ours = fact.seed.figures.find((f) => sameValue(f.value, comparison.claimFigure!.value));
      const theirs = other.figures.find((f) => sameValue(f.value, comparison.reportFigure!.value));
      // Never a date read as a figure, nor a bare number.
      if ((ours && !isShowable(ours, fact.seed)) || (theirs && !isShowable(theirs, other))) continue;
      // The first to report it is named first.
      const pair = [
        { report: fact.seed.report, text: ours ? withLabel(ours, fact.seed.text) : comparison.claimFigure.text },
        { report: other.report, text: theirs ? asWritten(theirs, other.text) : comparison.reportFigure.text },
      ].sort((a, b) => orderOf(a.report) - orderOf(b.report));
      out.push({
        text: `They differ on one figure: ${outlet(pair[0]!.report)} gives ${pair[0]!.text} where ${outlet(pair[1]!.report)} gives ${pair[1]!.text}.`,
        sources: pair.map((p) => p.report),
      });
      differences++;
      break;
    }
  }

  // Unconfirmed: the best-placed detail with a figure that only one voice reports; said only when every
  // report was compared (a report in another language may well state it).
  const compared = new Set(facts.flatMap((f) => f.members.map((m) => m.report)));
  // Nor when other outlets say the same in other words (a fact of several voices already covers it).
  const told = facts.filter((f) => f.voices >= 2).map((f) => f.seed);
  // Nor when another voice states it in words the grouping missed, by the fact-check's rule (only
  // sentences that share a figure's value or much of the wording are read, to keep this cheap).
  const everyone = facts.flatMap((f) => f.members);
  const toldElsewhere = (seed: Candidate) =>
    everyone.some(
      (c) =>
        voiceOf.get(c.report) !== voiceOf.get(seed.report) &&
        (sharedFigures(seed.figures, c.figures) > 0 || wordCoverage(seed.words, c.words) >= 0.4) &&
        compare(seed, c).relation === 'supports',
    );
  const solo = reports.some((r) => !compared.has(r.index))
    ? undefined
    : facts.find(
        (f) =>
          f !== lead &&
          f.voices === 1 &&
          f.seed.figures.length > 0 &&
          !f.seed.quoted &&
          f.seed.wordCount <= MAX_CLAUSE_WORDS &&
          !alreadySaid(f.seed, told) &&
          !toldElsewhere(f.seed),
      );
  if (solo) {
    const clause = withResolvedDates(asClause(solo.seed, proper), reports.find((r) => r.index === solo.seed.report)!.published);
    out.push({ text: `Only ${outlet(solo.seed.report)} reports that ${clause}.`, sources: [solo.seed.report] });
  }
  out.push(...differentLeads(facts, reports, voiceOf));
  const gaps = missingFromCoverage(facts, reports, lead);
  if (gaps) out.push(gaps);
  const next = whatComesNext(facts, reports, proper, solo);
  if (next) out.push(next);
  return out;
}

/**
 * Emphasis: independent outlets that open on different facts (one leads on the rate rise, another on
 * what it costs borrowers) frame the story differently; their headlines say how, in their own words.
 */
function differentLeads(facts: readonly Fact[], reports: readonly Report[], voiceOf: ReadonlyMap<number, number>): SourcedSentence[] {
  // Each voice's first report, and the fact its first usable sentence belongs to.
  const firstOf = new Map<number, Report>();
  for (const r of [...reports].sort((a, b) => a.order - b.order)) if (!firstOf.has(voiceOf.get(r.index)!)) firstOf.set(voiceOf.get(r.index)!, r);
  const opening = (r: Report) => {
    let best: { fact: Fact; position: number; english: boolean } | undefined;
    for (const f of facts)
      for (const m of f.members)
        if (m.report === r.index && !m.quoted && (!best || m.position < best.position)) best = { fact: f, position: m.position, english: m.english };
    // Headlines in two languages differ in every word, not in framing.
    return best?.english ? best.fact : undefined;
  };
  const leads = [...firstOf.values()]
    .map((r) => ({ r, fact: opening(r), title: r.source.title.replace(/\s+/g, ' ').trim() }))
    .filter((l) => l.fact && l.title.length > 0 && l.title.length <= 120);
  if (leads.length < 2) return [];
  const [a, b] = leads;
  // Only when the two open on different facts (each may tell the other's further down), under headlines that
  // share little ("Man shot dead in Laventille" and "Gunman kills Laventille man" are one framing in two wordings).
  if (a!.fact === b!.fact) return [];
  const words = (t: string) => new Set(contentWords(splitSentences(t)));
  const [wa, wb] = [words(a!.title), words(b!.title)];
  const shared = [...wa].filter((w) => wb.has(w)).length;
  if (shared / Math.max(1, Math.min(wa.size, wb.size)) >= MAX_SHARED_HEADLINE) return [];
  const bare = (t: string) => t.replace(/[.!?]+$/, '');
  return [
    {
      text: `Their headlines frame it differently: ${a!.r.source.outlet} leads with “${bare(a!.title)}”, ${b!.r.source.outlet} with “${bare(b!.title)}”.`,
      sources: [a!.r.index, b!.r.index],
    },
  ];
}

const OFFICIAL =
  /\b(minister|ministry|government|police|official|spokes(?:man|woman|person)|director|commissioner|mayor|council|authority|agency|department|president|prime minister|governor|chairman|chairwoman|chief executive|ceo)\b/i;
// Spending and projects, where the cost is what a reader asks first (not "investigation", nor repair works).
const SPENDING =
  /\b(build|built|construct(?:s|ed|ing|ion)?|projects?\b(?!\s+(?:\d|growth|that|a|an|the)\b)|contract(?:s|ed)?|programme|program|purchas(?:e|es|ed|ing)|subsid(?:y|ies|ise|ize)|fund(?:s|ed|ing)?|invest(?:s|ed|ing|ment|ments)?)\b/i;
/** Two headlines sharing this much of the shorter one's content words frame the story alike. */
const MAX_SHARED_HEADLINE = 0.34;
const MIN_FULL_SENTENCES = 4;
const PLANNED = /\b(will|plans?|planned|proposed|set to|is to|are to|expected to|scheduled|due to)\b/i;

/**
 * What no outlet reports that a reader would want: an official's word on it, what it costs (for a
 * project or spending), when it happens (for a plan). Said only when every report was compared, and
 * named by the outlets it speaks of, so it is never one sentence written for every story.
 */
function missingFromCoverage(facts: readonly Fact[], reports: readonly Report[], lead: Fact | undefined): SourcedSentence | undefined {
  if (!lead) return undefined;
  const everyone = facts.flatMap((f) => f.members);
  const compared = new Set(everyone.map((m) => m.report));
  if (reports.some((r) => !compared.has(r.index)) || everyone.some((c) => !c.english)) return undefined;
  const missing: string[] = [];
  // An official's account: no sentence of any report is an official or an institution speaking (quoted
  // or reported); asked only of full-length reports (a feed's two-line item says little of its sources).
  const fullLength = reports.every((r) => r.sentences.flat().length >= MIN_FULL_SENTENCES);
  const official = (c: Candidate) => (c.speech || c.quoted) && (OFFICIAL.test(c.text) || findEntities(c.text, [c.sentence]).organisations.length > 0);
  if (fullLength && !everyone.some(official)) missing.push('an official’s account');
  // The cost of what the story is about (its lead), when that is spending or a project.
  if (SPENDING.test(lead.seed.text) && !everyone.some((c) => c.figures.some((f) => f.kind === 'money'))) missing.push('what it costs');
  // When a planned thing happens.
  if (PLANNED.test(lead.seed.text) && !everyone.some((c) => c.dates.length > 0)) missing.push('when it happens');
  if (missing.length === 0) return undefined;
  const ordered = [...reports].sort((a, b) => a.order - b.order);
  // Named by the story's first headline: what is missing is missing from this story, not a line for every story.
  const title = ordered[0]!.source.title
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?]+$/, '');
  return { text: `Missing from every report on “${title}”: ${listNames(missing)}.`, sources: ordered.map((r) => r.index) };
}

/**
 * What to watch next: an event the reports date after they were published ("the vote is on Tuesday",
 * "from January 1"), its day resolved against its report's publication, credited to the outlets that say it.
 */
function whatComesNext(facts: readonly Fact[], reports: readonly Report[], proper: ReadonlySet<string>, solo: Fact | undefined): SourcedSentence | undefined {
  const published = (report: number) => reports.find((r) => r.index === report)!.published;
  const upcoming = facts
    .filter((f) => f !== solo && !f.seed.quoted && f.seed.wordCount <= MAX_CLAUSE_WORDS)
    .map((f) => ({ f, day: f.seed.dates.find((d) => d > published(f.seed.report).toISOString().slice(0, 10)) }))
    .filter((u): u is { f: Fact; day: string } => Boolean(u.day))
    // The soonest, and among those the one most voices tell.
    .sort((a, b) => a.day.localeCompare(b.day) || b.f.voices - a.f.voices)[0];
  if (!upcoming) return undefined;
  const { f } = upcoming;
  const credited = f.credited.length > 0 ? f.credited : [f.seed.report];
  const outlets = [...new Set(credited.map((i) => reports.find((r) => r.index === i)!.source.outlet))];
  const clause = withResolvedDates(asClause(f.seed, proper), published(f.seed.report));
  return { text: `Next, as ${listNames(outlets)} ${outlets.length === 1 ? 'reports' : 'report'}: ${clause}.`, sources: credited };
}
