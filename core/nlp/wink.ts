import winkNLP, { type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

let nlp: WinkMethods | undefined;

/** The model takes ~100 ms to load, so it is loaded on first use and kept for the process. */
export function engine(): WinkMethods {
  nlp ??= winkNLP(model);
  return nlp;
}

/**
 * The model's lexicon holds English words (and few names): a token it knows has an id below the
 * lexicon's size; words it meets for the first time are numbered after it.
 */
const core = (model as unknown as { core(): { lexicon: { length: number }; packing: { size: number } } }).core();
const LEXICON_SIZE = core.lexicon.length / core.packing.size;

const english = new Map<string, boolean>();
/** Remembered answers, bounded: the clustering asks about the words after place names in every report. */
const ENGLISH_MEMO = 50_000;

/** Every word of `text` is an English word of the model's lexicon ("Mobile", "Reading", "Split"; not "Toronto"). */
export function isEnglishWord(text: string): boolean {
  const key = text.toLowerCase();
  let known = english.get(key);
  if (known === undefined) {
    const ids = engine().readDoc(key).tokens().out(engine().its.uniqueId) as number[];
    known = ids.length > 0 && ids.every((id) => id < LEXICON_SIZE);
    if (english.size < ENGLISH_MEMO) english.set(key, known);
  }
  return known;
}
