import { contentWords, findEntities, splitSentences, stripDateline, type Sentence } from '../../nlp/analyse';
import { resolveDate } from '../../nlp/dates';
import { findFigures, formatFigure, sameValue, type Figure } from '../../nlp/figures';
import { mainCountry } from '../../nlp/gazetteer';
import { DIASPORA_WORDS, DOWN_WORDS, IMPACT_WORDS, SECTION_TOPICS, topicsOf, UP_WORDS, URGENT_WORDS } from '../../nlp/lexicons';
import { emptyUsage, type AiProvider, type AiResult, type SourceForAi, type SummariseInput } from './provider';
import type { StorySummary } from './schema';

/**
 * The offline provider (the default when no API key is set): extractive NLP on wink-nlp's packaged
 * English model, no network, deterministic (same sources in, same summary out). It writes only what
 * the sources say: sentences are taken from them and credited to their outlets, quotes only from
 * quotations attributed to a named speaker, metrics only from figures in the text, and our_take states
 * which facts the outlets agree on and where they differ.
 */

export const OFFLINE_MODEL = 'wink-eng-lite-web-model 1.8 (extractive)';

type Candidate = {
  text: string;
  source: number;
  outlet: string;
  position: number;
  words: Set<string>;
  figures: Figure[];
  entities: number;
  dates: string[];
  quoted: boolean;
  support: Set<number>;
  score: number;
  sentence: Sentence;
};

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

const QUOTE_CHARS = /["“”]/;
const MAX_WORDS = 45;

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

function bodyOf(source: SourceForAi): string {
  // Datelines ("NASSAU (Antilles Wire) — ") are where the report was filed, not part of any fact.
  const summary = stripDateline(source.summary.trim());
  const text = source.text.split('\n').map((p) => stripDateline(p.trim())).join('\n').trim();
  if (!text) return summary;
  // Feeds often repeat the summary as the first paragraph.
  return summary && !text.startsWith(summary.slice(0, 60)) ? `${summary}\n${text}` : text;
}

function day(iso: string | null, fallback: Date): string {
  return (iso ? new Date(iso) : fallback).toISOString().slice(0, 10);
}

function longDate(isoDay: string): string {
  return new Date(`${isoDay}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function ensurePeriod(text: string): string {
  const t = text.trim();
  return /[.!?]["”’)]?$/.test(t) ? t : `${t}.`;
}

export function summariseOffline(input: SummariseInput): StorySummary {
  const sources = [...input.sources].sort((a, b) => (a.publishedAt ?? '').localeCompare(b.publishedAt ?? '') || a.id.localeCompare(b.id));
  const outlets = [...new Set(sources.map((s) => s.outlet))];
  const candidates: Candidate[] = [];
  const allSentences: Sentence[] = [];
  sources.forEach((source, index) => {
    const sentences = splitSentences(bodyOf(source));
    allSentences.push(...splitSentences(source.title), ...sentences);
    sentences.forEach((sentence, position) => {
      const words = new Set(contentWords([sentence]));
      if (words.size < 3) return;
      const reference = source.publishedAt ? new Date(source.publishedAt) : input.now;
      candidates.push({
        text: sentence.text.trim(),
        source: index,
        outlet: source.outlet,
        position,
        words,
        figures: findFigures(sentence),
        entities: findEntities(sentence.text, [sentence]).places.length + (sentence.tokens.some((t) => t.pos === 'PROPN') ? 1 : 0),
        dates: sentence.entities.filter((e) => e.type === 'DATE').map((e) => resolveDate(e.text, reference)).filter((d): d is string => Boolean(d)),
        quoted: QUOTE_CHARS.test(sentence.text),
        support: new Set([index]),
        score: 0,
        sentence,
      });
    });
  });

  // Cross-source support: another outlet has a sentence about the same thing.
  for (const c of candidates) {
    for (const d of candidates) if (d.source !== c.source && jaccard(c.words, d.words) >= 0.25) c.support.add(d.source);
    const wordCount = c.sentence.tokens.filter((t) => t.kind === 'word').length;
    c.score =
      2 * (c.support.size - 1) +
      (c.position === 0 ? 1.5 : c.position === 1 ? 0.8 : c.position < 4 ? 0.3 : 0) +
      (c.figures.length > 0 ? 0.5 : 0) +
      (c.entities > 0 ? 0.3 : 0) -
      (c.quoted ? 1 : 0) -
      (wordCount > MAX_WORDS ? 1 : 0);
  }
  const ranked = [...candidates].sort((a, b) => b.score - a.score || a.source - b.source || a.position - b.position);
  const factual = ranked.filter((c) => !c.quoted);

  const pick = (pool: readonly Candidate[], n: number, preferSpread: boolean, maxOverlap = 0.45): Candidate[] => {
    const chosen: Candidate[] = [];
    const usedSources = new Set<number>();
    for (const pass of preferSpread ? [true, false] : [false]) {
      for (const c of pool) {
        if (chosen.length >= n) break;
        if (chosen.includes(c) || chosen.some((x) => jaccard(x.words, c.words) > maxOverlap)) continue;
        if (pass && usedSources.has(c.source)) continue;
        chosen.push(c);
        usedSources.add(c.source);
      }
    }
    return chosen.sort((a, b) => a.source - b.source || a.position - b.position);
  };

  const published = sources.map((s) => day(s.publishedAt, input.now)).sort();
  const firstDay = published[0] ?? day(null, input.now);
  const reportedBy = `It was reported by ${listNames(outlets)}${outlets.length > 1 ? ` from ${longDate(firstDay)}` : ` on ${longDate(firstDay)}`}.`;

  // The summary asserts facts: with several outlets, only facts more than one of them reports (when
  // there are two such); single-outlet details stay in what_happened, credited to their outlet.
  const agreed = factual.filter((c) => c.support.size >= 2);
  const summaryPool = outlets.length > 1 && agreed.length >= 2 ? agreed : factual;
  const summaryPicked = pick(summaryPool, 3, true, 0.3);
  const summarySentences = summaryPicked.map((c) => ensurePeriod(c.text));
  while (summarySentences.length < 2) summarySentences.push(summarySentences.length === 0 ? ensurePeriod(sources[0]?.title ?? 'A news report') : reportedBy);
  const summary = fitSentences(summarySentences.slice(0, 3));

  const shortSentences = pick(summaryPool, 2, true, 0.3).map((c) => ensurePeriod(c.text));
  if (shortSentences.length < 2) shortSentences.push(reportedBy);
  const shortVersion = shortSentences.join(' ');

  // What happened: facts as bullets, each credited to the outlets that report it.
  const facts = pick(factual.filter((c) => c.figures.length > 0 || c.entities > 0 || c.dates.length > 0 || c.position < 2), 6, false);
  const credit = (c: Candidate) => [...c.support].sort((a, b) => a - b).map((i) => sources[i]!.outlet);
  const bullets = facts.map((c) => `- ${ensurePeriod(c.text)} (${listNames(credit(c))})`);
  if (bullets.length === 0) bullets.push(`- ${ensurePeriod(sources[0]?.title ?? 'Report')} (${outlets[0] ?? 'source'})`);

  const timeline = buildTimeline(sources, candidates, input.now);
  const quotes = findQuotes(sources);
  const reported = factual.filter((c) => /\b(said|says|told|according to)\b/i.test(c.text) && !facts.includes(c)).slice(0, 2);
  const localsContent =
    quotes.length > 0
      ? `${quotes.length === 1 ? 'One person is' : `${quotes.length} people are`} quoted by name in the reports: ${listNames([...new Set(quotes.map((q) => (q.role ? `${q.author} (${q.role})` : q.author)))])}.${reported.length ? ` ${reported.map((r) => ensurePeriod(r.text)).join(' ')}` : ''}`
      : reported.length
        ? reported.map((r) => ensurePeriod(r.text)).join(' ')
        : `None of the ${sources.length === 1 ? 'report' : `${sources.length} reports`} quotes a named local voice yet.`;

  const impact = factual.filter((c) => [...c.words].some((w) => IMPACT_WORDS.includes(w)) && !summarySentences.includes(ensurePeriod(c.text))).slice(0, 2);
  const metrics = buildMetrics(candidates, sources);
  const whyContent =
    impact.length > 0
      ? impact.map((c) => ensurePeriod(c.text)).join(' ')
      : metrics.length > 0
        ? `The reports give ${metrics.length === 1 ? 'one figure' : `${metrics.length} figures`} on the scale of this, listed below.`
        : 'The reports give no figures on the wider impact yet.';

  const ourTake = buildOurTake(sources, candidates, outlets);

  const lemmas = allSentences.flatMap((s) => s.tokens.map((t) => t.lemma));
  const topics = topicsOf(lemmas);
  const text = sources.map((s) => `${s.title}. ${bodyOf(s)}`).join('\n');
  const entities = findEntities(text, allSentences);
  const countries = new Set(entities.places.map((p) => p.country));
  const region = countries.size === 0 ? (input.regionHint ?? 'Caribbean') : countries.size > 3 ? 'Caribbean' : (mainCountry(entities.places) ?? 'Caribbean');
  const tags = [...new Set([...topics, ...topics.map((t) => SECTION_TOPICS[t]).filter((t): t is string => Boolean(t))])].slice(0, 8);

  const urgentHits = lemmas.filter((l) => URGENT_WORDS.includes(l)).length;
  const newest = Math.max(...sources.map((s) => new Date(s.publishedAt ?? input.now.toISOString()).getTime()));
  const hoursOld = (input.now.getTime() - newest) / 3_600_000;
  // Urgency: 30, +25 for emergency words, +10 per outlet beyond the first (at most 20), +15 when under 6 hours old.
  const urgency = Math.min(100, 30 + (urgentHits > 0 ? 25 : 0) + Math.min(20, 10 * (outlets.length - 1)) + (hoursOld >= 0 && hoursOld < 6 ? 15 : 0));
  const diasporaHits = lemmas.filter((l) => DIASPORA_WORDS.includes(l)).length;
  const abroad = entities.places.some((p) => ['United States', 'Canada', 'United Kingdom'].includes(p.country));
  // Diaspora relevance: 10, +35 for diaspora words, +15 for places abroad, +15 for economy or tourism, +10 for emergencies.
  const diaspora = Math.min(
    100,
    10 + (diasporaHits > 0 ? 35 : 0) + (abroad ? 15 : 0) + (topics.some((t) => ['economy', 'tourism', 'business'].includes(t)) ? 15 : 0) + (urgentHits > 0 ? 10 : 0),
  );

  // The claims are what the summary states as fact (what_happened credits each detail to its outlet).
  const claims = summaryPicked.filter((c) => c.figures.length > 0 || c.dates.length > 0 || c.entities > 0).map((c) => ({
    text: ensurePeriod(c.text),
    figures: c.figures.map((f) => f.text),
    entities: (() => {
      const e = findEntities(c.text, [c.sentence]);
      return [...e.places.map((p) => p.name), ...e.people, ...e.organisations];
    })(),
  }));

  return {
    title: chooseTitle(sources, candidates),
    summary,
    layers: {
      short_version: { content: shortVersion },
      what_happened: { content: bullets.join('\n'), timeline },
      what_locals_saying: { content: localsContent, quotes },
      why_it_matters: { content: whyContent, metricsTable: metrics },
      our_take: { content: ourTake },
    },
    tags,
    region,
    topics,
    urgency,
    diaspora_relevance: diaspora,
    claims,
  };
}

/** Keeps 2-3 sentences whatever the sentence splitter makes of abbreviations inside them. */
function fitSentences(sentences: string[]): string {
  let chosen = sentences;
  while (chosen.length > 2 && splitSentences(chosen.join(' ')).length > 3) chosen = chosen.slice(0, -1);
  const text = chosen.join(' ');
  const n = splitSentences(text).length;
  if (n >= 2 && n <= 3) return text;
  if (n > 3) {
    const parts = splitSentences(text).slice(0, 3).map((s) => s.text);
    return parts.join(' ');
  }
  return `${text} ${'Further details were not given.'}`;
}

function chooseTitle(sources: readonly SourceForAi[], candidates: readonly Candidate[]): string {
  if (sources.length === 1) return sources[0]!.title.trim();
  const all = new Set(candidates.flatMap((c) => [...c.words]));
  let best = sources[0]!;
  let bestScore = -1;
  for (const s of sources) {
    const words = new Set(contentWords(splitSentences(s.title)));
    // The headline sharing the most words with every outlet's reporting, shorter headlines winning ties.
    const score = [...words].filter((w) => all.has(w)).length / Math.max(1, Math.sqrt(words.size));
    if (score > bestScore + 1e-9) [best, bestScore] = [s, score];
  }
  return best.title.trim();
}

function buildTimeline(sources: readonly SourceForAi[], candidates: readonly Candidate[], now: Date): { date: string; event: string }[] {
  const entries: { date: string; event: string }[] = [];
  for (const c of candidates) {
    if (c.quoted || c.dates.length === 0) continue;
    const event = c.text.length > 160 ? `${c.text.slice(0, 157)}…` : c.text;
    for (const date of c.dates.slice(0, 1)) entries.push({ date, event: ensurePeriod(event) });
  }
  const first = sources[0];
  if (first) entries.push({ date: day(first.publishedAt, now), event: `First reported by ${first.outlet}: ${first.title.trim()}` });
  const unique: { date: string; event: string }[] = [];
  for (const e of entries.sort((a, b) => a.date.localeCompare(b.date) || a.event.localeCompare(b.event))) {
    const words = new Set(e.event.toLowerCase().split(/\W+/));
    if (unique.some((u) => u.date === e.date && jaccard(new Set(u.event.toLowerCase().split(/\W+/)), words) > 0.4)) continue;
    unique.push(e);
  }
  return unique.slice(0, 8);
}

const NAME = String.raw`((?:(?:Mr|Mrs|Ms|Dr|Prof|Sir|Dame|Minister|Senator|Commissioner|Superintendent|Inspector|Chief|Mayor|Prime Minister|President)\.?\s+)?[A-Z][\p{L}'’\-]+(?:\s+[A-Z][\p{L}'’\-]+){0,3})`;
const ROLE = String.raw`(?:,\s+((?:the\s+)?[a-z][^.,"“”]{2,80}))?`;
const QUOTE = String.raw`["“]([^"“”]{8,400}?)[,.!?]?["”]`;
const QUOTE_PATTERNS = [
  new RegExp(`${QUOTE},?\\s+(?:said|says|added|explained|noted|told [^,]+)\\s+${NAME}${ROLE}`, 'gu'),
  new RegExp(`${QUOTE},?\\s+${NAME}\\s+(?:said|says|added|explained|noted)${ROLE}`, 'gu'),
  new RegExp(`${NAME}${ROLE},?\\s+(?:said|says|added|told [^,:]+)[,:]?\\s+${QUOTE}`, 'gu'),
];

/** Quotations attributed to a named speaker in a source, as written there. Unattributed quotes are left out. */
export function findQuotes(sources: readonly SourceForAi[]): { quote: string; author: string; role: string | null; platform: string | null }[] {
  const quotes: { quote: string; author: string; role: string | null; platform: string | null }[] = [];
  for (const s of sources) {
    const text = bodyOf(s).replace(/\s+/g, ' ');
    for (const [i, pattern] of QUOTE_PATTERNS.entries()) {
      for (const m of text.matchAll(pattern)) {
        const [quote, author, role] = i === 2 ? [m[3]!, m[1]!, m[2]] : [m[1]!, m[2]!, m[3]];
        const cleanAuthor = author.replace(/^(Mr|Mrs|Ms|Dr|Prof|Sir|Dame)\.?\s+/, '').trim();
        if (cleanAuthor.split(/\s+/).length < 2 && !/^(Minister|Commissioner|Mayor|President)/.test(author)) continue;
        if (quotes.some((q) => q.quote === quote.trim())) continue;
        quotes.push({ quote: quote.trim(), author: cleanAuthor, role: role?.trim() || null, platform: s.outlet });
      }
    }
  }
  return quotes.slice(0, 6);
}

function buildMetrics(candidates: readonly Candidate[], sources: readonly SourceForAi[]): { label: string; previous: string | null; current: string; trend: string }[] {
  type Row = { label: string; kind: Figure['kind']; values: Map<number, Set<string>>; previous: number | null; trend: string };
  const rows = new Map<string, Row>();
  for (const c of candidates) {
    if (c.quoted) continue;
    const lower = c.text.toLowerCase();
    const trendWord = UP_WORDS.some((w) => new RegExp(`\\b${w}`).test(lower)) ? 'up' : DOWN_WORDS.some((w) => new RegExp(`\\b${w}`).test(lower)) ? 'down' : 'reported';
    c.figures.forEach((f, i) => {
      const fromTo = i > 0 && new RegExp(`from\\s+\\S*${escape(c.figures[i - 1]!.text.split(' ')[0]!)}.*\\bto\\b`, 'i').test(c.text) && c.figures[i - 1]!.kind === f.kind;
      const key = `${f.label}|${f.kind}`;
      const row = rows.get(key) ?? { label: f.label, kind: f.kind, values: new Map(), previous: null, trend: trendWord };
      if (fromTo) {
        // "from 6.2% to 5.1%": the first figure is the previous value, not a second current one.
        const prev = c.figures[i - 1]!;
        const prevKey = `${prev.label}|${prev.kind}`;
        const prevRow = prevKey === key ? row : rows.get(prevKey);
        if (prevRow) {
          for (const [v, outlets] of prevRow.values) {
            if (!sameValue(v, prev.value)) continue;
            outlets.delete(sources[c.source]!.outlet);
            if (outlets.size === 0) prevRow.values.delete(v);
          }
          if (prevRow.values.size === 0 && prevKey !== key) rows.delete(prevKey);
        }
        row.previous = prev.value;
        row.trend = f.value > prev.value ? 'up' : f.value < prev.value ? 'down' : 'steady';
      }
      const existing = [...row.values.keys()].find((v) => sameValue(v, f.value));
      const set = row.values.get(existing ?? f.value) ?? new Set<string>();
      set.add(sources[c.source]!.outlet);
      row.values.set(existing ?? f.value, set);
      rows.set(key, row);
    });
  }
  return [...rows.values()]
    .sort((a, b) => maxSupport(b) - maxSupport(a) || a.label.localeCompare(b.label))
    .slice(0, 6)
    .map((r) => {
      const values = [...r.values.entries()].sort((a, b) => b[1].size - a[1].size || a[0] - b[0]);
      const current =
        values.length === 1
          ? formatFigure(values[0]![0], r.kind)
          : values.map(([v, outlets]) => `${formatFigure(v, r.kind)} (${[...outlets].sort().join(', ')})`).join(' / ');
      return {
        label: `${r.label.charAt(0).toUpperCase()}${r.label.slice(1)}${r.kind === 'percent' && r.label !== 'percent' ? ' (%)' : ''}`,
        previous: r.previous === null ? null : formatFigure(r.previous, r.kind),
        current,
        trend: values.length > 1 ? 'sources differ' : r.trend,
      };
    });
}

function maxSupport(r: { values: Map<number, Set<string>> }): number {
  return Math.max(0, ...[...r.values.values()].map((s) => s.size));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function buildOurTake(sources: readonly SourceForAi[], candidates: readonly Candidate[], outlets: readonly string[]): string {
  if (outlets.length <= 1) {
    return `Only one outlet, ${outlets[0] ?? 'a single source'}, has reported this so far, so C360 has not been able to check it against a second, independent source. Treat its figures as unconfirmed until another outlet reports them.`;
  }
  const parts: string[] = [];
  const agreed = candidates.filter((c) => !c.quoted && c.support.size >= 2).sort((a, b) => b.support.size - a.support.size || b.score - a.score);
  if (agreed.length > 0) {
    const top = agreed[0]!;
    const who = [...top.support].map((i) => sources[i]!.outlet);
    parts.push(`${who.length === outlets.length ? (outlets.length === 2 ? 'Both outlets' : `All ${outlets.length} outlets`) : listNames(who)} agree on the core of the story: ${lowerFirst(stripEnd(top.text))}.`);
  } else {
    parts.push(`The ${outlets.length} outlets describe the event in different terms, and no single fact appears in more than one report.`);
  }
  // Figures measuring the same thing with different values in different outlets.
  const byLabel = new Map<string, Map<number, Set<string>>>();
  for (const c of candidates) {
    if (c.quoted) continue;
    for (const f of c.figures) {
      const key = `${f.label}|${f.kind}`;
      const values = byLabel.get(key) ?? new Map<number, Set<string>>();
      const existing = [...values.keys()].find((v) => sameValue(v, f.value));
      const set = values.get(existing ?? f.value) ?? new Set<string>();
      set.add(sources[c.source]!.outlet);
      values.set(existing ?? f.value, set);
      byLabel.set(key, values);
    }
  }
  const differences: string[] = [];
  for (const [key, values] of byLabel) {
    if (values.size < 2) continue;
    const allOutlets = new Set([...values.values()].flatMap((s) => [...s]));
    if (allOutlets.size < 2) continue;
    const [label, kind] = key.split('|') as [string, Figure['kind']];
    differences.push(
      `${label}: ${[...values.entries()].sort((a, b) => a[0] - b[0]).map(([v, o]) => `${listNames([...o].sort())} ${o.size > 1 ? 'give' : 'gives'} ${formatFigure(v, kind)}`).join(', while ')}`,
    );
  }
  if (differences.length > 0) parts.push(`They differ on ${differences.slice(0, 2).join('; and on ')}.`);
  else parts.push('Where they give figures, the outlets do not contradict each other.');
  const solo = candidates.filter((c) => !c.quoted && c.support.size === 1 && c.figures.length > 0).sort((a, b) => b.score - a.score)[0];
  if (solo) parts.push(`Only ${solo.outlet} reports that ${lowerFirst(stripEnd(solo.text))}.`);
  return parts.join(' ');
}

function stripEnd(text: string): string {
  return text.trim().replace(/[.!?]+$/, '');
}

function lowerFirst(text: string): string {
  // Keep proper nouns and acronyms: lower-case only a plain capitalised first word.
  return /^[A-Z][a-z]+\b/.test(text) && !/^(The|A|An)\s+[A-Z]/.test(text) && /^(The|A|An|Two|Three|Four|Five|Fifteen|More|About|Some|Heavy|Test|Fire|Police|Residents)\b/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}
