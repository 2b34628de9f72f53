import { contentWords, findEntities, findNames, splitSentences, type Sentence } from '../../nlp/analyse';
import { withResolvedDates } from '../../nlp/dates';
import { storyCountry } from '../../nlp/gazetteer';
import { SECTION_TOPICS, topicsOf, URGENT_WORDS } from '../../nlp/lexicons';
import { diasporaRelevance } from './diaspora-relevance';
import { alreadySaid, groupFacts, voicesOf, type Fact } from './facts';
import { writeOurTake } from './our-take';
import { emptyUsage, type AiProvider, type AiResult, type SummariseInput } from './provider';
import { findQuotesIn } from './quotes';
import { prepareReports, usableCandidates, type Candidate, type Report } from './reports';
import { MAX_SUMMARY_SENTENCES, SHORT_VERSION_MAX_WORDS, countSentences, type SourcedSentence, type StorySummary } from './schema';

/**
 * The offline provider (the default when no API key is set): extractive, on wink-nlp's packaged
 * English model, no network, deterministic (same sources in, same story out). Every sentence it
 * writes is a report's own sentence (or, in "our take", names the outlets it speaks of), credited to
 * each report that supports it; one fact told by several outlets is written once. Quotations are
 * only words printed between quotation marks with a named speaker. A layer with nothing real to say
 * is left empty; nothing is added to fill it. Text handling is linear in the reports' length, and
 * each report is read up to a bound (see reports.ts).
 */

export const OFFLINE_MODEL = 'wink-eng-lite-web-model 1.8 (extractive)';

/** "What happened" lists at most this many facts; fewer when the reports give fewer. */
export const MAX_FACTS = 6;
const MAX_QUOTES = 4;
const MAX_WHY_SENTENCES = 2;
/** A single-voice detail joins "what happened" only when it is this well placed or carries a figure or date. */
const MIN_SOLO_SCORE = 0.8;
const IMPACT =
  /\b(will|would|expects?|expected|could|means|aims? to|in order to|to help|so that|benefit\w*|affect\w*|impact\w*|costs?|prices?|jobs|households?|families|consumers|businesses|workers|residents|visitors|economy|growth|inflation|revenue|loans?|bills?)\b/i;
/**
 * Why it matters: the reports' own statements of consequence, those saying who is affected (AFFECTED)
 * and how (CONSEQUENCE) first: "Borrowers will pay more on loans", "Customers in Diego Martin will be
 * without water", before a line that only looks ahead ("About 14 heads of government are expected to attend").
 */
const AFFECTED =
  /\b(households?|famil(?:y|ies)|residents?|customers?|consumers?|motorists?|drivers?|commuters?|passengers?|travell?ers?|visitors?|tourists?|borrowers?|savers?|taxpayers?|workers?|employees?|staff|farmers?|fisher(?:men|folk)|vendors?|merchants?|traders?|businesses|firms|students?|pupils?|parents?|patients?|pensioners?|retirees?|tenants?|homeowners?|communities|people|citizens|nationals|public|users?|subscribers?|shareholders?|operators?|exporters?|importers?|investors?|small business(?:es)?|jobs?|schools?|homes?)\b/i;
const CONSEQUENCE =
  /\b(will|would|could|may|might|face[sd]?|facing|pay(?:s|ing)?|lose|losing|lost|costs?|cost(?:ing)?|save|saving|rise|rising|fall|falling|increase[sd]?|affect(?:s|ed|ing)?|hit|benefit(?:s|ed|ing)?|means?|lead to|leav(?:e|es|ing)|left|without|receive|need to|have to|must|advised|disrupt\w*|delay\w*|clos(?:e|ed|ing|ure)|shut)\b/i;

export function createOfflineProvider(): AiProvider {
  return {
    name: 'offline',
    model: OFFLINE_MODEL,
    async summarise(input: SummariseInput): Promise<AiResult> {
      const usage = { ...emptyUsage('offline', OFFLINE_MODEL), calls: 1 };
      return { summary: summariseOffline(input), usage };
    },
  };
}

export function summariseOffline(input: SummariseInput): StorySummary {
  const reports = prepareReports(input.sources, input.now);
  // A report's "by Friday" or "yesterday" is dated from its own publication, for a reader who reads it later.
  const published = new Map(reports.map((r) => [r.index, r.published]));
  const sourced = (fact: Fact): SourcedSentence => ({ text: withResolvedDates(fact.seed.text, published.get(fact.seed.report)!), sources: fact.credited });
  const candidates = usableCandidates(reports);
  const voiceOf = voicesOf(reports);
  const headlines = reports.map((r) => new Set(contentWords(splitSentences(r.source.title.slice(0, 300)))));
  const facts = groupFacts(candidates, voiceOf, headlines);
  const statements = facts.filter((f) => !f.seed.quoted);

  // The lead: the fact most independent voices tell, best placed in its reports, short enough to lead.
  // News before background: a state of things ("Some 400,000 tickets are outstanding") leads only when no event among the first facts can.
  const lead = chooseLead(statements);
  const short = lead ? [lead] : [];
  // A second sentence only for a fact of weight: told by two voices (when there are two), or, from a lone voice, carrying a figure or date.
  const severalVoices = new Set(voiceOf.values()).size >= 2;
  const second = statements.find(
    (f) =>
      f !== lead &&
      !f.seed.quoted &&
      !alreadySaid(
        f.seed,
        short.map((s) => s.seed),
      ) &&
      (f.voices >= 2 || (!severalVoices && (f.seed.figures.length > 0 || f.seed.dates.length > 0))),
  );
  if (lead && second && lead.seed.wordCount + second.seed.wordCount <= SHORT_VERSION_MAX_WORDS) short.push(second);
  const shortSentences = short.map(sourced);

  // What happened: distinct facts, the lead first, each once; details only one voice gives must be well placed or concrete.
  const chosen: Fact[] = [];
  for (const f of statements) {
    if (chosen.length >= MAX_FACTS) break;
    if (chosen.length > 0 && f.voices < 2 && f.score < MIN_SOLO_SCORE && f.seed.figures.length === 0 && f.seed.dates.length === 0) continue;
    if (
      alreadySaid(
        f.seed,
        chosen.map((c) => c.seed),
      )
    )
      continue;
    chosen.push(f);
  }
  const ordered = [chosen[0], ...chosen.slice(1).sort((a, b) => relativePlace(a) - relativePlace(b))].filter((f): f is Fact => Boolean(f));
  const factSentences = ordered.map(sourced);
  if (factSentences.length === 0) factSentences.push(...headlineFallback(reports));

  const quotes = quotesOf(reports);
  const used = new Set<Fact>([...short, ...chosen]);
  // Named voices in reported speech ("Mayor Jane Doe said the market would reopen"), beside the quotations: people not quoted already.
  const quoted = new Set(quotes.map((q) => q.author));
  const reported = statements
    .filter(
      (f) =>
        !used.has(f) && isReportedSpeech(f.seed) && !findNames([f.seed.sentence]).people.some((p) => [...quoted].some((a) => a.endsWith(p) || p.endsWith(a))),
    )
    .slice(0, quotes.length > 0 ? 1 : 2);
  reported.forEach((f) => used.add(f));
  const whoAndHow = (f: Fact) => AFFECTED.test(f.seed.text) && CONSEQUENCE.test(f.seed.text);
  const why = statements
    .filter(
      (f) =>
        !used.has(f) &&
        (IMPACT.test(f.seed.text) || whoAndHow(f)) &&
        !alreadySaid(
          f.seed,
          [...used].map((u) => u.seed),
        ),
    )
    // Who is affected and how first; the facts' own order otherwise (a stable sort keeps it).
    .sort((a, b) => Number(whoAndHow(b)) - Number(whoAndHow(a)))
    .slice(0, MAX_WHY_SENTENCES);

  const summarySentences =
    shortSentences.length === 1 && ordered[1] ? [...shortSentences, sourced(ordered[1])] : shortSentences.length ? shortSentences : factSentences.slice(0, 1);
  let summary = summarySentences.map((s) => s.text).join(' ');
  if (countSentences(summary) > MAX_SUMMARY_SENTENCES) summary = summarySentences[0]!.text;

  const analysis = analyseStory(input, reports);
  return {
    title: chooseTitle(reports, candidates),
    summary,
    layers: {
      short_version: { sentences: shortSentences.length ? shortSentences : factSentences.slice(0, 1) },
      what_happened: { sentences: factSentences, timeline: buildTimeline(ordered, reports) },
      what_locals_saying: { sentences: reported.map(sourced), quotes },
      why_it_matters: { sentences: why.map(sourced) },
      our_take: { sentences: writeOurTake(facts, reports, voiceOf, lead) },
    },
    ...analysis,
    // The claims a fact-check weighs are what the story states as its core: the short version's facts
    // that independent outlets tell (the lead alone when none is), as the gate asks of a published story.
    claims: (severalVoices && short.some((f) => f.voices >= 2) ? short.filter((f) => f.voices >= 2) : short.slice(0, 1))
      .filter(
        (f) =>
          f.seed.figures.length > 0 ||
          f.seed.dates.length > 0 ||
          findNames([f.seed.sentence]).people.length > 0 ||
          findEntities(f.seed.text, [f.seed.sentence]).places.length > 0,
      )
      .map((f) => claimOf(f.seed)),
  };
}

function chooseLead(statements: readonly Fact[]): Fact | undefined {
  const leadable = statements.filter((f) => f.seed.wordCount <= SHORT_VERSION_MAX_WORDS);
  return leadable.slice(0, 3).find((f) => !f.seed.background) ?? leadable[0] ?? statements[0];
}

/** The offline writer's "our take" alone, by the same rules as summariseOffline (another provider's story keeps it until the fact-check has a ledger). */
export function summariseOurTakeOffline(input: SummariseInput): SourcedSentence[] {
  const reports = prepareReports(input.sources, input.now);
  const voiceOf = voicesOf(reports);
  const headlines = reports.map((r) => new Set(contentWords(splitSentences(r.source.title.slice(0, 300)))));
  const facts = groupFacts(usableCandidates(reports), voiceOf, headlines);
  return writeOurTake(facts, reports, voiceOf, chooseLead(facts.filter((f) => !f.seed.quoted)));
}

function relativePlace(f: Fact): number {
  const places = f.members.map((m) => m.position / (m.position + 4));
  return Math.min(...places) + 0.01 * f.seed.order;
}

/** With no usable sentence at all (a headline-only feed), the headline is the one fact, credited to its report. */
function headlineFallback(reports: readonly Report[]): SourcedSentence[] {
  const first = reports[0];
  if (!first) return [];
  const title = first.source.title.trim();
  return [{ text: /[.!?]$/.test(title) ? title : `${title}.`, sources: [first.index] }];
}

function isReportedSpeech(c: Candidate): boolean {
  return c.speech && findNames([c.sentence]).people.length > 0;
}

/** Attributed quotations from every report, each once (wire copy prints the same words twice), distinct speakers first. */
export function quotesOf(reports: readonly Report[]): StorySummary['layers']['what_locals_saying']['quotes'] {
  const all = reports.flatMap((r) => findQuotesIn(r.text).map((q) => ({ ...q, source: r.index })));
  const unique = all.filter((q, i) => all.findIndex((o) => o.quote === q.quote) === i);
  const bySpeaker = [
    ...unique.filter((q, i) => unique.findIndex((o) => o.author === q.author) === i),
    ...unique.filter((q, i) => unique.findIndex((o) => o.author === q.author) !== i),
  ];
  return bySpeaker.slice(0, MAX_QUOTES).map((q) => ({ quote: q.quote, author: q.author, role: q.role, source: q.source }));
}

function buildTimeline(facts: readonly Fact[], reports: readonly Report[]): StorySummary['layers']['what_happened']['timeline'] {
  // Only what has happened by the time it was reported: "from January 1" is a schedule, not an event.
  const filed = (f: Fact) =>
    reports
      .find((r) => r.index === f.seed.report)!
      .published.toISOString()
      .slice(0, 10);
  const entries = facts
    .filter((f) => f.seed.dates.length > 0 && f.seed.dates[0]! <= filed(f))
    .map((f) => ({
      date: f.seed.dates[0]!,
      event: withResolvedDates(f.seed.text, reports.find((r) => r.index === f.seed.report)!.published),
      sources: f.credited,
    }));
  // One dated fact is not a timeline.
  if (new Set(entries.map((e) => e.date)).size < 2) return [];
  return entries.sort((a, b) => a.date.localeCompare(b.date)).slice(0, 8);
}

function claimOf(c: Candidate): StorySummary['claims'][number] {
  const e = findEntities(c.text, [c.sentence]);
  return { text: c.text, figures: c.figures.map((f) => f.text), entities: [...e.places.map((p) => p.name), ...e.people, ...e.organisations] };
}

function chooseTitle(reports: readonly Report[], candidates: readonly Candidate[]): string {
  const first = reports[0];
  if (!first) return 'Untitled report';
  if (reports.length === 1) return first.source.title.trim();
  const all = new Set(candidates.flatMap((c) => [...c.words]));
  let best = first;
  let bestScore = -1;
  for (const r of reports) {
    const words = new Set(contentWords(splitSentences(r.source.title)));
    // The headline sharing the most words with every outlet's reporting, shorter headlines winning ties.
    const score = [...words].filter((w) => all.has(w)).length / Math.max(1, Math.sqrt(words.size));
    if (score > bestScore + 1e-9) [best, bestScore] = [r, score];
  }
  return best.source.title.trim();
}

/** Region, topics, tags, urgency and diaspora relevance from the reports' words (bounded as they were read). */
function analyseStory(input: SummariseInput, reports: readonly Report[]): Pick<StorySummary, 'tags' | 'region' | 'topics' | 'urgency' | 'diaspora_relevance'> {
  const titleSentences = reports.map((r) => splitSentences(r.source.title.slice(0, 300)));
  const sentences: Sentence[] = reports.flatMap((r, i) => [...titleSentences[i]!, ...r.sentences.flat()]);
  const lemmas = sentences.flatMap((s) => s.tokens.map((t) => t.lemma));
  const topics = topicsOf(lemmas);
  const text = reports.map((r) => `${r.source.title.slice(0, 300)}. ${r.text}`).join('\n');
  const entities = findEntities(text, sentences);
  const region = storyCountry(
    reports.map((r) => ({
      title: r.source.title.slice(0, 300),
      lead: r.source.summary || r.text.slice(0, 600),
      body: r.text,
      outletRegion: r.source.outletRegion,
    })),
    input.regionHint,
  );
  const tags = [...new Set([...topics, ...topics.map((t) => SECTION_TOPICS[t]).filter((t): t is string => Boolean(t))])].slice(0, 8);
  const outlets = new Set(reports.map((r) => r.source.outlet));
  const urgentHits = lemmas.filter((l) => URGENT_WORDS.includes(l)).length;
  const newest = Math.max(...reports.map((r) => r.published.getTime()));
  const hoursOld = (input.now.getTime() - newest) / 3_600_000;
  // Urgency: 30, +25 for emergency words, +10 per outlet beyond the first (at most 20), +15 when under 6 hours old.
  const urgency = Math.min(100, 30 + (urgentHits > 0 ? 25 : 0) + Math.min(20, 10 * (outlets.size - 1)) + (hoursOld >= 0 && hoursOld < 6 ? 15 : 0));
  const diaspora = diasporaRelevance({
    titleLemmas: titleSentences.flat().flatMap((s) => s.tokens.map((t) => t.lemma)),
    bodyLemmas: reports.flatMap((r) => r.sentences.flat().flatMap((s) => s.tokens.map((t) => t.lemma))),
    places: entities.places,
  });
  return { tags, region, topics, urgency, diaspora_relevance: diaspora };
}
