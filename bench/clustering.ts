import { performance } from 'node:perf_hooks';
import { ClusterEngine, clusterEvents } from '../core/pipeline/cluster/cluster-engine';
import { EVIDENCE_WEIGHTS } from '../core/pipeline/cluster/event-clustering';
import { bcubedQuality, pairwiseQuality, type Quality } from '../core/pipeline/cluster/quality';
import { clusterItems } from '../core/pipeline/cluster/cluster-items';
import { clusterThroughDatabase, pathContext, storedAssignment, storedMembers, storeItems, type PathItem } from '../test/helpers/cluster-database-path';
import { labelledModel } from './clustering/labelled-model';
import { openBenchDatabase } from './bench-database';
import { loadSet, type LabelledItem } from './clustering/fixtures';
import { clusterByTextAlone } from './clustering/text-baseline';
import { featuresOfLabelled, fitLogistic, labelledPairs } from './clustering/train-evidence';
import { loadUciSample, UCI_SAMPLE } from './clustering/uci';

/**
 * npm run bench:clustering: C360's clustering rule on labelled sets, as pairwise and B-cubed precision,
 * recall and F1, beside a text-alone baseline computed in the same run:
 * - dev, world-dev, world-dev2, world-dev3, world-dev4 and world-dev5: the development sets (the evidence weights
 *   are fitted on dev and world-dev: `-- --train` fits on the first three and prints the result beside the weights
 *   in use; world-dev3, world-dev4 and world-dev5 were read for misses, never fitted on);
 * - check and world-check: written separately and never tuned on (world-check: news from outside the
 *   region, by writers who saw neither the rule nor the other sets);
 * - world-long-dev and world-long-check: full-length reports (450-900 words, as national outlets publish),
 *   the first read for misses, the second never;
 * - the UCI headline sample in ../shared/data (outside data, headlines only), when it is there.
 * The world sets are also clustered through the database path (`c360 cluster`), which gives the same
 * stories as the in-memory function (core/pipeline/cluster/one-answer.db.test.ts).
 * The scale section prints the cost per item with 500, 2,000 and 8,000 items in one window, in memory and
 * through the database. Prints figures; never fails on them.
 */

const args = new Set(process.argv.slice(2));
/** `-- --only=world-dev,uci`: just those sets (names as printed; `uci` for the headline sample; `scale` for the scale section). */
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const wanted = (set: string) => !only || only.includes(set);
const pct = (q: Quality) => `P ${q.precision.toFixed(3)} R ${q.recall.toFixed(3)} F1 ${q.f1.toFixed(3)}`;
const line = (label: string, predicted: ReadonlyMap<string, string>, truth: ReadonlyMap<string, string>) =>
  `${label.padEnd(36)} pairwise ${pct(pairwiseQuality(predicted, truth))} | B-cubed ${pct(bcubedQuality(predicted, truth))}`;
const restrict = (map: ReadonlyMap<string, string>, ids: ReadonlySet<string>) => new Map([...map].filter(([id]) => ids.has(id)));
// The Caribbean sets carry the registry's home country of each outlet; the world sets and UCI do not.
const withRegion = (set: string) => set === 'dev' || set === 'check';

if (args.has('--train')) {
  const pairs = [
    ...loadSet('dev').flatMap((f) => labelledPairs(f.items, true)),
    ...['world-dev', 'world-dev2'].flatMap((s) => loadSet(s).flatMap((f) => labelledPairs(f.items, false))),
  ];
  console.log(`evidence weights fitted on ${pairs.length} pairs of the development sets (${pairs.filter((p) => p.same).length} of one event):`);
  console.log(JSON.stringify(fitLogistic(pairs)));
  console.log(`in use (core/pipeline/cluster/event-clustering.ts):\n${JSON.stringify(EVIDENCE_WEIGHTS)}`);
  process.exit(0);
}

async function quality(set: string, items: readonly LabelledItem[], files: readonly { file: string; items: LabelledItem[] }[]): Promise<void> {
  const truth = new Map(items.map((i) => [i.id, i.event]));
  const features = items.map((i) => featuresOfLabelled(i, withRegion(set)));
  const started = performance.now();
  const ours = clusterEvents(features);
  const ms = performance.now() - started;
  const baseline = clusterByTextAlone(
    items.map((i) => ({ id: i.id, title: i.title, lead: i.summary || (i.text ?? '').slice(0, 400), time: new Date(i.published_at).getTime() })),
  );
  console.log(`\n== ${set}: ${items.length} items, ${new Set(truth.values()).size} events; in memory ${(ms / items.length).toFixed(2)} ms per item`);
  console.log(line('C360', ours, truth));
  console.log(line('baseline: text alone', baseline, truth));
  if (set.startsWith('world')) {
    const db = await openBenchDatabase();
    try {
      const idOf = await storeItems(
        db.knex,
        items.map((i): PathItem => ({ ...i, region: null })),
      );
      const t = performance.now();
      await clusterThroughDatabase(db.knex);
      const dbMs = performance.now() - t;
      console.log(line(`C360 through c360 cluster (${(dbMs / items.length).toFixed(1)} ms/item)`, await storedAssignment(db.knex, idOf), truth));
    } finally {
      await db.close();
    }
    // With a model asked about borderline pairs: how many calls per 100 items, and what its answers can add.
    for (const accuracy of [1, 0.85]) {
      const withModel = await openBenchDatabase();
      try {
        const idOf = await storeItems(
          withModel.knex,
          items.map((i): PathItem => ({ ...i, region: null })),
        );
        const model = labelledModel(items, accuracy);
        const stats = await clusterItems(pathContext(withModel.knex), { ai: model.provider });
        console.log(
          line(`  with a model right ${Math.round(accuracy * 100)}% of the time`, await storedAssignment(withModel.knex, idOf), truth) +
            ` | ${((100 * stats.aiConfirmations) / items.length).toFixed(1)} calls per 100 items`,
        );
      } finally {
        await withModel.close();
      }
    }
  }
  for (const tag of ['dense-week', 'translation', 'different-frame', 'different-figures', 'lookalike']) {
    const ids = new Set(items.filter((i) => i.tags?.includes(tag)).map((i) => i.id));
    if (ids.size > 0) console.log(line(`  ${tag} (${ids.size} items)`, restrict(ours, ids), restrict(truth, ids)));
  }
  for (const f of files) {
    const ids = new Set(f.items.map((i) => i.id));
    console.log(line(`  ${f.file.replace(/\.json$/, '')}`, restrict(ours, ids), restrict(truth, ids)));
  }
}

for (const set of [
  'dev',
  'check',
  'world-dev',
  'world-dev2',
  'world-dev3',
  'world-dev4',
  'world-dev5',
  'world-long-dev',
  'world-check',
  'world-check2',
  'world-long-check',
].filter(wanted)) {
  const files = loadSet(set);
  if (files.length === 0) console.log(`${set}: no fixture files`);
  else
    await quality(
      set,
      files.flatMap((f) => f.items),
      files,
    );
}
const uci = loadUciSample();
if (!wanted('uci')) {
  // skipped
} else if (uci) await quality('UCI headlines', uci, []);
else console.log(`\nUCI headline sample not found at ${UCI_SAMPLE}: section skipped`);

/**
 * n reports packed into one 60-hour window: the labelled sets and the UCI sample, cycled, each pass
 * under other outlet names, so the window holds n reports and many open stories.
 */
function packed(n: number): PathItem[] {
  const pool: PathItem[] = [...['dev', 'check', 'world-dev', 'world-check'].flatMap((s) => loadSet(s).flatMap((f) => f.items)), ...(uci ?? [])];
  const start = Date.parse('2026-11-20T00:00:00Z');
  return Array.from({ length: n }, (_, k) => {
    const source = pool[k % pool.length]!;
    const pass = Math.floor(k / pool.length);
    return {
      ...source,
      id: `${source.id}#${pass}`,
      outlet: pass ? `${source.outlet} ${pass}` : source.outlet,
      region: null,
      published_at: new Date(start + Math.floor((k / n) * 60 * 3_600_000)).toISOString(),
    };
  });
}

if (only && !only.includes('scale')) process.exit(0);
console.log('\n== scale: n reports in one 72-hour window (cost per item; the median of 3 runs, one run through the database at 8,000)');
const sizes = [500, 2_000, 8_000];
const results: { n: number; memory: number; database: number }[] = [];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
// A run of 500 items takes under a second, where a pause of the machine or the collector shows; the
// median of three runs is its figure. The first run also warms the code, as the quality sets do above.
for (const n of sizes) {
  const items = packed(n);
  const memory: number[] = [];
  const database: number[] = [];
  let dbLabel = '';
  // The work per item, which timings on a shared machine blur: the same in every run.
  let work = '';
  for (let run = 0; run < 3; run++) {
    const db = await openBenchDatabase();
    dbLabel = db.label;
    try {
      const idOf = await storeItems(db.knex, items);
      const members = await storedMembers(db.knex, idOf);
      const engine = new ClusterEngine();
      const t0 = performance.now();
      clusterEvents(members, {}, engine);
      memory.push((performance.now() - t0) / n);
      const per = (x: number) => (x / n).toFixed(1);
      work = `per item: ${per(engine.centroidsCompared)} centroids compared, ${per(engine.pairsScored)} pairs read, ${per(engine.pairsWorkedOut)} worked out`;
      if (n < 8_000 || run === 0) {
        const t1 = performance.now();
        await clusterThroughDatabase(db.knex);
        database.push((performance.now() - t1) / n);
      }
    } finally {
      await db.close();
    }
  }
  results.push({ n, memory: median(memory), database: median(database) });
  console.log(
    `${String(n).padStart(6)} items: in memory ${median(memory).toFixed(2)} ms/item (${memory.map((x) => x.toFixed(2)).join(', ')}) | through the database (${dbLabel}) ${median(database).toFixed(2)} ms/item (${database.map((x) => x.toFixed(2)).join(', ')}) | ${work}`,
  );
}
const [small, , large] = results;
if (small && large)
  console.log(
    `8,000 ÷ 500 per item: in memory ${(large.memory / small.memory).toFixed(2)}, through the database ${(large.database / small.database).toFixed(2)} (flat is 1.0)`,
  );
