import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Span precision, span recall and speaker accuracy of a quotation extractor on the labelled set in
 * test/fixtures/quotes (see its README.md for what counts as a span and how spans are matched).
 */

export type LabelledQuote = { speaker: string; quote: string };
export type QuoteDocument = { id: string; text: string; quotes: LabelledQuote[] };
export type FoundSpan = { quote: string; author: string };
export type QuoteScores = {
  documents: number;
  labelled: number;
  found: number;
  matched: number;
  rightSpeaker: number;
  precision: number;
  recall: number;
  speakerAccuracy: number;
  misses: string[];
  spurious: string[];
  wrongSpeaker: string[];
};

export const QUOTE_FIXTURES = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'quotes');

/** Every part's documents, by part name ("dev", "check"), from every JSON file of the folder. */
export function loadQuoteParts(dir = QUOTE_FIXTURES): Map<string, QuoteDocument[]> {
  const parts = new Map<string, QuoteDocument[]>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { part: string; documents: QuoteDocument[] };
    parts.set(data.part, [...(parts.get(data.part) ?? []), ...data.documents]);
  }
  return parts;
}

/** The text compared: quotation marks gone, spaces collapsed, punctuation at either end trimmed. */
export function spanKey(quote: string): string {
  return quote
    .replace(/["“”«»„]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\s,.;:!?…—–-]+|[\s,.;:!?…—–-]+$/g, '');
}

const HONORIFIC = /^(mr|mrs|ms|miss|dr|prof|sir|dame|hon|rev|fr)\.?\s+/i;
export function speakerKey(name: string): string {
  return name.trim().replace(HONORIFIC, '').replace(/\s+/g, ' ').toLowerCase();
}

export function scoreQuotes(documents: readonly QuoteDocument[], extract: (text: string) => readonly FoundSpan[]): QuoteScores {
  let labelled = 0;
  let found = 0;
  let matched = 0;
  let rightSpeaker = 0;
  const misses: string[] = [];
  const spurious: string[] = [];
  const wrongSpeaker: string[] = [];
  for (const doc of documents) {
    const gold = doc.quotes.map((q) => ({ ...q, key: spanKey(q.quote) }));
    const got = extract(doc.text).map((q) => ({ ...q, key: spanKey(q.quote) }));
    labelled += gold.length;
    found += got.length;
    const used = new Set<number>();
    for (const g of got) {
      const i = gold.findIndex((l, j) => !used.has(j) && l.key === g.key);
      if (i < 0) {
        spurious.push(`${doc.id}: ${g.author}: ${g.quote}`);
        continue;
      }
      used.add(i);
      matched++;
      if (speakerKey(g.author) === speakerKey(gold[i]!.speaker)) rightSpeaker++;
      else wrongSpeaker.push(`${doc.id}: ${g.author} for ${gold[i]!.speaker}: ${g.quote.slice(0, 60)}`);
    }
    gold.forEach((l, j) => {
      if (!used.has(j)) misses.push(`${doc.id}: ${l.speaker}: ${l.quote}`);
    });
  }
  return {
    documents: documents.length,
    labelled,
    found,
    matched,
    rightSpeaker,
    precision: found ? matched / found : 1,
    recall: labelled ? matched / labelled : 1,
    speakerAccuracy: matched ? rightSpeaker / matched : 1,
    misses,
    spurious,
    wrongSpeaker,
  };
}
