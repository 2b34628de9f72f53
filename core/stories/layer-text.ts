import type { Layer, LayerSentence, LayerType } from './story';

/**
 * A layer's content is its sentences joined: "what happened" as one "- " line per fact, the other
 * layers as one paragraph. Kept in one place so the writer, the fact-check and the presenter agree
 * on when the stored sentences still describe the content (an editor may have rewritten it since).
 */

export function composeContent(layerType: LayerType, sentences: readonly Pick<LayerSentence, 'text'>[]): string {
  const texts = sentences.map((s) => s.text.trim()).filter(Boolean);
  return layerType === 'what_happened' ? texts.map((t) => `- ${t}`).join('\n') : texts.join(' ');
}

/** The layer's sentences with their sources, or undefined when there are none or the content was edited after they were written. */
export function currentSentences(layer: Pick<Layer, 'layerType' | 'content' | 'sentences'>): LayerSentence[] | undefined {
  if (!layer.sentences?.length) return undefined;
  return composeContent(layer.layerType, layer.sentences) === layer.content.trim() ? layer.sentences : undefined;
}
