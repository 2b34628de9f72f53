import { ClusterEngine, clusterEvents, inClusterOrder } from '../../core/pipeline/cluster/cluster-engine';
import { CLUSTER_PARAMS, pairEvidence, pairScore, type Scored } from '../../core/pipeline/cluster/event-clustering';
import { loadSet, type LabelledItem } from './fixtures';
import { featuresOfLabelled } from './train-evidence';
import { loadUciSample } from './uci';

/**
 * Error analysis for the clustering rule: every pair of one event that the rule puts in two stories, with
 * its evidence and what turned it away (a block, a pair score under the bar, or a story it fits too
 * little on average); with --wrong, the pairs of two events it put together. Scores in memory.
 *   npx tsx bench/clustering/misses.ts world-dev --list [--wrong]    (dev, world-dev, check, world-check, uci)
 * JOIN and MERGE in the environment try other bars. Read misses on the development sets; the check sets are for reporting.
 */
const set = process.argv[2] ?? 'world-dev';
const items: LabelledItem[] = set === 'uci' ? loadUciSample()! : loadSet(set).flatMap((f) => f.items);
const feats = items.map((i) => featuresOfLabelled(i, set === 'dev' || set === 'check'));
const predicted = clusterEvents(feats, process.env.JOIN ? { join: Number(process.env.JOIN), merge: Number(process.env.MERGE ?? 0.5) } : {});
const engine = new ClusterEngine(CLUSTER_PARAMS);
const scored = new Map<string, Scored>();
for (const f of inClusterOrder(feats)) scored.set(f.id, engine.prepare(f).member);
const reasons = new Map<string, number>();
const eventOf = new Map(items.map((i) => [i.id, i.event]));
/** The items of the story an item ended in. */
const storyOf = (id: string): string[] => [...predicted].filter(([, story]) => story === predicted.get(id)).map(([item]) => item);
// Every pair across the two stories, as the story-level rule reads them (a blocked pair vetoes the join).
const across = (x: string, y: string): string =>
  storyOf(x)
    .flatMap((i) => storyOf(y).map((j) => pairScore(scored.get(i)!, scored.get(j)!)))
    .map((q) => q.blocked ?? q.score.toFixed(2))
    .join(' ');
// What a story holds: the events of its members (the labels), with counts.
const storyEvents = (id: string): string => {
  const counts = new Map<string, number>();
  for (const item of storyOf(id)) counts.set(eventOf.get(item)!, (counts.get(eventOf.get(item)!) ?? 0) + 1);
  return [...counts].map(([e, n]) => `${e}×${n}`).join(' ');
};
const lines: string[] = [];
let missed = 0;
const diffScores: number[] = [];
for (let i = 0; i < items.length; i++)
  for (let j = i + 1; j < items.length; j++) {
    const a = items[i]!,
      b = items[j]!;
    const sa = scored.get(a.id)!,
      sb = scored.get(b.id)!;
    if (a.event !== b.event) {
      const p = pairScore(sa, sb);
      if (!p.blocked) diffScores.push(p.score);
      if (process.argv.includes('--wrong') && predicted.get(a.id) === predicted.get(b.id)) {
        const e = pairEvidence(sa, sb);
        lines.push(
          `WRONG p=${p.score.toFixed(3)} ${p.blocked ?? ''} ${JSON.stringify(Object.fromEntries(Object.entries(e).map(([k, v]) => [k, +v.toFixed(3)])))}\n   A ${a.event} ${a.outlet}: ${a.title}\n   B ${b.event} ${b.outlet}: ${b.title}`,
        );
      }
      continue;
    }
    if (predicted.get(a.id) === predicted.get(b.id)) continue;
    missed++;
    const p = pairScore(sa, sb);
    const e = pairEvidence(sa, sb);
    const reason = p.blocked ?? (p.score >= CLUSTER_PARAMS.join ? 'pair ok, story not' : p.score >= 0.2 ? 'score 0.2-0.4' : 'score <0.2');
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    lines.push(
      `${reason.padEnd(18)} p=${p.score.toFixed(3)} text=${e.text.toFixed(3)} words=${e.words.toFixed(3)} names=${e.names.toFixed(2)} share=${e.nameShare.toFixed(2)} fig=${e.figures} days=${e.days.toFixed(1)}\n   A ${a.outlet}: ${a.title}\n   B ${b.outlet}: ${b.title}` +
        (p.blocked === 'place' ? `\n   places A ${JSON.stringify(sa.places.map((x) => x.name))} B ${JSON.stringify(sb.places.map((x) => x.name))}` : '') +
        (p.blocked === 'figures' ? `\n   headline A ${sa.headline} B ${sb.headline}` : '') +
        (!p.blocked && p.score >= CLUSTER_PARAMS.join
          ? `\n   story A ${storyEvents(a.id)} | story B ${storyEvents(b.id)}\n   across: ${across(a.id, b.id)}`
          : '') +
        `\n   names A ${[...sa.nameWeights.keys()].slice(0, 12).join(',')}\n   names B ${[...sb.nameWeights.keys()].slice(0, 12).join(',')}`,
    );
  }
diffScores.sort((x, y) => y - x);
console.log(`${set}: missed pairs ${missed}`, Object.fromEntries(reasons));
console.log(
  `different-event pairs: >=0.4 ${diffScores.filter((s) => s >= 0.4).length}, >=0.2 ${diffScores.filter((s) => s >= 0.2).length}, top ${diffScores.slice(0, 10).map((s) => s.toFixed(2))}`,
);
if (process.argv.includes('--list')) console.log(lines.join('\n'));
