/**
 * How well a clustering matches gold labels. Pairwise: of the item pairs put together, how many belong
 * together (precision) and of those that belong together, how many were put together (recall).
 * B-cubed: the same per item, averaged over items, so one big wrong merge weighs by how many readers
 * (items) it misleads rather than by the square of its size.
 */

export type Quality = { precision: number; recall: number; f1: number };

function f1(precision: number, recall: number): number {
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

export function pairwiseQuality(
  predicted: ReadonlyMap<string, string>,
  truth: ReadonlyMap<string, string>,
): Quality & { truePairs: number; predictedPairs: number } {
  const ids = [...truth.keys()].sort();
  let tp = 0;
  let predictedPairs = 0;
  let truePairs = 0;
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      const samePred = predicted.get(ids[i]!) === predicted.get(ids[j]!);
      const sameTrue = truth.get(ids[i]!) === truth.get(ids[j]!);
      if (samePred) predictedPairs++;
      if (sameTrue) truePairs++;
      if (samePred && sameTrue) tp++;
    }
  }
  const precision = predictedPairs === 0 ? 1 : tp / predictedPairs;
  const recall = truePairs === 0 ? 1 : tp / truePairs;
  return { precision, recall, f1: f1(precision, recall), truePairs, predictedPairs };
}

export function bcubedQuality(predicted: ReadonlyMap<string, string>, truth: ReadonlyMap<string, string>): Quality {
  const byPred = new Map<string, string[]>();
  const byTrue = new Map<string, string[]>();
  for (const id of truth.keys()) {
    const p = predicted.get(id) ?? `unassigned:${id}`;
    byPred.set(p, [...(byPred.get(p) ?? []), id]);
    const t = truth.get(id)!;
    byTrue.set(t, [...(byTrue.get(t) ?? []), id]);
  }
  let precision = 0;
  let recall = 0;
  for (const id of truth.keys()) {
    const cluster = byPred.get(predicted.get(id) ?? `unassigned:${id}`)!;
    const event = byTrue.get(truth.get(id)!)!;
    const both = cluster.filter((other) => truth.get(other) === truth.get(id)).length;
    precision += both / cluster.length;
    recall += both / event.length;
  }
  const n = truth.size || 1;
  return { precision: precision / n, recall: recall / n, f1: f1(precision / n, recall / n) };
}
