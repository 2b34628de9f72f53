import { describe, expect, it } from 'vitest';
import { clusterStories, keyLabel } from './signal-scanner';
import type { ClusterCandidate } from './signal-scanner-repository';

const story = (id: string, region: string, topics: string[], entities: string[]): ClusterCandidate => ({
  id,
  title: `Story ${id}`,
  summary: '',
  region,
  slug: null,
  tags: [],
  pipeline_stage: 'verified',
  status: 'draft',
  published_at: null,
  source_count: 2,
  urgency: 50,
  updated_at: '2026-11-20T00:00:00.000Z',
  topics,
  entities,
});

describe('story clusters', () => {
  it('links stories sharing a named entity, or two topics; a shared country or a single generic topic links nothing', () => {
    const stories = [
      story('a', 'Jamaica', ['infrastructure'], ['org:national water commission', 'place:jamaica///country']),
      story('b', 'Jamaica', ['economy'], ['org:national water commission', 'place:jamaica///country']),
      story('c', 'Jamaica', ['crime'], ['place:jamaica///country']),
      story('d', 'Barbados', ['economy', 'politics'], []),
      story('e', 'Barbados', ['economy', 'politics'], []),
      story('f', 'Haiti', ['economy'], []),
      story('g', 'Grenada', ['sports'], []),
    ];
    const clusters = clusterStories(stories, { maxShare: 0.8 });
    // Equal sizes are ordered by label.
    expect(clusters.map((c) => c.stories.map((s) => s.id).sort())).toEqual([
      ['d', 'e'],
      ['a', 'b'],
    ]);
    expect(clusters[1]).toMatchObject({ label: 'National Water Commission', regions: ['Jamaica'], size: 2 });
    expect(clusters[0]).toMatchObject({ label: 'Economy · Politics', keys: ['topic:economy', 'topic:politics'] });
  });

  it('ignores keys found in too many stories, and returns nothing for unrelated stories', () => {
    const common = Array.from({ length: 6 }, (_, i) => story(`s${i}`, 'Jamaica', ['politics', 'economy'], []));
    expect(clusterStories(common, { maxShare: 0.4 })).toEqual([]);
    expect(clusterStories([story('x', 'Cuba', ['culture'], []), story('y', 'Haiti', ['health'], [])])).toEqual([]);
  });

  it('labels keys the way an editor reads them', () => {
    expect(keyLabel('place:jamaica/st andrew/half way tree/town')).toBe('Half Way Tree');
    expect(keyLabel('org:bank of jamaica')).toBe('Bank Of Jamaica');
    expect(keyLabel('topic:economy')).toBe('Economy');
  });
});
