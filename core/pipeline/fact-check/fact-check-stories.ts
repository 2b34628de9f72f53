import { dropStaleClaimDecisions, listClaimDecisions } from '../../editorial/claim-decision-repository';
import { checkPublishGate, isLive, OFFICIALLY_CONFIRMED } from '../../stories/publishing';
import { auditEntry } from '../../stories/story';
import { getStoryById } from '../../stories/story-repository';
import { emptyStats, type StageContext, type StageStats } from '../types';
import { claimStories, holdsStoryLease } from '../work/leases';
import { recordStageFailure, saveStory } from '../work/save-story';
import { composeContent, currentSentences } from '../../stories/layer-text';
import type { Layer, LayerSentence } from '../../stories/story';
import type { AiProvider } from '../summarise/provider';
import { buildTakeInput, takeByModel, takeRecordOf, usageWithRecord, usageWithTake } from './ai-take';
import { assessStory, parseClaims } from './assess-story';
import { judgeUndecidedPairs, usageWithJudgements, type JudgeOutcome } from './judge-claims';
import { droppedText, recheckTake } from './recheck-take';

/**
 * Stage 3, fact-check and score: independence of the sources, each claim checked across them (the
 * ai_fact_check_panel), every layer sentence traced to its sources and unverifiable quotes turned into
 * reported speech, then triangulation_check, truth_score, fact_check_score, ai_risk_level and
 * flag_reason. The story moves to 'verified' (a live story stays published) and waits for publishing.
 * An editor's flag (reject, escalate) is never cleared here; the pipeline's own flag is recomputed.
 * Editors' decisions on claims (confirm, dispute, dismiss) are applied while the sources are the ones
 * they were made on, and dropped when the sources changed; so is an editor's approval.
 */
export type FactCheckOptions = {
  limit?: number;
  only?: readonly string[];
  /**
   * With a provider that writes "our take" (writeTake), one call per story whose claim ledger changed writes it, checked against the ledger.
   * With one that judges claims (judgeClaim), the claim/report pairs the rule cannot decide are put to it, a few a story (judge-claims.ts).
   */
  ai?: AiProvider;
};
export type FactCheckStats = StageStats & {
  ourTakeCalls: number;
  ourTakesWritten: number;
  ourTakeFailures: number;
  /** Undecided claim/report pairs put to the model, and those whose answer did not count (the rule's stood). */
  claimJudgeCalls: number;
  claimJudgeFailures: number;
};

export async function factCheckStories(ctx: StageContext, options: FactCheckOptions = {}): Promise<FactCheckStats> {
  const stats: FactCheckStats = { ...emptyStats(), ourTakeCalls: 0, ourTakesWritten: 0, ourTakeFailures: 0, claimJudgeCalls: 0, claimJudgeFailures: 0 };
  // Every outlet C360 knows, read once: a take naming one that has no part in the story is caught.
  let knownOutlets: Promise<string[]> | undefined;
  const outletsKnown = () =>
    (knownOutlets ??= ctx
      .db('feeds')
      .distinct('outlet')
      .then((rows) => rows.map((r: { outlet: string }) => r.outlet)));
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  ctx.onProgress?.({ stage: 'fact_check', status: 'started' });
  while (stats.processed + stats.failed < limit) {
    const ids = await claimStories(ctx.db, {
      work: 'fact_check',
      workerId: ctx.workerId,
      leaseMs: ctx.leaseMs,
      limit: Math.min(ctx.batchSize, limit - stats.processed - stats.failed),
      only: options.only,
    });
    if (ids.length === 0) break;
    for (const id of ids) {
      try {
        // Flags are counted where the story is held back: in the publish stage.
        if ((await checkOne(ctx, id, { ai: options.ai, stats, outletsKnown })) !== 'skipped') stats.processed++;
      } catch (error) {
        stats.failed++;
        const reason = error instanceof Error ? error.message : String(error);
        ctx.logger.warn({ story: id, err: reason }, 'fact-check failed; it will be retried');
        await recordStageFailure(ctx.db, { id, workerId: ctx.workerId, stage: 'fact_check', reason, actor: ctx.actor, now: ctx.clock(), retryMs: 60_000 });
      }
      ctx.onProgress?.({ stage: 'fact_check', status: 'progress', processed: stats.processed, failed: stats.failed });
    }
  }
  ctx.onProgress?.({ stage: 'fact_check', status: 'finished', processed: stats.processed, failed: stats.failed });
  return stats;
}

export { sensitiveTerms } from './assess-story';

async function checkOne(
  ctx: StageContext,
  id: string,
  take: { ai?: AiProvider; stats: FactCheckStats; outletsKnown: () => Promise<string[]> },
): Promise<'checked' | 'flagged' | 'skipped'> {
  const story = await getStoryById(ctx.db, id);
  const work = await ctx
    .db('synced_content')
    .select('claims', 'sources_version', 'flag_origin', 'approved_sources_version', 'ai_usage')
    .where('id', id)
    .first();
  if (!story || !work) return 'skipped';
  const version = Number(work.sources_version);
  // Editors' decisions on claims hold while the sources are the ones they decided on.
  const decisions = await listClaimDecisions(ctx.db, id, version);
  let judged: JudgeOutcome | undefined;
  const ai = take.ai;
  const { independence, panel, traced, risk, scores, triangulated, official, sources, summary } = await assessStory(ctx.db, story, {
    claims: parseClaims(work.claims),
    decisions,
    now: ctx.clock(),
    judge: ai?.judgeClaim
      ? async (pairs) => {
          judged = await judgeUndecidedPairs({ ai, pairs, storyId: id, logger: ctx.logger });
          return judged.answers;
        }
      : undefined,
  });
  const judgeOutcome = judged as JudgeOutcome | undefined;
  if (judgeOutcome) {
    take.stats.claimJudgeCalls += judgeOutcome.calls;
    take.stats.claimJudgeFailures += judgeOutcome.failures;
  }
  const judgedUsage = judgeOutcome && ai && judgeOutcome.calls > 0 ? usageWithJudgements(work.ai_usage, judgeOutcome, ai) : undefined;
  // Our take by the model, written from the ledger just computed and checked against it (outside the
  // transaction: a model call is slow); the offline take stays when there is none.
  // An editor's own words in our take (content no longer the writer's sentences) are never replaced.
  const draftTake = (story.layers as Layer[]).find((l) => l.layerType === 'our_take');
  const editorsTake = draftTake !== undefined && draftTake.content.trim() !== '' && currentSentences(draftTake) === undefined;
  const takeInput = buildTakeInput({ storyId: id, today: ctx.clock(), panel, sources });
  const itemsOf = (outlet: string) => sources.filter((s) => s.outlet === outlet).map((s) => s.id);
  const modelTake =
    take.ai?.writeTake && !editorsTake
      ? await takeByModel({
          ai: take.ai,
          input: takeInput,
          previous: work.ai_usage,
          knownOutlets: await take.outletsKnown(),
          itemsOf,
          now: ctx.clock(),
          logger: ctx.logger,
        })
      : undefined;
  if (modelTake?.called) {
    take.stats.ourTakeCalls++;
    if (modelTake.record.status === 'written') take.stats.ourTakesWritten++;
    if (modelTake.record.status === 'failed') take.stats.ourTakeFailures++;
  }
  // Whichever take stays (the offline one, or the model's written from an earlier ledger) is checked
  // against the claims as they stand: editors' decisions and contradictions drop what they no longer bear out.
  const record = modelTake?.called ? modelTake.record : takeRecordOf(work.ai_usage);
  const rechecked = recheckTake(
    modelTake?.sentences ? withTake(traced.layers as Layer[], modelTake.sentences) : (traced.layers as Layer[]),
    record,
    { panel, input: takeInput, knownOutlets: await take.outletsKnown(), itemsOf },
    ctx.clock(),
  );
  const layers = rechecked.layers;
  const usage = modelTake?.called ? usageWithTake(judgedUsage ?? work.ai_usage, modelTake) : judgedUsage;
  const aiUsage = rechecked.record ? { ai_usage: usageWithRecord(usage ?? work.ai_usage, rechecked.record) } : usage ? { ai_usage: usage } : {};
  // The official confirmation is shown as what it is (a flag beside the story) and read by the gate.
  const statusFlags = [...story.status_flags.filter((f) => f !== OFFICIALLY_CONFIRMED), ...(official ? [OFFICIALLY_CONFIRMED] : [])];
  // An approval holds while the sources are the ones the editor approved; it lapses when they change.
  // (No recorded version: approved while the pipeline was still writing the story, on what it replaced.)
  const approvalLapsed = story.human_verified && !isLive(story) && Number(work.approved_sources_version ?? -1) !== version;
  const approved = story.human_verified && !approvalLapsed;
  // Only the pipeline's own flag is recomputed; any other (an editor's, from the CLI or the console) stays.
  const editorFlag = story.flag_reason && work.flag_origin !== 'pipeline';
  const highRisk = risk.level === 'high' || risk.level === 'critical';
  // An editor's approval takes responsibility for the risk: the story is not flagged again for it.
  const flagReason = editorFlag ? story.flag_reason : highRisk && !approved ? `Risk ${risk.level}: ${risk.reasons.join('; ')}` : null;
  const gate = checkPublishGate({
    source_count: story.source_count,
    triangulation_check: triangulated,
    ai_fact_check_panel: panel,
    human_verified: approved,
    status_flags: statusFlags,
  });
  const eligible = gate.ok && !flagReason && (!highRisk || approved);
  const now = ctx.clock();
  return ctx.db.transaction(async (trx) => {
    const held = await holdsStoryLease(trx, id, ctx.workerId);
    if (!held) return 'skipped';
    const next = await trx('synced_content').select('pipeline_next').where('id', id).first();
    if (held.sources_version !== Number(work.sources_version) || next?.pipeline_next !== 'fact_check') {
      await trx('synced_content')
        .where('id', id)
        .update({ lease_owner: null, lease_expires_at: null, ...aiUsage });
      return 'skipped';
    }
    const dropped = await dropStaleClaimDecisions(trx, id, version);
    const notes = [
      ...(approvalLapsed ? [auditEntry('approval_lapsed', ctx.actor, now, { details: "the story's sources changed since an editor approved it" })] : []),
      ...(dropped > 0
        ? [auditEntry('claim_decisions_dropped', ctx.actor, now, { details: `${dropped} editor decision(s) on claims made on earlier sources` })]
        : []),
    ];
    await saveStory(trx, id, {
      patch: {
        ...(approvalLapsed ? { human_verified: false } : {}),
        layers,
        ...(summary !== story.summary ? { summary } : {}),
        ai_fact_check_panel: panel,
        status_flags: statusFlags,
        triangulation_check: triangulated,
        truth_score: scores.truthScore,
        fact_check_score: scores.factCheckScore,
        ai_risk_level: risk.level,
        flag_reason: flagReason,
        auto_publish_eligible: eligible,
        pipeline_stage: isLive(story) ? 'published' : 'verified',
        last_updated_by: ctx.actor,
      },
      work: {
        pipeline_next: 'publish',
        lease_owner: null,
        lease_expires_at: null,
        work_error: null,
        next_attempt_at: null,
        flag_origin: editorFlag ? 'editor' : flagReason ? 'pipeline' : null,
        sources: JSON.stringify(independence.verdicts),
        ...aiUsage,
        ...(approvalLapsed ? { approved_sources_version: null } : {}),
      },
      audit: [
        ...notes,
        ...(modelTake?.called
          ? [
              auditEntry(modelTake.record.status === 'failed' ? 'our_take_failed' : 'our_take_checked', ctx.actor, now, {
                details:
                  modelTake.record.status === 'failed'
                    ? `${modelTake.record.provider} (${modelTake.record.model}): ${modelTake.record.reasons[0] ?? 'failed'}; the offline take stays`
                    : `${modelTake.record.provider} (${modelTake.record.model}) wrote our take from the claim ledger: ${modelTake.record.kept} sentence(s) kept, ${modelTake.record.dropped} dropped by the check${modelTake.record.status === 'nothing_kept' ? '; the offline take stays' : ''}`,
              }),
            ]
          : []),
        ...(rechecked.dropped.length
          ? [
              auditEntry('our_take_rechecked', ctx.actor, now, {
                details: `our take checked against the claims as they stand: ${droppedText(rechecked.dropped)}`,
              }),
            ]
          : []),
        auditEntry('fact_checked', ctx.actor, now, {
          details: `${independence.independentOutlets.length} independent of ${story.source_count} outlet(s)${official ? `, confirmed by the ${official.source} (advisory ${official.advisoryNumber ?? '?'}: ${official.fact})` : ''}; ${panel.filter((p) => p.source_resolved).length}/${panel.length} claim(s) corroborated${decisions.length ? `, ${decisions.length} decided by an editor` : ''}${judgeOutcome?.calls ? `; ${judgeOutcome.calls} claim/report pair(s) the rules could not decide put to ${ai!.model}${judgeOutcome.failures ? ` (${judgeOutcome.failures} without an answer that counts: the rule's stands)` : ''}` : ''}; risk ${risk.level}${risk.reasons.length ? ` (${risk.reasons.join('; ')})` : ''}`,
        }),
      ],
    });
    return flagReason && !editorFlag ? 'flagged' : 'checked';
  });
}

/** The layers with our take replaced by the checked sentences. */
function withTake(layers: readonly Layer[], sentences: LayerSentence[]): Layer[] {
  const take: Layer = { layerType: 'our_take', content: composeContent('our_take', sentences), sentences };
  return layers.some((l) => l.layerType === 'our_take') ? layers.map((l) => (l.layerType === 'our_take' ? { ...l, ...take } : l)) : [...layers, take];
}
