import type { StorySummary } from './schema';

/** The AI provider interface: one call per story returns the whole summary (see schema.ts). */

export type SourceForAi = {
  id: string;
  outlet: string;
  title: string;
  summary: string;
  text: string;
  author: string | null;
  url: string | null;
  publishedAt: string | null;
  /** The outlet's owner group: reports of one group count as one voice. */
  ownerGroup?: string;
  /** The outlet's home country from the registry ("Caribbean" for a regional outlet). */
  outletRegion?: string | null;
};

export type SummariseInput = { storyId: string; sources: readonly SourceForAi[]; now: Date; regionHint?: string };

export type AiUsage = { provider: string; model: string; calls: number; promptTokens: number; completionTokens: number; totalTokens: number };

export type AiResult = { summary: StorySummary; usage: AiUsage };

/** A report as the same-event check reads it: who, what headline, what lead, when. */
export type EventBrief = { outlet: string; title: string; lead: string; publishedAt: string | null };
export type SameEventInput = { report: EventBrief; story: readonly EventBrief[] };

/**
 * A claim and the one report sentence the fact-check's rule cannot decide on (undecidedByRule in
 * core/nlp/claim-match.ts), each with the date its relative dates count from.
 */
export type JudgeClaimInput = { claim: string; claimPublished: string | null; sentence: string; reportPublished: string | null; outlet: string };
export type ClaimRelation = 'supports' | 'contradicts' | 'unrelated';

/** Texts of one story to translate, in order; the answer has the same number of texts in the same order. */
export type TranslateInput = { from: string; to: string; texts: readonly string[] };

/**
 * What "our take" is written from once the fact-check has stored its claim ledger: each claim with the
 * outlets that support it and those that contradict it (and the value each gives), how each outlet
 * covered the story, and the dated events the reports mention. Every entry has an id the answer cites.
 */
export type TakeClaim = {
  id: string;
  text: string;
  verdict: string;
  supporting: readonly string[];
  independent: readonly string[];
  contradicting: readonly { outlet: string; value: string | null }[];
};
export type TakeCoverage = { id: string; outlet: string; ownerGroup: string; headline: string; lead: string };
export type TakeEvent = { id: string; date: string; text: string; outlet: string };
export type TakeInput = { storyId: string; today: string; claims: readonly TakeClaim[]; coverage: readonly TakeCoverage[]; events: readonly TakeEvent[] };
/** One sentence of the answer: the ledger entries it speaks of (cites) and the outlets it names. */
export type TakeSentence = { text: string; kind: 'agree' | 'differ' | 'single' | 'missing' | 'watch'; cites: string[]; outlets: string[] };

export interface AiProvider {
  readonly name: string;
  readonly model: string;
  summarise(input: SummariseInput): Promise<AiResult>;
  /**
   * One short call: does this report tell the same event as the story's reports? Clustering asks it
   * only about borderline pairs (a join it is unsure of, a near miss); providers without it (the offline
   * one) leave the rule's decision.
   */
  sameEvent?(input: SameEventInput): Promise<{ same: boolean; usage: AiUsage }>;
  /**
   * One short call: does this report sentence state the claim's fact, state another value for it, or
   * speak of something else? The fact-check asks it only about pairs its rule cannot decide, a bounded
   * number per story; providers without it (the offline one) leave the rule's answer.
   */
  judgeClaim?(input: JudgeClaimInput): Promise<{ relation: ClaimRelation; usage: AiUsage }>;
  /** One call: the texts translated (a reader's "Translate" on an article); absent offline. */
  translate?(input: TranslateInput): Promise<{ texts: string[]; usage: AiUsage }>;
  /**
   * One short call after the fact-check: "our take" written from the claim ledger and the coverage
   * (parsed, not yet checked: the fact-check stage keeps only what the ledger bears out). Absent
   * offline, where the offline writer's take stays.
   */
  writeTake?(input: TakeInput): Promise<{ sentences: TakeSentence[]; usage: AiUsage }>;
}

/** A provider gave up on a story (after its retries and its one repair); usage says what it spent. */
export class AiFailure extends Error {
  readonly usage: AiUsage;
  readonly retryable: boolean;
  constructor(message: string, usage: AiUsage, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AiFailure';
    this.usage = usage;
    this.retryable = options.retryable ?? true;
  }
}

export function emptyUsage(provider: string, model: string): AiUsage {
  return { provider, model, calls: 0, promptTokens: 0, completionTokens: 0, totalTokens: 0 };
}
