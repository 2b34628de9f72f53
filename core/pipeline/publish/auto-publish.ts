import { publishStory } from '../../editorial/publish-story';
import { checkPublishGate, decidePublication, describeMissing, isLive } from '../../stories/publishing';
import { auditEntry } from '../../stories/story';
import { getStoryById } from '../../stories/story-repository';
import { emptyStats, type StageContext, type StageStats } from '../types';
import { claimStories } from '../work/leases';
import { recordStageFailure, saveStory } from '../work/save-story';

/**
 * Stage 6, publish: every fact-checked story that passes the publish gate and whose risk is low or
 * medium (or that an editor approved) is published; the rest are flagged for review with the reason.
 * Stories an editor rejected or escalated stay as the editor left them; a story an editor approved
 * that still misses a requirement is held, not flagged again (decidePublication). A live story that was
 * re-checked after a new source joined stays live (its flag, if any, shows in the console).
 */
export async function autoPublish(ctx: StageContext, options: { limit?: number; only?: readonly string[] } = {}): Promise<StageStats> {
  const stats = emptyStats();
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  ctx.onProgress?.({ stage: 'publish', status: 'started' });
  while (stats.processed + stats.failed < limit) {
    const ids = await claimStories(ctx.db, {
      work: 'publish',
      workerId: ctx.workerId,
      leaseMs: ctx.leaseMs,
      limit: Math.min(ctx.batchSize, limit - stats.processed - stats.failed),
      only: options.only,
    });
    if (ids.length === 0) break;
    for (const id of ids) {
      try {
        const outcome = await decide(ctx, id);
        if (outcome === 'skipped') continue;
        stats.processed++;
        if (outcome === 'published') stats.autoPublished++;
        if (outcome === 'flagged') stats.flaggedForReview++;
      } catch (error) {
        stats.failed++;
        const reason = error instanceof Error ? error.message : String(error);
        ctx.logger.warn({ story: id, err: reason }, 'publish failed; it will be retried');
        await recordStageFailure(ctx.db, { id, workerId: ctx.workerId, stage: 'publish', reason, actor: ctx.actor, now: ctx.clock(), retryMs: 60_000 });
      }
      ctx.onProgress?.({ stage: 'publish', status: 'progress', processed: stats.processed, failed: stats.failed });
    }
  }
  ctx.onProgress?.({ stage: 'publish', status: 'finished', processed: stats.processed, failed: stats.failed });
  return stats;
}

async function decide(ctx: StageContext, id: string): Promise<'published' | 'flagged' | 'held' | 'live' | 'skipped'> {
  const now = ctx.clock();
  return ctx.db.transaction(async (trx) => {
    const work = await trx('synced_content').select('lease_owner', 'flag_origin', 'pipeline_next').where('id', id).forUpdate().first();
    if (!work || work.lease_owner !== ctx.workerId) return 'skipped';
    if (work.pipeline_next !== 'publish') {
      // A new source joined since it was claimed: it goes back through summarise first.
      await trx('synced_content').where('id', id).update({ lease_owner: null, lease_expires_at: null });
      return 'skipped';
    }
    const story = (await getStoryById(trx, id))!;
    const release = { pipeline_next: null, lease_owner: null, lease_expires_at: null } as const;
    if (isLive(story)) {
      await trx('synced_content').where('id', id).update(release);
      return 'live';
    }
    const decision = decidePublication({
      gate: checkPublishGate(story),
      riskLevel: story.ai_risk_level,
      flag: story.flag_reason,
      flagOrigin: work.flag_origin,
      // The fact-check stage clears an approval when the sources change, so human_verified is current here.
      approved: story.human_verified,
    });
    if (decision.action === 'publish') {
      await trx('synced_content').where('id', id).update(release);
      await publishStory(trx, { id, actor: ctx.actor, now });
      return 'published';
    }
    if (decision.action === 'keep_editor_flag') {
      await trx('synced_content').where('id', id).update(release);
      return 'flagged';
    }
    if (decision.action === 'hold') {
      // Approved by an editor: not flagged again; it waits for what it still misses (claims to resolve).
      await saveStory(trx, id, {
        patch: { auto_publish_eligible: false, last_updated_by: ctx.actor },
        work: release,
        audit: auditEntry('held_for_requirements', ctx.actor, now, { details: `approved by an editor; waits for ${describeMissing(decision.missing)}` }),
      });
      return 'held';
    }
    await saveStory(trx, id, {
      patch: { flag_reason: decision.flag, auto_publish_eligible: false, last_updated_by: ctx.actor },
      work: { ...release, flag_origin: 'pipeline' },
      audit: auditEntry('flagged_for_review', ctx.actor, now, { reason: decision.flag }),
    });
    return 'flagged';
  });
}
