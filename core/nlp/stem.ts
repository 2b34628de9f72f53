import porter2 from 'wink-porter2-stemmer';

/**
 * A word's Porter2 stem, remembered: news repeats its words, and stemming each again was a sixth of the
 * time clustering spends reading a report. Bounded: forgotten and begun again past MAX_KEPT words.
 */
const MAX_KEPT = 200_000;
const kept = new Map<string, string>();

export function stem(word: string): string {
  let s = kept.get(word);
  if (s === undefined) {
    if (kept.size >= MAX_KEPT) kept.clear();
    s = porter2(word);
    kept.set(word, s);
  }
  return s;
}
