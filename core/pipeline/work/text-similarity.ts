/**
 * How much two texts share word for word: the Jaccard index of their five-word shingles (lower case,
 * letters and digits). About 0.5 and more means one is a copy of the other (wire copy, a re-published
 * release); reports of one event in each outlet's own words share far less.
 */

const SHINGLE = 5;

function shingles(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i + SHINGLE <= words.length; i++) out.add(words.slice(i, i + SHINGLE).join(' '));
  if (out.size === 0 && words.length > 0) out.add(words.join(' '));
  return out;
}

export function textSimilarity(a: string, b: string): number {
  const sa = shingles(a);
  const sb = shingles(b);
  let shared = 0;
  for (const s of sa) if (sb.has(s)) shared++;
  return sa.size + sb.size - shared === 0 ? 0 : shared / (sa.size + sb.size - shared);
}
