import { performance } from 'node:perf_hooks';
import { newClusterCache, clusterItems } from '../../core/pipeline/cluster/cluster-items';
import { pairwiseQuality } from '../../core/pipeline/cluster/quality';
import { pathContext, storedAssignment, storeItems, type PathItem } from '../../test/helpers/cluster-database-path';
import { openBenchDatabase } from '../bench-database';
import { loadSet } from './fixtures';

/**
 * One worker against two on one PostgreSQL database (DATABASE_URL; PGlite has one connection, so the
 * comparison is only meaningful on a server): the labelled world and Caribbean sets stored as a backlog,
 * clustered by one `clusterItems` loop, then, on a fresh copy, by two loops at once with their own
 * connections and worker ids (as two `c360 worker` processes would). Prints items per second for each
 * and the pairwise quality of both, which must match. Run: DATABASE_URL=… npx tsx bench/clustering/workers.ts
 */

const items: PathItem[] = ['dev', 'check', 'world-dev', 'world-check'].flatMap((set) =>
  loadSet(set).flatMap((f) => f.items.map((i) => ({ ...i, id: `${set}:${i.id}`, region: set === 'dev' || set === 'check' ? i.region : null }))),
);
const truth = new Map(items.map((i) => [i.id, `${i.id.split(':')[0]}:${(i as unknown as { event: string }).event}`]));

async function run(workers: number): Promise<{ seconds: number; quality: ReturnType<typeof pairwiseQuality> }> {
  const db = await openBenchDatabase({ poolSize: 2 * workers + 2 });
  try {
    const idOf = await storeItems(db.knex, items);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: workers }, (_, w) => clusterItems({ ...pathContext(db.knex, `worker-${w}`), batchSize: 50 }, {}, newClusterCache())),
    );
    const seconds = (performance.now() - started) / 1000;
    return { seconds, quality: pairwiseQuality(await storedAssignment(db.knex, idOf), truth) };
  } finally {
    await db.close();
  }
}

const one = await run(1);
const two = await run(2);
const line = (label: string, r: Awaited<ReturnType<typeof run>>) =>
  `${label}: ${r.seconds.toFixed(1)} s, ${(items.length / r.seconds).toFixed(0)} items/s, pairwise P ${r.quality.precision.toFixed(3)} R ${r.quality.recall.toFixed(3)}`;
console.log(`${items.length} labelled items as one backlog (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite: one connection, workers take turns'})`);
console.log(line('one worker ', one));
console.log(line('two workers', two));
console.log(`speed-up: ${(one.seconds / two.seconds).toFixed(2)}×`);
