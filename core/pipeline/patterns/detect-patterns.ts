import { splitSentences } from '../../nlp/analyse';
import { SIGNAL_TYPE_TOPICS } from '../../nlp/lexicons';
import { CHANNELS, notify } from '../../db/notify';
import { emptyStats, type StageContext, type StageStats } from '../types';
import { signalKeys, signalLabel, type SignalKeys } from './signal-keys';

/**
 * Stage 4, patterns: topics and entities whose frequency in the window (default 24 h) bursts against
 * their baseline (the average per window over the BASELINE_DAYS before it) become signals; signals
 * whose stories overlap form clusters, and a cluster of two or more signals (or one strong, new
 * signal) becomes a pattern. A burst: at least MIN_STORIES stories, at least twice the baseline plus
 * one, and a Poisson z-score (count − baseline) / √(baseline + 1) of at least MIN_Z. The forms of one
 * entity ("Tropical Storm Keron", "Keron") are counted as one key (signal-keys.ts).
 * Re-running over the same window updates its signals and patterns rather than repeating them.
 */

export const BASELINE_DAYS = 7;
export const MIN_STORIES = 2;
export const MIN_Z = 1.5;
export const CLUSTER_OVERLAP = 0.34;

type SignalType = keyof typeof SIGNAL_TYPE_TOPICS;
type StoryRow = {
  id: string;
  title: string;
  summary: string;
  region: string;
  topics: string[];
  entities: string[];
  urgency: number;
  source_list: string[];
  at: Date;
};
export type DetectedSignal = {
  key: string;
  label: string;
  count: number;
  baseline: number;
  z: number;
  storyIds: string[];
  type: SignalType;
  strength: 'High' | 'Medium' | 'Low';
  region: string;
  outlets: string[];
  keywords: string[];
  sentiment: number;
  urgency: number;
};
export type PatternResult = StageStats & { patternsDetected: number; clustersFound: number; signalsDetected: number };

function rawKeysOf(story: StoryRow): string[] {
  const keys = new Set<string>();
  for (const t of story.topics) keys.add(`topic:${t}`);
  for (const e of story.entities) {
    if (e.startsWith('place:')) {
      if (e.endsWith('/country')) continue; // a whole country is in most of its stories: no signal in that
      keys.add(`place:${e.split('/')[2]}`);
    } else keys.add(e);
  }
  return [...keys];
}

/** The story's keys, each entity under its one canonical key. */
function keysOf(story: StoryRow, keys: SignalKeys): string[] {
  return [...new Set(rawKeysOf(story).map((k) => keys.canonical.get(k) ?? k))];
}

/**
 * A signal's type from what it is about: a storm is Environmental whatever its stories' other
 * topics (hotels closing, flights cancelled); a topic is its own type; any other entity takes the
 * type most of its stories' topics support.
 */
function typeOf(stories: readonly StoryRow[], key: string): SignalType {
  if (key.startsWith('storm:')) return 'Environmental';
  const counts = new Map<SignalType, number>();
  const topics = key.startsWith('topic:') ? [key.slice(6)] : stories.flatMap((s) => s.topics);
  for (const t of topics)
    for (const [type, list] of Object.entries(SIGNAL_TYPE_TOPICS) as [SignalType, readonly string[]][])
      if (list.includes(t)) counts.set(type, (counts.get(type) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? 'Social';
}

/** The pure part: bursting keys among stories, given the window's end. */
export function findSignals(stories: readonly StoryRow[], windowEnd: Date, windowHours: number): DetectedSignal[] {
  const windowMs = windowHours * 3_600_000;
  const start = windowEnd.getTime() - windowMs;
  const baselineWindows = (BASELINE_DAYS * 24) / windowHours;
  const recent = new Map<string, StoryRow[]>();
  const before = new Map<string, number>();
  const keys = signalKeys(stories.flatMap(rawKeysOf));
  for (const s of stories) {
    const t = s.at.getTime();
    for (const k of keysOf(s, keys)) {
      if (t >= start && t <= windowEnd.getTime()) recent.set(k, [...(recent.get(k) ?? []), s]);
      else if (t < start && t >= start - BASELINE_DAYS * 86_400_000) before.set(k, (before.get(k) ?? 0) + 1);
    }
  }
  const signals: DetectedSignal[] = [];
  for (const [key, list] of recent) {
    const count = list.length;
    const baseline = (before.get(key) ?? 0) / baselineWindows;
    const z = (count - baseline) / Math.sqrt(baseline + 1);
    if (count < MIN_STORIES || count < 2 * baseline + 1 || z < MIN_Z) continue;
    const regions = [...new Set(list.map((s) => s.region))];
    const outlets = [...new Set(list.flatMap((s) => s.source_list))].sort();
    const coKeys = new Map<string, number>();
    for (const s of list) for (const k of keysOf(s, keys)) if (k !== key) coKeys.set(k, (coKeys.get(k) ?? 0) + 1);
    const sentiments = list.map((s) => {
      const sentences = splitSentences(`${s.title}. ${s.summary}`);
      return sentences.reduce((sum, x) => sum + x.sentiment, 0) / Math.max(1, sentences.length);
    });
    signals.push({
      key,
      label: signalLabel(keys, key),
      count,
      baseline: Math.round(baseline * 100) / 100,
      z: Math.round(z * 100) / 100,
      storyIds: list.map((s) => s.id).sort(),
      type: typeOf(list, key),
      strength: z >= 4 && count >= 5 ? 'High' : z >= 2.5 || count >= 3 ? 'Medium' : 'Low',
      region: regions.length === 1 ? regions[0]! : regions.length === 2 ? regions.sort().join(' / ') : 'Caribbean',
      outlets,
      keywords: [
        signalLabel(keys, key),
        ...[...coKeys.entries()]
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
          .slice(0, 4)
          .map(([k]) => signalLabel(keys, k)),
      ],
      sentiment: Math.max(-1, Math.min(1, Math.round((sentiments.reduce((a, b) => a + b, 0) / sentiments.length) * 100) / 100)),
      urgency: Math.round(list.reduce((sum, s) => sum + s.urgency, 0) / count),
    });
  }
  return signals.sort((a, b) => b.z - a.z || a.key.localeCompare(b.key));
}

function jaccard(a: readonly string[], b: readonly string[]): number {
  const sb = new Set(b);
  const shared = a.filter((x) => sb.has(x)).length;
  return shared / (a.length + b.length - shared);
}

/** Signals whose stories overlap (CLUSTER_OVERLAP) fall in one cluster. */
export function clusterSignals(signals: readonly DetectedSignal[]): DetectedSignal[][] {
  const parent = signals.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < signals.length; i++) {
    for (let j = i + 1; j < signals.length; j++) if (jaccard(signals[i]!.storyIds, signals[j]!.storyIds) >= CLUSTER_OVERLAP) parent[find(j)] = find(i);
  }
  const groups = new Map<number, DetectedSignal[]>();
  signals.forEach((s, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), s]));
  return [...groups.values()];
}

export async function detectPatterns(ctx: StageContext, options: { windowHours?: number } = {}): Promise<PatternResult> {
  const windowHours = options.windowHours ?? 24;
  const now = ctx.clock();
  ctx.onProgress?.({ stage: 'patterns', status: 'started' });
  const since = new Date(now.getTime() - windowHours * 3_600_000 - BASELINE_DAYS * 86_400_000);
  const rows = await ctx
    .db('synced_content')
    .select('id', 'title', 'summary', 'region', 'topics', 'entities', 'urgency', 'source_list', ctx.db.raw('coalesce(first_item_at, created_at) as at'))
    .where('last_item_at', '>=', since.toISOString())
    .orderBy('last_item_at', 'desc')
    .limit(20_000);
  const stories: StoryRow[] = rows.map((r: Record<string, unknown>) => ({
    id: r.id as string,
    title: r.title as string,
    summary: (r.summary as string) ?? '',
    region: r.region as string,
    topics: (r.topics as string[]) ?? [],
    entities: (r.entities as string[]) ?? [],
    urgency: Number(r.urgency),
    source_list: (r.source_list as string[]) ?? [],
    at: new Date(r.at as string),
  }));
  const signals = findSignals(stories, now, windowHours);
  const clusters = clusterSignals(signals);
  const bucket = Math.floor(now.getTime() / (windowHours * 3_600_000));
  const windowStart = new Date(now.getTime() - windowHours * 3_600_000).toISOString();
  let inserted = 0;
  let patternsDetected = 0;
  await ctx.db.transaction(async (trx) => {
    const ids = new Map<string, string>();
    for (const s of signals) {
      const values = {
        source: s.outlets.length
          ? `news stream: ${s.outlets.slice(0, 3).join(', ')}${s.outlets.length > 3 ? ` and ${s.outlets.length - 3} more` : ''}`
          : 'news stream',
        type: s.type,
        strength: s.strength,
        title: `${s.label}: ${s.count} stories in ${windowHours} h`,
        summary: `${s.count} stories mention ${s.label} in the last ${windowHours} hours, against a baseline of ${s.baseline} per ${windowHours} hours over the previous ${BASELINE_DAYS} days (z = ${s.z}). Outlets: ${s.outlets.join(', ') || 'none'}.`,
        timestamp: now.toISOString(),
        verified: s.outlets.length >= 2,
        region: s.region,
        keywords: s.keywords,
        sentiment: s.sentiment,
        urgency: s.urgency,
        signal_key: s.key,
        mentions: s.count,
        baseline: s.baseline,
        story_ids: s.storyIds,
        window_start: windowStart,
        window_end: now.toISOString(),
        dedupe_key: `${s.key}|${windowHours}h|${bucket}`,
        updated_at: now.toISOString(),
      };
      const [row] = await trx('signals')
        .insert(values)
        .onConflict('dedupe_key')
        .merge()
        .returning(['id', trx.raw('(xmax = 0) as inserted')]);
      ids.set(s.key, row.id);
      if (row.inserted) inserted++;
    }
    for (const [n, cluster] of clusters.entries()) {
      const emerging = cluster.every((s) => s.baseline < 0.5);
      if (cluster.length < 2 && !(cluster[0]!.strength === 'High' || (emerging && cluster[0]!.count >= 3))) continue;
      const keys = cluster.map((s) => s.key).sort();
      const clusterName = `${cluster[0]!.type.toLowerCase()}-${bucket}-${n + 1}`;
      const storyIds = [...new Set(cluster.flatMap((s) => s.storyIds))].sort();
      const strengths = { High: 1, Medium: 0.66, Low: 0.33 } as const;
      const confidence = Math.min(
        1,
        Math.round(((cluster.reduce((sum, s) => sum + strengths[s.strength], 0) / cluster.length) * 0.7 + Math.min(1, storyIds.length / 10) * 0.3) * 100) / 100,
      );
      const [pattern] = await trx('story_patterns')
        .insert({
          name: cluster
            .map((s) => s.label)
            .slice(0, 4)
            .join(' + '),
          description: `${cluster.length} signal(s) moving together across ${storyIds.length} stories (${[...new Set(cluster.map((s) => s.region))].join(', ')}): ${cluster.map((s) => `${s.label} ${s.count} vs baseline ${s.baseline}`).join('; ')}.`,
          confidence,
          related_signals: JSON.stringify(cluster.map((s) => ids.get(s.key))),
          cluster: clusterName,
          strength: cluster.some((s) => s.strength === 'High') ? 'High' : cluster.some((s) => s.strength === 'Medium') ? 'Medium' : 'Low',
          emerging_trend: emerging,
          region: [...new Set(cluster.map((s) => s.region))].length === 1 ? cluster[0]!.region : 'Caribbean',
          window_start: windowStart,
          window_end: now.toISOString(),
          signal_keys: keys,
          story_ids: storyIds,
          dedupe_key: `${keys.join(',')}|${windowHours}h|${bucket}`,
          updated_at: now.toISOString(),
        })
        .onConflict('dedupe_key')
        .merge()
        .returning(['id', 'name', trx.raw('(xmax = 0) as inserted')]);
      patternsDetected++;
      if (pattern.inserted) inserted++;
      await trx('signals')
        .whereIn(
          'id',
          cluster.map((s) => ids.get(s.key)!),
        )
        .update({ cluster_id: clusterName, pattern_tags: [pattern.name] });
    }
    if (inserted > 0) await notify(trx, CHANNELS.patternsInserted, { signals: signals.length, patterns: patternsDetected });
  });
  const result: PatternResult = {
    ...emptyStats(),
    processed: signals.length,
    patternsDetected,
    clustersFound: clusters.length,
    signalsDetected: signals.length,
  };
  ctx.onProgress?.({
    stage: 'patterns',
    status: 'finished',
    processed: signals.length,
    message: `${patternsDetected} pattern(s), ${clusters.length} cluster(s)`,
  });
  return result;
}
