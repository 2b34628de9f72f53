import { caribbeanCountries, placesConflict } from '../../nlp/gazetteer';

const CARIBBEAN = new Set(caribbeanCountries());
import type { EventFeatures } from './event-features';

/**
 * The clustering rule, pure. Two reports tell one event when their words and word pairs (TF-IDF
 * cosine, institutions as one token each, translations read as English) and their exact figures agree
 * enough; shared names alone never do, since a dense week repeats the same minister, bank and town
 * across many events. Nothing joins across a place conflict (two parishes, two countries), outside the
 * time window, or when two titles lead on different rates or amounts; two items of one outlet hours
 * apart are two events unless one restates the other.
 *
 * A report joins the story whose members agree with it most on average (average linkage: one
 * look-alike member cannot pull in a report the rest disagree with), at `join` or above. A story is
 * re-checked as it grows: a member whose fit to the rest falls below `leave` leaves it, and two stories
 * whose members agree as one (mean pair score at `merge`) merge. Parameters were chosen on the
 * development set (test/fixtures/clustering/dev) and reported on the separate check set by
 * `npm run bench:clustering`.
 */

export type ClusterParams = {
  windowHours: number;
  /** A report joins the story it fits best at this fit or above. */
  join: number;
  /** Two open stories whose members agree this much (mean pair score) are one story. */
  merge: number;
  /** A member whose fit to the rest of its story falls below this leaves it. */
  leave: number;
  /** Each exact figure two reports share (7.5%, 50 basis points) adds this, up to figureCap. */
  figureBonus: number;
  figureCap: number;
  /** Two items of one outlet are one event only when they agree this much (an update restates its event). */
  sameOutlet: number;
  sameOutletHours: number;
};

export const CLUSTER_PARAMS: Readonly<ClusterParams> = Object.freeze({
  windowHours: 72,
  join: 0.2,
  merge: 0.2,
  leave: 0.15,
  figureBonus: 0.1,
  figureCap: 0.3,
  sameOutlet: 0.45,
  sameOutletHours: 12,
});
export const WINDOW_HOURS = CLUSTER_PARAMS.windowHours;
/** Until this many items have been clustered the corpus is taken to be this large, so early IDF is not extreme. */
export const MIN_CORPUS = 200;

export type Member = EventFeatures & { id: string };
export type EventStory = { id: string; members: Member[] };
export type Idf = (term: string) => number;

export function makeIdf(df: ReadonlyMap<string, number>, docs: number): Idf {
  const n = Math.max(docs, MIN_CORPUS);
  return (term) => Math.log((n + 1) / ((df.get(term) ?? 0) + 1)) + 1;
}

/** TF-IDF weights, log-scaled term frequency, unit length: compared by dot product. */
export function vectorOf(terms: Record<string, number>, idf: Idf): Map<string, number> {
  const v = new Map<string, number>();
  let norm = 0;
  for (const [t, tf] of Object.entries(terms)) {
    const w = (1 + Math.log(tf)) * idf(t);
    v.set(t, w);
    norm += w * w;
  }
  norm = Math.sqrt(norm) || 1;
  // Rounded so a vector stored as JSON and read back is the very same vector (and small).
  for (const [t, w] of v) v.set(t, Math.round((w / norm) * 1e6) / 1e6);
  return v;
}

function dot(a: Map<string, number>, b: Map<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let s = 0;
  for (const [t, w] of small) {
    const o = large.get(t);
    if (o !== undefined) s += w * o;
  }
  return s;
}

export type Scored = Member & { vector: Map<string, number> };

export function withVector(m: Member, idf: Idf): Scored {
  return { ...m, vector: vectorOf(m.terms, idf) };
}

export type PairScore = { score: number; text: number; figures: number; blocked?: 'window' | 'place' | 'same outlet' | 'figures' };

/**
 * Two titles that lead on different rates or amounts of one kind, neither found anywhere in the other
 * report, are about different things (inflation at 6.1% and a policy rate raised to 7.5%).
 */
export function headlinesConflict(a: Pick<EventFeatures, 'headline' | 'figures'>, b: Pick<EventFeatures, 'headline' | 'figures'>): boolean {
  const kind = (f: string) => f.slice(0, f.indexOf(':'));
  for (const f of a.headline) {
    const others = b.headline.filter((g) => kind(g) === kind(f));
    if (others.length === 0) continue;
    if (a.headline.some((x) => b.figures.includes(x)) && b.headline.some((x) => a.figures.includes(x))) return false;
    return true;
  }
  return false;
}

export function pairScore(a: Scored, b: Scored, params: ClusterParams = CLUSTER_PARAMS): PairScore {
  if (Math.abs(a.time - b.time) > params.windowHours * 3_600_000) return { score: 0, text: 0, figures: 0, blocked: 'window' };
  // A report about the region (a CARICOM meeting, the West Indies team) names member countries without
  // happening in each; a country outside the region it names (the Test in Sri Lanka) still places it.
  const places = (x: Scored, other: Scored) =>
    x.regional || other.regional ? x.places.filter((p) => !CARIBBEAN.has(p.country) || (p.level !== 'country' && p.country === other.country)) : x.places;
  if (placesConflict(places(a, b), places(b, a))) return { score: 0, text: 0, figures: 0, blocked: 'place' };
  if (headlinesConflict(a, b)) return { score: 0, text: 0, figures: 0, blocked: 'figures' };
  const text = dot(a.vector, b.vector);
  const bf = new Set(b.figures);
  const shared = a.figures.filter((f) => bf.has(f)).length;
  // A shared town adds nothing: two events in one town on one day are common (the dense week has several).
  const score = text + Math.min(params.figureCap, shared * params.figureBonus);
  // One outlet's two items hours apart are two events unless one restates the other; its versions in two languages are one report.
  const sameOutlet = a.outlet === b.outlet && a.language === b.language && Math.abs(a.time - b.time) <= params.sameOutletHours * 3_600_000;
  if (sameOutlet && score < params.sameOutlet) return { score: 0, text, figures: shared, blocked: 'same outlet' };
  return { score, text, figures: shared };
}

/** How well an item fits a group: its mean pair score with the members in its time window (0 if any pair is blocked). */
export function fit(item: Scored, group: readonly Scored[], params: ClusterParams = CLUSTER_PARAMS): number {
  const scores: number[] = [];
  for (const m of group) {
    if (m.id === item.id) continue;
    const p = pairScore(item, m, params);
    if (p.blocked === 'window') continue;
    if (p.blocked) return 0;
    scores.push(p.score);
  }
  return scores.length === 0 ? 0 : scores.reduce((s, x) => s + x, 0) / scores.length;
}

/** The story an item joins (best fit at `join` or above), or null to start one. */
export function chooseEventStory(
  item: Scored,
  stories: readonly { id: string; members: readonly Scored[] }[],
  params: ClusterParams = CLUSTER_PARAMS,
): { id: string; fit: number } | null {
  let best: { id: string; fit: number } | null = null;
  for (const s of stories) {
    const f = fit(item, s.members, params);
    if (f >= params.join && (!best || f > best.fit)) best = { id: s.id, fit: f };
  }
  return best;
}

/** How well a member agrees with the rest of its story: its mean pair score, a blocked pair counting 0. */
function agreement(m: Scored, members: readonly Scored[], params: ClusterParams): number {
  let sum = 0;
  let n = 0;
  for (const o of members) {
    if (o.id === m.id) continue;
    const p = pairScore(m, o, params);
    if (p.blocked === 'window') continue;
    sum += p.score;
    n++;
  }
  return n === 0 ? 1 : sum / n;
}

/**
 * Members that no longer fit the rest of their story, found one at a time (the weakest leaves, then the
 * rest are measured again, so one look-alike does not drag its neighbours out with it). A story keeps
 * at least two members.
 */
export function misfits(members: readonly Scored[], params: ClusterParams = CLUSTER_PARAMS): Scored[] {
  const out: Scored[] = [];
  let rest = [...members];
  while (rest.length >= 3) {
    const weakest = rest.map((m) => ({ m, f: agreement(m, rest, params) })).sort((a, b) => a.f - b.f)[0]!;
    if (weakest.f >= params.leave) break;
    out.push(weakest.m);
    rest = rest.filter((m) => m.id !== weakest.m.id);
  }
  return out;
}

/** Mean pair score between two stories' members; 0 if any pair is blocked by place or outlet. */
export function storyAgreement(a: readonly Scored[], b: readonly Scored[], params: ClusterParams = CLUSTER_PARAMS): number {
  let sum = 0;
  let n = 0;
  for (const x of a) {
    for (const y of b) {
      const p = pairScore(x, y, params);
      if (p.blocked && p.blocked !== 'window') return 0;
      sum += p.score;
      n++;
    }
  }
  return n === 0 ? 0 : sum / n;
}
