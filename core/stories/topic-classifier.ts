import stem from 'wink-porter2-stemmer';
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

/** The trained model and settings by default; the bench passes others to cross-validate them. */
export type TopicOptions = { model?: TopicModel; evidenceFeatures?: number; bar?: number; secondBar?: number };

/** Additive smoothing of the word probabilities (at 0.5 one topical word alone, "story", was enough to file a story). */
const ALPHA = 1;
/**
 * The evidence is scaled to this many features whatever the text's length, so a long summary is
 * not more certain than a headline for the same words (naive Bayes counts every repeat as new
 * evidence; this keeps its probabilities usable as a bar). Chosen by cross-validation on the
 * training file (bench/sections.ts --cv).
 */
const EVIDENCE_FEATURES = 6;
/** A section is given when its probability clears this bar (the first) ... */
export const SECTION_BAR = 0.6;
/** ... and a second section only when it also clears this one. */
export const SECOND_SECTION_BAR = 0.3;
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

function words(text: string): string[] {
  const out: string[] = [];
  for (const match of text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .matchAll(/[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu)) {
    const word = match[0].replace(/'s$/, '').replace(/'/g, '');
    if (/^\d+$/.test(word) || STOPWORDS.has(word)) {
      out.push('');
      continue;
    }
    out.push(stem(word));
  }
  return out;
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

/** Each label's probability for the story, highest first (uniform priors: no label is favoured). */
export function scoreTopics(story: TopicText, options: TopicOptions = {}): TopicScore[] {
  const model = options.model ?? (TRAINED_MODEL as TopicModel);
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
  if (seen === 0) return model.labels.map((label) => ({ label, probability: 1 / model.labels.length }));
  const scale = Math.min(1, (options.evidenceFeatures ?? EVIDENCE_FEATURES) / seen);
  const scaled = logLikelihood.map((l) => l * scale);
  const top = Math.max(...scaled);
  const exp = scaled.map((l) => Math.exp(l - top));
  const sum = exp.reduce((a, b) => a + b, 0);
  return model.labels.map((label, i) => ({ label, probability: exp[i]! / sum })).sort((a, b) => b.probability - a.probability);
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
