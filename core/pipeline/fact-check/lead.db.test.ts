import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/open-database';
import { getStoryById } from '../../stories/story-repository';
import { verificationState } from '../../stories/verification';
import { insertRawItems } from '../../../test/factories/raw-items';
import { offlinePipelineDeps } from '../../../test/helpers/pipeline-deps';
import { openTestDatabase } from '../../../test/helpers/test-database';
import { runPipeline } from '../runner';

/**
 * The gate weighs the lead, not every detail: two outlets that agree on what happened publish the
 * story even when one adds a detail the other does not mention (written as that outlet's report);
 * a figure they disagree on, or a money figure only one states, still holds it for an editor.
 */

const now = new Date('2026-11-26T18:00:00Z');
let db: Database;

const deps = () => offlinePipelineDeps(db.knex, now);

const LEAD = 'Jamaica opened an online portal on Wednesday for paying traffic tickets, the transport ministry said.';
const LEDGER = `${LEAD} About 400,000 tickets are unpaid, the ministry said. Motorists can pay by card at any hour, and a receipt is sent by e-mail.`;
const DETAIL = 'About 400,000 tickets are unpaid, the ministry said.';
const WIRE =
  'Motorists in Jamaica can pay traffic tickets online from Wednesday, when the transport ministry opened an online portal for paying traffic tickets. Payments by card are accepted at any hour, officials said.';

/** Two outlets' reports clustered and summarised as the pipeline does, then the claims the fact-check weighs set to the lead and one detail. */
async function storyOf(ledger: string, wire: string, detail: string) {
  await db.knex('raw_feeds').del();
  await db.knex('synced_content').del();
  await db.knex('cluster_term_stats').del();
  await insertRawItems(db.knex, [
    { outlet: 'Kingston Ledger', title: 'Jamaica opens online portal for traffic tickets', summary: ledger, published_at: '2026-11-25T15:00:00Z' },
    { outlet: 'Antilles Wire', title: 'Jamaica opens portal to pay traffic tickets online', summary: wire, published_at: '2026-11-25T16:00:00Z' },
  ]);
  await runPipeline(deps(), { stages: ['cluster', 'summarise'] });
  const rows = await db.knex('synced_content').select('id');
  expect(rows).toHaveLength(1);
  const id = rows[0].id as string;
  await db
    .knex('synced_content')
    .where('id', id)
    .update({ claims: JSON.stringify([{ text: LEAD }, { text: detail }]) });
  await runPipeline(deps(), { stages: ['fact_check', 'publish'] });
  return (await getStoryById(db.knex, id))!;
}

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

describe('the publish gate weighs the lead', () => {
  it('two outlets agree on the lead and one adds a detail: published, the detail attributed; a contradicted or a money figure holds it', async () => {
    const detail = DETAIL;
    const story = await storyOf(LEDGER, WIRE, detail);
    const [lead, added] = [story.ai_fact_check_panel.find((p) => p.claim === LEAD)!, story.ai_fact_check_panel.find((p) => p.claim === detail)!];
    expect(lead).toMatchObject({ verdict: 'corroborated', resolved: true });
    expect(added).toMatchObject({ verdict: 'single source', resolved: true, attributed_to: 'Kingston Ledger' });
    expect(added.explanation).toContain('reported by one outlet (Kingston Ledger)');
    expect(story).toMatchObject({ triangulation_check: true, pipeline_stage: 'published', flag_reason: null });
    expect(verificationState({ ...story, sources: null })).toBe('independent_sources');
    // Said as the outlet's report wherever the story states it, not as our fact.
    const text = story.layers.map((l) => l.content).join('\n');
    expect(text).toContain('About 400,000 tickets are unpaid, the ministry said, Kingston Ledger reported.');
    expect(text).not.toContain('About 400,000 tickets are unpaid, the ministry said.');

    // A figure the other outlet contradicts holds the story.
    const contradicted = await storyOf(LEDGER, `${WIRE} About 300,000 tickets are unpaid, the ministry said.`, detail);
    expect(contradicted.ai_fact_check_panel.find((p) => p.claim === detail)).toMatchObject({ verdict: 'contradicted', resolved: false });
    expect(contradicted.ai_fact_check_panel.some((p) => p.attributed_to)).toBe(false);
    expect(contradicted).toMatchObject({ triangulation_check: false, pipeline_stage: 'verified' });
    expect(contradicted.flag_reason).toContain('a claim another source contradicts');

    // So does a money figure only one outlet states.
    const money = 'The portal cost J$120 million, the ministry said.';
    const costly = await storyOf(`${LEDGER} ${money}`, WIRE, money);
    expect(costly.ai_fact_check_panel.find((p) => p.claim === money)).toMatchObject({ verdict: 'single source', resolved: false, sensitive_figure: true });
    expect(costly).toMatchObject({ pipeline_stage: 'verified' });
    expect(costly.flag_reason).toContain('every fact-check item resolved');
  });
});
