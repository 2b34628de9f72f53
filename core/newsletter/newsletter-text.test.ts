import { describe, expect, it } from 'vitest';
import type { NewsletterArticle, NewsletterSection } from './build-sections';
import { defaultIntro } from './newsletters';
import { renderNewsletterEmail } from './render-email';
import type { VerificationState } from '../stories/verification';

const article = (id: string, verification?: VerificationState): NewsletterArticle => ({
  id,
  title: `Story ${id}`,
  summary: `Summary ${id}.`,
  region: 'Jamaica',
  published_at: '2026-11-20T10:00:00Z',
  path: `/article/story-${id}`,
  urgency: 50,
  matchedRules: [],
  ...(verification ? { verification } : {}),
});
const section = (articles: NewsletterArticle[]): NewsletterSection => ({
  id: 'latest-1',
  type: 'latest',
  title: 'Latest',
  content: 'More stories from across the region.',
  articles,
  priority: 1,
  aiGenerated: false,
});

describe('newsletter intro: never more checking than the stories had', () => {
  it('counts the stories by how each was checked', () => {
    const intro = defaultIntro('daily-digest', [
      section([
        article('a', 'independent_sources'),
        article('b', 'independent_sources'),
        article('c', 'official_source'),
        article('d', 'editor'),
        article('e', 'unverified'),
      ]),
    ]);
    expect(intro).toBe(
      '5 stories from across the Caribbean today: 2 confirmed by two or more independent sources, 1 confirmed by an official source, 1 verified by an editor, 1 not independently confirmed.',
    );
    expect(intro).not.toMatch(/each checked against at least two/);
  });

  it('says "all" only when it is true of every story', () => {
    expect(
      defaultIntro('daily-digest', [section([article('a', 'independent_sources'), article('b', 'independent_sources'), article('c', 'independent_sources')])]),
    ).toBe('3 stories from across the Caribbean today, all confirmed by two or more independent sources.');
    expect(defaultIntro('diaspora-weekly', [section([article('a', 'editor')])])).toBe('1 story from across the Caribbean this week, verified by an editor.');
  });

  it('a story whose checking is not known (an older draft) is not counted as checked', () => {
    expect(defaultIntro('daily-digest', [section([article('a', 'independent_sources'), article('b')])])).toBe(
      '2 stories from across the Caribbean today: 1 confirmed by two or more independent sources, 1 not independently confirmed.',
    );
  });
});

describe('newsletter e-mail: each story says how it was checked', () => {
  it('in the HTML and the plain text', async () => {
    const email = await renderNewsletterEmail(
      { id: 'n', title: 'Digest', template: 'daily-digest', intro: 'x', sections: [section([article('a', 'official_source'), article('b', 'unverified')])] },
      { origin: 'https://news.c360.test', now: new Date('2026-11-20T12:00:00Z') },
    );
    expect(email.text).toContain('Jamaica · November 20, 2026 · Confirmed by an official source');
    expect(email.text).toContain('Jamaica · November 20, 2026 · Not independently confirmed');
    expect(email.html).toContain('Confirmed by an official source');
    expect(email.html).toContain('Not independently confirmed');
  });
});
