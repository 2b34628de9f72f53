import { createHash } from 'node:crypto';
import { splitStatements } from '../../nlp/claim-match';
import { withResolvedDates } from '../../nlp/dates';
import { detectLanguage, readStatement } from '../../nlp/statements';
import { claimKey, claimsForRisk, type ClaimPanelItem } from '../../stories/claim-resolution';
import type { LayerSentence } from '../../stories/story';
import type { Logger } from '../../logger';
import {
  AiFailure,
  type AiProvider,
  type AiUsage,
  type TakeClaim,
  type TakeCoverage,
  type TakeEvent,
  type TakeInput,
  type TakeSentence,
} from '../summarise/provider';
import type { SourceItem } from '../work/story-sources';
import { MAX_VOICE_CHARS, MAX_VOICE_SENTENCES } from './claims';

/**
 * "Our take" by a model, checked against the fact-check before it is stored. The model is given the
 * claim ledger (ids c1…), the coverage (o1…: each outlet's headline and lead) and the dated events the
 * reports mention (e1…), and answers sentence by sentence with the ids it cites and the outlets it
 * names. A sentence is kept only when the ledger bears it out: it cites entries that exist, names no
 * outlet outside the story, says outlets agree only on a claim the fact-check found those outlets
 * supporting (two independent ones at least, none contradicting), and states no number the entries it
 * cites do not give. What the model writes beyond that is dropped, never repaired.
 */

const MAX_CLAIMS = 10;
const MAX_EVENTS = 6;
const MAX_EVENT_WORDS = 60;
export const MAX_TAKE_SENTENCES = 4;

/** Words that say outlets agree, whatever kind the model gave its sentence. */
export const AGREEMENT =
  /\b(agree[sd]?|agreement|alike|the same|concur\w*|corroborat\w*|confirm(?:s|ed)?|consistent|in common|all (?:report|say|state|give)|both (?:report|say|state|give))\b/i;
/** Verdicts under which outlets cannot be said to agree on a claim. */
const NOT_AGREED = new Set(['contradicted', 'disputed', 'unsupported']);
/** Verdicts under which a claim may be told only as a difference between outlets, never stated. */
const NOT_STATED = new Set(['contradicted', 'disputed']);

/** The ledger and the coverage as the model reads them (today: the date "what to watch next" counts from). */
export function buildTakeInput(args: { storyId: string; today: Date; panel: readonly ClaimPanelItem[]; sources: readonly SourceItem[] }): TakeInput {
  const claims: TakeClaim[] = claimsForRisk(args.panel)
    .slice(0, MAX_CLAIMS)
    .map((p, i) => {
      const values = Array.isArray(p.contradicting_values) ? (p.contradicting_values as { outlet: string; value: string }[]) : [];
      const contradicting = (Array.isArray(p.contradicting_outlets) ? (p.contradicting_outlets as string[]) : []).map((outlet) => ({
        outlet,
        value: values.find((v) => v.outlet === outlet)?.value ?? null,
      }));
      return {
        id: `c${i + 1}`,
        text: p.claim,
        verdict: p.verdict,
        supporting: p.supporting_outlets ?? [],
        independent: Array.isArray(p.independent_outlets) ? (p.independent_outlets as string[]) : [],
        contradicting,
      };
    });
  const bySource = [...args.sources].sort((a, b) => (a.publishedAt ?? a.createdAt).localeCompare(b.publishedAt ?? b.createdAt));
  const coverage: TakeCoverage[] = [];
  for (const s of bySource) {
    if (coverage.some((c) => c.outlet === s.outlet)) continue;
    coverage.push({
      id: `o${coverage.length + 1}`,
      outlet: s.outlet,
      ownerGroup: s.ownerGroup,
      headline: s.title.replace(/\s+/g, ' ').trim(),
      lead: (s.summary.trim() || splitStatements(s.text.slice(0, 2000))[0] || '').replace(/\s+/g, ' ').slice(0, 300),
    });
  }
  return { storyId: args.storyId, today: args.today.toISOString().slice(0, 10), claims, coverage, events: datedEvents(bySource, args.today) };
}

/**
 * Sentences of the reports that a written date or a day resolved from the report's own date ("on
 * Tuesday", "by Friday") places on the calendar: those still to come first, soonest first, then the
 * latest past ones. Each report is read up to the fact-check's own bound.
 */
function datedEvents(sources: readonly SourceItem[], today: Date): TakeEvent[] {
  const day = today.toISOString().slice(0, 10);
  const found: Omit<TakeEvent, 'id'>[] = [];
  for (const s of sources) {
    const published = new Date(s.publishedAt ?? s.createdAt);
    if (Number.isNaN(published.getTime())) continue;
    const sentences = splitStatements(`${s.summary}\n${s.text}`.slice(0, MAX_VOICE_CHARS)).slice(0, MAX_VOICE_SENTENCES);
    for (const sentence of sentences) {
      if (sentence.split(/\s+/).length > MAX_EVENT_WORDS) continue;
      const statement = readStatement(sentence, published);
      const date = [...statement.days].sort()[0];
      if (!date) continue;
      const text = withResolvedDates(sentence, published);
      if (found.some((f) => f.date === date && f.text.slice(0, 60) === text.slice(0, 60))) continue;
      found.push({ date, text, outlet: s.outlet });
    }
  }
  const coming = found.filter((e) => e.date >= day).sort((a, b) => a.date.localeCompare(b.date));
  const past = found.filter((e) => e.date < day).sort((a, b) => b.date.localeCompare(a.date));
  return [...coming, ...past].slice(0, MAX_EVENTS).map((e, i) => ({ id: `e${i + 1}`, ...e }));
}

/** The ledger's fingerprint: the take is written again only when it changes (the day it is asked on aside). */
export function ledgerKey(input: TakeInput): string {
  const { claims, coverage, events } = input;
  return createHash('sha256').update(JSON.stringify({ claims, coverage, events })).digest('hex').slice(0, 32);
}

export type DroppedSentence = { text: string; reason: string };
/** kept: the answer's sentences that survived, as the model gave them (their cites, kind and named outlets), in the order of sentences. */
export type CheckedTake = { sentences: LayerSentence[]; dropped: DroppedSentence[]; kept: TakeSentence[] };

/**
 * The model's sentences that the ledger bears out, with the source items of the outlets each speaks of
 * (so the article shows its source marks). knownOutlets: every outlet C360 knows (the feed registry), to
 * catch one named in the text that has no part in this story; itemsOf: a story outlet's source items.
 */
export function checkTake(
  answer: readonly TakeSentence[],
  input: TakeInput,
  context: { knownOutlets: readonly string[]; itemsOf: (outlet: string) => string[] },
): CheckedTake {
  const claims = new Map(input.claims.map((c) => [c.id, c]));
  const events = new Map(input.events.map((e) => [e.id, e]));
  const coverage = new Map(input.coverage.map((o) => [o.id, o]));
  const storyOutlets = input.coverage.map((o) => o.outlet);
  const inStory = (name: string) => storyOutlets.find((o) => fold(o) === fold(name));
  const strangers = context.knownOutlets.filter((o) => !inStory(o));
  const kept: LayerSentence[] = [];
  const keptAnswer: TakeSentence[] = [];
  const dropped: DroppedSentence[] = [];
  for (const s of answer) {
    const text = s.text.replace(/\s+/g, ' ').trim();
    const drop = (reason: string) => dropped.push({ text, reason });
    const cites = [...new Set(s.cites.map((c) => c.trim().toLowerCase()))];
    if (text.length === 0) continue;
    if (cites.length === 0) {
      drop('cites nothing');
      continue;
    }
    const unknown = cites.filter((c) => !claims.has(c) && !events.has(c) && !coverage.has(c));
    if (unknown.length > 0) {
      drop(`cites ${unknown.join(', ')}, not in the ledger`);
      continue;
    }
    const foreign = [...s.outlets.filter((o) => !inStory(o)), ...strangers.filter((o) => mentions(text, o))];
    if (foreign.length > 0) {
      drop(`names ${[...new Set(foreign)].join(', ')}, not in this story`);
      continue;
    }
    const named = [...new Set([...s.outlets.map((o) => inStory(o)!), ...storyOutlets.filter((o) => mentions(text, o))].filter((o): o is string => Boolean(o)))];
    const citedClaims = cites.map((c) => claims.get(c)).filter((c): c is TakeClaim => Boolean(c));
    const citedEvents = cites.map((c) => events.get(c)).filter((e): e is TakeEvent => Boolean(e));
    if (s.kind === 'agree' || AGREEMENT.test(text)) {
      const why = unsupportedAgreement(citedClaims, named);
      if (why) {
        drop(why);
        continue;
      }
    }
    // A claim the fact-check found contradicted, or an editor disputed, is told only as a difference.
    const contested = s.kind === 'differ' ? undefined : citedClaims.find((c) => NOT_STATED.has(c.verdict));
    if (contested) {
      drop(`states ${contested.id}, which the fact-check found ${contested.verdict}`);
      continue;
    }
    const allowed = [
      ...citedClaims.flatMap((c) => [c.text, ...c.contradicting.map((x) => x.value ?? '')]).flatMap((t) => numbersIn(t, { asWritten: true })),
      ...citedEvents.flatMap((e) => [...numbersIn(e.text, { asWritten: true }), ...e.date.split('-').map(Number)]),
    ];
    const stray = numbersIn(text).filter((n) => !allowed.some((a) => Math.abs(a - n) <= 1e-9 * Math.max(1, Math.abs(n))));
    if (stray.length > 0) {
      drop(`states ${stray.join(', ')}, not in the entries it cites`);
      continue;
    }
    if (kept.length >= MAX_TAKE_SENTENCES) continue;
    const outlets = [
      ...new Set([
        ...named,
        ...citedClaims.flatMap((c) => [...c.supporting, ...c.contradicting.map((x) => x.outlet)]),
        ...citedEvents.map((e) => e.outlet),
        ...cites.map((c) => coverage.get(c)?.outlet).filter((o): o is string => Boolean(o)),
      ]),
    ].filter((o) => inStory(o));
    const stored = /[.!?]["”’)]?$/.test(text) ? text : `${text}.`;
    kept.push({ text: stored, item_ids: [...new Set(outlets.flatMap(context.itemsOf))], outlets });
    keptAnswer.push({ text: stored, kind: s.kind, cites, outlets: s.outlets });
  }
  return { sentences: kept, dropped, kept: keptAnswer };
}

/** Why a sentence may not say these outlets agree on these claims; undefined when the fact-check found them supporting each. */
function unsupportedAgreement(claims: readonly TakeClaim[], named: readonly string[]): string | undefined {
  if (claims.length === 0) return 'says outlets agree without citing a claim';
  for (const c of claims) {
    if (NOT_AGREED.has(c.verdict) || c.contradicting.length > 0) return `says outlets agree on ${c.id}, which the fact-check found ${c.verdict}`;
    if (c.independent.length < 2) return `says outlets agree on ${c.id}, which only ${c.independent[0] ?? 'no outlet'} supports independently`;
    const outside = named.filter((o) => !c.supporting.includes(o));
    if (outside.length > 0)
      return `says ${outside.join(', ')} agree(s) on ${c.id}, which the fact-check did not find ${outside.length > 1 ? 'them' : 'it'} supporting`;
  }
  return undefined;
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

function mentions(text: string, outlet: string): boolean {
  const name = fold(outlet);
  if (name.length < 3) return false;
  return new RegExp(String.raw`(^|[^\p{L}\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\p{L}\p{N}])`, 'u').test(fold(text));
}

/**
 * The numbers a text states: each figure read by the fact-check's own reader ("fifteen", "EC$1.2
 * million" as 1,200,000) and every number written in digits that no figure covers (a day, a year).
 * options.asWritten adds the digits inside figures too ("1.2" of "1.2 million"): what a cited entry
 * allows a sentence to say, in either form.
 */
export function numbersIn(text: string, options: { asWritten?: boolean } = {}): number[] {
  if (!text) return [];
  // Read as English when the text is too short to tell ("Fifteen people"): the take is written in English.
  const quantities = readStatement(text, new Date(0), detectLanguage(text) ?? 'en').quantities;
  // A tally ("21-3") is one figure of two numbers; a sentence may give either.
  const out = quantities.flatMap((q) => (q.against === undefined ? [q.value] : [q.value, q.against]));
  for (const m of text.matchAll(/\d{1,3}(?:,\d{3})+(?!\d)|\d+(?:\.\d+)?/g)) {
    if (options.asWritten || !quantities.some((q) => q.text.includes(m[0]))) out.push(Number(m[0].replace(/,/g, '')));
  }
  return [...new Set(out)];
}

/** What the story keeps of the model's take (in ai_usage.our_take): which ledger it was written from, by whom, what the check kept. */
export type TakeRecord = {
  provider: string;
  model: string;
  ledger: string;
  /** written: sentences survived the check and were stored; nothing_kept / failed: the offline take stayed. */
  status: 'written' | 'nothing_kept' | 'failed';
  checked: true;
  at: string;
  kept: number;
  dropped: number;
  reasons: string[];
  sentences?: LayerSentence[];
  /**
   * The stored sentences as the model gave them, each entry it cites named so that it survives a new
   * ledger ("claim:<key>", "event:<date> <text>", "outlet:<name>"): what the take is checked again
   * against when an editor decides on a claim (recheck-take.ts). Absent on takes written before it was kept.
   */
  answer?: TakeSentence[];
  /** Sentences dropped since it was written, when the claims were weighed again (an editor's decision). */
  rechecked?: { at: string; dropped: DroppedSentence[] };
};

export type TakeOutcome = { record: TakeRecord; called: boolean; usage?: AiUsage; sentences?: LayerSentence[] };

/**
 * The model's take for a story whose ledger changed since its last one (one call), or the take already
 * written from this very ledger (no call). Undefined when there is nothing to compare (one voice, or
 * no claim and no dated event): the offline take stays. A failed or emptied call leaves it too.
 */
export async function takeByModel(args: {
  ai: AiProvider;
  input: TakeInput;
  previous: unknown;
  knownOutlets: readonly string[];
  itemsOf: (outlet: string) => string[];
  now: Date;
  logger: Logger;
}): Promise<TakeOutcome | undefined> {
  const { ai, input } = args;
  if (!ai.writeTake) return undefined;
  if (new Set(input.coverage.map((o) => o.ownerGroup)).size < 2 || (input.claims.length === 0 && input.events.length === 0)) return undefined;
  const ledger = ledgerKey(input);
  const previous = asRecord(args.previous);
  // An unchanged ledger is not asked again, unless the last call failed (a timeout or an outage is
  // passing; the story is checked again only when its sources change or an operator re-runs it).
  if (previous && previous.ledger === ledger && previous.model === ai.model && previous.status !== 'failed') {
    return { record: previous, called: false, sentences: previous.status === 'written' ? previous.sentences : undefined };
  }
  const base = { provider: ai.name, model: ai.model, ledger, checked: true as const, at: args.now.toISOString() };
  try {
    const answer = await ai.writeTake(input);
    const checked = checkTake(answer.sentences, input, { knownOutlets: args.knownOutlets, itemsOf: args.itemsOf });
    const reasons = checked.dropped.map((d) => d.reason).slice(0, 6);
    if (checked.dropped.length > 0)
      args.logger.info({ story: input.storyId, dropped: reasons }, 'our take: sentences the ledger does not bear out were dropped');
    const status = checked.sentences.length > 0 ? 'written' : 'nothing_kept';
    const answerKept = checked.kept.map((s) => ({ ...s, cites: s.cites.map((c) => citeRef(c, input)) }));
    return {
      called: true,
      usage: answer.usage,
      sentences: checked.sentences.length > 0 ? checked.sentences : undefined,
      record: {
        ...base,
        status,
        kept: checked.sentences.length,
        dropped: checked.dropped.length,
        reasons,
        ...(status === 'written' ? { sentences: checked.sentences, answer: answerKept } : {}),
      },
    };
  } catch (error) {
    // The provider's own message (a status, a timeout, the answer's first characters): never the key or the request.
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 200);
    args.logger.warn({ story: input.storyId, err: reason }, 'our take: the model call failed; the offline take stays');
    return {
      called: true,
      usage: error instanceof AiFailure ? error.usage : undefined,
      record: { ...base, status: 'failed', kept: 0, dropped: 0, reasons: [reason] },
    };
  }
}

/** A cited ledger id as a name that outlives the ledger's numbering (a claim by its key, an event by its date and text, an outlet by its name). */
export function citeRef(id: string, input: TakeInput): string {
  const claim = input.claims.find((c) => c.id === id);
  if (claim) return `claim:${claimKey(claim.text)}`;
  const event = input.events.find((e) => e.id === id);
  if (event) return `event:${event.date} ${event.text}`;
  const outlet = input.coverage.find((o) => o.id === id);
  return outlet ? `outlet:${outlet.outlet}` : id;
}

/** The ledger id a stored cite names in this ledger; undefined when the entry is no longer in it. */
export function citeId(ref: string, input: TakeInput): string | undefined {
  if (ref.startsWith('claim:')) return input.claims.find((c) => claimKey(c.text) === ref.slice(6))?.id;
  if (ref.startsWith('event:')) return input.events.find((e) => `${e.date} ${e.text}` === ref.slice(6))?.id;
  if (ref.startsWith('outlet:')) return input.coverage.find((o) => o.outlet === ref.slice(7))?.id;
  return undefined;
}

/** The record of the model's take kept in a story's ai_usage, if any. */
export function takeRecordOf(value: unknown): TakeRecord | undefined {
  return asRecord(value);
}

function asRecord(value: unknown): TakeRecord | undefined {
  const usage = (typeof value === 'string' ? JSON.parse(value) : value) as { our_take?: TakeRecord } | null | undefined;
  const record = usage?.our_take;
  return record && typeof record.ledger === 'string' ? record : undefined;
}

/** ai_usage with the take's call added to the story's totals and its record beside them. */
export function usageWithTake(previous: unknown, outcome: TakeOutcome): string {
  const p = ((typeof previous === 'string' ? JSON.parse(previous) : previous) ?? {}) as Record<string, unknown>;
  const n = (key: string) => Number(p[key] ?? 0);
  const u = outcome.usage;
  return JSON.stringify({
    ...p,
    provider: p.provider ?? outcome.record.provider,
    model: p.model ?? outcome.record.model,
    calls: n('calls') + (u?.calls ?? 0),
    prompt_tokens: n('prompt_tokens') + (u?.promptTokens ?? 0),
    completion_tokens: n('completion_tokens') + (u?.completionTokens ?? 0),
    total_tokens: n('total_tokens') + (u?.totalTokens ?? 0),
    our_take: outcome.record,
  });
}

/** ai_usage with the take's record replaced (re-checked: no call, the totals stay). */
export function usageWithRecord(previous: unknown, record: TakeRecord): string {
  const p = ((typeof previous === 'string' ? JSON.parse(previous) : previous) ?? {}) as Record<string, unknown>;
  return JSON.stringify({ ...p, our_take: record });
}
