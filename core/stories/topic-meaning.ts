/**
 * A small multinomial logistic regression from a text's meaning (core/nlp/word-vectors.ts: 100
 * numbers) to the topic labels. It is the topic classifier's second reader: naive Bayes knows only
 * the words the training files used, this knows that "underwriters", "microprocessor" or
 * "screenwriter" (none of them in those files) lie near the words it did see. Trained by plain full-batch gradient descent from zero weights for a fixed number
 * of rounds, so a training gives the same weights every time; weights are rounded for storage.
 */

export type MeaningModel = {
  /** Per label (the topic model's label order), one weight per meaning dimension then the bias. */
  weights: number[][];
};

export type MeaningExample = { meaning: readonly number[]; label: number };

/** A meaning vector is unit length (coordinates near ±0.1): scaled so they are near ±1 for the descent. */
const INPUT_SCALE = 10;
/** Held-out accuracy on a fifth of the training files was the same (within 0.01) after 100 rounds as after 300. */
const ROUNDS = 150;
const LEARNING_RATE = 0.5;
/** Momentum speeds the descent along the long shallow valleys of a ridge-penalised loss. */
const MOMENTUM = 0.9;

function logits(weights: readonly (readonly number[])[], meaning: readonly number[]): number[] {
  return weights.map((row) => {
    let z = row[meaning.length]!;
    for (let d = 0; d < meaning.length; d++) z += row[d]! * meaning[d]! * INPUT_SCALE;
    return z;
  });
}

/** Scores to probabilities (the naive Bayes reader's log-likelihoods too). */
export function softmax(z: readonly number[]): number[] {
  const top = Math.max(...z);
  const exp = z.map((x) => Math.exp(x - top));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((x) => x / sum);
}

/** Each label's probability, in the model's label order. */
export function meaningProbabilities(model: MeaningModel, meaning: readonly number[]): number[] {
  return softmax(logits(model.weights, meaning));
}

/**
 * Weights for `labels` labels, ridge penalty `l2` on all but the bias. Every label weighs the same in
 * the loss however many examples it has (as the naive Bayes model's priors are uniform).
 */
export function trainMeaningModel(examples: readonly MeaningExample[], labels: number, l2: number): MeaningModel {
  const width = (examples[0]?.meaning.length ?? 0) + 1;
  // Each example's scaled inputs with a trailing 1 for the bias, in one flat array (the descent reads them every round).
  const inputs = new Float64Array(examples.length * width);
  examples.forEach(({ meaning }, i) => {
    meaning.forEach((x, d) => (inputs[i * width + d] = x * INPUT_SCALE));
    inputs[i * width + width - 1] = 1;
  });
  const perLabel = Array.from({ length: labels }, (_, k) => examples.filter((e) => e.label === k).length);
  const share = perLabel.map((n) => (n === 0 ? 0 : 1 / (labels * n)));
  const weights = new Float64Array(labels * width);
  const velocity = new Float64Array(labels * width);
  const gradient = new Float64Array(labels * width);
  const z = new Array<number>(labels);
  for (let round = 0; round < ROUNDS; round++) {
    for (let j = 0; j < gradient.length; j++) gradient[j] = j % width === width - 1 ? 0 : l2 * weights[j]!;
    examples.forEach(({ label }, i) => {
      const at = i * width;
      for (let k = 0; k < labels; k++) {
        let sum = 0;
        for (let d = 0; d < width; d++) sum += weights[k * width + d]! * inputs[at + d]!;
        z[k] = sum;
      }
      const p = softmax(z);
      for (let k = 0; k < labels; k++) {
        const error = (p[k]! - (k === label ? 1 : 0)) * share[label]!;
        for (let d = 0; d < width; d++) gradient[k * width + d]! += error * inputs[at + d]!;
      }
    });
    for (let j = 0; j < weights.length; j++) {
      velocity[j] = MOMENTUM * velocity[j]! - LEARNING_RATE * gradient[j]!;
      weights[j]! += velocity[j]!;
    }
  }
  const rounded = Array.from(weights, (w) => Math.round(w * 1e4) / 1e4);
  return { weights: Array.from({ length: labels }, (_, k) => rounded.slice(k * width, (k + 1) * width)) };
}
