import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkClaim, prepareVoices, type ModelJudgement, type UndecidedPair } from '../core/pipeline/fact-check/claims';
import { assessIndependence } from '../core/pipeline/fact-check/independence';

/**
 * npm run bench:claims: the fact-check's claim rule on the labelled claim pairs in
 * test/fixtures/claims (dev: tuned on; check: written separately before the rule was changed, never
 * tuned on), as precision and recall of "supports" and of "contradicts" per part, beside a simple
 * baseline computed in the same run (content-word overlap and exact figure match). Each pair is run
 * through checkClaim itself, the report as a story's only source, so the figures are the stage's.
 * With a model, the pairs the rule cannot decide (undecidedByRule) are put to it: the bench counts them
 * (calls per 100 pairs) and scores the rule with two stand-in models, one that answers each undecided
 * pair with its label (the most a model can add) and one that says "supports" to every one (the most
 * harm a model that always agrees could do). Prints figures; never fails on them.
 */

type Label = 'supports' | 'contradicts' | 'unrelated';
type Pair = { claim: string; claimPublished: string; report: string; reportPublished: string; label: Label };
type Group = { claim: string; published: string; reports: { label: Label; text: string; published?: string }[] };

function loadPart(part: string): Pair[] {
  const file = join(import.meta.dirname, '..', 'test', 'fixtures', 'claims', `${part}.json`);
  const { groups } = JSON.parse(readFileSync(file, 'utf8')) as { groups: Group[] };
  return groups.flatMap((g) =>
    g.reports.map((r) => ({ claim: g.claim, claimPublished: g.published, report: r.text, reportPublished: r.published ?? g.published, label: r.label })),
  );
}

type StandIn = (pair: Pair) => Label;

/** The rule's answer on a pair; with a stand-in model, its answer on the pair the rule could not decide counts instead. */
function judgeByRule(pair: Pair, standIn?: StandIn): { label: Label; undecided: boolean } {
  const independence = assessIndependence([
    {
      id: '00000000-0000-4000-8000-000000000001',
      outlet: 'Report',
      outletKind: 'press',
      ownerGroup: 'Report',
      url: null,
      title: '',
      summary: '',
      text: pair.report,
      author: null,
      publishedAt: `${pair.reportPublished}T12:00:00Z`,
      createdAt: `${pair.reportPublished}T12:00:00Z`,
      region: null,
      carriers: [],
    },
  ]);
  const voices = prepareVoices(independence);
  const published = new Date(`${pair.claimPublished}T12:00:00Z`);
  const undecided: UndecidedPair[] = [];
  let item = checkClaim({ text: pair.claim }, voices, independence, { published, onUndecided: (p) => undecided.push(p) });
  if (standIn && undecided.length > 0) {
    const judgements: ModelJudgement[] = undecided.map((u) => ({
      source: u.voice.key,
      outlet: u.voice.outlet,
      sentence_key: u.sentenceKey,
      relation: standIn(pair),
      model: 'stand-in',
    }));
    item = checkClaim({ text: pair.claim }, voices, independence, { published, judgements });
  }
  const label: Label = item.contradicting_outlets.length > 0 ? 'contradicts' : item.supporting_outlets.length > 0 ? 'supports' : 'unrelated';
  return { label, undecided: undecided.length > 0 };
}

const STOP = new Set(
  'the a an of in on at to for by and or with from is was were be has have had will would its it this that as per cent percent said says el la los las de del en y a un una le les des du et à het de een van op en met voor'.split(
    ' ',
  ),
);
const wordsOf = (t: string) =>
  new Set(
    t
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 1 && !STOP.has(w) && !/\d/.test(w)),
  );
const numbersOf = (t: string) => new Set([...t.matchAll(/\d[\d,.]*/g)].map((m) => m[0].replace(/[.,]$/, '')));

/** The baseline: same topic when half the claim's words are in the report; supports when every claim figure is there as written, contradicts when the report has figures and a claim figure is missing. */
function judgeByBaseline(pair: Pair): Label {
  const cw = wordsOf(pair.claim);
  const rw = wordsOf(pair.report);
  const overlap = cw.size === 0 ? 0 : [...cw].filter((w) => rw.has(w)).length / cw.size;
  if (overlap < 0.5) return 'unrelated';
  const cn = numbersOf(pair.claim);
  const rn = numbersOf(pair.report);
  const missing = [...cn].filter((n) => !rn.has(n));
  if (missing.length === 0) return 'supports';
  return rn.size > 0 ? 'contradicts' : 'unrelated';
}

type Score = { precision: number; recall: number; tp: number; predicted: number; actual: number };
function score(pairs: readonly Pair[], predicted: readonly Label[], label: Label): Score {
  let tp = 0;
  let p = 0;
  let a = 0;
  pairs.forEach((pair, i) => {
    if (predicted[i] === label) p++;
    if (pair.label === label) a++;
    if (predicted[i] === label && pair.label === label) tp++;
  });
  return { precision: p === 0 ? 1 : tp / p, recall: a === 0 ? 1 : tp / a, tp, predicted: p, actual: a };
}

const fmt = (s: Score) => `P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)} (${s.tp}/${s.predicted} predicted, ${s.actual} labelled)`;
const verbose = process.argv.includes('--errors');

for (const part of ['dev', 'check']) {
  const pairs = loadPart(part);
  const started = performance.now();
  const ruled = pairs.map((p) => judgeByRule(p));
  const rule = ruled.map((r) => r.label);
  const ms = (performance.now() - started) / pairs.length;
  const undecided = ruled.filter((r) => r.undecided).length;
  const withModel = pairs.map((p) => judgeByRule(p, (x) => x.label).label);
  const withYesModel = pairs.map((p) => judgeByRule(p, () => 'supports').label);
  const baseline = pairs.map(judgeByBaseline);
  console.log(
    `${part}: ${pairs.length} pairs (${['supports', 'contradicts', 'unrelated'].map((l) => `${pairs.filter((p) => p.label === l).length} ${l}`).join(', ')})`,
  );
  for (const [name, predicted] of [
    ['C360 rule', rule],
    ['baseline', baseline],
  ] as const) {
    console.log(`  ${name.padEnd(9)} supports    ${fmt(score(pairs, predicted, 'supports'))}`);
    console.log(`  ${''.padEnd(9)} contradicts ${fmt(score(pairs, predicted, 'contradicts'))}`);
  }
  console.log(`  C360 rule: ${ms.toFixed(2)} ms a pair`);
  console.log(
    `  undecided by the rule (one model call each): ${undecided} of ${pairs.length} pairs, ${((100 * undecided) / pairs.length).toFixed(1)} calls per 100 pairs (${['supports', 'contradicts', 'unrelated'].map((l) => `${pairs.filter((p, i) => ruled[i]!.undecided && p.label === l).length} ${l}`).join(', ')})`,
  );
  for (const [name, predicted] of [
    ['rule + model answering each undecided pair with its label', withModel],
    ['rule + model saying "supports" to every undecided pair', withYesModel],
  ] as const) {
    console.log(`  ${name}`);
    console.log(`  ${''.padEnd(9)} supports    ${fmt(score(pairs, predicted, 'supports'))}`);
    console.log(`  ${''.padEnd(9)} contradicts ${fmt(score(pairs, predicted, 'contradicts'))}`);
  }
  if (verbose && (part === 'dev' || process.argv.includes('--check-errors'))) {
    pairs.forEach((p, i) => {
      if (rule[i] !== p.label) console.log(`    [${p.label} → ${rule[i]}${ruled[i]!.undecided ? ', undecided' : ''}] ${p.claim}  ||  ${p.report}`);
    });
  }
}
