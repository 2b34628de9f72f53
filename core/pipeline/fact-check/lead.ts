import { composeContent, currentSentences } from '../../stories/layer-text';
import type { ClaimPanelItem } from '../../stories/claim-resolution';
import type { Layer, LayerSentence } from '../../stories/story';
import { foldText } from '../../nlp/text-key';
import { checkClaim, type PanelItem, type prepareVoices } from './claims';
import type { Independence } from './independence';

/**
 * The lead and the details, as an editor weighs them. A story stands on its lead: what the event is,
 * as a headline or the short version says it. When two independent sources (or an official one)
 * corroborate the lead and nothing is contradicted, a detail that only one outlet adds does not hold
 * the story: it is published as that outlet's report ("…, Kingston Ledger reported."), not as our
 * fact, and the panel shows it as "reported by one outlet". Details that could mislead most (figures
 * on casualties, health, money or disasters), claims no source states, contradicted or disputed
 * claims still hold it for an editor.
 */

type Voices = ReturnType<typeof prepareVoices>;

/**
 * The headline that states the event, when two independent sources support it: each outlet's headline
 * is its own one-line account of what happened, so the first one two independent voices state (the
 * story's own title first) is the lead as the outlets agree on it. Null when none is.
 */
export function corroboratedHeadline(titles: readonly string[], voices: Voices, independence: Independence): (PanelItem & { lead: true }) | null {
  const seen = new Set<string>();
  for (const title of titles) {
    const text = title.trim();
    const key = foldText(text);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const item = checkClaim({ text }, voices, independence);
    if (item.verdict === 'corroborated') return { ...item, lead: true, explanation: `headline ${item.explanation}` };
  }
  return null;
}

/** A claim only one outlet states that may be published attributed to it: not on a sensitive figure, not decided against by an editor. */
export function isAttributableDetail(item: ClaimPanelItem): boolean {
  return (
    !item.resolved &&
    item.verdict === 'single source' &&
    !item.sensitive_figure &&
    item.decision === null &&
    (item.independent_outlets as string[] | undefined)?.length === 1
  );
}

/** The panel once the lead stands: single-outlet details resolved as attributed to their outlet. */
export function attributeDetails(panel: readonly ClaimPanelItem[]): ClaimPanelItem[] {
  return panel.map((item) => {
    if (!isAttributableDetail(item)) return item;
    const outlet = (item.independent_outlets as string[])[0]!;
    return {
      ...item,
      resolved: true,
      unresolved_reason: null,
      attributed_to: outlet,
      explanation: `reported by one outlet (${outlet}); attributed to it in the text`,
    };
  });
}

/** Lower-cased words of a sentence, dates the writer resolved in brackets ("on Tuesday (November 24)") left out. */
function wordsOf(text: string): string[] {
  return foldText(text.replace(/\s*\([^)]*\)/g, ''))
    .split(' ')
    .filter(Boolean);
}

/** Whether a layer sentence states the claim: the same words, or nine in ten of the claim's words. */
function statesClaim(sentence: string, claim: string): boolean {
  const have = wordsOf(sentence);
  const want = wordsOf(claim);
  if (want.length === 0) return false;
  if (have.join(' ') === want.join(' ')) return true;
  const set = new Set(have);
  return want.filter((w) => set.has(w)).length >= 0.9 * want.length;
}

const ATTRIBUTION = (outlet: string) => `, ${outlet} reported.`;

function attribute(sentence: LayerSentence, outlet: string): LayerSentence {
  const text = sentence.text.trim();
  // Idempotent: the fact-check runs again on each new source and on each editor decision.
  if (text.endsWith(ATTRIBUTION(outlet))) return sentence;
  return { ...sentence, text: `${text.replace(/[.!?]+$/, '')}${ATTRIBUTION(outlet)}` };
}

/** Layers whose sentences we state as fact; quotes and "our take" already name who says what. */
const FACTUAL = new Set(['short_version', 'what_happened', 'why_it_matters']);

/**
 * Writes each attributed detail as its outlet's report wherever a factual layer states it. Layers an
 * editor rewrote (their sentences no longer make the content) are left as the editor wrote them.
 */
export function attributeInLayers(layers: readonly Layer[], details: readonly { claim: string; outlet: string }[]): Layer[] {
  if (details.length === 0) return [...layers];
  return layers.map((layer) => {
    if (!FACTUAL.has(layer.layerType)) return layer;
    const sentences = currentSentences(layer);
    if (!sentences) return layer;
    let changed = false;
    const next = sentences.map((s) => {
      const detail = details.find((d) => statesClaim(s.text, d.claim));
      if (!detail) return s;
      const out = attribute(s, detail.outlet);
      changed ||= out !== s;
      return out;
    });
    return changed ? { ...layer, content: composeContent(layer.layerType, next), sentences: next } : layer;
  });
}
