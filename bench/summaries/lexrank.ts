/**
 * LexRank (Erkan and Radev, 2004), the baseline the summaries bench sets beside the offline writer:
 * sentences are TF-IDF vectors (IDF over the event's sentences), two sentences are linked when their
 * cosine is at least THRESHOLD, and a sentence's score is its stationary probability under a random
 * walk on that graph (damping DAMPING, power iteration). Sentences are then taken best first, leaving
 * out one whose cosine with a taken one exceeds REDUNDANCY, within the length budget. Written here
 * because the npm packages for it are unmaintained (the newest pulls `request` and a 2015 `natural`).
 */

export const THRESHOLD = 0.1;
export const DAMPING = 0.85;
export const REDUNDANCY = 0.5;

type Vector = Map<string, number>;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter(Boolean);
}

export function cosine(a: Vector, b: Vector): number {
  let dot = 0;
  for (const [w, x] of a) dot += x * (b.get(w) ?? 0);
  const norm = (v: Vector) => Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0));
  const d = norm(a) * norm(b);
  return d === 0 ? 0 : dot / d;
}

export function tfidfVectors(sentences: readonly string[]): Vector[] {
  const tokenised = sentences.map(words);
  const df = new Map<string, number>();
  for (const t of tokenised) for (const w of new Set(t)) df.set(w, (df.get(w) ?? 0) + 1);
  const n = sentences.length;
  return tokenised.map((t) => {
    const v: Vector = new Map();
    for (const w of t) v.set(w, (v.get(w) ?? 0) + 1);
    for (const [w, tf] of v) v.set(w, tf * Math.log(n / df.get(w)!));
    return v;
  });
}

/** LexRank scores, one per sentence, summing to 1. */
export function lexRankScores(sentences: readonly string[]): number[] {
  const n = sentences.length;
  if (n === 0) return [];
  const vectors = tfidfVectors(sentences);
  const adjacency = vectors.map((a) => vectors.map((b): number => (cosine(a, b) >= THRESHOLD ? 1 : 0)));
  const degree = adjacency.map((row) => row.reduce((s, x) => s + x, 0));
  let p = new Array<number>(n).fill(1 / n);
  for (let iteration = 0; iteration < 200; iteration++) {
    const next = new Array<number>(n).fill((1 - DAMPING) / n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (adjacency[i]![j]) next[j]! += (DAMPING * p[i]!) / degree[i]!;
    const delta = next.reduce((s, x, i) => s + Math.abs(x - p[i]!), 0);
    p = next;
    if (delta < 1e-9) break;
  }
  return p;
}

/** The best-ranked sentences within the budget (at most maxSentences, at most maxWords words), in rank order. */
export function lexRankSummary(sentences: readonly string[], budget: { maxSentences: number; maxWords?: number }): string[] {
  const scores = lexRankScores(sentences);
  const vectors = tfidfVectors(sentences);
  const order = sentences.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
  const chosen: number[] = [];
  let wordCount = 0;
  for (const i of order) {
    if (chosen.length >= budget.maxSentences) break;
    const n = words(sentences[i]!).length;
    if (budget.maxWords !== undefined && wordCount + n > budget.maxWords) continue;
    if (chosen.some((c) => cosine(vectors[c]!, vectors[i]!) > REDUNDANCY)) continue;
    chosen.push(i);
    wordCount += n;
  }
  return chosen.map((i) => sentences[i]!);
}
