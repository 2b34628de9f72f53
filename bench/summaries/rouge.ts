import { l as rougeLsum, n as rougeN } from 'js-rouge';
import { stem } from '../../core/nlp/stem';

/**
 * ROUGE F1 as the summaries bench reports it, on js-rouge (a maintained implementation of Lin 2004):
 * text lower-cased, every run of characters other than a-z and 0-9 a separator (so "7.5%" is "7 5"),
 * words longer than three letters reduced by the Porter2 (Snowball English) stemmer; this mirrors
 * Google's rouge-score with use_stemmer=True, which uses the original Porter stemmer. ROUGE-L is the
 * summary-level union LCS over sentences (rouge-score's "rougeLsum"); sentences are the lines and
 * sentence ends of the texts.
 */

export function tokenise(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((w) => (w.length > 3 ? stem(w) : w));
}

export type RougeScores = { rouge1: number; rouge2: number; rougeL: number };

export function rouge(candidate: string, reference: string): RougeScores {
  if (tokenise(candidate).length === 0 || tokenise(reference).length === 0) return { rouge1: 0, rouge2: 0, rougeL: 0 };
  const tokenizer = tokenise;
  return {
    rouge1: rougeN(candidate, reference, { n: 1, tokenizer }),
    rouge2: rougeN(candidate, reference, { n: 2, tokenizer }),
    rougeL: rougeLsum(candidate, reference, { tokenizer }),
  };
}
