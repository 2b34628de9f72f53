/**
 * What a reader typed, reduced to what `websearch_to_tsquery` should see: words (letters and
 * digits), quoted phrases, `or`, and a leading `-` that excludes a word. Everything else becomes a
 * space. PostgreSQL parses runs of operators into nested NOTs and fails ("tsquery stack too
 * small") on a few dozen of them (50 dashes gave a 500), and text with no word in it can match
 * nothing; `null` then means "nothing searchable", answered as an empty result.
 */
export function searchableQuery(raw: string): string | null {
  const NEGATE = '\u0001';
  const cleaned = raw
    .replace(/\u0000/g, ' ')
    .replace(/(^|\s)-+(?=[\p{L}\p{N}])/gu, `$1${NEGATE}`)
    .replace(/[^\p{L}\p{N}\s"'\u0001]/gu, ' ')
    .replace(/\u0001/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  return /[\p{L}\p{N}]/u.test(cleaned) ? cleaned : null;
}
