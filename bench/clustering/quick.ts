import { clusterEvents } from '../../core/pipeline/cluster/cluster-engine';
import { pairwiseQuality } from '../../core/pipeline/cluster/quality';
import { loadSet } from './fixtures';
import { featuresOfLabelled } from './train-evidence';
import { loadUciSample } from './uci';
/**
 * Pairwise quality of the in-memory rule on the named sets, in seconds (bench:clustering prints the full
 * table): npx tsx bench/clustering/quick.ts dev world-dev uci. JOIN and MERGE in the environment try other bars.
 */
for (const set of process.argv.slice(2)) {
  const items = set === 'uci' ? loadUciSample()! : loadSet(set).flatMap((f) => f.items);
  const p = clusterEvents(
    items.map((i) => featuresOfLabelled(i, set === 'dev' || set === 'check')),
    process.env.JOIN ? { join: Number(process.env.JOIN), merge: Number(process.env.MERGE ?? 0.5) } : {},
  );
  const q = pairwiseQuality(p, new Map(items.map((i) => [i.id, i.event])));
  console.log(`${set.padEnd(12)} P ${q.precision.toFixed(3)} R ${q.recall.toFixed(3)} F1 ${q.f1.toFixed(3)}`);
}
