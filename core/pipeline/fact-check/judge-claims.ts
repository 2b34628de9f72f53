import type { Logger } from '../../logger';
import { claimKey } from '../../stories/claim-resolution';
import type { FactCheckItem } from '../../stories/story';
import { AiFailure, type AiProvider, type AiUsage, type ClaimRelation } from '../summarise/provider';
import type { ModelJudgement, UndecidedPair } from './claims';

/**
 * Claim/report pairs the rule cannot decide (undecidedByRule in core/nlp/claim-match.ts), put to a
 * model that can judge them (judgeClaim): one short call a pair, at most MAX_CLAIM_JUDGEMENTS a story
 * a run, the story's lead claim first. An answer counts only when it is one of the three relations; a
 * refusal, garbage or a timeout leaves the rule's answer (unrelated) and is logged, and the pair is
 * asked again on the story's next fact-check. Answers are kept in the claim's ledger entry and reused,
 * never asked again, while the source and its sentence are the same.
 */

/** At most this many calls a story a run: a story's few claims against its few reports, the lead first. */
export const MAX_CLAIM_JUDGEMENTS = 6;

const RELATIONS: readonly ClaimRelation[] = ['supports', 'contradicts', 'unrelated'];

export type ClaimJudgement = { claim: string; judgement: ModelJudgement };
export type JudgeOutcome = {
  answers: ClaimJudgement[];
  /** Pairs put to the model (each one call, its retries aside), and those whose answer did not count. */
  calls: number;
  failures: number;
  /** What the calls spent, failed ones included. */
  usage: AiUsage | undefined;
};

export async function judgeUndecidedPairs(args: {
  ai: AiProvider;
  pairs: readonly UndecidedPair[];
  storyId: string;
  logger: Logger;
  max?: number;
}): Promise<JudgeOutcome> {
  const outcome: JudgeOutcome = { answers: [], calls: 0, failures: 0, usage: undefined };
  const { ai } = args;
  if (!ai.judgeClaim) return outcome;
  const seen = new Set<string>();
  const pairs = args.pairs.filter((p) => {
    const key = `${claimKey(p.claim)} ${p.voice.key} ${p.sentenceKey}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  for (const pair of pairs.slice(0, args.max ?? MAX_CLAIM_JUDGEMENTS)) {
    outcome.calls++;
    try {
      const answer = await ai.judgeClaim({
        claim: pair.claim,
        claimPublished: pair.claimPublished,
        sentence: pair.sentence,
        reportPublished: pair.voice.time || null,
        outlet: pair.voice.outlet,
      });
      outcome.usage = addUsage(outcome.usage, answer.usage);
      if (!RELATIONS.includes(answer.relation)) throw new Error(`not a relation: ${String(answer.relation).slice(0, 40)}`);
      outcome.answers.push({
        claim: pair.claim,
        judgement: { source: pair.voice.key, outlet: pair.voice.outlet, sentence_key: pair.sentenceKey, relation: answer.relation, model: ai.model },
      });
    } catch (error) {
      outcome.failures++;
      if (error instanceof AiFailure) outcome.usage = addUsage(outcome.usage, error.usage);
      // The provider's own message (a status, a timeout, the answer's first characters): never the key or the request.
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 200);
      args.logger.warn(
        { story: args.storyId, source: pair.voice.key, err: reason },
        'claim check: the model could not judge an undecided pair; the rule decides',
      );
    }
  }
  return outcome;
}

/** The model's answers kept in a stored panel, by claim key: reused while the source and its sentence are the same. */
export function keptJudgements(panel: readonly FactCheckItem[] | null | undefined): Map<string, ModelJudgement[]> {
  const kept = new Map<string, ModelJudgement[]>();
  for (const item of panel ?? []) {
    const list = Array.isArray(item.model_judgements) ? (item.model_judgements as unknown[]) : [];
    const valid = list.filter(
      (j): j is ModelJudgement =>
        typeof j === 'object' &&
        j !== null &&
        typeof (j as ModelJudgement).source === 'string' &&
        typeof (j as ModelJudgement).sentence_key === 'string' &&
        RELATIONS.includes((j as ModelJudgement).relation),
    );
    if (valid.length > 0 && typeof item.claim === 'string') kept.set(claimKey(item.claim), valid);
  }
  return kept;
}

/** ai_usage with the judgement calls added to the story's totals, and counted apart. */
export function usageWithJudgements(previous: unknown, outcome: JudgeOutcome, ai: { name: string; model: string }): string {
  const p = ((typeof previous === 'string' ? JSON.parse(previous) : previous) ?? {}) as Record<string, unknown>;
  const n = (key: string) => Number(p[key] ?? 0);
  const u = outcome.usage;
  return JSON.stringify({
    ...p,
    provider: p.provider ?? ai.name,
    model: p.model ?? ai.model,
    calls: n('calls') + (u?.calls ?? 0),
    prompt_tokens: n('prompt_tokens') + (u?.promptTokens ?? 0),
    completion_tokens: n('completion_tokens') + (u?.completionTokens ?? 0),
    total_tokens: n('total_tokens') + (u?.totalTokens ?? 0),
    claim_judge_calls: n('claim_judge_calls') + outcome.calls,
    claim_judge_failures: n('claim_judge_failures') + outcome.failures,
  });
}

function addUsage(a: AiUsage | undefined, b: AiUsage | undefined): AiUsage | undefined {
  if (!b) return a;
  if (!a) return { ...b };
  return {
    ...a,
    calls: a.calls + b.calls,
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}
