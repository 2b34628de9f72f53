import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/open-database';
import { silentLogger } from '../../logger';
import { insertRawItems, type FixtureItem } from '../../../test/factories/raw-items';
import { openTestDatabase } from '../../../test/helpers/test-database';
import type { StageContext } from '../types';
import { clusterItems } from './cluster-items';
import { pairwiseQuality } from './similarity';

const fixture = JSON.parse(readFileSync(new URL('../../../test/fixtures/pipeline/clustering.json', import.meta.url), 'utf8')) as { items: FixtureItem[] };
let db: Database;
const ctx = (): StageContext => ({ db: db.knex, clock: () => new Date('2026-11-20T12:00:00Z'), logger: silentLogger, actor: 'cli:cluster (tester)', workerId: 'w', leaseMs: 60_000, batchSize: 7 });

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.knex('raw_feeds').del();
  await db.knex('synced_content').del();
  await db.knex('cluster_term_stats').del();
});

describe('cluster stage on the database', () => {
  it('clusters the labelled fixture as well as the in-memory rule (candidates found by index)', async () => {
    const ids = await insertRawItems(db.knex, fixture.items.map((i) => ({ outlet: i.outlet, title: i.title, summary: i.summary, published_at: i.published_at, created_at: i.published_at })));
    const stats = await clusterItems(ctx());
    expect(stats).toMatchObject({ processed: fixture.items.length, failed: 0 });
    const rows = await db.knex('raw_feeds').select('id', 'story_id');
    const label = new Map(ids.map((id, i) => [id, fixture.items[i]!.event]));
    const predicted = new Map(rows.map((r: { id: string; story_id: string }) => [r.id, r.story_id]));
    const quality = pairwiseQuality(predicted, label);
    console.log(`database clustering of the fixture: precision ${quality.precision.toFixed(3)}, recall ${quality.recall.toFixed(3)}`);
    expect(quality.precision).toBeGreaterThanOrEqual(0.95);
    expect(quality.recall).toBeGreaterThanOrEqual(0.95);
  });

  it('counts distinct outlets (also those recorded as carrying an item) and regenerates layers only when a new outlet joins', async () => {
    const [first] = await insertRawItems(db.knex, [{ outlet: 'Kingston Ledger', title: 'Blaze destroys four homes in Ocho Rios community', summary: 'Four houses were gutted by fire in the Ocho Rios area of St Ann early Monday, leaving 15 residents homeless.', published_at: '2026-11-16T08:00:00Z' }]);
    await clusterItems(ctx());
    const [story] = await db.knex('synced_content').select('*');
    expect(story).toMatchObject({ source_count: 1, source_list: ['Kingston Ledger'], pipeline_stage: 'ingested', pipeline_next: 'summarise', sources_version: 1, region: 'Jamaica' });
    // Pretend it was summarised and checked.
    await db.knex('synced_content').where('id', story.id).update({ pipeline_next: null });
    await db.knex('raw_feeds').where('id', first).update({ processing_status: 'processed' });

    await insertRawItems(db.knex, [{ outlet: 'Kingston Ledger', title: 'Ocho Rios fire: four homes lost, 15 homeless', summary: 'An update on the fire in Ocho Rios, St Ann, that destroyed four homes on Monday.', published_at: '2026-11-16T12:00:00Z' }]);
    await clusterItems(ctx());
    let after = await db.knex('synced_content').where('id', story.id).first();
    expect(after).toMatchObject({ source_count: 1, pipeline_next: null, sources_version: 1 });
    expect(await db.knex('raw_feeds').where('title', 'like', 'Ocho Rios fire%').first('processing_status')).toEqual({ processing_status: 'processed' });

    await insertRawItems(db.knex, [{ outlet: 'Antilles Wire', title: 'St Ann fire leaves 15 people homeless', summary: 'Fifteen people are homeless after a fire swept through four dwellings near Ocho Rios, St Ann, on Monday morning.', published_at: '2026-11-16T11:30:00Z' }]);
    await clusterItems(ctx());
    after = await db.knex('synced_content').where('id', story.id).first();
    expect(after).toMatchObject({ source_count: 2, source_list: ['Kingston Ledger', 'Antilles Wire'], pipeline_next: 'summarise', sources_version: 2 });
    expect(after.audit_log.at(-1)).toMatchObject({ action: 'source_added', user: 'cli:cluster (tester)' });
    expect(after.audit_log.at(-1).details).toContain('new outlet, layers to regenerate');

    // Ingest records that a third outlet carried the first item (wire copy): it counts as an outlet.
    await db.knex('synced_content').where('id', story.id).update({ pipeline_next: null });
    await db.knex('raw_item_carriers').insert({ raw_feed_id: first, outlet: 'Northcoast Times', matched_by: 'content_hash' });
    await clusterItems(ctx());
    after = await db.knex('synced_content').where('id', story.id).first();
    expect(after).toMatchObject({ source_count: 3, source_list: ['Kingston Ledger', 'Antilles Wire', 'Northcoast Times'], pipeline_next: 'summarise', sources_version: 3 });
    expect(await db.knex('synced_content').count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });
});
