import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/open-database';
import type { Logger } from '../../logger';
import { silentLogger } from '../../logger';
import { insertRawItems } from '../../../test/factories/raw-items';
import { captureLogger } from '../../../test/helpers/capture-logger';
import { useTestDatabase } from '../../../test/helpers/test-database';
import { clusterItems } from '../cluster/cluster-items';
import { createOfflineProvider } from '../summarise/offline-provider';
import { AiFailure, emptyUsage, type AiProvider, type ClaimRelation, type JudgeClaimInput } from '../summarise/provider';
import { summariseStories } from '../summarise/summarise-stories';
import type { StageContext } from '../types';
import { resolveClaim } from '../../editorial/resolve-claim';
import { factCheckStories } from './fact-check-stories';

/**
 * A claim/report pair the rule cannot decide (the same figure, what happened in other words) put to a
 * model through the real fact-check stage, with fake provider objects: an answer that parses counts and
 * the ledger says so; garbage, a refusal or a timeout leaves the rule's answer; a decided pair is never asked.
 */

let db: Database;
const ctx = (logger: Logger = silentLogger): StageContext => ({
  db: db.knex,
  clock: () => new Date('2026-11-03T18:00:00Z'),
  logger,
  actor: 'cron:pipeline',
  workerId: 'w',
  leaseMs: 60_000,
  batchSize: 10,
});

const CLAIM = 'The Dominican Republic deported 28,000 Haitians in October.';
/** The rule finds this sentence neither stating the claim nor contradicting it: the same figure, the action in other words. */
const PARAPHRASE = 'Dominican authorities sent 28,000 Haitian migrants back across the border in October.';

useTestDatabase((opened) => (db = opened), ['raw_feeds', 'synced_content', 'cluster_term_stats']);

/** A two-outlet story (independent owners): the first states CLAIM, the second `second`. */
async function story(second: string): Promise<string> {
  await insertRawItems(db.knex, [
    {
      outlet: 'Kingston Ledger',
      owner_group: 'Ledger Media',
      title: 'Dominican Republic deported 28,000 Haitians in October',
      summary: `${CLAIM} The migration agency gave the figure on Monday.`,
      published_at: '2026-11-03T08:00:00Z',
    },
    {
      outlet: 'Antilles Wire',
      owner_group: 'Antilles Wire',
      title: 'Dominican Republic: 28,000 Haitians in October',
      summary: `${second} Haitian officials criticised the expulsions.`,
      published_at: '2026-11-03T11:00:00Z',
    },
  ]);
  await clusterItems(ctx());
  expect(await summariseStories(ctx(), { ai: createOfflineProvider() })).toMatchObject({ processed: 1, failed: 0 });
  const rows = await db.knex('synced_content').select('id', 'source_count');
  expect(rows).toHaveLength(1);
  expect(rows[0].source_count).toBe(2);
  await db
    .knex('synced_content')
    .where('id', rows[0].id)
    .update({ claims: JSON.stringify([{ text: CLAIM, figures: [], entities: [] }]) });
  return rows[0].id;
}

/** A provider object as the stage sees one, whose judgeClaim answers `answer` (or fails as told) and records what it was asked. */
function fakeJudge(answer: ClaimRelation | 'garbage' | 'refuse' | 'timeout'): AiProvider & { asked: JudgeClaimInput[] } {
  const offline = createOfflineProvider();
  const asked: JudgeClaimInput[] = [];
  return {
    name: 'fake',
    model: 'fake-judge',
    summarise: offline.summarise,
    asked,
    async judgeClaim(input) {
      asked.push(input);
      const usage = { ...emptyUsage('fake', 'fake-judge'), calls: 1, promptTokens: 100, completionTokens: 5, totalTokens: 105 };
      if (answer === 'timeout') throw new AiFailure('Request timed out. (gave up after 2 attempts)', { ...usage, calls: 2 });
      if (answer === 'refuse') throw new AiFailure('the model refused: I cannot help with that.', usage, { retryable: false });
      // An answer of the wrong shape, as a provider that does not validate it might pass on.
      if (answer === 'garbage') return { relation: 'probably' as ClaimRelation, usage };
      return { relation: answer, usage };
    },
  };
}

type PanelItem = {
  claim: string;
  verdict: string;
  independent_outlets: string[];
  explanation: string;
  model_judgements?: { outlet: string; relation: string }[];
};
const row = (id: string) => db.knex('synced_content').where('id', id).first();
const claimOf = async (id: string): Promise<PanelItem> => ((await row(id)).ai_fact_check_panel as PanelItem[]).find((p) => p.claim === CLAIM)!;

describe('fact-check: a pair the rule cannot decide, judged by one short model call', () => {
  it('without a provider that judges, the paraphrase does not count: the claim has a single source', async () => {
    const id = await story(PARAPHRASE);
    const stats = await factCheckStories(ctx(), { ai: createOfflineProvider() });
    expect(stats).toMatchObject({ processed: 1, claimJudgeCalls: 0, claimJudgeFailures: 0 });
    expect(await claimOf(id)).toMatchObject({ verdict: 'single source', independent_outlets: ['Kingston Ledger'] });
    expect((await claimOf(id)).model_judgements).toBeUndefined();
  });

  it('"supports" from the model counts as support, the ledger shows it and the call is counted; the answer is kept, not asked again', async () => {
    const id = await story(PARAPHRASE);
    const ai = fakeJudge('supports');
    const stats = await factCheckStories(ctx(), { ai });
    expect(stats).toMatchObject({ processed: 1, claimJudgeCalls: 1, claimJudgeFailures: 0 });
    expect(ai.asked).toEqual([expect.objectContaining({ claim: CLAIM, sentence: expect.stringContaining(PARAPHRASE), outlet: 'Antilles Wire' })]);
    const item = await claimOf(id);
    expect(item).toMatchObject({ verdict: 'corroborated', independent_outlets: ['Kingston Ledger', 'Antilles Wire'] });
    expect(item.model_judgements).toEqual([expect.objectContaining({ outlet: 'Antilles Wire', relation: 'supports', model: 'fake-judge' })]);
    expect(item.explanation).toMatch(/Antilles Wire judged to state it by fake-judge, where the rules could not decide/);
    const stored = await row(id);
    expect(stored.triangulation_check).toBe(true);
    expect(stored.ai_usage).toMatchObject({ claim_judge_calls: 1, claim_judge_failures: 0 });
    expect(stored.ai_usage.calls).toBeGreaterThanOrEqual(1);
    expect(stored.audit_log.at(-1).details).toMatch(/1 claim\/report pair\(s\) the rules could not decide put to fake-judge/);

    // Checked again with the same sources: the kept answer counts, no second call.
    await db.knex('synced_content').where('id', id).update({ pipeline_next: 'fact_check' });
    expect(await factCheckStories(ctx(), { ai })).toMatchObject({ processed: 1, claimJudgeCalls: 0 });
    expect(ai.asked).toHaveLength(1);
    expect(await claimOf(id)).toMatchObject({ verdict: 'corroborated' });

    // An editor's decision weighs the story again with no call: the kept answer still counts.
    const panel = (await row(id)).ai_fact_check_panel as PanelItem[];
    const number = String(panel.findIndex((p) => p.claim === CLAIM) + 1);
    await resolveClaim(db.knex, {
      id,
      claim: number,
      action: 'confirm',
      reason: 'Checked with the migration agency',
      actor: 'ed',
      now: new Date('2026-11-03T19:00:00Z'),
    });
    expect(ai.asked).toHaveLength(1);
    expect(await claimOf(id)).toMatchObject({ verdict: 'corroborated', independent_outlets: ['Kingston Ledger', 'Antilles Wire'], decision: 'confirmed' });
    expect((await claimOf(id)).model_judgements).toHaveLength(1);
  });

  it('"contradicts" from the model holds the claim as contradicted, saying who judged it', async () => {
    const id = await story(PARAPHRASE);
    await factCheckStories(ctx(), { ai: fakeJudge('contradicts') });
    const item = await claimOf(id);
    expect(item).toMatchObject({ verdict: 'contradicted' });
    expect(item.explanation).toMatch(/Antilles Wire contradicts it \(judged by fake-judge/);
  });

  it.each(['garbage', 'refuse', 'timeout'] as const)(
    '%s: the rule answer stands, the failure is counted and logged at warn without secrets',
    async (answer) => {
      const id = await story(PARAPHRASE);
      const ai = fakeJudge(answer);
      const log = captureLogger('warn');
      const stats = await factCheckStories(ctx(log.logger), { ai });
      expect(stats).toMatchObject({ processed: 1, failed: 0, claimJudgeCalls: 1, claimJudgeFailures: 1 });
      expect(ai.asked).toHaveLength(1);
      const item = await claimOf(id);
      expect(item).toMatchObject({ verdict: 'single source', independent_outlets: ['Kingston Ledger'] });
      expect(item.model_judgements).toBeUndefined();
      expect((await row(id)).ai_usage).toMatchObject({ claim_judge_calls: 1, claim_judge_failures: 1 });
      const warned = log.lines().filter((l) => l.msg === 'claim check: the model could not judge an undecided pair; the rule decides');
      expect(warned).toHaveLength(1);
      expect(log.text()).not.toMatch(/Haitian migrants|apiKey|Bearer/);

      // The pair is asked again on the next check (an outage passes).
      await db.knex('synced_content').where('id', id).update({ pipeline_next: 'fact_check' });
      expect(await factCheckStories(ctx(), { ai })).toMatchObject({ claimJudgeCalls: 1 });
    },
  );

  it('a pair the rule decides is never put to the model', async () => {
    const id = await story(CLAIM);
    const ai = fakeJudge('contradicts');
    expect(await factCheckStories(ctx(), { ai })).toMatchObject({ processed: 1, claimJudgeCalls: 0 });
    expect(ai.asked).toHaveLength(0);
    expect(await claimOf(id)).toMatchObject({ verdict: 'corroborated', independent_outlets: ['Kingston Ledger', 'Antilles Wire'] });
  });
});
