import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { trainTopicMeaning, trainTopicModel } from '../../core/stories/topic-classifier';
import type { MeaningModel } from '../../core/stories/topic-meaning';
import { loadTrainingExamples } from '../../test/fixtures/sections/examples';

/**
 * npm run train:sections: trains the topic model on test/fixtures/sections/train.tsv,
 * train-world.tsv and train-world2.tsv (TRAINING_FIXTURES) and writes
 * core/stories/topic-model.json (one feature a line, so a retraining diffs readably) and the meaning
 * regression's weights, core/stories/topic-meaning.json (one label a line). check.tsv is never read here.
 */

export const MODEL_FILE = join(import.meta.dirname, '..', '..', 'core', 'stories', 'topic-model.json');
export const MEANING_FILE = join(import.meta.dirname, '..', '..', 'core', 'stories', 'topic-meaning.json');

export function serialiseTopicModel(model: ReturnType<typeof trainTopicModel>): string {
  const counts = Object.entries(model.counts).map(([feature, row]) => `    ${JSON.stringify(feature)}: ${JSON.stringify(row)}`);
  return `{\n  "labels": ${JSON.stringify(model.labels)},\n  "totals": ${JSON.stringify(model.totals)},\n  "counts": {\n${counts.join(',\n')}\n  }\n}\n`;
}

export function serialiseMeaningModel(model: MeaningModel): string {
  return `{\n  "weights": [\n${model.weights.map((row) => `    ${JSON.stringify(row)}`).join(',\n')}\n  ]\n}\n`;
}

if (process.argv[1] === import.meta.filename) {
  const examples = loadTrainingExamples();
  const model = trainTopicModel(examples);
  writeFileSync(MODEL_FILE, serialiseTopicModel(model));
  console.log(`trained on ${examples.length} stories: ${Object.keys(model.counts).length} features → ${MODEL_FILE}`);
  writeFileSync(MEANING_FILE, serialiseMeaningModel(trainTopicMeaning(examples)));
  console.log(`meaning regression → ${MEANING_FILE}`);
}
