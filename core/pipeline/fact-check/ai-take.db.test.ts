import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/open-database';
import { silentLogger } from '../../logger';
import type { Layer } from '../../stories/story';
import { insertRawItems } from '../../../test/factories/raw-items';
import { startFakeOpenAi, type FakeOpenAi, type FakeTakeLedger, type FakeTakeSentence } from '../../../test/helpers/fake-openai';
import { openTestDatabase } from '../../../test/helpers/test-database';
import { clusterItems } from '../cluster/cluster-items';
import { createOfflineProvider } from '../summarise/offline-provider';
import { createOpenAiProvider } from '../summarise/openai-provider';
import type { AiProvider } from '../summarise/provider';
import { summariseStories } from '../summarise/summarise-stories';
import type { StageContext } from '../types';
import { resolveClaim } from '../../editorial/resolve-claim';
import { factCheckStories } from './fact-check-stories';

/**
 * "Our take" written by the model from the stored claim ledger, through the real stages against a
 * loopback OpenAI-compatible server: what the ledger bears out is stored where the article, the API
 * and the console read it; anything else (and any failure) leaves the offline take.
 */

let db: Database;
let fake: FakeOpenAi;
const ctx = (): StageContext => ({
  db: db.knex,
  clock: () => new Date('2026-11-18T12:00:00Z'),
  logger: silentLogger,
  actor: 'cron:pipeline',
  workerId: 'w',
  leaseMs: 60_000,
  batchSize: 10,
});
const openai = (timeoutMs = 3000) => createOpenAiProvider({ apiKey: 'k', baseUrl: fake.baseUrl, model: 'fake-model', timeoutMs, maxRetries: 1, backoffMs: 1 });

const HOMELESS = 'Fifteen people were left homeless by a fire near Ocho Rios in St Ann.';
const KITCHEN = 'The fire started in a kitchen.';

beforeAll(async () => {
  db = await openTestDatabase();
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
  await db.close();
});
beforeEach(async () => {
  await db.knex('raw_feeds').del();
  await db.knex('synced_content').del();
  // Clustering's term statistics grow with every item seen: each test starts as a fresh site would.
  await db.knex('cluster_term_stats').del();
  fake.takeCalls = 0;
  fake.takeRequests = [];
  fake.setTake('valid');
});

/** A two-outlet fire story summarised by `ai`, its claims as a model would write them; returns its id and the take it was drafted with. */
async function draftedStory(ai: AiProvider): Promise<{ id: string; draftTake: string }> {
  await insertRawItems(db.knex, [
    {
      outlet: 'Kingston Ledger',
      owner_group: 'Ledger Media',
      title: 'Blaze destroys four homes in Ocho Rios community',
      summary:
        'Four houses were gutted by fire in the Ocho Rios area of St Ann early Monday, leaving 15 residents homeless. The fire started in a kitchen, firefighters said.',
      published_at: '2026-11-16T08:00:00Z',
    },
    {
      outlet: 'Antilles Wire',
      owner_group: 'Antilles Wire',
      title: 'St Ann fire leaves 15 people homeless',
      summary:
        'Fifteen people are homeless after a fire swept through four dwellings near Ocho Rios, St Ann, on Monday morning. The parish council will meet on Friday to discuss relief for the families.',
      published_at: '2026-11-16T11:30:00Z',
    },
  ]);
  await clusterItems(ctx());
  expect(await summariseStories(ctx(), { ai })).toMatchObject({ processed: 1, failed: 0 });
  const [row] = await db.knex('synced_content').select('id', 'layers');
  await db
    .knex('synced_content')
    .where('id', row.id)
    .update({ claims: JSON.stringify([HOMELESS, KITCHEN].map((text) => ({ text, figures: [], entities: [] }))) });
  return { id: row.id, draftTake: takeOf(row.layers) };
}

const takeOf = (layers: Layer[]) => layers.find((l) => l.layerType === 'our_take')?.content ?? '';
const story = async (id: string) => db.knex('synced_content').where('id', id).first();
const idOf = (ledger: FakeTakeLedger, text: string) => ledger.claims.find((c) => c.claim === text)!.id;

const AGREED = 'Kingston Ledger and Antilles Wire agree that 15 people were left homeless.';
const agreed = (l: FakeTakeLedger): FakeTakeSentence => ({
  text: AGREED,
  kind: 'agree',
  cites: [idOf(l, HOMELESS)],
  outlets: ['Kingston Ledger', 'Antilles Wire'],
});
const ONLY_ONE = 'Only Kingston Ledger reports that the fire started in a kitchen.';
const onlyOne = (l: FakeTakeLedger): FakeTakeSentence => ({ text: ONLY_ONE, kind: 'single', cites: [idOf(l, KITCHEN)], outlets: ['Kingston Ledger'] });

describe('our take written by the model from the claim ledger, checked before it is stored', () => {
  it("a good answer is stored as the story's take, recorded as written by the model and checked; an unchanged ledger is not asked again", async () => {
    const { id, draftTake } = await draftedStory(openai());
    fake.setTake((l) => [agreed(l), onlyOne(l)]);
    const stats = await factCheckStories(ctx(), { ai: openai() });
    expect(stats).toMatchObject({ processed: 1, ourTakeCalls: 1, ourTakesWritten: 1, ourTakeFailures: 0 });
    expect(fake.takeCalls).toBe(1);
    // The model was given the ledger: who supports each claim, as the fact-check found it.
    const ledger = fake.takeRequests[0]!;
    const homeless = ledger.claims.find((c) => c.claim === HOMELESS)!;
    expect(homeless.supported_by.sort()).toEqual(['Antilles Wire', 'Kingston Ledger']);
    expect(ledger.claims.find((c) => c.claim === KITCHEN)!.supported_by).toEqual(['Kingston Ledger']);
    expect(ledger.coverage.map((o) => o.outlet)).toEqual(['Kingston Ledger', 'Antilles Wire']);
    expect(ledger.dated_events.some((e) => e.date === '2026-11-20' && /parish council/.test(e.event))).toBe(true);

    const row = await story(id);
    expect(takeOf(row.layers)).toBe(`${AGREED} ${ONLY_ONE}`);
    expect(takeOf(row.layers)).not.toBe(draftTake);
    const take = row.layers.find((l: Layer) => l.layerType === 'our_take');
    expect(take.sentences[1]).toMatchObject({ text: ONLY_ONE, outlets: ['Kingston Ledger'] });
    expect(row.ai_usage.our_take).toMatchObject({ provider: 'openai', model: 'fake-model', status: 'written', checked: true, kept: 2, dropped: 0 });
    expect(row.ai_usage.calls).toBe(2); // the summary and the take
    expect(row.audit_log.map((e: { action: string }) => e.action)).toContain('our_take_checked');
    expect(row.pipeline_next).toBe('publish');

    // Fact-checked again with the same ledger: no call, the checked take stays.
    await db.knex('synced_content').where('id', id).update({ pipeline_next: 'fact_check' });
    expect(await factCheckStories(ctx(), { ai: openai() })).toMatchObject({ processed: 1, ourTakeCalls: 0 });
    expect(fake.takeCalls).toBe(1);
    expect(takeOf((await story(id)).layers)).toBe(`${AGREED} ${ONLY_ONE}`);
  });

  it('a sentence claiming agreement the ledger lacks is dropped; the rest is stored', async () => {
    const { id } = await draftedStory(openai());
    fake.setTake((l) => [
      agreed(l),
      { text: 'Kingston Ledger and Antilles Wire agree that the fire started in a kitchen.', kind: 'agree', cites: [idOf(l, KITCHEN)], outlets: [] },
    ]);
    await factCheckStories(ctx(), { ai: openai() });
    const row = await story(id);
    expect(takeOf(row.layers)).toBe(AGREED);
    expect(row.ai_usage.our_take).toMatchObject({ status: 'written', kept: 1, dropped: 1 });
    expect(row.ai_usage.our_take.reasons[0]).toMatch(/agree on c\d, which only Kingston Ledger supports/);
  });

  it('a sentence stating a number the ledger does not give is dropped', async () => {
    const { id } = await draftedStory(openai());
    fake.setTake((l) => [
      onlyOne(l),
      { text: 'Kingston Ledger and Antilles Wire agree that 17 people were left homeless.', kind: 'agree', cites: [idOf(l, HOMELESS)], outlets: [] },
    ]);
    await factCheckStories(ctx(), { ai: openai() });
    const row = await story(id);
    expect(takeOf(row.layers)).toBe(ONLY_ONE);
    expect(row.ai_usage.our_take.reasons).toEqual([expect.stringMatching(/states 17/)]);
  });

  it('when no sentence survives the check, the offline take stays', async () => {
    const { id, draftTake } = await draftedStory(openai());
    fake.setTake((l) => [
      { text: 'The Gleaner and Kingston Ledger agree that 17 people lost their homes.', kind: 'agree', cites: [idOf(l, HOMELESS)], outlets: [] },
    ]);
    const stats = await factCheckStories(ctx(), { ai: openai() });
    expect(stats).toMatchObject({ ourTakeCalls: 1, ourTakesWritten: 0 });
    const row = await story(id);
    expect(takeOf(row.layers)).toBe(draftTake);
    expect(row.ai_usage.our_take).toMatchObject({ status: 'nothing_kept', kept: 0, dropped: 1 });
  });

  for (const failure of ['garbage', 'hang'] as const) {
    it(`${failure === 'garbage' ? 'garbage JSON' : 'a timeout'}: the offline take stays, the failure is counted and the story is still checked`, async () => {
      const { id, draftTake } = await draftedStory(openai());
      expect(draftTake).toMatch(/Kingston Ledger|Antilles Wire/);
      fake.setTake(failure);
      const started = Date.now();
      const stats = await factCheckStories(ctx(), { ai: openai(300) });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(stats).toMatchObject({ processed: 1, failed: 0, ourTakeCalls: 1, ourTakeFailures: 1 });
      expect(fake.takeCalls).toBe(failure === 'hang' ? 2 : 1); // a timeout is retried once, garbage is not
      const row = await story(id);
      expect(takeOf(row.layers)).toBe(draftTake);
      expect(row.pipeline_next).toBe('publish');
      expect(row.ai_usage.our_take).toMatchObject({ status: 'failed', checked: true });
      expect(row.ai_usage.our_take.reasons[0]).toMatch(failure === 'hang' ? /timed out/ : /not \{"sentences"/);
      expect(JSON.stringify(row.ai_usage)).not.toContain('"k"');
      expect(row.audit_log.at(-1)).toMatchObject({ action: 'fact_checked' });
      expect(row.audit_log.map((e: { action: string }) => e.action)).toContain('our_take_failed');

      // Checked again with the same ledger once the model answers: the failed call is tried again.
      fake.setTake((l) => [agreed(l)]);
      await db.knex('synced_content').where('id', id).update({ pipeline_next: 'fact_check' });
      expect(await factCheckStories(ctx(), { ai: openai() })).toMatchObject({ processed: 1, ourTakeCalls: 1, ourTakesWritten: 1 });
      expect(takeOf((await story(id)).layers)).toBe(AGREED);
    });
  }

  it("an editor's own words in our take are kept: no call", async () => {
    const { id } = await draftedStory(openai());
    const row = await story(id);
    const edited = row.layers.map((l: Layer) => (l.layerType === 'our_take' ? { ...l, content: 'Our editor compared the coverage by hand.' } : l));
    await db
      .knex('synced_content')
      .where('id', id)
      .update({ layers: JSON.stringify(edited) });
    fake.setTake((l) => [agreed(l)]);
    expect(await factCheckStories(ctx(), { ai: openai() })).toMatchObject({ processed: 1, ourTakeCalls: 0 });
    expect(fake.takeCalls).toBe(0);
    expect(takeOf((await story(id)).layers)).toBe('Our editor compared the coverage by hand.');
  });

  it("an editor's claim decision checks the model's take again, with no call: a dispute drops the agreement on it, a confirm changes nothing", async () => {
    const { id } = await draftedStory(openai());
    fake.setTake((l) => [agreed(l), onlyOne(l)]);
    await factCheckStories(ctx(), { ai: openai() });
    const written = await story(id);
    expect(takeOf(written.layers)).toBe(`${AGREED} ${ONLY_ONE}`);
    const number = (text: string) => String(written.ai_fact_check_panel.findIndex((p: { claim: string }) => p.claim === text) + 1);
    const now = new Date('2026-11-18T13:00:00Z');

    const confirmed = await resolveClaim(db.knex, { id, claim: number(KITCHEN), action: 'confirm', reason: 'Fire brigade report', actor: 'ed', now });
    expect(confirmed.story.layers.find((l) => l.layerType === 'our_take')).toEqual(written.layers.find((l: Layer) => l.layerType === 'our_take'));
    expect((await story(id)).ai_usage.our_take).toEqual(written.ai_usage.our_take);

    await resolveClaim(db.knex, { id, claim: number(HOMELESS), action: 'dispute', reason: 'The council counts 12', actor: 'ed', now });
    const row = await story(id);
    expect(takeOf(row.layers)).toBe(ONLY_ONE);
    expect(row.layers.find((l: Layer) => l.layerType === 'our_take').sentences.map((s: { text: string }) => s.text)).toEqual([ONLY_ONE]);
    expect(fake.takeCalls).toBe(1);
    expect(row.ai_usage.calls).toBe(written.ai_usage.calls);
    expect(row.ai_usage.our_take).toMatchObject({
      status: 'written',
      kept: 1,
      rechecked: { dropped: [{ text: AGREED, reason: expect.stringMatching(/agree on c\d, which the fact-check found disputed/) }] },
    });
    expect(row.audit_log.at(-1)).toMatchObject({ action: 'claim_disputed', user: 'ed' });
    expect(row.audit_log.at(-1).details).toContain(`our take: 1 sentence(s) dropped: "${AGREED}"`);

    // Dismissing the other claim leaves nothing the ledger bears out: the layer is emptied, not rewritten.
    await resolveClaim(db.knex, { id, claim: number(KITCHEN), action: 'dismiss', reason: 'Not a claim', actor: 'ed', now });
    const emptied = await story(id);
    expect(takeOf(emptied.layers)).toBe('');
    expect(emptied.ai_usage.our_take).toMatchObject({ status: 'nothing_kept', kept: 0 });
    expect(emptied.audit_log.at(-1).details).toMatch(/our take: 1 sentence\(s\) dropped: "Only Kingston Ledger.*dismissed by ed/);
    expect(fake.takeCalls).toBe(1);
  });

  it('the offline provider makes no call and leaves the offline take as it is', async () => {
    const offline = createOfflineProvider();
    expect(offline.writeTake).toBeUndefined();
    const { id, draftTake } = await draftedStory(offline);
    const stats = await factCheckStories(ctx(), { ai: offline });
    expect(stats).toMatchObject({ processed: 1, ourTakeCalls: 0 });
    expect(fake.takeCalls).toBe(0);
    const row = await story(id);
    expect(draftTake).not.toBe('');
    expect(takeOf(row.layers)).toBe(draftTake);
    expect(row.ai_usage?.our_take).toBeUndefined();
  });
});
