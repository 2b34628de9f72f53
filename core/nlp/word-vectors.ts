import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a text is about, as one direction in a space of word meanings: the 30,000 commonest English
 * words' GloVe vectors (trained on news; see bench/clustering/word-vectors.ts for how the file is
 * made), averaged with common words weighed down. Two outlets that tell one event in their own words
 * ("walk off the job" and "strike", "verdict" and "court rules") point the same way when they share
 * few words.
 */

export const WORD_VECTOR_DIMENSIONS = 100;

/** The commonest words (the, said, of...) carry no subject: left out. */
const COMMONEST = 150;
/**
 * Each word weighs a / (a + p(word)), p its frequency (the list is in frequency order, so Zipf's law gives
 * it from the rank): rare words say most about the subject (smooth inverse frequency, Arora et al. 2017).
 */
const SMOOTHING = 1e-3;

/** `weights`: each word's weight times its bytes' scale, so a word's vector is weights[i] × bytes. */
type Vectors = { index: Map<string, number>; weights: Float64Array; bytes: Int8Array };
let vectors: Vectors | undefined;

/** Read once, on first use (about 3 MB, ~20 ms). */
function load(): Vectors {
  if (vectors) return vectors;
  const file = readFileSync(join(import.meta.dirname, 'word-vectors.bin'));
  const length = file.readUInt32LE(0);
  const words = file
    .subarray(4, 4 + length)
    .toString('utf8')
    .split('\n');
  const harmonic = Math.log(words.length);
  const row = 4 + WORD_VECTOR_DIMENSIONS;
  const weights = new Float64Array(words.length);
  const bytes = new Int8Array(words.length * WORD_VECTOR_DIMENSIONS);
  for (let i = 0, at = 4 + length; i < words.length; i++, at += row) {
    weights[i] = i < COMMONEST ? 0 : (SMOOTHING / (SMOOTHING + 1 / ((i + 10) * harmonic))) * file.readFloatLE(at);
    bytes.set(new Int8Array(file.buffer, file.byteOffset + at + 4, WORD_VECTOR_DIMENSIONS), i * WORD_VECTOR_DIMENSIONS);
  }
  vectors = { index: new Map(words.map((w, i) => [w, i])), weights, bytes };
  return vectors;
}

/**
 * The text's direction (unit length, rounded to 3 decimals so a stored copy scores as the fresh one), or
 * none ([]) when it has no word of the list (a report in a language the vectors do not know).
 */
export function meaningOf(text: string): number[] {
  const { index, weights, bytes } = load();
  const sum = new Float64Array(WORD_VECTOR_DIMENSIONS);
  let found = 0;
  for (const token of text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-]\p{L}+)*/gu) ?? []) {
    const i = index.get(token);
    if (i === undefined || i < COMMONEST) continue;
    const weight = weights[i]!;
    for (let d = 0; d < WORD_VECTOR_DIMENSIONS; d++) sum[d]! += weight * bytes[i * WORD_VECTOR_DIMENSIONS + d]!;
    found++;
  }
  const norm = Math.hypot(...sum);
  if (found === 0 || norm === 0) return [];
  return Array.from(sum, (x) => Math.round((x / norm) * 1000) / 1000);
}

/**
 * The cosine of two directions. When either is missing or none (a script the vectors do not know), 1: the
 * two are taken to share a subject, so the words they share must carry a join alone (clustering weighs
 * meaning against; 0 would give such pairs a push no evidence earned).
 */
export function meaningSimilarity(a: readonly number[] | undefined, b: readonly number[] | undefined): number {
  if (a?.length !== WORD_VECTOR_DIMENSIONS || b?.length !== WORD_VECTOR_DIMENSIONS) return 1;
  let dot = 0;
  for (let d = 0; d < WORD_VECTOR_DIMENSIONS; d++) dot += a[d]! * b[d]!;
  return dot;
}
