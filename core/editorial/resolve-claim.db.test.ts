import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { isC360Error } from '../errors';
import { countryFactsEnricher } from '../pipeline/enrich/enrichers';
import { factCheckStories } from '../pipeline/fact-check/fact-check-stories';
import { runPipeline } from '../pipeline/runner';
import { claimKey } from '../stories/claim-resolution';
import type { Story } from '../stories/story';
import { getStoryById } from '../stories/story-repository';
import { describeVerification, verificationState } from '../stories/verification';
import { insertRawItems, type FixtureItem } from '../../test/factories/raw-items';
import { offlinePipelineDeps } from '../../test/helpers/pipeline-deps';
import { openTestDatabase } from '../../test/helpers/test-database';
import { applyOverride } from './apply-override';
import { listAttentionStories } from './attention';
import { resolveClaim } from './resolve-claim';

const fixture = JSON.parse(readFileSync(new URL('../../test/fixtures/pipeline/clustering.json', import.meta.url), 'utf8')) as { items: FixtureItem[] };
const now = new Date('2026-11-20T18:00:00Z');
const editor = 'editor@c360.test';
let db: Database;

const deps = () => offlinePipelineDeps(db.knex, now, { enrichers: [countryFactsEnricher()] });
const byTitle = async (start: string): Promise<Story> => {
  const row = await db.knex('synced_content').select('id').whereLike('title', `${start}%`).first();
  return (await getStoryById(db.knex, row.id))!;
};
const work = (id: string) => db.knex('synced_content').where('id', id).first('pipeline_next', 'flag_origin', 'sources_version', 'approved_sources_version');

beforeAll(async () => {
  db = await openTestDatabase();
  await insertRawItems(
    db.knex,
    fixture.items.map((i) => ({ outlet: i.outlet, title: i.title, summary: i.summary, published_at: i.published_at, created_at: i.published_at })),
  );
  await runPipeline(deps());
}, 120_000);
afterAll(async () => {
  await db.close();
});

describe("an editor's approval sticks until the story's sources change", () => {
  it('the next pipeline run does not flag an approved story again; it waits for its claims without a flag', async () => {
    const story = await byTitle('Grenada nutmeg festival');
    expect(story.flag_reason).toContain('needs at least 2 sources');
    const approved = await applyOverride(db.knex, { id: story.id, action: 'approve', reason: 'Called the festival office', actor: editor, now });

    const run = await runPipeline(deps());
    const after = (await getStoryById(db.knex, story.id))!;
    expect(after).toMatchObject({ flag_reason: null, human_verified: true, pipeline_stage: 'verified', auto_publish_eligible: false });
    expect(after.audit_log.slice(approved.audit_log.length).map((e) => e.action)).toEqual(['held_for_requirements']);
    expect(after.audit_log.at(-1)).toMatchObject({
      action: 'held_for_requirements',
      details: 'approved by an editor; waits for at least 2 sources, every fact-check item resolved',
    });
    expect(run.stats.flaggedForReview).toBe(0);
    // Still in the attention list, where its claims can be resolved.
    expect((await listAttentionStories(db.knex)).map((s) => s.id)).toContain(story.id);
    // And a second run leaves it as it is.
    await runPipeline(deps());
    expect((await getStoryById(db.knex, story.id))!.audit_log.length).toBe(after.audit_log.length);
  });

  it('a fact-check run on the same sources keeps the approval and does not flag the story again', async () => {
    const story = await byTitle('Half Way Tree transport centre');
    expect(story.flag_reason).toMatch(/^Risk high/);
    await applyOverride(db.knex, { id: story.id, action: 'approve', reason: 'Visited the centre', actor: editor, now });
    await db.knex('synced_content').where('id', story.id).update({ pipeline_next: 'fact_check' });
    await runPipeline(deps());
    const after = (await getStoryById(db.knex, story.id))!;
    expect(after).toMatchObject({ human_verified: true, flag_reason: null });
    expect(after.audit_log.map((e) => e.action)).not.toContain('approval_lapsed');
    expect(after.audit_log.at(-1)!.action).toBe('held_for_requirements');
  });

  it('an approval lapses, and claim decisions are dropped, when the sources change', async () => {
    // A story the two-source gate holds (one outlet): a story the fact-check corroborates is published and keeps its approval.
    const story = await byTitle('Dominica geothermal');
    await applyOverride(db.knex, { id: story.id, action: 'approve', reason: 'Read the bill', actor: editor, now });
    await resolveClaim(db.knex, { id: story.id, claim: '1', action: 'confirm', reason: 'In the Hansard', actor: editor, now });
    // A new outlet joined (as clustering records it) and the story was summarised again.
    await db
      .knex('synced_content')
      .where('id', story.id)
      .update({ sources_version: db.knex.raw('sources_version + 1'), pipeline_next: 'fact_check' });
    await factCheckStories({ ...deps() });
    const after = (await getStoryById(db.knex, story.id))!;
    expect(after.human_verified).toBe(false);
    expect(after.ai_fact_check_panel[0]).toMatchObject({ decision: null, resolved: false });
    expect(after.auto_publish_eligible).toBe(false);
    expect(after.audit_log.map((e) => e.action)).toEqual(expect.arrayContaining(['approval_lapsed', 'claim_decisions_dropped']));
    expect(await db.knex('claim_decisions').where('story_id', story.id).count({ n: '*' }).first()).toMatchObject({ n: 0 });
    // No approval left: the publish stage decides again (and holds one outlet back by the two-source rule).
    expect(await work(story.id)).toMatchObject({ approved_sources_version: null, pipeline_next: 'publish' });
  });
});

describe('resolveClaim', () => {
  it('confirm: the claim counts as resolved, the gate is recomputed at once and the story is queued, then published by the next run', async () => {
    // Two independent sources, held back only by its one claim that a single source states.
    const row = await db
      .knex('synced_content')
      .select('id')
      .where('flag_reason', 'Not auto-published: needs triangulation check passed, every fact-check item resolved')
      .where('source_count', 2)
      .whereNot('title', 'like', 'West Indies call up%')
      .whereNot('title', 'like', 'Senate approves%')
      .orderBy('title')
      .first();
    const story = (await getStoryById(db.knex, row.id))!;
    expect(story.ai_fact_check_panel[0]).toMatchObject({ verdict: 'single source', resolved: false });
    const result = await resolveClaim(db.knex, {
      id: story.id,
      claim: '1',
      action: 'confirm',
      reason: '  Police confirmed the family of six  ',
      actor: editor,
      now,
    });
    expect(result.queued).toBe(true);
    expect(result.claim).toMatchObject({
      key: claimKey(story.ai_fact_check_panel[0]!.claim),
      decision: 'confirmed',
      resolved: true,
      decided_by: editor,
      decision_reason: 'Police confirmed the family of six',
      unresolved_reason: null,
    });
    expect(result.story).toMatchObject({ flag_reason: null, auto_publish_eligible: true, triangulation_check: true, last_updated_by: editor });
    expect(result.story.ai_risk_level).not.toMatch(/high|critical/);
    // Its two outlets did not agree on the claim; the editor vouched for it: labelled as such, not as two sources.
    expect(describeVerification(result.story)).toEqual({ state: 'editor', independent_sources: 2, verified_by: editor });
    expect(result.story.audit_log.at(-1)).toMatchObject({ action: 'claim_confirmed', user: editor, reason: 'Police confirmed the family of six' });
    expect(await work(story.id)).toMatchObject({ pipeline_next: 'publish', flag_origin: null });

    await runPipeline(deps());
    expect((await getStoryById(db.knex, story.id))!.pipeline_stage).toBe('published');
  });

  it('a decision survives the next fact-check while the claim and the sources are the same', async () => {
    const story = await byTitle('West Indies call up uncapped');
    const key = claimKey(story.ai_fact_check_panel[0]!.claim);
    await resolveClaim(db.knex, { id: story.id, claim: key.slice(0, 8), action: 'dismiss', reason: 'Squad lists are not claims', actor: editor, now });
    await db.knex('synced_content').where('id', story.id).update({ pipeline_next: 'fact_check' });
    await factCheckStories(deps());
    const after = (await getStoryById(db.knex, story.id))!;
    expect(after.ai_fact_check_panel[0]).toMatchObject({ key, decision: 'dismissed', resolved: true, decided_by: editor });
    expect(after.flag_reason).toBeNull();
  });

  it('dispute: the claim is unresolved and the story cannot auto-publish, even approved', async () => {
    const story = await byTitle('Senate passes Data Protection');
    await applyOverride(db.knex, { id: story.id, action: 'approve', actor: editor, now });
    const result = await resolveClaim(db.knex, { id: story.id, claim: '1', action: 'dispute', reason: 'The vote was on Friday', actor: editor, now });
    expect(result.claim).toMatchObject({ decision: 'disputed', resolved: false, unresolved_reason: `disputed by ${editor}: The vote was on Friday` });
    expect(result).toMatchObject({ queued: false, story: { auto_publish_eligible: false, flag_reason: null } });
    await runPipeline(deps());
    expect((await getStoryById(db.knex, story.id))!.pipeline_stage).toBe('verified');
  });

  it('flags an unapproved story as the publish stage would when it still misses a requirement', async () => {
    const story = await byTitle('Dominica geothermal');
    const result = await resolveClaim(db.knex, { id: story.id, claim: '1', action: 'confirm', reason: 'Seen on site', actor: editor, now });
    expect(result.queued).toBe(false);
    // Confirming its one claim does not make one outlet two: still held by the two-source rule,
    // not triangulated, and labelled verified by an editor (issue 23: it counted as triangulated).
    expect(result.story.flag_reason).toContain('needs at least 2 sources');
    expect(result.story.source_count).toBe(1);
    expect(result.story.triangulation_check).toBe(false);
    expect(verificationState(result.story)).toBe('editor');
    expect(await work(story.id)).toMatchObject({ flag_origin: 'pipeline', pipeline_next: null });
  });

  it("our take: a dispute drops the sentence saying the outlets agree on the claim's figure; a confirm leaves it as it was", async () => {
    const story = await byTitle('Saint Lucia stayover arrivals');
    const takeOf = (s: Story) => s.layers.find((l) => l.layerType === 'our_take')!;
    const agreement = 'Castries Voice and Antilles Wire give the same figure: 9% more stayover.';
    expect(takeOf(story).content).toBe(agreement);
    const sentence = story.ai_fact_check_panel.findIndex((p) => p.claim.startsWith('Saint Lucia welcomed 9% more stayover visitors'));
    const headline = story.ai_fact_check_panel.findIndex((p) => p.claim === 'Saint Lucia stayover arrivals up 9 percent');
    expect([sentence, headline].every((i) => i >= 0)).toBe(true);

    // Confirming a claim changes nothing the take says.
    const confirmed = await resolveClaim(db.knex, {
      id: story.id,
      claim: String(headline + 1),
      action: 'confirm',
      reason: 'Tourism Authority release',
      actor: editor,
      now,
    });
    expect(takeOf(confirmed.story)).toEqual(takeOf(story));
    expect(confirmed.story.audit_log.at(-1)!.details).not.toContain('our take');

    const disputed = await resolveClaim(db.knex, {
      id: story.id,
      claim: String(sentence + 1),
      action: 'dispute',
      reason: 'The authority gives 7%, not 9%',
      actor: editor,
      now,
    });
    // Stored without the agreement: the layer is emptied, nothing written in its place.
    const stored = (await getStoryById(db.knex, story.id))!;
    for (const s of [disputed.story, stored]) {
      expect(takeOf(s).content).not.toContain('give the same figure');
      expect(takeOf(s).sentences ?? []).toEqual([]);
    }
    expect(stored.audit_log.at(-1)).toMatchObject({ action: 'claim_disputed', user: editor });
    expect(stored.audit_log.at(-1)!.details).toContain(`our take: 1 sentence(s) dropped: "${agreement}" (says outlets agree on "Saint Lucia welcomed 9% more`);
    expect(stored.audit_log.at(-1)!.details).toContain(`disputed by ${editor})`);

    // Checked again at the same sources, the offline take it was summarised with is held to the decision too.
    await db
      .knex('synced_content')
      .where('id', story.id)
      .update({ layers: JSON.stringify(story.layers), pipeline_next: 'fact_check' });
    await factCheckStories(deps());
    const checked = (await getStoryById(db.knex, story.id))!;
    expect(takeOf(checked).content).not.toContain('give the same figure');
    expect(checked.audit_log.map((e) => e.action)).toContain('our_take_rechecked');
  });

  it('refuses an unknown story or claim, a bad decision, and an empty or oversized reason, saying what to do', async () => {
    const story = await byTitle('Jamaica visitor arrivals');
    const attempt = (input: Partial<Parameters<typeof resolveClaim>[1]>) =>
      resolveClaim(db.knex, { id: story.id, claim: '1', action: 'confirm', reason: 'ok', actor: editor, now, ...input }).catch((e: unknown) => e);
    const missingStory = await attempt({ id: '00000000-0000-4000-8000-000000000000' });
    expect(isC360Error(missingStory, 'not_found')).toBe(true);
    const missingClaim = await attempt({ claim: '7' });
    expect(isC360Error(missingClaim, 'not_found')).toBe(true);
    expect((missingClaim as Error).message).toBe(`No claim "7" in "${story.title}" (it has 1 claim).`);
    expect((missingClaim as { hint: string }).hint).toContain('c360 stories show');
    expect(isC360Error(await attempt({ action: 'approve' as never }), 'invalid_input')).toBe(true);
    expect(((await attempt({ reason: '   ' })) as Error).message).toBe('A reason is required.');
    expect(isC360Error(await attempt({ reason: 'x'.repeat(501) }), 'invalid_input')).toBe(true);
    await db.knex('synced_content').where('id', story.id).update({ pipeline_next: 'summarise' });
    expect(isC360Error(await attempt({}), 'conflict')).toBe(true);
    await db.knex('synced_content').where('id', story.id).update({ pipeline_next: null });
    // Nothing was recorded by the refusals.
    expect((await getStoryById(db.knex, story.id))!.audit_log.some((e) => e.action.startsWith('claim_'))).toBe(false);
  });
});
