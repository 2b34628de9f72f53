import { describe, expect, it } from 'vitest';
import { isFeaturedNow, rankHomeStories, rankStory, type RankableStory } from './home-ranking';
import type { StormContext } from './storm-news';

const now = new Date('2026-11-20T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
const story = (id: string, over: Partial<RankableStory> = {}): RankableStory => ({
  id,
  region: 'Barbados',
  published_at: daysAgo(1),
  is_featured: false,
  featured_priority: 1,
  feature_expires_at: null,
  ...over,
});

describe('rankStory', () => {
  it('scores base 10 for Jamaica and 5 otherwise, minus age in days', () => {
    expect(rankStory(story('a', { region: 'Jamaica', published_at: daysAgo(2) }), now).score).toBeCloseTo(8);
    expect(rankStory(story('b', { published_at: daysAgo(2) }), now).score).toBeCloseTo(3);
  });
  it('never goes below 0', () => {
    expect(rankStory(story('c', { published_at: daysAgo(30) }), now).score).toBe(0);
  });
  it('adds 100 - 10 × priority for a featured story and says why', () => {
    const r = rankStory(story('d', { is_featured: true, featured_priority: 3, published_at: daysAgo(1) }), now);
    expect(r.score).toBeCloseTo(5 - 1 + 70);
    expect(r.featured).toBe(true);
    expect(r.reason).toContain('featured priority 3');
  });
});

describe('isFeaturedNow', () => {
  it('drops a feature whose expiry has passed', () => {
    expect(isFeaturedNow({ is_featured: true, feature_expires_at: daysAgo(0.1) }, now)).toBe(false);
    expect(isFeaturedNow({ is_featured: true, feature_expires_at: daysAgo(-1) }, now)).toBe(true);
    expect(isFeaturedNow({ is_featured: true, feature_expires_at: null }, now)).toBe(true);
    expect(isFeaturedNow({ is_featured: false, feature_expires_at: null }, now)).toBe(false);
  });
});

describe('rankHomeStories', () => {
  it('puts featured first by ascending priority, then by score, then newest', () => {
    const ranked = rankHomeStories(
      [
        story('old-jamaica', { region: 'Jamaica', published_at: daysAgo(4) }), // 6
        story('fresh-barbados', { published_at: daysAgo(0.5) }), // 4.5
        story('featured-2', { is_featured: true, featured_priority: 2, published_at: daysAgo(20) }),
        story('featured-1', { is_featured: true, featured_priority: 1, published_at: daysAgo(25) }),
        story('expired-feature', { is_featured: true, feature_expires_at: daysAgo(1), published_at: daysAgo(3) }), // 2
        story('ancient-a', { published_at: daysAgo(40) }), // 0
        story('ancient-b', { published_at: daysAgo(30) }), // 0, newer
      ],
      now,
    );
    expect(ranked.map((s) => s.id)).toEqual(['featured-1', 'featured-2', 'old-jamaica', 'fresh-barbados', 'expired-feature', 'ancient-b', 'ancient-a']);
  });
});

describe('rankHomeStories during a storm', () => {
  const storms: StormContext = {
    storms: [
      {
        id: 'AL192026',
        name: 'Keron',
        classification: 'HU',
        category: 1,
        windSpeed: 90,
        location: { lat: 15.9, lng: -68.6 },
        threatLevel: 'high',
        advisoryNumber: '14',
        advisoryAt: daysAgo(0.05),
        regions: ['Dominican Republic', 'Jamaica'],
        alerts: [
          { type: 'warning', hazard: 'Hurricane', region: 'Dominican Republic' },
          { type: 'watch', hazard: 'Hurricane', region: 'Jamaica' },
        ],
        nearest: { region: 'Dominican Republic', distanceKm: 352 },
      },
    ],
  };
  const stories = [
    story('traffic', { region: 'Jamaica', title: 'Motorists can now pay traffic tickets online', published_at: daysAgo(0.01) }),
    story('featured-2', { is_featured: true, featured_priority: 2, title: 'Budget debate' }),
    story('featured-1', { is_featured: true, featured_priority: 1, title: 'Editor lead' }),
    story('lifted', { title: 'Storm watch lifted for Barbados as Keron moves away', storm_id: 'AL192026', published_at: daysAgo(0.1) }),
    story('hurricane', {
      region: 'Dominican Republic',
      title: 'Hurricane Keron strengthens; warnings for the Dominican Republic',
      storm_id: 'AL192026',
      published_at: daysAgo(0.2),
    }),
    story('shelters', { region: 'Jamaica', title: 'Shelters open as Hurricane Keron nears', published_at: daysAgo(0.3) }),
    story('old-storm', { region: 'Jamaica', title: 'Keron forms in the Atlantic', storm_id: 'AL192026', published_at: daysAgo(3) }),
  ];

  it('ranks the storm news right after the priority-1 feature: warned (Jamaica first by base), then linked; the rest by the spec', () => {
    const ranked = rankHomeStories(stories, now, storms);
    expect(ranked.map((s) => s.id)).toEqual(['featured-1', 'shelters', 'hurricane', 'lifted', 'featured-2', 'traffic', 'old-storm']);
    expect(ranked[1]!.ranking.storm).toBe('warned');
    expect(ranked[1]!.ranking.reason).toContain('storm Keron');
    expect(ranked[3]!.ranking.storm).toBe('linked');
  });

  it('without a priority-1 feature the storm story leads', () => {
    const ranked = rankHomeStories(
      stories.filter((s) => s.id !== 'featured-1'),
      now,
      storms,
    );
    expect(ranked[0]!.id).toBe('shelters');
  });

  it('keeps the spec order once the storm is gone', () => {
    const ranked = rankHomeStories(stories, now);
    expect(ranked.map((s) => s.id)).toEqual(['featured-1', 'featured-2', 'traffic', 'shelters', 'old-storm', 'lifted', 'hurricane']);
    expect(ranked.every((s) => s.ranking.storm === null)).toBe(true);
  });
});
