import { splitSentences, stripDateline, type Sentence } from '../../nlp/analyse';
import { resolveDate } from '../../nlp/dates';
import { factsOf, type SentenceFacts } from '../work/sentence-support';
import type { SourceForAi } from './provider';

/**
 * The offline writer's reading of its reports: each report's text, bounded, cut into sentences,
 * with the filler a reader should never see removed (datelines, wire sign-offs, bylines, "read
 * more"). Bounds keep the work linear and small whatever a feed sends: the writer reads at most
 * MAX_REPORT_CHARS characters and MAX_REPORT_SENTENCES sentences of each report, and at most
 * MAX_REPORTS reports of a story (the earliest); the rest is not read.
 */

export const MAX_REPORT_CHARS = 20_000;
export const MAX_REPORT_SENTENCES = 40;
export const MAX_REPORTS = 16;
/** Sentences longer than this are run-ons or lists, not something to quote as one fact. */
export const MAX_SENTENCE_WORDS = 60;
const MIN_SENTENCE_WORDS = 5;
/** No real word is this long; a run of this many characters without a space is markup or an attack. */
const MAX_TOKEN_CHARS = 40;

export type Report = { index: number; source: SourceForAi; order: number; paragraphs: string[]; text: string; published: Date; sentences: Sentence[][] };

export type Candidate = SentenceFacts & {
  id: number;
  text: string;
  report: number;
  order: number;
  position: number;
  wordCount: number;
  dates: string[];
  quoted: boolean;
  speech: boolean;
  /** A state of things ("Some 400,000 tickets are outstanding"), not an event: no date, no verb but "be", "have" or a speech verb. */
  background: boolean;
  /** English by its function words (wink's model is English): other languages are kept for stories with no English report. */
  english: boolean;
  sentence: Sentence;
};

const BOILERPLATE = [
  /^(click|tap) here\b/i,
  /^(read|see) (more|also)\b/i,
  /^(related|advertisement|photo|image|video|watch|listen)\s*:/i,
  /\b(subscribe|sign up) (to|for) (our|the)\b/i,
  /\bfollow (us|.{1,40}) on (twitter|x|facebook|instagram|tiktok)\b/i,
  /\b(all rights reserved|copyright ©|©\s*\d{4})\b/i,
  /\b(contributed to this report|reporting by|editing by|writing by)\b/i,
  /\bthis (story|article) (was|has been) (updated|corrected)\b/i,
];
const QUOTE_MARK = /["“”«»]/;
const SPEECH = /\b(said|says|told|added|according to|stated|explained|announced|warned|noted)\b/i;
/** Wire sign-offs at the end of a paragraph: "… in February. CMC", "(CMC)", "– AFP". */
const SIGN_OFF = /\s*(?:[–—-]\s*)?\(?\b(?:CMC|CANA|AFP|AP|EFE|Reuters|JIS|GIS)\)?\s*$/;
/** Datelines inside the text: "KINGSTON, Jamaica, Nov 18, CMC –", "KINGSTON, Jamaica, Wednesday November 18, 2026 –". */
const LONG_DATELINE = /^[A-Z][A-Z'’.\- ]{2,40},[^–—\n]{0,60}?\s[–—-]{1,2}\s+/;
/** Spanish-language wire style: "Santo Domingo.- ", "SAN JUAN.- ". */
const DOT_DASH_DATELINE = /^[A-Z][\p{L}'’ ]{2,40}\.\s?[–—-]\s*/u;

/** A credit line opening a paragraph: "(St Lucia Times) Saint Lucia's…". */
const LEADING_CREDIT = /^\([^()]{1,40}\)\s*[–—-]?\s*/;

function clean(paragraph: string): string {
  return stripDateline(paragraph.trim().replace(LONG_DATELINE, '').replace(DOT_DASH_DATELINE, '').replace(LEADING_CREDIT, '')).replace(SIGN_OFF, '').trim();
}

/** The report's words a writer may use: summary (unless the text repeats it), then the text, bounded. */
export function readReport(source: SourceForAi): string[] {
  const summary = clean(source.summary ?? '');
  const text = (source.text ?? '').split('\n').map(clean).filter(Boolean);
  const paragraphs = summary && !text.some((p) => p.startsWith(summary.slice(0, 60))) ? [summary, ...text] : text;
  const out: string[] = [];
  let used = 0;
  for (const p of paragraphs) {
    if (used >= MAX_REPORT_CHARS) break;
    const room = MAX_REPORT_CHARS - used;
    // A paragraph cut at the bound loses its unfinished last sentence rather than keep half of it.
    const kept = p.length <= room ? p : p.slice(0, room).replace(/[^.!?]*$/, '');
    if (kept) out.push(kept);
    used += kept.length + 1;
  }
  return out;
}

export function prepareReports(sources: readonly SourceForAi[], now: Date): Report[] {
  return sources
    .map((source, index) => ({ source, index }))
    .sort((a, b) => (a.source.publishedAt ?? '').localeCompare(b.source.publishedAt ?? '') || a.source.id.localeCompare(b.source.id))
    .slice(0, MAX_REPORTS)
    .map(({ source, index }, order) => {
      const paragraphs = readReport(source);
      // Split once here; every later step reads these.
      const sentences = paragraphs.map((p) => splitSentences(p));
      return { index, source, order, paragraphs, text: paragraphs.join('\n'), published: source.publishedAt ? new Date(source.publishedAt) : now, sentences };
    });
}

/**
 * Words the reports capitalise inside a sentence and never write in lower case there (names): a
 * capital on any other word at a sentence's start is only the start.
 */
export function properWords(reports: readonly Report[]): Set<string> {
  const capital = new Set<string>();
  const lower = new Set<string>();
  for (const r of reports) {
    for (const p of r.sentences) {
      for (const s of p) {
        for (const t of s.tokens.slice(1)) {
          if (/^[A-Z]/.test(t.text)) capital.add(t.text);
          else if (/^[a-z]/.test(t.text)) lower.add(t.text);
        }
      }
    }
  }
  return new Set([...capital].filter((w) => !lower.has(w.toLowerCase()) && !['The', 'A', 'An'].includes(w)));
}

const STATIVE = new Set(['be', 'have', 'say', 'tell', 'add', 'accord', 'remain', 'stand', 'total', 'number']);

/** No date and no verb of action: "Some 400,000 tickets are outstanding, the ministry said.", "The bill stood at US$6.2 billion". */
export function isBackground(sentence: Sentence): boolean {
  if (sentence.entities.some((e) => e.type === 'DATE' || e.type === 'TIME')) return false;
  return !sentence.tokens.some((t) => t.pos === 'VERB' && !STATIVE.has(t.lemma));
}

export function isFiller(text: string): boolean {
  return BOILERPLATE.some((p) => p.test(text));
}

/** The reports' sentences a writer may use: in English when there are enough English ones, else in the reports' own languages. */
export function usableCandidates(reports: readonly Report[]): Candidate[] {
  const all = candidatesOf(reports);
  const english = all.filter((c) => c.english);
  return english.length >= Math.min(3, all.length) && english.length > 0 ? english.map((c, id) => ({ ...c, id })) : all;
}

export function candidatesOf(reports: readonly Report[]): Candidate[] {
  const out: Candidate[] = [];
  for (const report of reports) {
    let position = 0;
    for (const paragraph of report.sentences) {
      for (const sentence of paragraph) {
        if (position >= MAX_REPORT_SENTENCES) break;
        const text = sentence.text.trim();
        const words = sentence.tokens.filter((t) => t.kind === 'word');
        position++;
        if (words.length < MIN_SENTENCE_WORDS || words.length > MAX_SENTENCE_WORDS) continue;
        if (sentence.tokens.some((t) => t.text.length > MAX_TOKEN_CHARS) || isFiller(text) || /(\.\.\.|…)$/.test(text) || !/[.!?]["”’)]?$/.test(text)) continue;
        const facts = factsOf(sentence);
        if (facts.words.size < 3) continue;
        out.push({
          ...facts,
          id: out.length,
          text,
          report: report.index,
          order: report.order,
          position: position - 1,
          wordCount: words.length,
          dates: sentence.entities
            .filter((e) => e.type === 'DATE')
            .map((e) => resolveDate(e.text, report.published, text))
            .filter((d): d is string => Boolean(d)),
          quoted: QUOTE_MARK.test(text),
          background: isBackground(sentence),
          speech: SPEECH.test(text),
          english: sentence.tokens.filter((t) => t.stop).length >= 0.2 * words.length,
          sentence,
        });
      }
    }
  }
  return out;
}
