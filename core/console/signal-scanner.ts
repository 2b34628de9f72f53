import type { Knex } from 'knex';
import { CHANNELS, notify } from '../db/notify';
import { C360Error } from '../errors';
import { articlePath } from '../stories/article-address';
import { auditEntry, type Story } from '../stories/story';
import { getStoryById, insertStory } from '../stories/story-repository';
import {
  getSignalRecord,
  recentStoriesWithKeys,
  searchPatterns,
  searchSignals,
  signalFacets,
  sourceItemsOf,
  storyBriefs,
  storyDraftedFromSignal,
  type ClusterCandidate,
  type SignalFilter,
  type StoryBrief,
} from './signal-scanner-repository';

/**
 * Signal Scanner and Enhanced Signals on the detected signals and patterns (the pattern stage's
 * tables): search and filters, what lies behind a signal (its stories and their source items), a
 * draft story started from a signal, and clusters of stories that share people, places,
 * organisations or topics.
 */

export const SIGNAL_TYPES = ['Economic', 'Political', 'Environmental', 'Social', 'Security'] as const;
export const SIGNAL_STRENGTHS = ['High', 'Medium', 'Low'] as const;

const withPath = <T extends StoryBrief>(s: T) => ({ ...s, path: s.pipeline_stage === 'published' ? articlePath(s) : null });

export async function listConsoleSignals(db: Knex, filter: SignalFilter) {
  const [page, facets] = [await searchSignals(db, filter), await signalFacets(db)];
  return { ...page, facets };
}

/** Investigate: the signal, the stories it was counted in, and their source items. */
export async function investigateSignal(db: Knex, id: string) {
  const signal = await getSignalRecord(db, id);
  if (!signal) throw new C360Error('not_found', `No signal ${id}.`);
  const stories = (await storyBriefs(db, signal.storyIds)).map(withPath);
  const items = await sourceItemsOf(db, signal.storyIds);
  return { signal, stories, items, draftStoryId: await storyDraftedFromSignal(db, id) };
}

/**
 * Create Story: a draft story from the signal (its headline, summary, region, keywords and the
 * stories behind it recorded in enrichment_data.signal), with an audit entry by the editor. The
 * pipeline leaves it alone (it has no source items of its own): an editor writes it. One draft per
 * signal: asking again answers the existing draft.
 */
export async function createStoryFromSignal(db: Knex, input: { signalId: string; actor: string; now: Date }): Promise<{ story: Story; created: boolean }> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`signal-story:${input.signalId}`]);
    const signal = await getSignalRecord(trx, input.signalId);
    if (!signal) throw new C360Error('not_found', `No signal ${input.signalId}.`);
    const existing = await storyDraftedFromSignal(trx, input.signalId);
    if (existing) return { story: (await getStoryById(trx, existing))!, created: false };
    const label = signal.title.includes(':') ? signal.title.slice(0, signal.title.indexOf(':')) : signal.title;
    const story = await insertStory(trx, {
      title: `Developing: ${label} (${signal.region})`,
      summary: signal.summary,
      region: signal.region,
      tags: signal.keywords.slice(0, 8),
      pipeline_stage: 'ingested',
      status: 'draft',
      urgency: signal.urgency,
      source_count: 0,
      source_list: [],
      last_updated_by: input.actor,
      enrichment_data: {
        signal: {
          id: signal.id,
          title: signal.title,
          type: signal.type,
          strength: signal.strength,
          key: signal.signalKey,
          story_ids: signal.storyIds,
          window_end: signal.windowEnd,
        },
      },
      audit_log: [
        auditEntry('created_from_signal', input.actor, input.now, {
          details: `signal "${signal.title}" (${signal.type}, ${signal.strength}); ${signal.storyIds.length} related story(ies)`,
        }),
      ],
    });
    await notify(trx, CHANNELS.storyUpdated, { id: story.id });
    return { story, created: true };
  });
}

export async function listConsolePatterns(db: Knex, filter: { q?: string; region?: string; strength?: string; limit: number }) {
  const items = await searchPatterns(db, filter);
  const stories = await storyBriefs(db, [...new Set(items.flatMap((p) => p.storyIds))].slice(0, 100));
  const titles = new Map(stories.map((s) => [s.id, { id: s.id, title: s.title, region: s.region, path: withPath(s).path }]));
  return { items: items.map((p) => ({ ...p, stories: p.storyIds.map((id) => titles.get(id)).filter(Boolean) })) };
}

export type StoryCluster = { id: string; label: string; keys: string[]; regions: string[]; size: number; stories: (StoryBrief & { path: string | null })[] };

/** How a story's key reads: place:jamaica/st andrew/half way tree/town → Half Way Tree. */
export function keyLabel(key: string): string {
  const body = key.slice(key.indexOf(':') + 1);
  const text = key.startsWith('place:') ? (body.split('/')[2] ?? body) : body;
  return text.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

function clusterKeys(story: ClusterCandidate): { entities: string[]; topics: string[] } {
  // A whole country is in most of its stories: it says nothing about which belong together.
  const entities = story.entities.filter((e) => !(e.startsWith('place:') && e.endsWith('/country')));
  return { entities, topics: story.topics.map((t) => `topic:${t}`) };
}

/**
 * Pure: stories linked when they share a named entity (person, organisation, law, place below a
 * country), or two topics; linked stories form a cluster (connected components). Keys found in more
 * than `maxShare` of the stories (generic topics) link nothing. Clusters of two or more, largest first.
 */
export function clusterStories(stories: readonly ClusterCandidate[], options: { maxShare?: number; limit?: number } = {}): StoryCluster[] {
  const maxShare = options.maxShare ?? 0.4;
  const keyed = stories.map((s) => ({ story: s, ...clusterKeys(s) }));
  const df = new Map<string, number>();
  for (const k of keyed) for (const key of new Set([...k.entities, ...k.topics])) df.set(key, (df.get(key) ?? 0) + 1);
  const useful = (key: string) => (df.get(key) ?? 0) >= 2 && (stories.length < 5 || (df.get(key) ?? 0) / stories.length <= maxShare);
  const parent = keyed.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const byKey = new Map<string, number[]>();
  keyed.forEach((k, i) => {
    for (const key of [...k.entities, ...k.topics]) if (useful(key)) byKey.set(key, [...(byKey.get(key) ?? []), i]);
  });
  // Entities link on their own; topics only in pairs.
  for (const [key, members] of byKey) if (!key.startsWith('topic:')) for (const j of members.slice(1)) parent[find(j)] = find(members[0]!);
  for (let i = 0; i < keyed.length; i++) {
    const topics = keyed[i]!.topics.filter(useful);
    if (topics.length < 2) continue;
    for (let j = i + 1; j < keyed.length; j++) {
      const shared = keyed[j]!.topics.filter((t) => topics.includes(t));
      if (shared.length >= 2) parent[find(j)] = find(i);
    }
  }
  const groups = new Map<number, number[]>();
  keyed.forEach((_, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), i]));
  const clusters: StoryCluster[] = [];
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const counts = new Map<string, number>();
    for (const i of members)
      for (const key of new Set([...keyed[i]!.entities, ...keyed[i]!.topics])) if (useful(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
    const keys = [...counts.entries()]
      .filter(([, n]) => n >= 2)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([k]) => k);
    const memberStories = members.map((i) => keyed[i]!.story);
    clusters.push({
      id: memberStories.map((s) => s.id).sort()[0]!,
      label: keys.slice(0, 3).map(keyLabel).join(' · ') || 'Related stories',
      keys: keys.slice(0, 8),
      regions: [...new Set(memberStories.map((s) => s.region))].sort(),
      size: members.length,
      stories: memberStories.map(({ topics: _t, entities: _e, ...s }) => withPath(s)),
    });
  }
  return clusters.sort((a, b) => b.size - a.size || a.label.localeCompare(b.label)).slice(0, options.limit ?? 30);
}

export const CLUSTER_WINDOW_DAYS = 7;
export const CLUSTER_STORY_LIMIT = 500;

/** Clusters among the stories active in the last `days` days (at most the newest 500). */
export async function storyClusters(db: Knex, input: { now: Date; days?: number }) {
  const days = input.days ?? CLUSTER_WINDOW_DAYS;
  const stories = await recentStoriesWithKeys(db, new Date(input.now.getTime() - days * 86_400_000), CLUSTER_STORY_LIMIT);
  return { days, storiesConsidered: stories.length, clusters: clusterStories(stories) };
}
