import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/open-database';
import { useTestDatabase } from '../../../test/helpers/test-database';
import { clusterThroughDatabase, partitionOf, storedAssignment, storedMembers, storeItems } from '../../../test/helpers/cluster-database-path';
import { loadSet } from '../../../bench/clustering/fixtures';
import { clusterEvents } from './cluster-engine';
import { newClusterCache } from './cluster-items';

/**
 * One rule, one answer: the path `c360 cluster` and the workers take (a database, batches, a copy of
 * the open stories kept between batches or reloaded from the database) puts the same reports in the
 * same stories as clusterEvents, the function bench:clustering measures, on the same items in the
 * same order.
 */

let db: Database;
useTestDatabase((opened) => (db = opened), ['raw_feeds', 'synced_content', 'cluster_term_stats']);

const files = [
  ['world-dev', 'wd-a1.json'],
  ['world-dev', 'wd-b2.json'],
  ['dev', 'dev-dense-jamaica-week.json'],
  // Amounts in rupees, shillings, naira, rand and pesos: the currency evidence is stored and read back alike.
  ['world-dev3', 'wd3-c-1.json'],
  // Half a year of two countries' news in English and French: the window moves forward run by run, and
  // the worker's copy of the open stories is extended rather than read again.
  ['world-dev4', 'wd4-c-2.json'],
] as const;

describe('the database path and the in-memory rule', () => {
  for (const [set, file] of files) {
    it(`give identical stories on ${set}/${file}, whether the worker keeps its copy or reloads it every 25 items`, async () => {
      const items = loadSet(set)
        .find((f) => f.file === file)!
        .items.map((i) => ({ ...i, region: set === 'dev' ? i.region : null }));
      const idOf = await storeItems(db.knex, items);
      const memory = partitionOf(clusterEvents(await storedMembers(db.knex, idOf)));
      expect(memory.length).toBeLessThan(items.length); // some reports were joined: the comparison means something

      await clusterThroughDatabase(db.knex);
      expect(partitionOf(await storedAssignment(db.knex, idOf))).toEqual(memory);

      await db.knex('raw_feeds').update({ story_id: null, processing_status: 'pending', cluster_features: null, cluster_fit: null, lease_owner: null });
      await db.knex('synced_content').del();
      await db.knex('cluster_term_stats').del();
      await clusterThroughDatabase(db.knex, { restartEvery: 25 });
      expect(partitionOf(await storedAssignment(db.knex, idOf))).toEqual(memory);
    }, 120_000);
  }
});

describe('stories clustered before meanings were kept', () => {
  it('are scored as fresh ones: their reports are read again for what they are about', async () => {
    const items = loadSet('world-dev')
      .find((f) => f.file === 'wd-a1.json')!
      .items.map((i) => ({ ...i, region: null }));
    const idOf = await storeItems(db.knex, items);
    await clusterThroughDatabase(db.knex);
    // As an older release stored them: no meaning.
    await db.knex.raw(`update raw_feeds set cluster_features = cluster_features - 'meaning'`);
    const older = new Set(idOf.keys());
    // A wire's copy of the latest reports, a minute later: their stories are loaded as stored.
    const latest = [...items].sort((a, b) => b.published_at.localeCompare(a.published_at)).slice(0, 8);
    const copies = await storeItems(
      db.knex,
      latest.map((i) => ({
        ...i,
        id: `${i.id}-copy`,
        outlet: `${i.outlet} (wire)`,
        published_at: new Date(Date.parse(i.published_at) + 60_000).toISOString(),
      })),
    );
    const cache = newClusterCache();
    await clusterThroughDatabase(db.knex, { cache });
    const members = cache.engine!.storyIds().flatMap((id) => cache.engine!.storyOf(id)?.members ?? []);
    expect(members.filter((m) => older.has(m.id)).length).toBeGreaterThan(0);
    expect(members.filter((m) => m.meaning?.length !== 100)).toEqual([]);
    const stories = new Map([...(await storedAssignment(db.knex, idOf)), ...(await storedAssignment(db.knex, copies))]);
    for (const i of latest) expect(stories.get(`${i.id}-copy`)).toBe(stories.get(i.id));
  }, 120_000);
});

describe('two workers at once', () => {
  it('never split one event across two stories because each took one of its reports at the same moment', async () => {
    // 30 events of the world set, each carried word for word by a second outlet a minute later (wire
    // copy): claimed 3 at a time by two workers at once, each pair must still end in one story.
    const firsts = [
      ...new Map(
        loadSet('world-dev')
          .flatMap((f) => f.items)
          .map((i) => [i.event, i]),
      ).values(),
    ].slice(0, 30);
    const items = firsts.flatMap((i, k) => [
      { ...i, id: `e${k}-o0`, region: null },
      { ...i, id: `e${k}-o1`, region: null, outlet: `${i.outlet} (wire)`, published_at: new Date(Date.parse(i.published_at) + 60_000).toISOString() },
    ]);
    const idOf = await storeItems(db.knex, items);
    await Promise.all([
      clusterThroughDatabase(db.knex, { restartEvery: 3, workerId: 'A' }),
      clusterThroughDatabase(db.knex, { restartEvery: 3, workerId: 'B' }),
    ]);
    const assignment = await storedAssignment(db.knex, idOf);
    for (let k = 0; k < 30; k++) expect(assignment.get(`e${k}-o0`)).toBe(assignment.get(`e${k}-o1`));
    expect((await db.knex('raw_feeds').whereNull('story_id')).length).toBe(0);
  }, 120_000);
});
