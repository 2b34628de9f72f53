import { contentWords, splitSentences } from '../../nlp/analyse';
import type { Layer, Quote } from '../../stories/story';
import type { Voice } from './independence';

/**
 * Every sentence of the layers keeps the sources it came from: a sentence is credited to each source
 * with a sentence covering at least PROVENANCE_OVERLAP of its words. A quote stays a quote only if
 * its words appear verbatim in a source (ignoring case, spacing and the kind of quotation marks);
 * otherwise it becomes reported speech in the layer's text, without quotation marks.
 */

export const PROVENANCE_OVERLAP = 0.5;

export type SentenceSource = { sentence: string; outlets: string[]; item_ids: string[] };
export type CheckedLayer = Layer & { provenance: SentenceSource[] };
export type ProvenanceResult = { layers: CheckedLayer[]; factualSentences: number; sourcedSentences: number; quotesKept: number; quotesReported: number };

/** Layers whose sentences state facts; our_take is analysis and what_locals_saying is voices. */
const FACTUAL: readonly string[] = ['short_version', 'what_happened', 'why_it_matters'];

function normaliseQuote(text: string): string {
  return text.toLowerCase().replace(/[“”„"]/g, '"').replace(/[‘’]/g, "'").replace(/\s+/g, ' ').replace(/[.,!?;:]+$/, '').trim();
}

export function traceLayers(layers: readonly Layer[], voices: readonly Voice[]): ProvenanceResult {
  const voiceSentences = voices.map((v) => ({ voice: v, sentences: splitSentences(v.text).map((s) => new Set(contentWords([s]))), quoteText: normaliseQuote(v.text) }));
  let factualSentences = 0;
  let sourcedSentences = 0;
  let quotesKept = 0;
  let quotesReported = 0;
  const trace = (text: string): SentenceSource => {
    const words = new Set(contentWords(splitSentences(text)));
    const matched = voiceSentences.filter((vs) =>
      vs.sentences.some((s) => {
        if (words.size === 0) return false;
        let n = 0;
        for (const w of words) if (s.has(w)) n++;
        return n / words.size >= PROVENANCE_OVERLAP;
      }),
    );
    // A sentence that attributes something to an outlet by name ("It was reported by X") is sourced from X.
    const named = /\b(reported|reports|according to|says|said)\b/i.test(text) ? voiceSentences.filter((vs) => text.includes(vs.voice.outlet)) : [];
    const all = [...matched, ...named];
    return { sentence: text, outlets: [...new Set(all.map((m) => m.voice.outlet))], item_ids: [...new Set(all.map((m) => m.voice.itemId))] };
  };
  const checked = layers.map((layer): CheckedLayer => {
    let content = layer.content;
    let quotes: (Quote & { verified?: boolean; sources?: string[] })[] | undefined = layer.quotes;
    if (layer.quotes) {
      const kept: (Quote & { verified: boolean; sources: string[] })[] = [];
      const reported: string[] = [];
      for (const q of layer.quotes) {
        const needle = normaliseQuote(q.quote);
        const found = voiceSentences.filter((vs) => needle.length > 0 && vs.quoteText.includes(needle));
        if (found.length > 0) {
          kept.push({ ...q, verified: true, sources: [...new Set(found.map((f) => f.voice.outlet))] });
          quotesKept++;
        } else {
          reported.push(`According to ${q.author}${q.role ? ` (${q.role})` : ''}, ${q.quote.replace(/["“”]/g, '').trim().replace(/[.!?]*$/, '.')}`);
          quotesReported++;
        }
      }
      quotes = kept;
      if (reported.length > 0) content = `${content.trim()} ${reported.join(' ')}`.trim();
    }
    const lines = content.split('\n').map((l) => l.replace(/^- /, '').replace(/\s*\([^()]*\)\s*$/, '').trim()).filter(Boolean);
    const sentences = lines.flatMap((l) => splitSentences(l).map((s) => s.text));
    const provenance = [...sentences, ...(layer.timeline ?? []).map((t) => t.event)].map(trace);
    if (FACTUAL.includes(layer.layerType)) {
      factualSentences += sentences.length;
      sourcedSentences += provenance.slice(0, sentences.length).filter((p) => p.outlets.length > 0).length;
    }
    const out: CheckedLayer = { ...layer, content, provenance };
    if (quotes) out.quotes = quotes;
    return out;
  });
  return { layers: checked, factualSentences, sourcedSentences, quotesKept, quotesReported };
}
