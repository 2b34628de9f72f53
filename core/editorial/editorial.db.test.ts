import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { CHANNELS } from '../db/notify';
import { isC360Error } from '../errors';
import { silentLogger } from '../logger';
import { autoPublish } from '../pipeline/publish/auto-publish';
import type { StageContext } from '../pipeline/types';
import { getStoryById } from '../stories/story-repository';
import { createStory } from '../../test/factories/stories';
import { listenTo, until } from '../../test/helpers/listen';
import { openTestDatabase } from '../../test/helpers/test-database';
import { applyOverride } from './apply-override';
import { listAttentionStories } from './attention';
import { publishStory } from './publish-story';
import { resolveStoryId } from './story-lookup';

let db: Database;
const now = new Date('2026-11-20T12:00:00Z');
const actor = 'cli:override (tester)';

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.knex('synced_content').del();
});

/** A fact-checked story waiting for the publish stage. */
async function verifiedStory(overrides: Parameters<typeof createStory>[1] = {}) {
  const story = await createStory(db.knex, {
    pipeline_stage: 'verified',
    status: 'draft',
    published_at: null,
    ai_risk_level: 'low',
    auto_publish_eligible: true,
    ...overrides,
  });
  await db.knex('synced_content').where('id', story.id).update({ pipeline_next: 'publish' });
  return story;
}

const ctx = (): StageContext => ({
  db: db.knex,
  clock: () => now,
  logger: silentLogger,
  actor: 'cron:pipeline',
  workerId: 'w1',
  leaseMs: 60_000,
  batchSize: 10,
});

describe('publishStory', () => {
  it('publishes a story that passes the gate, featured as asked, with the actor in the audit log, and announces it', async () => {
    const story = await verifiedStory();
    const listener = await listenTo(db, CHANNELS.storyUpdated);
    const published = await publishStory(db.knex, {
      id: story.id,
      feature: { homepage: true, section: false, priority: 2, expiresAt: null },
      actor: 'cli:publish (tester)',
      now,
    });
    expect(published).toMatchObject({
      pipeline_stage: 'published',
      status: 'published',
      is_featured: true,
      featured_priority: 2,
      last_updated_by: 'cli:publish (tester)',
      published_at: now.toISOString(),
    });
    expect(published.audit_log.at(-1)).toMatchObject({ action: 'publish', user: 'cli:publish (tester)', details: 'featured on homepage, priority 2' });
    await until(() => listener.payloads.some((p) => p.id === story.id));
    await listener.stop();
  });

  it('refuses a story that fails the gate and names each missing requirement', async () => {
    const story = await verifiedStory({
      source_count: 1,
      source_list: ['Kingston Ledger'],
      triangulation_check: false,
      ai_fact_check_panel: [{ claim: 'x', resolved: false }],
    });
    const error = await publishStory(db.knex, { id: story.id, actor, now }).catch((e: unknown) => e);
    expect(isC360Error(error, 'publish_gate_failed')).toBe(true);
    expect((error as Error).message).toBe(
      `Cannot publish "${story.title}": it needs at least 2 sources, triangulation check passed, every fact-check item resolved.`,
    );
    expect((await getStoryById(db.knex, story.id))!.pipeline_stage).toBe('verified');
  });
});

describe('applyOverride', () => {
  it('approve: eligible, verified, flag cleared, queued for the publish stage', async () => {
    const story = await createStory(db.knex, { pipeline_stage: 'verified', status: 'draft', published_at: null, flag_reason: 'Risk high: single source' });
    const result = await applyOverride(db.knex, { id: story.id, action: 'approve', reason: 'Confirmed by phone', actor, now });
    expect(result).toMatchObject({ auto_publish_eligible: true, human_verified: true, flag_reason: null, last_updated_by: actor });
    expect(result.audit_log.at(-1)).toMatchObject({ action: 'manual_override_approve', user: actor, reason: 'Confirmed by phone' });
    expect(await db.knex('synced_content').where('id', story.id).first('pipeline_next', 'flag_origin')).toEqual({
      pipeline_next: 'publish',
      flag_origin: null,
    });
  });

  it('reject and escalate: an editor flag with the reason or the default text', async () => {
    const a = await verifiedStory();
    const rejected = await applyOverride(db.knex, { id: a.id, action: 'reject', actor, now });
    expect(rejected).toMatchObject({ auto_publish_eligible: false, flag_reason: 'Manual rejection' });
    const b = await createStory(db.knex, { pipeline_stage: 'drafted', status: 'draft', published_at: null });
    const escalated = await applyOverride(db.knex, { id: b.id, action: 'escalate', reason: 'Legal review', actor, now });
    expect(escalated).toMatchObject({ flag_reason: 'Legal review', pipeline_stage: 'verified' });
    const work = await db.knex('synced_content').whereIn('id', [a.id, b.id]).select('id', 'flag_origin', 'pipeline_next');
    expect(work.find((w: { id: string }) => w.id === a.id)).toMatchObject({ flag_origin: 'editor', pipeline_next: null });
    expect(work.find((w: { id: string }) => w.id === b.id)).toMatchObject({ flag_origin: 'editor' });
  });

  it('force publish: published whatever the gate says', async () => {
    const story = await createStory(db.knex, { pipeline_stage: 'verified', status: 'draft', published_at: null, source_count: 1, triangulation_check: false });
    const result = await applyOverride(db.knex, { id: story.id, action: 'publish', reason: 'Confirmed by the minister', actor, now });
    expect(result).toMatchObject({
      pipeline_stage: 'published',
      status: 'published',
      auto_publish_eligible: true,
      human_verified: true,
      published_at: now.toISOString(),
    });
    expect(result.audit_log.at(-1)).toMatchObject({ action: 'manual_override_publish', reason: 'Confirmed by the minister' });
  });

  it('force publish: refused without a reason, and nothing changes', async () => {
    const story = await createStory(db.knex, { pipeline_stage: 'verified', status: 'draft', published_at: null, source_count: 1 });
    for (const reason of [undefined, '  ', 'x'.repeat(501)]) {
      const error = await applyOverride(db.knex, { id: story.id, action: 'publish', reason, actor, now }).catch((e: unknown) => e);
      expect(isC360Error(error, 'invalid_input')).toBe(true);
      expect((error as Error).message).toMatch(/^Force publish needs a reason: /);
    }
    expect((await getStoryById(db.knex, story.id))!).toMatchObject({ pipeline_stage: 'verified', status: 'draft' });
  });

  it('refuses an unknown story or action', async () => {
    await expect(applyOverride(db.knex, { id: '00000000-0000-4000-8000-000000000000', action: 'approve', actor, now })).rejects.toThrow('No story with id');
    const story = await createStory(db.knex);
    await expect(applyOverride(db.knex, { id: story.id, action: 'delete' as never, actor, now })).rejects.toThrow('Unknown override "delete"');
  });
});

describe('auto-publish stage', () => {
  it('publishes gate-passing low and medium risk stories, flags the rest with the reason, respects editors', async () => {
    const low = await verifiedStory({ title: 'Low risk story' });
    const medium = await verifiedStory({ title: 'Medium risk story', ai_risk_level: 'medium' });
    const high = await verifiedStory({
      title: 'High risk story',
      ai_risk_level: 'high',
      flag_reason: 'Risk high: single source',
      auto_publish_eligible: false,
    });
    await db.knex('synced_content').where('id', high.id).update({ flag_origin: 'pipeline' });
    const oneSource = await verifiedStory({ title: 'One source story', source_count: 1, source_list: ['Kingston Ledger'] });
    const rejected = await verifiedStory({ title: 'Rejected story' });
    await applyOverride(db.knex, { id: rejected.id, action: 'reject', actor, now });
    await db.knex('synced_content').where('id', rejected.id).update({ pipeline_next: 'publish' });
    const approvedHigh = await verifiedStory({ title: 'Approved high risk', ai_risk_level: 'high', flag_reason: 'Risk high: x' });
    await applyOverride(db.knex, { id: approvedHigh.id, action: 'approve', actor, now });
    await db.knex('synced_content').where('id', approvedHigh.id).update({ pipeline_next: 'publish' });

    const stats = await autoPublish(ctx());
    expect(stats).toMatchObject({ processed: 6, autoPublished: 3, flaggedForReview: 3, failed: 0 });
    const after = async (id: string) => (await getStoryById(db.knex, id))!;
    expect((await after(low.id)).pipeline_stage).toBe('published');
    expect((await after(medium.id)).pipeline_stage).toBe('published');
    expect((await after(approvedHigh.id)).pipeline_stage).toBe('published');
    expect(await after(high.id)).toMatchObject({ pipeline_stage: 'verified', flag_reason: 'Risk high: single source' });
    expect(await after(oneSource.id)).toMatchObject({
      pipeline_stage: 'verified',
      flag_reason: 'Not auto-published: needs at least 2 sources',
      auto_publish_eligible: false,
    });
    expect(await after(rejected.id)).toMatchObject({ pipeline_stage: 'verified', flag_reason: 'Manual rejection' });
    expect((await after(low.id)).audit_log.at(-1)).toMatchObject({ action: 'publish', user: 'cron:pipeline' });
    // Idempotent: nothing is due any more.
    expect(await autoPublish(ctx())).toMatchObject({ processed: 0 });
    const attention = (await listAttentionStories(db.knex)).map((s) => s.title).sort();
    expect(attention).toEqual(['High risk story', 'One source story', 'Rejected story']);
  });
});

describe('resolveStoryId', () => {
  it('accepts a UUID or a unique prefix, and says what is wrong otherwise', async () => {
    const story = await createStory(db.knex);
    expect(await resolveStoryId(db.knex, story.id.slice(0, 8))).toBe(story.id);
    expect(await resolveStoryId(db.knex, story.id.toUpperCase())).toBe(story.id);
    await expect(resolveStoryId(db.knex, 'not an id')).rejects.toThrow('is not a story id');
    await expect(resolveStoryId(db.knex, 'ffffffffff')).rejects.toThrow('No story id starts with');
  });
});
