import { placesConflict, type Features } from './features';
import { placesFromKeys } from './features';

/**
 * The clustering rule. An item joins the most similar open story when
 *   score = max(text, TEXT_WEIGHT × text + ENTITY_WEIGHT × entity overlap) ≥ JOIN_THRESHOLD, text being the
 *   cosine of the TF-IDF vectors of title and lead,
 * the story had an item within WINDOW_HOURS of this one, and they do not conflict: two different
 * parishes or countries, or two different laws (look-alike events elsewhere, or about another bill,
 * are other stories). Shared names add evidence; a report that names no one loses nothing by it.
 * Entity overlap is |shared| / |smaller set|, a whole country counting COUNTRY_WEIGHT of a name and a
 * parish or town PLACE_WEIGHT; below MIN_TEXT text similarity nothing joins (one town, two events).
 * Weights and threshold were tuned on test/fixtures/pipeline/clustering.json (see cluster-quality.test.ts).
 */
export const WINDOW_HOURS = 72;
export const TEXT_WEIGHT = 0.6;
export const ENTITY_WEIGHT = 0.4;
export const JOIN_THRESHOLD = 0.25;
export const COUNTRY_WEIGHT = 0.3;
/** A parish or town shared counts half a name: two events in one town are common. */
export const PLACE_WEIGHT = 0.5;
/** Below this text similarity no amount of shared names joins two reports (same town, different events). */
export const MIN_TEXT = 0.08;
/** A story keeps at most this many terms (highest weight first) so its vector stays small. */
export const MAX_STORY_TERMS = 80;

export type StoryFeatures = { id: string; terms: Record<string, number>; entities: string[]; firstTime: number; lastTime: number };
export type Idf = (term: string) => number;

/**
 * Smoothed IDF. Until MIN_CORPUS items have been clustered the corpus is taken to be that large, so the
 * first reports (every shared word then has df 1) are not judged mostly by the words they do not share.
 */
export const MIN_CORPUS = 100;

export function makeIdf(df: ReadonlyMap<string, number>, docs: number): Idf {
  const n = Math.max(docs, MIN_CORPUS);
  return (term) => Math.log((n + 1) / ((df.get(term) ?? 0) + 1)) + 1;
}

export function cosine(a: Record<string, number>, b: Record<string, number>, idf: Idf): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [t, w] of Object.entries(a)) {
    const x = w * idf(t);
    na += x * x;
    const bw = b[t];
    if (bw !== undefined) dot += x * bw * idf(t);
  }
  for (const [t, w] of Object.entries(b)) nb += (w * idf(t)) ** 2;
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

function weight(key: string): number {
  if (!key.startsWith('place:')) return 1;
  return key.endsWith('/country') ? COUNTRY_WEIGHT : PLACE_WEIGHT;
}

export function entityOverlap(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const bs = new Set(b);
  const shared = a.filter((k) => bs.has(k)).reduce((s, k) => s + weight(k), 0);
  const total = (keys: readonly string[]) => keys.reduce((s, k) => s + weight(k), 0);
  return shared / Math.min(total(a), total(b));
}

/** Two reports about legislation that name different laws (Road Traffic Act, Data Protection Act) are two stories. */
export function lawsConflict(a: readonly string[], b: readonly string[]): boolean {
  const la = a.filter((k) => k.startsWith('law:'));
  const lb = new Set(b.filter((k) => k.startsWith('law:')));
  return la.length > 0 && lb.size > 0 && !la.some((k) => lb.has(k));
}

export type Match = { score: number; text: number; entities: number; conflict: boolean; inWindow: boolean };

export function scoreMatch(item: Features, story: StoryFeatures, idf: Idf, windowHours = WINDOW_HOURS): Match {
  const windowMs = windowHours * 3_600_000;
  const inWindow = item.time >= story.firstTime - windowMs && item.time <= story.lastTime + windowMs;
  const conflict = placesConflict(placesFromKeys(item.entities), placesFromKeys(story.entities)) || lawsConflict(item.entities, story.entities);
  const text = cosine(item.terms, story.terms, idf);
  const entities = entityOverlap(item.entities, story.entities);
  // Shared names add evidence; their absence (a report naming no one) takes none away.
  const score = conflict || !inWindow || text < MIN_TEXT ? 0 : Math.max(text, TEXT_WEIGHT * text + ENTITY_WEIGHT * entities);
  return { score, text, entities, conflict, inWindow };
}

/** The best story to join, or null to start a new one. Ties go to the most recently active story. */
export function chooseStory(item: Features, candidates: readonly StoryFeatures[], idf: Idf, options: { threshold?: number; windowHours?: number } = {}): { story: StoryFeatures; match: Match } | null {
  let best: { story: StoryFeatures; match: Match } | null = null;
  for (const story of candidates) {
    const match = scoreMatch(item, story, idf, options.windowHours);
    if (match.score < (options.threshold ?? JOIN_THRESHOLD)) continue;
    if (!best || match.score > best.match.score || (match.score === best.match.score && story.lastTime > best.story.lastTime)) best = { story, match };
  }
  return best;
}

/** A story's features after an item joins: terms summed (then cut to the strongest), entities united, time span widened. */
export function mergeFeatures(story: Omit<StoryFeatures, 'id'>, item: Features): Omit<StoryFeatures, 'id'> {
  const terms: Record<string, number> = { ...story.terms };
  for (const [t, w] of Object.entries(item.terms)) terms[t] = (terms[t] ?? 0) + w;
  const kept = Object.entries(terms).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, MAX_STORY_TERMS);
  return {
    terms: Object.fromEntries(kept),
    entities: [...new Set([...story.entities, ...item.entities])].sort(),
    firstTime: Math.min(story.firstTime, item.time),
    lastTime: Math.max(story.lastTime, item.time),
  };
}

/**
 * The whole rule in memory, items in time order, document frequencies counted as items arrive (as the
 * database path does): used by the quality test on the labelled fixture.
 */
export function clusterInMemory(items: readonly (Features & { id: string })[], options: { threshold?: number; windowHours?: number } = {}): Map<string, string> {
  const df = new Map<string, number>();
  let docs = 0;
  const stories: StoryFeatures[] = [];
  const assignment = new Map<string, string>();
  for (const item of [...items].sort((a, b) => a.time - b.time || a.id.localeCompare(b.id))) {
    const idf = makeIdf(df, docs);
    const chosen = chooseStory(item, stories, idf, options);
    if (chosen) {
      Object.assign(chosen.story, mergeFeatures(chosen.story, item));
      assignment.set(item.id, chosen.story.id);
    } else {
      const story = { id: `story-${stories.length + 1}`, terms: { ...item.terms }, entities: [...item.entities], firstTime: item.time, lastTime: item.time };
      stories.push(story);
      assignment.set(item.id, story.id);
    }
    docs++;
    for (const t of Object.keys(item.terms)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  return assignment;
}

/** Pairwise precision and recall of a clustering against labels: pairs put together that belong together. */
export function pairwiseQuality(predicted: ReadonlyMap<string, string>, truth: ReadonlyMap<string, string>): { precision: number; recall: number; f1: number; truePairs: number; predictedPairs: number } {
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
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall), truePairs, predictedPairs };
}
