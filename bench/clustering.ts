import { performance } from 'node:perf_hooks';
import { eventFeatures } from '../core/pipeline/cluster/event-features';
import type { Member } from '../core/pipeline/cluster/event-clustering';
import { clusterEvents } from '../core/pipeline/cluster/cluster-engine';
import { bcubedQuality, pairwiseQuality, type Quality } from '../core/pipeline/cluster/quality';
import { loadSet, type LabelledItem } from './clustering/fixtures';
import { clusterByTextAlone } from './clustering/text-baseline';

/**
 * npm run bench:clustering: C360's clustering rule on the labelled sets in test/fixtures/clustering
 * (dev: built and tuned on; check: written separately, never tuned on), as pairwise and B-cubed
 * precision, recall and F1, per file and for the dense-week items alone, beside a text-alone baseline
 * computed in the same run. Items are clustered in publication order with document frequencies
 * counted as they arrive, as the pipeline sees them. Prints figures; never fails on them.
 */

function featuresOf(items: readonly LabelledItem[]): Member[] {
  return items.map((i) => ({
    id: i.id,
    ...eventFeatures({
      title: i.title,
      summary: i.summary ?? '',
      text: i.text ?? '',
      outlet: i.outlet,
      outletRegion: i.region,
      publishedAt: i.published_at,
      createdAt: i.published_at,
    }),
  }));
}

function restrict(map: ReadonlyMap<string, string>, ids: ReadonlySet<string>): Map<string, string> {
  return new Map([...map].filter(([id]) => ids.has(id)));
}

const pct = (q: Quality) => `P ${q.precision.toFixed(3)} R ${q.recall.toFixed(3)} F1 ${q.f1.toFixed(3)}`;

function report(label: string, predicted: ReadonlyMap<string, string>, truth: ReadonlyMap<string, string>): string {
  return `${label.padEnd(34)} pairwise ${pct(pairwiseQuality(predicted, truth))} | B-cubed ${pct(bcubedQuality(predicted, truth))}`;
}

for (const set of ['dev', 'check']) {
  const files = loadSet(set);
  if (files.length === 0) {
    console.log(`${set}: no fixture files`);
    continue;
  }
  const items = files.flatMap((f) => f.items);
  const truth = new Map(items.map((i) => [i.id, i.event]));
  const features = featuresOf(items);
  const started = performance.now();
  const ours = clusterEvents(features);
  const ms = performance.now() - started;
  const baseline = clusterByTextAlone(
    items.map((i) => ({ id: i.id, title: i.title, lead: i.summary || (i.text ?? '').slice(0, 400), time: new Date(i.published_at).getTime() })),
  );
  console.log(
    `\n== ${set}: ${items.length} items, ${new Set(truth.values()).size} events (${files.length} files); C360 clustered ${Math.round(items.length / (ms / 1000))} items/s`,
  );
  console.log(report('C360', ours, truth));
  console.log(report('baseline: text alone', baseline, truth));
  const dense = new Set(items.filter((i) => i.tags?.includes('dense-week')).map((i) => i.id));
  if (dense.size > 0) {
    console.log(report(`dense week (${dense.size} items): C360`, restrict(ours, dense), restrict(truth, dense)));
    console.log(report(`dense week: text alone`, restrict(baseline, dense), restrict(truth, dense)));
  }
  for (const lang of ['translation']) {
    const ids = new Set(items.filter((i) => i.tags?.includes(lang)).map((i) => i.id));
    if (ids.size > 0) console.log(report(`${lang} (${ids.size} items): C360`, restrict(ours, ids), restrict(truth, ids)));
  }
  for (const f of files) {
    const ids = new Set(f.items.map((i) => i.id));
    console.log(report(`  ${f.file.replace(/\.json$/, '')}`, restrict(ours, ids), restrict(truth, ids)));
  }
}
