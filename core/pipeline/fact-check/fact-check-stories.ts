import { contentWords, splitSentences } from '../../nlp/analyse';
import { SENSITIVE_WORDS } from '../../nlp/lexicons';
import { checkPublishGate, isLive } from '../../stories/publishing';
import { auditEntry, type Layer } from '../../stories/story';
import { getStoryById } from '../../stories/story-repository';
import { emptyStats, type StageContext, type StageStats } from '../types';
import { claimStories, holdsStoryLease } from '../work/leases';
import { recordStageFailure, saveStory } from '../work/save-story';
import { loadStorySources } from '../work/story-sources';
import { checkClaim, prepareVoices, type Claim } from './claims';
import { assessIndependence } from './independence';
import { traceLayers } from './provenance';
import { assessRisk, scoreStory } from './risk';

/**
 * Stage 3, fact-check and score: independence of the sources, each claim checked across them (the
 * ai_fact_check_panel), every layer sentence traced to its sources and unverifiable quotes turned into
 * reported speech, then triangulation_check, truth_score, fact_check_score, ai_risk_level and
 * flag_reason. The story moves to 'verified' (a live story stays published) and waits for publishing.
 * An editor's flag (reject, escalate) is never cleared here; the pipeline's own flag is recomputed.
 */
export async function factCheckStories(ctx: StageContext, options: { limit?: number; only?: readonly string[] } = {}): Promise<StageStats> {
  const stats = emptyStats();
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  ctx.onProgress?.({ stage: 'fact_check', status: 'started' });
  while (stats.processed + stats.failed < limit) {
    const ids = await claimStories(ctx.db, { work: 'fact_check', workerId: ctx.workerId, leaseMs: ctx.leaseMs, limit: Math.min(ctx.batchSize, limit - stats.processed - stats.failed), only: options.only });
    if (ids.length === 0) break;
    for (const id of ids) {
      try {
        // Flags are counted where the story is held back: in the publish stage.
        if ((await checkOne(ctx, id)) !== 'skipped') stats.processed++;
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

export function sensitiveTerms(texts: readonly string[]): string[] {
  const lemmas = new Set(contentWords(texts.flatMap((t) => splitSentences(t))));
  return SENSITIVE_WORDS.filter((w) => lemmas.has(w));
}

async function checkOne(ctx: StageContext, id: string): Promise<'checked' | 'flagged' | 'skipped'> {
  const story = await getStoryById(ctx.db, id);
  const work = await ctx.db('synced_content').select('claims', 'sources_version', 'flag_origin').where('id', id).first();
  if (!story || !work) return 'skipped';
  const sources = await loadStorySources(ctx.db, id);
  const independence = assessIndependence(sources);
  const voices = prepareVoices(independence);
  const claims = (typeof work.claims === 'string' ? JSON.parse(work.claims) : (work.claims ?? [])) as Claim[];
  const panel = claims.map((c) => checkClaim(c, voices, independence));
  const traced = traceLayers(story.layers as Layer[], independence.voices);
  const sensitive = sensitiveTerms([story.title, story.summary, ...sources.map((s) => `${s.title}. ${s.summary}`)]);
  const riskInput = {
    independentSources: independence.independentOutlets.length,
    panel,
    sensitive,
    quotesReported: traced.quotesReported,
    factualSentences: traced.factualSentences,
    sourcedSentences: traced.sourcedSentences,
  };
  const risk = assessRisk(riskInput);
  const scores = scoreStory(riskInput);
  const triangulated = independence.independentOutlets.length >= 2 && panel.some((p) => p.verdict === 'corroborated') && !panel.some((p) => p.verdict === 'contradicted');
  // Only the pipeline's own flag is recomputed; any other (an editor's, from the CLI or the console) stays.
  const editorFlag = story.flag_reason && work.flag_origin !== 'pipeline';
  const highRisk = risk.level === 'high' || risk.level === 'critical';
  const flagReason = editorFlag ? story.flag_reason : highRisk ? `Risk ${risk.level}: ${risk.reasons.join('; ')}` : null;
  const gate = checkPublishGate({ source_count: story.source_count, triangulation_check: triangulated, ai_fact_check_panel: panel });
  const eligible = gate.ok && !flagReason && (!highRisk || story.human_verified);
  const now = ctx.clock();
  return ctx.db.transaction(async (trx) => {
    const held = await holdsStoryLease(trx, id, ctx.workerId);
    if (!held) return 'skipped';
    const next = await trx('synced_content').select('pipeline_next').where('id', id).first();
    if (held.sources_version !== Number(work.sources_version) || next?.pipeline_next !== 'fact_check') {
      await trx('synced_content').where('id', id).update({ lease_owner: null, lease_expires_at: null });
      return 'skipped';
    }
    await saveStory(trx, id, {
      patch: {
        layers: traced.layers,
        ai_fact_check_panel: panel,
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
      },
      audit: auditEntry('fact_checked', ctx.actor, now, {
        details: `${independence.independentOutlets.length} independent of ${story.source_count} outlet(s); ${panel.filter((p) => p.resolved).length}/${panel.length} claim(s) corroborated; risk ${risk.level}${risk.reasons.length ? ` (${risk.reasons.join('; ')})` : ''}`,
      }),
    });
    return flagReason && !editorFlag ? 'flagged' : 'checked';
  });
}
