import { describe, expect, it } from 'vitest';
import { personalise, renderNewsletterEmail, storyUrl, UNSUBSCRIBE_PLACEHOLDER } from './render-email';

const newsletter = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Daily Digest: <b>November</b> 20',
  template: 'daily-digest',
  intro: 'Three stories & more',
  sections: [
    {
      id: 'headlines-1',
      type: 'headlines' as const,
      title: 'Top Headlines',
      content: 'The most urgent verified stories (urgency above 80).',
      priority: 1,
      aiGenerated: false,
      articles: [
        {
          id: 'a',
          title: 'Storm <script>alert(1)</script> nears "Kingston"',
          summary: 'Winds & rain.',
          region: 'Jamaica',
          published_at: '2026-11-20T10:00:00Z',
          path: '/article/storm-nears-kingston-1a2b3c4d',
          urgency: 90,
          matchedRules: [],
        },
      ],
    },
  ],
};

describe('newsletter e-mail', () => {
  it('renders MJML to HTML with escaped story text and absolute, tagged story links', async () => {
    const email = await renderNewsletterEmail(newsletter, { origin: 'https://news.c360.test/', now: new Date('2026-11-20T12:00:00Z') });
    expect(email.subject).toBe(newsletter.title);
    expect(email.html).toContain('<!doctype html>');
    expect(email.html).not.toContain('<script>alert(1)</script>');
    expect(email.html).toContain('Storm &lt;script&gt;alert(1)&lt;/script&gt; nears &quot;Kingston&quot;');
    expect(email.html).toContain(
      'href="https://news.c360.test/article/storm-nears-kingston-1a2b3c4d?utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=daily-digest"',
    );
    expect(email.html).toContain('Top Headlines');
    expect(email.text).toContain('https://news.c360.test/article/storm-nears-kingston-1a2b3c4d?utm_source=newsletter');
    expect(email.html).toContain(UNSUBSCRIBE_PLACEHOLDER);

    const personal = personalise(email, 'https://news.c360.test/newsletter/unsubscribe?id=x&token=y');
    expect(personal.html).not.toContain(UNSUBSCRIBE_PLACEHOLDER);
    expect(personal.html).toContain('href="https://news.c360.test/newsletter/unsubscribe?id=x&amp;token=y"');
    expect(personal.text).toContain('Unsubscribe: https://news.c360.test/newsletter/unsubscribe?id=x&token=y');
  });

  it('tags links for the newsletter traffic source', () => {
    expect(new URL(storyUrl('http://127.0.0.1:3360', '/article/x-12345678', 'business-brief')).searchParams.get('utm_source')).toBe('newsletter');
  });
});
