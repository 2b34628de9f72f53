import { composeContent, currentSentences } from '../../stories/layer-text';
import type { ClaimPanelItem } from '../../stories/claim-resolution';
import type { Layer, LayerSentence } from '../../stories/story';
import { foldText } from '../../nlp/text-key';
import { compareTexts, splitStatements } from '../../nlp/claim-match';
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
export function corroboratedHeadline(
  titles: readonly string[],
  voices: Voices,
  independence: Independence,
  leadSentence?: string,
): (PanelItem & { lead: true }) | null {
  const seen = new Set<string>();
  const clause = leadSentence ? mainClause(leadSentence) : null;
  const candidates = [...titles.map((text) => ({ text, what: 'headline' })), ...(clause ? [{ text: clause, what: 'the lead sentence’s main clause' }] : [])];
  for (const candidate of candidates) {
    const text = candidate.text.trim();
    const key = foldText(text);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const item = checkClaim({ text }, voices, independence);
    if (item.verdict === 'corroborated') return { ...item, lead: true, explanation: `${candidate.what} ${item.explanation}` };
  }
  return null;
}

/** Words before the cut that make a main clause a statement of its own ("Jamaica beat Trinidad and Tobago 2-1 on Tuesday"). */
const MIN_CLAUSE_WORDS = 6;

/**
 * What happened, as the lead sentence's main clause says it: the sentence up to where it goes on to a
 * detail (", with substitute Dujuan Harvey scoring the winner…", ", while…", "; …", " — …"). A lead
 * packs the event and its details into one sentence; another outlet tells the event in its own first
 * sentence and the details further down, so the event is what two outlets are checked on. Null when
 * the sentence has no such detail or the clause before it is too short to state anything.
 */
export function mainClause(sentence: string): string | null {
  const cut = /,\s+(?:with|while|as|after|before|leaving|bringing|making)\s|;\s|\s[—–]\s/iu.exec(sentence);
  if (!cut) return null;
  const clause = sentence.slice(0, cut.index).trim();
  if (clause.split(/\s+/).length < MIN_CLAUSE_WORDS) return null;
  return `${clause}.`;
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
  return rewriteFactualSentences(layers, (s) => {
    const detail = details.find((d) => statesClaim(s.text, d.claim));
    return detail ? attribute(s, detail.outlet) : s;
  });
}

function rewriteFactualSentences(layers: readonly Layer[], rewrite: (sentence: LayerSentence) => LayerSentence): Layer[] {
  return layers.map((layer) => {
    if (!FACTUAL.has(layer.layerType)) return layer;
    const sentences = currentSentences(layer);
    if (!sentences) return layer;
    let changed = false;
    const next = sentences.map((s) => {
      const out = rewrite(s);
      changed ||= out !== s;
      return out;
    });
    return changed ? { ...layer, content: composeContent(layer.layerType, next), sentences: next } : layer;
  });
}

/**
 * A sentence that already says whose account it is: a verb of saying or reporting, "according to",
 * or a quotation. Such a sentence needs no attribution of ours.
 */
const NAMES_ITS_SOURCE =
  /\b(?:said|says|say|told|tells|reported|reports|announced|stated|added|confirmed|according to|dijo|informó|según|selon|a déclaré|a annoncé|volgens|zei|meldde)(?![\p{L}])|[“”"«»]/iu;

/**
 * The other sentences of "what happened" (and the other factual layers) that only one independent
 * outlet gives, written as that outlet's report ("Warner-Best, 23, took 41 wickets for the Barbados
 * Pride…, Bridgetown Courier reported."), as a detail claim is: in a story two independent outlets
 * tell, a fact only one of them states is theirs, not ours. Each sentence is checked across the
 * reports by the claim matcher, as a claim is; one it finds in two independent reports stays ours.
 * Left as they are: a sentence that states one of the story's claims (the claim rule decides those),
 * one that names its source already, and one no source states (the risk rules count it).
 */
export function attributeOneOutletSentences(
  layers: readonly Layer[],
  input: { voices: Voices; independence: Independence; panel: readonly { claim: string; verdict?: string }[] },
): Layer[] {
  const { voices, independence } = input;
  if (independence.independentOutlets.length < 2) return [...layers];
  const groupOf = (outlet: string) => independence.groups.findIndex((g) => g.some((v) => v.outlet === outlet));
  const published = new Date([...independence.voices].sort((a, b) => a.time.localeCompare(b.time))[0]!.time);
  const agreed = input.panel.filter((p) => CORROBORATED.has(p.verdict ?? '')).map((p) => p.claim);
  return rewriteFactualSentences(layers, (s) => {
    if (NAMES_ITS_SOURCE.test(s.text) || input.panel.some((p) => statesClaim(s.text, p.claim))) return s;
    // Only one outlet is credited with it (provenance.ts) and the claim matcher finds it in no second one.
    const credited = [...new Set(s.outlets.map(groupOf).filter((g) => g >= 0))];
    if (credited.length !== 1) return s;
    const text = s.text.replace(/\s*\([^)]*\)/g, '');
    // Another outlet's telling of a fact two outlets agree on ("a 2-1 win over the Soca Warriors") is that fact.
    if (agreed.some((claim) => compareTexts({ text: claim, published }, { text, published }).relation === 'supports')) return s;
    if (checkClaim({ text }, voices, independence).independent_outlets.length >= 2) return s;
    return attribute(s, independence.groups[credited[0]!]![0]!.outlet);
  });
}

const CORROBORATED = new Set(['corroborated', 'confirmed', 'official source']);

/**
 * The story's summary (its card, its page description, its RSS item) says what its layers say: a
 * sentence the factual layers now write as one outlet's report is written so in the summary too. The
 * summary is returned as it was when none of its sentences changed.
 */
export function attributeInSummary(summary: string, before: readonly Layer[], after: readonly Layer[]): string {
  const rewritten = new Map<string, string>();
  before.forEach((layer, i) => {
    const was = currentSentences(layer);
    const now = after[i]?.sentences;
    if (!was || !now || after[i] === layer || was.length !== now.length) return;
    was.forEach((s, k) => {
      if (now[k]!.text !== s.text) rewritten.set(foldText(s.text), now[k]!.text);
    });
  });
  if (rewritten.size === 0) return summary;
  const sentences = splitStatements(summary);
  const next = sentences.map((s) => rewritten.get(foldText(s)) ?? s);
  return next.some((s, k) => s !== sentences[k]) ? next.join(' ') : summary;
}
