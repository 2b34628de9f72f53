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

/** Texts of one story to translate, in order; the answer has the same number of texts in the same order. */
export type TranslateInput = { from: string; to: string; texts: readonly string[] };

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
  /** One call: the texts translated (a reader's "Translate" on an article); absent offline. */
  translate?(input: TranslateInput): Promise<{ texts: string[]; usage: AiUsage }>;
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
