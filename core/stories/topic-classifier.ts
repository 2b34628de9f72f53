import { createHash } from 'node:crypto';
import { stem } from '../nlp/stem';
import { meaningOf } from '../nlp/word-vectors';
import { meaningProbabilities, softmax, trainMeaningModel, type MeaningModel } from './topic-meaning';
import TRAINED_MEANING from './topic-meaning.json';
import TRAINED_MODEL from './topic-model.json';

/**
 * The reader site's topic sections, read from a story's words by a multinomial naive Bayes model
 * over stemmed words and word pairs (so "Windies", "wickets" and "call up" weigh for sports and a
 * passing "festival" or "US$3 million" does not carry a story off to culture or business).
 *
 * The model is counts per feature and label (core/stories/topic-model.json), trained from the
 * labelled stories in test/fixtures/sections/train.tsv (Caribbean), train-world.tsv and
 * train-world2.tsv (world news in many outlets' styles) by `npm run train:sections`; a test keeps
 * the committed file equal to a fresh training. 'none' is a label of its own (crime, health,
 * schools): a story the model reads as none of the six gets no section, and a block shows fewer
 * stories rather than a wrong one.
 *
 * Beside the words, what the story means (core/nlp/word-vectors.ts) is read by a small logistic
 * regression (core/stories/topic-meaning.ts, weights in topic-meaning.json, trained by the same
 * command): a headline whose words the training files never used ("conglomerate insolvency",
 * "microprocessors") still points towards its section. The two readers' label distributions are
 * averaged.
 */

export const TOPIC_SECTIONS = ['business', 'politics', 'weather', 'sports', 'culture', 'technology'] as const;
export type TopicSection = (typeof TOPIC_SECTIONS)[number];
export type TopicLabel = TopicSection | 'none';
export const TOPIC_LABELS: readonly TopicLabel[] = [...TOPIC_SECTIONS, 'none'];

export type TopicExample = { label: TopicLabel; title: string; lead: string };
export type TopicText = { title: string; summary: string; tags: readonly string[] };

export type TopicModel = {
  labels: TopicLabel[];
  /** Feature occurrences per label (the denominators of the word probabilities). */
  totals: number[];
  /** Per feature, its count under each label, in `labels` order. */
  counts: Record<string, number[]>;
};

export type TopicScore = { label: TopicLabel; probability: number };

/** The trained models and settings by default; the bench passes others to cross-validate them. */
export type TopicOptions = {
  model?: TopicModel;
  meaningModel?: MeaningModel;
  meaningWeight?: number;
  evidenceFeatures?: number;
  bar?: number;
  secondBar?: number;
};

/**
 * The classifier's version: raise it with any change that files stories differently (a retrained
 * model, the bars, the features, the stemmer), so databases filed by an older release are re-filed
 * (core/stories/section-filing.ts) and an older release still running beside a newer one does not
 * file them back. A test holds it to the models' digest, so a retraining cannot ship without it.
 */
export const TOPIC_CLASSIFIER_VERSION = 1;

export type TopicClassifierFingerprint = { version: number; digest: string };

/**
 * What files stories in this process: the version and a digest of the two models it reads. The word
 * vectors (core/nlp/word-vectors.bin) are in it through topic-meaning.json, which a test keeps equal
 * to a training on them.
 */
export function topicClassifierFingerprint(): TopicClassifierFingerprint {
  const digest = createHash('sha256').update(JSON.stringify(TRAINED_MODEL)).update('\n').update(JSON.stringify(TRAINED_MEANING)).digest('hex');
  return { version: TOPIC_CLASSIFIER_VERSION, digest };
}

/** Additive smoothing of the word probabilities (at 0.5 one topical word alone, "story", was enough to file a story). */
const ALPHA = 1;
/**
 * The evidence is scaled to this many features whatever the text's length, so a long summary is
 * not more certain than a headline for the same words (naive Bayes counts every repeat as new
 * evidence; this keeps its probabilities usable as a bar). Chosen by cross-validation on the
 * training file (bench/sections.ts --cv).
 */
const EVIDENCE_FEATURES = 6;
/**
 * A section is given when its probability clears this bar (the first) ... (0.6 for words alone; with
 * the meaning averaged in, cross-validation chose 0.5.)
 */
export const SECTION_BAR = 0.5;
/** ... and a second section only when it also clears this one. */
export const SECOND_SECTION_BAR = 0.3;
/** The meaning reader's share of the averaged distribution. Chosen by cross-validation (bench/sections.ts --cv). */
const MEANING_WEIGHT = 0.5;
/** The meaning regression's ridge penalty, chosen by cross-validation with the weight and the bar. */
export const MEANING_L2 = 1e-2;
/** A title is what a reader files a story by: its features count twice those of the lead. */
const TITLE_WEIGHT = 2;
/** Only the head of a summary is read: the lead says what the story is about. */
const LEAD_WORDS = 60;

const STOPWORDS = new Set(
  (
    'a an the and or but of to in on at by for from with as into onto over under after before about than then ' +
    'is are was were be been being am has have had having do does did will would shall should can could may might must ' +
    'it its it’s this that these those there here their them they he she his her him we our us you your i me my ' +
    'not no nor so if while when where who whom whose which what why how all any each every both either neither ' +
    'more most other some such only own same too very just also up down out off again further once per via ' +
    'says said say new one two three four five six seven eight nine ten first second last next year years week day days ' +
    'story stories news report reports mr mrs ms dr st jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday'
  ).split(' '),
);

/** The text's words, lower case; a stopword or number is kept as '' (it breaks a word pair). */
function topicalWords(text: string): string[] {
  const out: string[] = [];
  for (const match of text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .matchAll(/[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu)) {
    const word = match[0].replace(/'s$/, '').replace(/'/g, '');
    out.push(/^\d+$/.test(word) || STOPWORDS.has(word) ? '' : word);
  }
  return out;
}

function words(text: string): string[] {
  return topicalWords(text).map((word) => word && stem(word));
}

/** Stemmed words and adjacent word pairs (a stopword or number breaks a pair). */
function featuresOf(text: string): string[] {
  const stems = words(text);
  const features: string[] = [];
  stems.forEach((s, i) => {
    if (!s) return;
    features.push(s);
    const next = stems[i + 1];
    if (next) features.push(`${s} ${next}`);
  });
  return features;
}

function leadOf(summary: string): string {
  return summary.split(/\s+/).slice(0, LEAD_WORDS).join(' ');
}

/** The story's features with their weights: title twice, the lead and tags once. */
export function topicFeatures(story: TopicText): Map<string, number> {
  const weights = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const f of featuresOf(text)) weights.set(f, (weights.get(f) ?? 0) + weight);
  };
  add(story.title, TITLE_WEIGHT);
  add(leadOf(story.summary), 1);
  add(story.tags.join(' . '), 1);
  return weights;
}

/** Counts the labelled examples' features; pairs seen once are dropped (they are mostly noise). */
export function trainTopicModel(examples: readonly TopicExample[]): TopicModel {
  const labels = [...TOPIC_LABELS];
  const counts = new Map<string, number[]>();
  for (const example of examples) {
    const index = labels.indexOf(example.label);
    if (index < 0) throw new Error(`unknown topic label: ${example.label}`);
    for (const [feature, weight] of topicFeatures({ title: example.title, summary: example.lead, tags: [] })) {
      const row = counts.get(feature) ?? labels.map(() => 0);
      row[index]! += weight;
      counts.set(feature, row);
    }
  }
  const kept = [...counts].filter(([feature, row]) => !feature.includes(' ') || row.reduce((a, b) => a + b, 0) > TITLE_WEIGHT);
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const totals = labels.map((_, i) => kept.reduce((sum, [, row]) => sum + row[i]!, 0));
  return { labels, totals, counts: Object.fromEntries(kept) };
}

/** Vocabulary sizes, counted once per model (the model has thousands of features). */
const vocabularies = new WeakMap<TopicModel, number>();

function vocabularyOf(model: TopicModel): number {
  let size = vocabularies.get(model);
  if (size === undefined) vocabularies.set(model, (size = Object.keys(model.counts).length));
  return size;
}

/**
 * What the meaning reader reads: the title twice (as for the words) and the lead, without the
 * stopwords ("Story 12" says nothing of its topic, though "story" has a meaning). Not the tags: the
 * training stories have none, and a place's "tropical storm" tag would pull a wage story to weather.
 */
function storyMeaning(story: TopicText): number[] {
  const text = [story.title, story.title, leadOf(story.summary)].join(' ');
  return meaningOf(topicalWords(text).join(' '));
}

/** The meaning regression for the labelled examples (a story without a known word teaches it nothing). */
export function trainTopicMeaning(examples: readonly TopicExample[], l2 = MEANING_L2): MeaningModel {
  const labelled = examples.map((e) => ({ meaning: storyMeaning({ title: e.title, summary: e.lead, tags: [] }), label: TOPIC_LABELS.indexOf(e.label) }));
  return trainMeaningModel(
    labelled.filter((e) => e.meaning.length > 0),
    TOPIC_LABELS.length,
    l2,
  );
}

/** The naive Bayes distribution in the model's label order, or none when no feature of the story is in the model. */
function wordProbabilities(story: TopicText, model: TopicModel, evidenceFeatures: number): number[] | null {
  const vocabulary = vocabularyOf(model);
  const logLikelihood = model.labels.map(() => 0);
  let seen = 0;
  for (const [feature, weight] of topicFeatures(story)) {
    const row = model.counts[feature];
    if (!row) continue;
    seen += weight;
    model.labels.forEach((_, i) => {
      logLikelihood[i]! += weight * Math.log((row[i]! + ALPHA) / (model.totals[i]! + ALPHA * vocabulary));
    });
  }
  if (seen === 0) return null;
  const scale = Math.min(1, evidenceFeatures / seen);
  return softmax(logLikelihood.map((l) => l * scale));
}

/**
 * Each label's probability for the story, highest first (uniform priors: no label is favoured): the
 * words' and the meaning's distributions averaged, or the one there is when the other has nothing
 * to read, or even when neither has.
 */
export function scoreTopics(story: TopicText, options: TopicOptions = {}): TopicScore[] {
  const model = options.model ?? (TRAINED_MODEL as TopicModel);
  const weight = options.meaningWeight ?? MEANING_WEIGHT;
  const words = wordProbabilities(story, model, options.evidenceFeatures ?? EVIDENCE_FEATURES);
  const meaning = weight > 0 ? storyMeaning(story) : [];
  const meant = meaning.length > 0 ? meaningProbabilities(options.meaningModel ?? (TRAINED_MEANING as MeaningModel), meaning) : null;
  const probabilities = model.labels.map((_, i) => {
    if (words && meant) return (1 - weight) * words[i]! + weight * meant[i]!;
    return (words ?? meant)?.[i] ?? 1 / model.labels.length;
  });
  return model.labels.map((label, i) => ({ label, probability: probabilities[i]! })).sort((a, b) => b.probability - a.probability);
}

/**
 * The story's sections, most likely first: 0, 1 or 2 of them, each only when its probability
 * clears the bar. A story read as 'none' above its sections gets none.
 */
export function classifyTopics(story: TopicText, options: TopicOptions = {}): TopicSection[] {
  const sections: TopicSection[] = [];
  for (const { label, probability } of scoreTopics(story, options)) {
    if (label === 'none' || sections.length === 2) break;
    if (probability < (sections.length === 0 ? (options.bar ?? SECTION_BAR) : (options.secondBar ?? SECOND_SECTION_BAR))) break;
    sections.push(label);
  }
  return sections;
}
