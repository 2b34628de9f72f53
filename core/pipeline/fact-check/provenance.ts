import { splitSentences } from '../../nlp/analyse';
import { composeContent, currentSentences } from '../../stories/layer-text';
import type { Layer, LayerSentence, Quote } from '../../stories/story';
import { factsOf, supports, type SentenceFacts } from '../work/sentence-support';
import type { Voice } from './independence';

/**
 * Every sentence of the layers keeps the sources it came from. The writer credits each sentence to
 * the reports it took it from; here each credit is verified against the sources' own sentences by the
 * rule the writer used (work/sentence-support.ts: half the words, half the figures), a wrong credit is
 * dropped, and every other source that states the same (an outlet that carried the item, another
 * report) is added. A sentence no source supports keeps no source and counts against the story's risk.
 * "Our take" speaks about the sources rather than repeating them: its credits are kept when they name
 * sources of this story. A quote stays a quote only if its words appear verbatim in a source
 * (ignoring case, spacing and the kind of quotation marks); otherwise it becomes reported speech.
 * Layers written before sentences were kept are split into sentences and traced the same way.
 */

/** Of each source, the first this many characters are read: far more than any report's body, and bounded for a crafted feed. */
export const MAX_SOURCE_CHARS = 50_000;

export type ProvenanceResult = { layers: Layer[]; factualSentences: number; sourcedSentences: number; quotesKept: number; quotesReported: number };

/** Layers whose sentences state facts; our_take is analysis and what_locals_saying is voices. */
const FACTUAL: readonly string[] = ['short_version', 'what_happened', 'why_it_matters'];

function normaliseQuote(text: string): string {
  return text
    .toLowerCase()
    .replace(/[“”„"«»]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/[.,!?;:]+$/, '')
    .trim();
}

function factsOfText(text: string): SentenceFacts {
  const parts = splitSentences(text).map(factsOf);
  return { words: new Set(parts.flatMap((p) => [...p.words])), figures: parts.flatMap((p) => p.figures) };
}

/** A stored layer's sentences: its own when they still make its content, else its content split (older stories, edited layers). */
function sentencesOf(layer: Layer): { sentences: LayerSentence[]; fromWriter: boolean } {
  const own = currentSentences(layer);
  if (own) return { sentences: own, fromWriter: true };
  const lines = layer.content
    .split('\n')
    .map((l) => l.replace(/^- /, '').trim())
    .filter(Boolean);
  return { sentences: lines.flatMap((l) => splitSentences(l).map((s) => ({ text: s.text, item_ids: [], outlets: [] }))), fromWriter: false };
}

export function traceLayers(layers: readonly Layer[], voices: readonly Voice[]): ProvenanceResult {
  const sources = voices.map((voice) => {
    const text = voice.text.slice(0, MAX_SOURCE_CHARS);
    return { voice, sentences: splitSentences(text).map(factsOf), quoteText: normaliseQuote(text) };
  });
  const itemIds = new Set(voices.map((v) => v.itemId));
  const credit = (supporting: readonly Voice[]) => ({
    item_ids: [...new Set(supporting.map((v) => v.itemId))],
    outlets: [...new Set(supporting.map((v) => v.outlet))],
  });
  const trace = (text: string): Pick<LayerSentence, 'item_ids' | 'outlets'> => {
    const written = factsOfText(text);
    return credit(sources.filter((s) => s.sentences.some((f) => supports(f, written))).map((s) => s.voice));
  };
  let factualSentences = 0;
  let sourcedSentences = 0;
  let quotesKept = 0;
  let quotesReported = 0;

  const checked = layers.map((layer): Layer => {
    const { sentences, fromWriter } = sentencesOf(layer);
    let traced: LayerSentence[] =
      layer.layerType === 'our_take'
        ? sentences.map((s) => ({ ...s, ...credit(voices.filter((v) => s.item_ids.includes(v.itemId) && itemIds.has(v.itemId))) }))
        : sentences.map((s) => ({ text: s.text, ...trace(s.text) }));
    let quotes: Quote[] | undefined = layer.quotes;
    let reportedHere = 0;
    if (layer.quotes) {
      quotes = [];
      for (const q of layer.quotes) {
        const needle = normaliseQuote(q.quote);
        const found = sources.filter((s) => needle.length > 0 && s.quoteText.includes(needle));
        if (found.length > 0) {
          quotes.push({ ...q, verified: true, sources: [...new Set(found.map((f) => f.voice.outlet))] });
          quotesKept++;
        } else {
          const text = `According to ${q.author}${q.role ? ` (${q.role})` : ''}, ${q.quote
            .replace(/["“”«»]/g, '')
            .trim()
            .replace(/[.!?]*$/, '.')}`;
          traced = [...traced, { text, item_ids: [], outlets: [] }];
          quotesReported++;
          reportedHere++;
        }
      }
    }
    if (FACTUAL.includes(layer.layerType)) {
      factualSentences += traced.length;
      sourcedSentences += traced.filter((s) => s.outlets.length > 0).length;
    }
    // Sentences are stored only where they make the content; an edited layer keeps its editor's text as it is.
    const content = fromWriter || reportedHere > 0 ? composeContent(layer.layerType, traced) : layer.content;
    const out: Layer = { ...layer, content };
    delete (out as { provenance?: unknown }).provenance;
    if (fromWriter || composeContent(layer.layerType, traced) === layer.content.trim()) out.sentences = traced;
    else delete out.sentences;
    if (quotes) out.quotes = quotes;
    return out;
  });
  return { layers: checked, factualSentences, sourcedSentences, quotesKept, quotesReported };
}
