import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { keywordSections } from '../core/stories/sections';
import {
  classifyTopics,
  trainTopicMeaning,
  trainTopicModel,
  TOPIC_SECTIONS,
  type TopicExample,
  type TopicModel,
  type TopicSection,
} from '../core/stories/topic-classifier';
import type { MeaningModel } from '../core/stories/topic-meaning';
import { loadTopicExamples, loadTrainingExamples, TRAINING_FIXTURES } from '../test/fixtures/sections/examples';
import { UCI_SAMPLE } from './clustering/uci';

/**
 * npm run bench:sections: how well stories are filed into the reader site's sections, the topic
 * classifier beside the old substring keywords, on
 *  - test/fixtures/sections/check.tsv: Caribbean stories (title and lead) in the six sections and
 *    'none', written apart from the training file and never tuned on;
 *  - the CATEGORY column of ../shared/data/uci-news-headlines-sample.csv (headlines only, never
 *    trained on): b → business, t → technology, e → culture; m (health) has no section, so it is
 *    reported apart as the share of m headlines given no section.
 * A story may get several sections: each one it is given that is not its label counts against that
 * section's precision (it would show in the wrong block), a label it is not given against the
 * label's recall. Macro-F1 is the mean over the sections scored.
 * --cv: 5-fold cross-validation on the training files over the classifier's settings (how they were
 * chosen); --dev: one fold held out of each training file, scored apart, its errors listed (how the
 * features were chosen). The check file and UCI play no part in either. Prints figures; never fails on them.
 */

type Labelled = { label: TopicSection | 'none'; text: { title: string; summary: string; tags: readonly string[] } };
type Classify = (text: Labelled['text']) => readonly string[];
type Scores = { perSection: Map<TopicSection, { p: number; r: number; f1: number; n: number }>; macroF1: number; noneEmpty: number; noneCount: number };

function score(items: readonly Labelled[], classify: Classify, sections: readonly TopicSection[]): Scores {
  const tally = new Map(sections.map((s) => [s, { tp: 0, fp: 0, fn: 0, n: 0 }]));
  let noneEmpty = 0;
  let noneCount = 0;
  for (const item of items) {
    const given = new Set(classify(item.text));
    if (item.label === 'none') {
      noneCount++;
      if (given.size === 0) noneEmpty++;
    }
    for (const [section, t] of tally) {
      const gold = item.label === section;
      if (gold) t.n++;
      if (gold && given.has(section)) t.tp++;
      else if (gold) t.fn++;
      else if (given.has(section)) t.fp++;
    }
  }
  const perSection = new Map<TopicSection, { p: number; r: number; f1: number; n: number }>();
  for (const [section, t] of tally) {
    const p = t.tp + t.fp === 0 ? 0 : t.tp / (t.tp + t.fp);
    const r = t.tp + t.fn === 0 ? 0 : t.tp / (t.tp + t.fn);
    perSection.set(section, { p, r, f1: p + r === 0 ? 0 : (2 * p * r) / (p + r), n: t.n });
  }
  const macroF1 = [...perSection.values()].reduce((sum, s) => sum + s.f1, 0) / perSection.size;
  return { perSection, macroF1, noneEmpty, noneCount };
}

const f = (x: number) => x.toFixed(3);

/** noneApart: the F1s are on the labelled sections' stories only; 'none' stories give only their share. */
function report(title: string, all: readonly Labelled[], sections: readonly TopicSection[], noneName: string, noneApart = false): void {
  const items = noneApart ? all.filter((i) => i.label !== 'none') : all;
  const nones = all.filter((i) => i.label === 'none');
  const old = score(items, (t) => keywordSections(t), sections);
  const started = performance.now();
  const next = score(items, (t) => classifyTopics(t), sections);
  const oldNone = score(nones, (t) => keywordSections(t), sections);
  const nextNone = score(nones, (t) => classifyTopics(t), sections);
  const ms = (performance.now() - started) / items.length;
  console.log(`\n${title} (${all.length} stories; classifier ${ms.toFixed(3)} ms a story)`);
  console.log(`  ${'section'.padEnd(12)} ${'n'.padStart(5)}   keywords P / R / F1       classifier P / R / F1`);
  for (const section of sections) {
    const a = old.perSection.get(section)!;
    const b = next.perSection.get(section)!;
    console.log(`  ${section.padEnd(12)} ${String(a.n).padStart(5)}   ${f(a.p)} / ${f(a.r)} / ${f(a.f1)}    ${f(b.p)} / ${f(b.r)} / ${f(b.f1)}`);
  }
  console.log(`  macro-F1 ${' '.repeat(13)}keywords ${f(old.macroF1)}            classifier ${f(next.macroF1)}`);
  if (nextNone.noneCount > 0) {
    const share = (s: Scores) => `${((100 * s.noneEmpty) / s.noneCount).toFixed(1)}%`;
    console.log(`  ${noneName} (${nextNone.noneCount}) given no section: keywords ${share(oldNone)}, classifier ${share(nextNone)}`);
  }
}

const asLabelled = (examples: readonly TopicExample[]): Labelled[] =>
  examples.map((e) => ({ label: e.label, text: { title: e.title, summary: e.lead, tags: [] } }));

function loadUci(): Labelled[] | null {
  if (!existsSync(UCI_SAMPLE)) return null;
  const rows = parse(readFileSync(UCI_SAMPLE, 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const label: Record<string, Labelled['label']> = { b: 'business', t: 'technology', e: 'culture', m: 'none' };
  return rows.filter((r) => r.CATEGORY! in label).map((r) => ({ label: label[r.CATEGORY!]!, text: { title: r.TITLE!, summary: '', tags: [] } }));
}

type Fold = { model: TopicModel; meaningModels: Map<number, MeaningModel>; held: Labelled[] };

/** Each fold's models, trained once and shared by every setting scored on it. */
function trainFolds(examples: readonly TopicExample[], folds: number, l2s: readonly number[]): Fold[] {
  return Array.from({ length: folds }, (_, k) => {
    const training = examples.filter((_, i) => i % folds !== k);
    return {
      model: trainTopicModel(training),
      meaningModels: new Map(l2s.map((l2) => [l2, trainTopicMeaning(training, l2)])),
      held: asLabelled(examples.filter((_, i) => i % folds === k)),
    };
  });
}

function crossValidate(): void {
  const examples = loadTrainingExamples();
  const l2s = [1e-4, 1e-3, 1e-2, 1e-1];
  // Words alone over the evidence scale and bar, then the meaning averaged in at evidence 6.
  const wordsOnly = [4, 6, 8, 12, 16].flatMap((evidenceFeatures) => [0.4, 0.5, 0.6, 0.7].map((bar) => ({ evidenceFeatures, bar, meaningWeight: 0, l2: 0 })));
  const withMeaning = l2s.flatMap((l2) =>
    [0.25, 0.4, 0.5, 0.6, 0.75].flatMap((meaningWeight) => [0.4, 0.5, 0.6].map((bar) => ({ evidenceFeatures: 6, bar, meaningWeight, l2 }))),
  );
  console.log(`5-fold cross-validation on the training files (${examples.length} stories)`);
  const folds = trainFolds(examples, 5, l2s);
  for (const { l2, ...options } of [...wordsOnly, ...withMeaning]) {
    const items = folds.flatMap((fold) => fold.held);
    const predictions = folds.flatMap((fold) =>
      fold.held.map((item) => classifyTopics(item.text, { ...options, secondBar: 0.3, model: fold.model, meaningModel: fold.meaningModels.get(l2) })),
    );
    let i = 0;
    const s = score(items, () => predictions[i++]!, TOPIC_SECTIONS);
    const meaning = options.meaningWeight ? `meaning ${options.meaningWeight} l2 ${l2} ` : 'words only ';
    console.log(
      `  ${meaning}evidence ${options.evidenceFeatures} bar ${options.bar}: macro-F1 ${f(s.macroF1)}, none given no section ${s.noneEmpty}/${s.noneCount}`,
    );
  }
}

/** Every fifth story of each training file is held out; the model is trained on the rest. */
function devSplit(): void {
  const held = (i: number) => i % 5 === 2;
  const byFixture = TRAINING_FIXTURES.map((fixture) => ({ fixture, examples: loadTopicExamples(fixture) }));
  const training = byFixture.flatMap(({ examples }) => examples.filter((_, i) => !held(i)));
  const options = { model: trainTopicModel(training), meaningModel: trainTopicMeaning(training) };
  for (const { fixture, examples } of byFixture) {
    const dev = asLabelled(examples.filter((_, i) => held(i)));
    const s = score(dev, (t) => classifyTopics(t, options), TOPIC_SECTIONS);
    const per = TOPIC_SECTIONS.map((section) => `${section} ${f(s.perSection.get(section)!.f1)}`).join(', ');
    console.log(`\ndev fold of ${fixture}.tsv (${dev.length} stories): macro-F1 ${f(s.macroF1)}; ${per}; none given no section ${s.noneEmpty}/${s.noneCount}`);
    for (const item of dev) {
      const given = classifyTopics(item.text, options);
      const right = item.label === 'none' ? given.length === 0 : given.includes(item.label);
      if (!right || given.length > 1) console.log(`  ${item.label.padEnd(10)} → ${(given.join('+') || '-').padEnd(20)} ${item.text.title}`);
    }
  }
}

if (process.argv.includes('--cv')) {
  crossValidate();
} else if (process.argv.includes('--dev')) {
  devSplit();
} else {
  report('Caribbean check set (test/fixtures/sections/check.tsv)', asLabelled(loadTopicExamples('check')), TOPIC_SECTIONS, "'none' stories");
  const uci = loadUci();
  if (uci) report('UCI headlines, CATEGORY b/t/e (m has no section)', uci, ['business', 'technology', 'culture'], 'm (health) headlines', true);
  else console.log(`\nUCI sample not found at ${UCI_SAMPLE}: skipped (set C360_UCI_SAMPLE)`);
}
