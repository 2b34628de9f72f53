import type { Knex } from 'knex';

/**
 * The signal pattern detection writes for a topic seen more often than usual: "Cruise Tourism: 3
 * stories in 24 h" in Jamaica, linked to the given stories (the browser tests' signal screens).
 */
export async function createCruiseSignal(db: Knex, input: { now: Date; storyIds: string[] }): Promise<void> {
  const { now } = input;
  await db('signals').insert({
    source: 'news stream: Jamaica Gleaner, Jamaica Observer',
    type: 'Economic',
    strength: 'High',
    title: 'Cruise Tourism: 3 stories in 24 h',
    summary: '3 stories mention Cruise Tourism in the last 24 hours, against a baseline of 0.3 per 24 hours over the previous 7 days.',
    timestamp: now.toISOString(),
    verified: true,
    region: 'Jamaica',
    keywords: ['cruise', 'tourism', 'falmouth'],
    sentiment: 0.4,
    urgency: 64,
    signal_key: 'topic:cruise tourism',
    mentions: 3,
    baseline: 0.3,
    story_ids: input.storyIds,
    window_start: new Date(now.getTime() - 86_400_000).toISOString(),
    window_end: now.toISOString(),
    dedupe_key: `topic:cruise tourism|24h|${now.getTime()}`,
  });
}
