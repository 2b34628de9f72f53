import { ClusterEngine, inClusterOrder } from '../../core/pipeline/cluster/cluster-engine';
import { eventFeatures } from '../../core/pipeline/cluster/event-features';
import { CLUSTER_PARAMS, EVIDENCE_KEYS, pairEvidence, pairScore, type EvidenceWeights, type Scored } from '../../core/pipeline/cluster/event-clustering';
import type { LabelledItem } from './fixtures';

/**
 * How EVIDENCE_WEIGHTS (core/pipeline/cluster/event-clustering.ts) are made: every pair of reports
 * within the window that no place or headline-figure rule keeps apart, scored as the engine scores
 * them (each report's vector fixed with the IDF of the moment it arrived), labelled one event or two,
 * and a logistic regression fitted to them by gradient descent with a little L2. Run on the
 * development sets only (`npm run bench:clustering -- --train`).
 */

export type LabelledPair = { x: number[]; same: boolean };

export function featuresOfLabelled(i: LabelledItem, withRegion: boolean) {
  return {
    id: i.id,
    ...eventFeatures({
      title: i.title,
      summary: i.summary ?? '',
      text: i.text ?? '',
      outlet: i.outlet,
      outletRegion: withRegion ? i.region : null,
      publishedAt: i.published_at,
      createdAt: i.published_at,
    }),
  };
}

export function labelledPairs(items: readonly LabelledItem[], withRegion: boolean): LabelledPair[] {
  const engine = new ClusterEngine(CLUSTER_PARAMS);
  const label = new Map(items.map((i) => [i.id, i.event]));
  const members: Scored[] = [];
  for (const f of inClusterOrder(items.map((i) => featuresOfLabelled(i, withRegion)))) members.push(engine.prepare(f).member);
  const pairs: LabelledPair[] = [];
  for (let i = 0; i < members.length; i++) {
    for (let j = i + 1; j < members.length; j++) {
      const [a, b] = [members[i]!, members[j]!];
      const p = pairScore(a, b);
      if (p.blocked === 'window' || p.blocked === 'place' || p.blocked === 'figures') continue;
      const e = pairEvidence(a, b);
      pairs.push({ x: EVIDENCE_KEYS.map((k) => e[k]), same: label.get(a.id) === label.get(b.id) });
    }
  }
  return pairs;
}

/** Logistic regression on standardised features; returns weights on the raw features. */
export function fitLogistic(pairs: readonly LabelledPair[], options = { epochs: 3000, rate: 0.5, l2: 1e-3 }): EvidenceWeights {
  const k = EVIDENCE_KEYS.length;
  const mean = Array.from({ length: k }, (_, d) => pairs.reduce((s, p) => s + p.x[d]!, 0) / pairs.length);
  const sd = Array.from({ length: k }, (_, d) => Math.sqrt(pairs.reduce((s, p) => s + (p.x[d]! - mean[d]!) ** 2, 0) / pairs.length) || 1);
  const xs = pairs.map((p) => p.x.map((v, d) => (v - mean[d]!) / sd[d]!));
  const w = new Array<number>(k).fill(0);
  let b = 0;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const gw = new Array<number>(k).fill(0);
    let gb = 0;
    xs.forEach((x, n) => {
      const z = b + x.reduce((s, v, d) => s + v * w[d]!, 0);
      const err = 1 / (1 + Math.exp(-z)) - (pairs[n]!.same ? 1 : 0);
      for (let d = 0; d < k; d++) gw[d]! += err * x[d]!;
      gb += err;
    });
    for (let d = 0; d < k; d++) w[d] = w[d]! - options.rate * (gw[d]! / xs.length + options.l2 * w[d]!);
    b -= options.rate * (gb / xs.length);
  }
  const raw = Object.fromEntries(EVIDENCE_KEYS.map((key, d) => [key, round(w[d]! / sd[d]!)])) as Omit<EvidenceWeights, 'bias'>;
  const bias = round(b - EVIDENCE_KEYS.reduce((s, _, d) => s + (w[d]! * mean[d]!) / sd[d]!, 0));
  return { bias, ...raw };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
