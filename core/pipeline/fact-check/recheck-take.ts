import { standsIn, type ClaimPanelItem } from '../../stories/claim-resolution';
import { composeContent, currentSentences } from '../../stories/layer-text';
import type { Layer } from '../../stories/story';
import { offlineTakeKind } from '../summarise/our-take';
import type { TakeInput, TakeSentence } from '../summarise/provider';
import { AGREEMENT, checkTake, citeId, numbersIn, type DroppedSentence, type TakeRecord } from './ai-take';

/**
 * "Our take" checked again against the claims as they stand now (editors' decisions applied), so it
 * never tells readers more than the fact-check supports: a sentence that says outlets agree on a claim,
 * or states one, that is now disputed or dismissed by an editor or contradicted by a source is dropped.
 * Nothing is written in its place: the layer may become shorter, or empty. The one rule of the
 * fact-check stage and of an editor's claim decision (core/editorial/resolve-claim.ts); no model call.
 *   - The model's take (its sentences as ai_usage.our_take.answer keeps them, with what each cites) goes
 *     through the check it was written under (checkTake), against the ledger built from the panel now.
 *   - The offline take (or a model take written before its cites were kept) is read by its sentences'
 *     forms: an agreement sentence speaks of the claims that give one of its figures, "Only X reports
 *     that …" and "Next, as X reports: …" of the claims most of whose words they state.
 * An editor's own words (content no longer the writer's sentences) are never touched.
 */

export type TakeLedger = {
  /** The claims with editors' decisions applied (dismissed ones included). */
  panel: readonly ClaimPanelItem[];
  /** The ledger the model is given, built from that panel (buildTakeInput). */
  input: TakeInput;
  knownOutlets: readonly string[];
  itemsOf: (outlet: string) => string[];
};

export type RecheckedTake = {
  layers: Layer[];
  dropped: DroppedSentence[];
  /** The model's record with the dropped sentences taken out; undefined when it did not change. */
  record?: TakeRecord;
};

export function recheckTake(layers: readonly Layer[], record: TakeRecord | undefined, ledger: TakeLedger, now: Date): RecheckedTake {
  const layer = layers.find((l) => l.layerType === 'our_take');
  const sentences = layer ? currentSentences(layer) : undefined;
  if (!layer || !sentences) return { layers: [...layers], dropped: [] };
  const answer = record?.status === 'written' ? record.answer : undefined;
  const byModel = answer !== undefined && answer.length === sentences.length && answer.every((a, i) => a.text === sentences[i]!.text);
  const reasons = sentences.map((s, i) => (byModel ? modelReason(answer[i]!, ledger) : textReason(s.text, ledger.panel)));
  const dropped = sentences.flatMap((s, i) => (reasons[i] ? [{ text: s.text, reason: reasons[i] }] : []));
  if (dropped.length === 0) return { layers: [...layers], dropped };
  const kept = sentences.filter((_, i) => !reasons[i]);
  const take: Layer = { ...layer, content: composeContent('our_take', kept), sentences: kept };
  const next = layers.map((l) => (l === layer ? take : l));
  if (!byModel || !record) return { layers: next, dropped };
  const keptAnswer = answer.filter((_, i) => !reasons[i]);
  return {
    layers: next,
    dropped,
    record: {
      ...record,
      status: kept.length > 0 ? 'written' : 'nothing_kept',
      kept: kept.length,
      sentences: kept,
      answer: keptAnswer,
      rechecked: { at: now.toISOString(), dropped: [...(record.rechecked?.dropped ?? []), ...dropped] },
    },
  };
}

/** Why a sentence of the model's take no longer holds: its cites read in the ledger as it is now, and the write-time check. */
function modelReason(sentence: TakeSentence, ledger: TakeLedger): string | undefined {
  const cites: string[] = [];
  for (const ref of sentence.cites) {
    const id = citeId(ref, ledger.input);
    if (id) {
      cites.push(id);
      continue;
    }
    const claim = ref.startsWith('claim:') ? ledger.panel.find((p) => p.key === ref.slice(6)) : undefined;
    if (claim?.decision === 'dismissed') return `cites "${short(claim.claim)}", dismissed by ${claim.decided_by ?? 'an editor'}`;
    return claim ? `cites "${short(claim.claim)}", no longer in the claim ledger` : `cites ${ref.replace(/^\w+:/, '')}, no longer in the ledger`;
  }
  const checked = checkTake([{ ...sentence, cites }], ledger.input, { knownOutlets: ledger.knownOutlets, itemsOf: ledger.itemsOf });
  return checked.dropped[0]?.reason;
}

/** Why a sentence read by its form no longer holds: it says outlets agree on, or states, a claim that does not stand. */
function textReason(text: string, panel: readonly ClaimPanelItem[]): string | undefined {
  const kind = offlineTakeKind(text) ?? (AGREEMENT.test(text) ? 'agree' : undefined);
  let speaksOf: ClaimPanelItem[];
  if (kind === 'agree') {
    const figures = numbersIn(text);
    speaksOf = panel.filter((p) => numbersIn(p.claim).some((n) => figures.some((f) => Math.abs(f - n) <= 1e-9 * Math.max(1, Math.abs(n)))));
  } else if (kind === 'single' || kind === 'watch') {
    speaksOf = panel.filter((p) => standsIn(p.claim, text));
  } else {
    return undefined;
  }
  for (const p of speaksOf) {
    const why = notStanding(p);
    if (why) return `${kind === 'agree' ? 'says outlets agree on' : 'states'} "${short(p.claim)}", ${why}`;
  }
  return undefined;
}

/** Why a claim may no longer be told as agreed or as fact; undefined while it stands. */
export function notStanding(p: ClaimPanelItem): string | undefined {
  if (p.decision === 'confirmed') return undefined;
  if (p.decision === 'disputed' || p.decision === 'dismissed') return `${p.decision} by ${p.decided_by ?? 'an editor'}`;
  const against = Array.isArray(p.contradicting_outlets) ? (p.contradicting_outlets as string[]) : [];
  if (p.verdict === 'contradicted' || against.length > 0) return `contradicted${against.length ? ` by ${against.join(', ')}` : ''}`;
  return undefined;
}

/** Dropped take sentences for an audit entry: how many, and each with why. */
export function droppedText(dropped: readonly { text: string; reason: string }[]): string {
  const each = dropped.map((d) => `"${d.text.length > 120 ? `${d.text.slice(0, 119)}…` : d.text}" (${d.reason})`);
  return `${dropped.length} sentence(s) dropped: ${each.join('; ')}`;
}

const short = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);
