import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { splitSentences } from '../core/nlp/analyse';
import { summariseOffline } from '../core/pipeline/summarise/offline-provider';
import { readReport } from '../core/pipeline/summarise/reports';
import { factsOf, supports, type SentenceFacts } from '../core/pipeline/work/sentence-support';
import type { SourceForAi } from '../core/pipeline/summarise/provider';
import { findQuotesIn } from '../core/pipeline/summarise/quotes';
import { lexRankSummary } from './summaries/lexrank';
import { loadQuoteParts, scoreQuotes } from './summaries/quote-spans';
import { rouge, type RougeScores } from './summaries/rouge';

/**
 * npm run bench:summaries: the offline writer's short version and "what happened" against the
 * references an editor wrote for the labelled events in test/fixtures/clustering/<set>/ (every set
 * directory present), scored with ROUGE-1, ROUGE-2 and ROUGE-L F1 (see summaries/rouge.ts for the
 * tokenising and stemming), beside a LexRank baseline computed in the same run on the same sentences
 * with the same length budget: at most SHORT_WORDS words for the short version, and for "what
 * happened" as many sentences as the writer wrote for that event. It also counts the writer's
 * sentences that no source sentence supports (the fact-check's rule: half the words, half the
 * figures) and padding: sentences of known filler, or one sentence written for three events or more.
 * Last, the quotation extractor on the labelled spans of test/fixtures/quotes, per part (dev, check):
 * span precision, span recall and speaker accuracy; `-- --quotes-detail` lists the dev part's misses.
 */

const SHORT_WORDS = 45;
const ROOT = join(import.meta.dirname, '..', 'test', 'fixtures', 'clustering');
const FILLER = [
  /\bit was reported by\b/i,
  /\bfurther details were not given\b/i,
  /\bnone of the \d* ?reports?\b/i,
  /\bwill be available shortly\b/i,
  /\bis being (processed|compiled|collected)\b/i,
  /\bhas not been able to check\b/i,
];

type Item = { id: string; event: string; outlet: string; owner_group?: string; title: string; summary: string; text: string; published_at: string };
type EventMeta = { reference?: { short_version: string; what_happened: string[] } };
type Row = {
  event: string;
  short: RougeScores;
  shortBase: RougeScores;
  what: RougeScores;
  whatBase: RougeScores;
  sentences: string[];
  unsupported: string[];
  filler: string[];
  quotes: number;
  ourTake: number;
};

function sourcesOf(items: readonly Item[]): SourceForAi[] {
  return items.map((i) => ({
    id: i.id,
    outlet: i.outlet,
    ownerGroup: i.owner_group,
    title: i.title,
    summary: i.summary ?? '',
    text: i.text ?? '',
    author: null,
    url: null,
    publishedAt: i.published_at,
  }));
}

function sourceFacts(sources: readonly SourceForAi[]): SentenceFacts[] {
  return sources.flatMap((s) => splitSentences(`${s.title}.\n${s.summary}\n${s.text}`.replace(/\n/g, ' \n ')).map(factsOf));
}

function isSupported(sentence: string, facts: readonly SentenceFacts[]): boolean {
  const parts = splitSentences(sentence).map(factsOf);
  const written: SentenceFacts = { words: new Set(parts.flatMap((p) => [...p.words])), figures: parts.flatMap((p) => p.figures) };
  return facts.some((f) => supports(f, written));
}

function scoreEvent(event: string, items: readonly Item[], reference: NonNullable<EventMeta['reference']>): Row {
  const sources = sourcesOf(items);
  const latest = items
    .map((i) => i.published_at)
    .sort()
    .at(-1)!;
  const story = summariseOffline({ storyId: event, sources, now: new Date(new Date(latest).getTime() + 3_600_000) });
  const short = story.layers.short_version.sentences.map((s) => s.text);
  const what = story.layers.what_happened.sentences.map((s) => s.text);
  // LexRank reads the same report text the writer reads (datelines and sign-offs removed), sentence by sentence.
  const pool = [...new Set(sources.flatMap((s) => readReport(s).flatMap((p) => splitSentences(p).map((x) => x.text.trim()))))].filter(
    (t) => t.split(/\s+/).length >= 4,
  );
  const shortBase = lexRankSummary(pool, { maxSentences: 2, maxWords: SHORT_WORDS });
  const whatBase = lexRankSummary(pool, { maxSentences: Math.max(1, what.length) });
  const facts = sourceFacts(sources);
  const layers = Object.values(story.layers).flatMap((l) => l.sentences.map((s) => s.text));
  return {
    event,
    short: rouge(short.join(' '), reference.short_version),
    shortBase: rouge(shortBase.join(' '), reference.short_version),
    what: rouge(what.join('\n'), reference.what_happened.join('\n')),
    whatBase: rouge(whatBase.join('\n'), reference.what_happened.join('\n')),
    sentences: layers,
    unsupported: [...short, ...what].filter((s) => !isSupported(s, facts)),
    filler: layers.filter((s) => FILLER.some((f) => f.test(s))),
    quotes: story.layers.what_locals_saying.quotes.length,
    ourTake: story.layers.our_take.sentences.length,
  };
}

const mean = (rows: readonly Row[], pick: (r: Row) => number) => rows.reduce((s, r) => s + pick(r), 0) / Math.max(1, rows.length);
const fmt = (n: number) => n.toFixed(3);

function report(set: string, rows: readonly Row[], totalEvents: number, ms: number): void {
  // Boilerplate: the same sentence written for three events or more.
  const seen = new Map<string, number>();
  for (const r of rows) for (const s of new Set(r.sentences)) seen.set(s, (seen.get(s) ?? 0) + 1);
  const repeated = [...seen].filter(([, n]) => n >= 3).map(([s]) => s);
  console.log(`\nset "${set}": ${rows.length} events with a reference (of ${totalEvents}); ${(ms / Math.max(1, rows.length)).toFixed(1)} ms per event`);
  console.log('layer            system    ROUGE-1  ROUGE-2  ROUGE-L');
  for (const [label, mine, base] of [
    ['short version', (r: Row) => r.short, (r: Row) => r.shortBase],
    ['what happened', (r: Row) => r.what, (r: Row) => r.whatBase],
  ] as const) {
    for (const [system, pick] of [
      ['C360', mine],
      ['LexRank', base],
    ] as const) {
      console.log(
        `${label.padEnd(16)} ${system.padEnd(8)}  ${fmt(mean(rows, (r) => pick(r).rouge1))}    ${fmt(mean(rows, (r) => pick(r).rouge2))}    ${fmt(mean(rows, (r) => pick(r).rougeL))}`,
      );
    }
  }
  const unsupported = rows.flatMap((r) => r.unsupported.map((s) => `${r.event}: ${s}`));
  const filler = rows.flatMap((r) => r.filler.map((s) => `${r.event}: ${s}`));
  console.log(`sentences in short version and what happened not supported by any source: ${unsupported.length}`);
  for (const u of unsupported.slice(0, 5)) console.log(`  ${u}`);
  console.log(`padding: ${filler.length} filler sentence(s), ${repeated.length} sentence(s) repeated in 3+ events`);
  for (const f of [...filler, ...repeated].slice(0, 5)) console.log(`  ${f}`);
  console.log(
    `quotes kept: ${rows.reduce((s, r) => s + r.quotes, 0)} in ${rows.filter((r) => r.quotes > 0).length} events; "our take" written for ${rows.filter((r) => r.ourTake > 0).length} of ${rows.length}`,
  );
}

function main(): void {
  if (!existsSync(ROOT)) throw new Error(`No fixtures at ${ROOT}`);
  const sets = readdirSync(ROOT)
    .filter((d) => statSync(join(ROOT, d)).isDirectory())
    .sort();
  console.log('bench:summaries: ROUGE F1 (lower-cased, split on non-alphanumerics, Porter2-stemmed; ROUGE-L = summary-level LCS), mean over events');
  for (const set of sets) {
    const rows: Row[] = [];
    let total = 0;
    const started = Date.now();
    for (const file of readdirSync(join(ROOT, set))
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const data = JSON.parse(readFileSync(join(ROOT, set, file), 'utf8')) as { items: Item[]; events: Record<string, EventMeta> };
      for (const [event, meta] of Object.entries(data.events)) {
        total++;
        const items = data.items.filter((i) => i.event === event);
        if (meta.reference && items.length > 0) rows.push(scoreEvent(event, items, meta.reference));
      }
    }
    // A clustering set without reference summaries (world-dev2) has nothing to score: say so, print no zeros.
    if (rows.length === 0) console.log(`\nset "${set}": no reference summaries (${total} events), not scored`);
    else report(set, rows, total, Date.now() - started);
  }
  reportQuotes(process.argv.includes('--quotes-detail'));
}

function reportQuotes(detail: boolean): void {
  console.log('\nquotations with speakers (test/fixtures/quotes; goal: precision >= 0.95, recall >= 0.85)');
  console.log('part    docs  spans  found  precision  recall  speaker accuracy');
  for (const [part, documents] of [...loadQuoteParts()].sort(([a], [b]) => b.localeCompare(a))) {
    const s = scoreQuotes(documents, findQuotesIn);
    console.log(
      `${part.padEnd(6)}  ${String(s.documents).padStart(4)}  ${String(s.labelled).padStart(5)}  ${String(s.found).padStart(5)}  ${fmt(s.precision).padStart(9)}  ${fmt(s.recall).padStart(6)}  ${fmt(s.speakerAccuracy).padStart(16)}`,
    );
    // Only the dev part's errors are listed: the check part is not tuned on.
    if (detail && part === 'dev')
      for (const line of [...s.misses.map((m) => `miss ${m}`), ...s.spurious.map((m) => `extra ${m}`), ...s.wrongSpeaker.map((m) => `speaker ${m}`)])
        console.log(`  ${line}`);
  }
}

main();
