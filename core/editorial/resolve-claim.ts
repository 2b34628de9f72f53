import type { Knex } from 'knex';
import { C360Error } from '../errors';
import { buildTakeInput, takeRecordOf, usageWithRecord } from '../pipeline/fact-check/ai-take';
import { assessStory, parseClaims } from '../pipeline/fact-check/assess-story';
import { droppedText, recheckTake } from '../pipeline/fact-check/recheck-take';
import { loadStorySources } from '../pipeline/work/story-sources';
import { saveStory, type StoryWorkPatch } from '../pipeline/work/save-story';
import {
  applyClaimDecisions,
  CLAIM_ACTIONS,
  claimKey,
  DECISION_OF,
  findClaim,
  isClaimAction,
  reasonProblem,
  type ClaimAction,
  type ClaimPanelItem,
} from '../stories/claim-resolution';
import { checkPublishGate, decidePublication, isLive } from '../stories/publishing';
import { auditEntry, type Layer, type Story, type StoryPatch } from '../stories/story';
import { listClaimDecisions, saveClaimDecision } from './claim-decision-repository';
import { lockedStory } from './publish-story';

export type ResolveClaimResult = { story: Story; claim: ClaimPanelItem; index: number; queued: boolean };

/**
 * An editor confirms, disputes or dismisses one claim of a story (core/stories/claim-resolution.ts),
 * with a reason. The decision is recorded (claim_decisions), the audit log names who acted and why,
 * and the story is weighed again at once by the fact-check's own rules (panel, risk, scores,
 * triangulation) and the publish stage's decision: a story that now passes is queued for publishing
 * (as an approval is), one that does not shows the flag the publish stage would give it. The claim is
 * named by its number as listed (1, 2, …) or its key. Used by `c360 claims resolve`, `c360 review` and
 * the console.
 */
export async function resolveClaim(
  db: Knex,
  input: { id: string; claim: string; action: ClaimAction; reason: string; actor: string; now: Date },
): Promise<ResolveClaimResult> {
  if (!isClaimAction(input.action)) {
    throw new C360Error('invalid_input', `Unknown claim decision "${String(input.action).slice(0, 40)}".`, {
      hint: `Use one of: ${CLAIM_ACTIONS.join(', ')}.`,
    });
  }
  const problem = reasonProblem(input.reason);
  if (problem)
    throw new C360Error('invalid_input', problem, {
      hint: 'Say in a sentence why (it is kept in the audit log), e.g. --reason "Confirmed with the ministry".',
    });
  const reason = input.reason.trim();
  return db.transaction(async (trx) => {
    const story = await lockedStory(trx, input.id);
    if (!story) throw new C360Error('not_found', `No story with id ${input.id}.`, { hint: 'Use `c360 stories list` or `c360 review` to see story ids.' });
    const work = await trx('synced_content')
      .select('pipeline_next', 'sources_version', 'claims', 'flag_origin', 'approved_sources_version', 'ai_usage')
      .where('id', story.id)
      .first();
    if (work.pipeline_next === 'summarise' || work.pipeline_next === 'fact_check') {
      throw new C360Error('conflict', `"${story.title}" has new sources and is being checked again; its claims will change.`, {
        hint: 'Run the pipeline (`c360 pipeline run`) or wait for it, then look at the claims again.',
      });
    }
    const panel = story.ai_fact_check_panel ?? [];
    const found = findClaim(panel, input.claim);
    if (!found) {
      throw new C360Error(
        'not_found',
        `No claim "${input.claim.slice(0, 40)}" in "${story.title}" (it has ${panel.length} claim${panel.length === 1 ? '' : 's'}).`,
        {
          hint: panel.length
            ? `Use a claim's number (1 to ${panel.length}) or its key, as \`c360 stories show ${story.id.slice(0, 8)}\` lists them.`
            : 'This story has no claims to resolve.',
        },
      );
    }
    const version = Number(work.sources_version);
    const decision = DECISION_OF[input.action];
    const key = claimKey(found.item.claim);
    await saveClaimDecision(trx, {
      storyId: story.id,
      key,
      claim: found.item.claim,
      decision,
      reason,
      actor: input.actor,
      sourcesVersion: version,
      now: input.now,
    });

    const decisions = await listClaimDecisions(trx, story.id, version);
    const claims = parseClaims(work.claims);
    // Weighed again by the fact-check's rules from the story's sources; a story with no claims of its
    // own kept (a CMS document, one written before they were kept) keeps its panel's verdicts and risk.
    const assessed = claims.length ? await assessStory(trx, story, { claims, decisions, now: input.now }) : null;
    const shortVersion = story.layers.find((l) => l.layerType === 'short_version')?.content ?? null;
    const panelNow = assessed?.panel ?? applyClaimDecisions(panel, decisions, shortVersion);
    const triangulated = assessed?.triangulated ?? story.triangulation_check;
    const riskLevel = assessed?.risk.level ?? story.ai_risk_level;
    const approved = story.human_verified && (isLive(story) || Number(work.approved_sources_version ?? -1) === version);
    const patch: StoryPatch = {
      ai_fact_check_panel: panelNow,
      triangulation_check: triangulated,
      ...(assessed ? { truth_score: assessed.scores.truthScore, fact_check_score: assessed.scores.factCheckScore, ai_risk_level: assessed.risk.level } : {}),
      last_updated_by: input.actor,
    };
    const workPatch: StoryWorkPatch = {};
    // Our take is checked against the claims as they now stand (no model call): what it said of a claim
    // now disputed, dismissed or contradicted is dropped, never rewritten; an editor's own words stay.
    const sources = assessed?.sources ?? (await loadStorySources(trx, story.id));
    const take = recheckTake(
      story.layers as Layer[],
      takeRecordOf(work.ai_usage),
      {
        panel: panelNow,
        input: buildTakeInput({ storyId: story.id, today: input.now, panel: panelNow, sources }),
        knownOutlets: await trx('feeds')
          .distinct('outlet')
          .then((rows) => rows.map((r: { outlet: string }) => r.outlet)),
        itemsOf: (outlet) => sources.filter((s) => s.outlet === outlet).map((s) => s.id),
      },
      input.now,
    );
    if (take.dropped.length > 0) patch.layers = take.layers;
    if (take.record) workPatch.ai_usage = usageWithRecord(work.ai_usage, take.record);
    let queued = false;
    if (!isLive(story)) {
      const highRisk = riskLevel === 'high' || riskLevel === 'critical';
      const editorFlag = story.flag_reason && work.flag_origin !== 'pipeline' ? story.flag_reason : null;
      const riskFlag = !highRisk || approved ? null : assessed ? `Risk ${riskLevel}: ${assessed.risk.reasons.join('; ')}` : `Risk ${riskLevel}`;
      const next = decidePublication({
        gate: checkPublishGate({
          source_count: story.source_count,
          triangulation_check: triangulated,
          ai_fact_check_panel: panelNow,
          human_verified: approved,
          status_flags: story.status_flags,
        }),
        riskLevel,
        flag: editorFlag ?? riskFlag,
        flagOrigin: editorFlag ? 'editor' : riskFlag ? 'pipeline' : null,
        approved,
      });
      if (next.action === 'publish') {
        Object.assign(patch, { flag_reason: null, auto_publish_eligible: true });
        workPatch.flag_origin = null;
        if (!work.pipeline_next) workPatch.pipeline_next = 'publish';
        queued = true;
      } else if (next.action === 'hold') {
        Object.assign(patch, { flag_reason: null, auto_publish_eligible: false });
        workPatch.flag_origin = null;
      } else if (next.action === 'flag') {
        Object.assign(patch, { flag_reason: next.flag, auto_publish_eligible: false });
        workPatch.flag_origin = 'pipeline';
      } else {
        patch.auto_publish_eligible = false;
      }
      // Already queued for the publish stage, it decides again there by the same rule.
    }
    const claim = panelNow.find((p) => p.key === key) ?? applyClaimDecisions([found.item], decisions, shortVersion)[0]!;
    const updated = await saveStory(trx, story.id, {
      patch,
      work: workPatch,
      audit: auditEntry(`claim_${decision}`, input.actor, input.now, {
        reason,
        details: `claim ${found.index + 1} (${key}): ${truncate(found.item.claim, 160)}${queued ? '; passes the gate, queued for publishing' : ''}${take.dropped.length ? `; our take: ${droppedText(take.dropped)}` : ''}`,
      }),
    });
    return { story: updated, claim, index: found.index, queued };
  });
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
