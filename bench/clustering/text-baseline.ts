import { eventWords } from '../../core/pipeline/cluster/event-features';

/**
 * The baseline bench:clustering measures beside C360's rule: text alone. Each item's title and lead as
 * stemmed words, TF-IDF weighted (document frequencies counted as items arrive), joined to the open
 * story whose summed vector is most similar at THRESHOLD or above within three days: no names,
 * figures, places, outlets or re-checks.
 */

const THRESHOLD = 0.3;
const WINDOW_MS = 72 * 3_600_000;

export type BaselineItem = { id: string; title: string; lead: string; time: number };

export function clusterByTextAlone(items: readonly BaselineItem[]): Map<string, string> {
  const df = new Map<string, number>();
  let docs = 0;
  const stories: { id: string; terms: Map<string, number>; last: number }[] = [];
  const out = new Map<string, string>();
  for (const item of [...items].sort((a, b) => a.time - b.time || a.id.localeCompare(b.id))) {
    const terms = new Map<string, number>();
    for (const w of [...eventWords(item.title), ...eventWords(item.title), ...eventWords(item.lead)]) terms.set(w, (terms.get(w) ?? 0) + 1);
    docs++;
    for (const t of terms.keys()) df.set(t, (df.get(t) ?? 0) + 1);
    const idf = (t: string) => Math.log((Math.max(docs, 100) + 1) / ((df.get(t) ?? 0) + 1)) + 1;
    const cosine = (a: Map<string, number>, b: Map<string, number>) => {
      let dot = 0;
      let na = 0;
      let nb = 0;
      for (const [t, w] of a) {
        na += (w * idf(t)) ** 2;
        dot += w * (b.get(t) ?? 0) * idf(t) ** 2;
      }
      for (const [t, w] of b) nb += (w * idf(t)) ** 2;
      return na && nb ? dot / Math.sqrt(na * nb) : 0;
    };
    let best: { story: (typeof stories)[number]; score: number } | undefined;
    for (const story of stories) {
      if (item.time - story.last > WINDOW_MS) continue;
      const score = cosine(terms, story.terms);
      if (score >= THRESHOLD && (!best || score > best.score)) best = { story, score };
    }
    if (best) {
      for (const [t, w] of terms) best.story.terms.set(t, (best.story.terms.get(t) ?? 0) + w);
      best.story.last = Math.max(best.story.last, item.time);
      out.set(item.id, best.story.id);
    } else {
      const story = { id: `b${stories.length + 1}`, terms, last: item.time };
      stories.push(story);
      out.set(item.id, story.id);
    }
  }
  return out;
}
