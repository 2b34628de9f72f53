import { describe, expect, it } from 'vitest';
import { buildSections, type NewsletterCandidate } from './build-sections';
import { findTemplate, MAX_ARTICLES_PER_SECTION, NEWSLETTER_POOL_SIZE, TEMPLATES } from './templates';

let n = 0;
function candidate(overrides: Partial<NewsletterCandidate> = {}): NewsletterCandidate {
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Story ${n}`,
    summary: 'A verified story.',
    tags: [],
    region: 'Jamaica',
    urgency: 50,
    published_at: new Date(Date.UTC(2026, 10, 20, 12) - n * 60_000).toISOString(),
    path: `/article/story-${n}`,
    ...overrides,
  };
}

const SPEC_RULES = [
  { name: 'High urgency', type: 'urgency' as const, criteria: { threshold: 80 }, priority: 1, enabled: true },
  {
    name: 'Diaspora keywords',
    type: 'keyword' as const,
    criteria: { keywords: ['remittances', 'tourism', 'investment', 'education'] },
    priority: 2,
    enabled: true,
  },
  { name: 'Economic topics', type: 'topic' as const, criteria: { topics: ['GDP', 'inflation', 'trade', 'employment'] }, priority: 3, enabled: true },
];

describe('newsletter templates', () => {
  it('are the spec three, with their frequencies', () => {
    expect(TEMPLATES.map((t) => [t.id, t.frequency])).toEqual([
      ['daily-digest', 'daily'],
      ['diaspora-weekly', 'weekly'],
      ['business-brief', 'weekly'],
    ]);
  });
});

describe('buildSections', () => {
  it('takes at most 3 articles per section, each story once, and drops empty sections', () => {
    const pool = Array.from({ length: 20 }, (_, i) => candidate({ region: ['Jamaica', 'Barbados', 'Haiti', 'Cuba'][i % 4]!, urgency: i < 5 ? 90 : 40 }));
    const sections = buildSections(findTemplate('daily-digest')!, pool, SPEC_RULES);
    for (const s of sections) expect(s.articles.length).toBeLessThanOrEqual(MAX_ARTICLES_PER_SECTION);
    const ids = sections.flatMap((s) => s.articles.map((a) => a.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(sections.map((s) => s.type)).toEqual(['headlines', 'curated', 'regional', 'latest']);
    expect(sections[0]!.articles.every((a) => a.urgency > 80)).toBe(true);
    expect(sections.map((s) => s.priority)).toEqual([1, 2, 3, 4]);
    const regional = sections.find((s) => s.type === 'regional')!;
    expect(new Set(regional.articles.map((a) => a.region)).size).toBe(regional.articles.length);
  });

  it('headlines need urgency above 80 (80 itself is not enough)', () => {
    const sections = buildSections({ sections: [{ type: 'headlines', title: 'Top' }] }, [candidate({ urgency: 80 }), candidate({ urgency: 81 })], []);
    expect(sections[0]!.articles.map((a) => a.urgency)).toEqual([81]);
  });

  it('uses only the first 50 of the pool', () => {
    const pool = Array.from({ length: NEWSLETTER_POOL_SIZE + 5 }, (_, i) => candidate({ tags: i >= NEWSLETTER_POOL_SIZE ? ['diaspora'] : [] }));
    expect(buildSections({ sections: [{ type: 'diaspora', title: 'Diaspora' }] }, pool, [])).toEqual([]);
  });

  it('fills diaspora and economic sections from the spec tags', () => {
    const pool = [candidate({ tags: ['trade'] }), candidate({ tags: ['Remittances'] }), candidate({ tags: ['sports'] }), candidate({ tags: ['GDP'] })];
    const sections = buildSections(findTemplate('business-brief')!, pool, []);
    expect(sections[0]).toMatchObject({ type: 'economic', title: 'Economy & Markets' });
    expect(sections[0]!.articles.map((a) => a.title)).toEqual([pool[0]!.title, pool[3]!.title]);
    const diaspora = buildSections(findTemplate('diaspora-weekly')!, pool, []);
    expect(diaspora[0]!.articles.map((a) => a.title)).toEqual([pool[1]!.title]);
  });

  it('applies curation rules: matching stories first by rule priority, curated section only with matches', () => {
    const newest = candidate({ title: 'Newest, matches nothing' });
    const economic = candidate({ title: 'Older', tags: ['inflation'] });
    const tourism = candidate({ title: 'Oldest: tourism arrivals up' });
    const pool = [newest, economic, tourism];
    const latestOnly = { sections: [{ type: 'latest' as const, title: 'More' }] };
    expect(buildSections(latestOnly, pool, SPEC_RULES)[0]!.articles.map((a) => a.title)).toEqual([tourism.title, economic.title, newest.title]);
    expect(buildSections(latestOnly, pool, [])[0]!.articles.map((a) => a.title)).toEqual([newest.title, economic.title, tourism.title]);
    const disabled = SPEC_RULES.map((r) => ({ ...r, enabled: r.type !== 'keyword' }));
    expect(buildSections(latestOnly, pool, disabled)[0]!.articles.map((a) => a.title)).toEqual([economic.title, newest.title, tourism.title]);

    const curated = buildSections({ sections: [{ type: 'curated', title: 'Picks' }] }, pool, SPEC_RULES)[0]!;
    expect(curated.articles.map((a) => [a.title, a.matchedRules])).toEqual([
      [tourism.title, ['Diaspora keywords']],
      [economic.title, ['Economic topics']],
    ]);
    expect(curated.content).toBe('Picked by the curation rules: Diaspora keywords, Economic topics.');
    expect(buildSections({ sections: [{ type: 'curated', title: 'Picks' }] }, pool, [])).toEqual([]);
  });
});
