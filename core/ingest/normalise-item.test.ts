import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalUrl, contentHash, normaliseEntry, publishedDate } from './normalise-item';
import { parseFeedText } from './parse-feed';
import { sanitiseHtml, toPlainText } from './sanitise';

const fetchedAt = new Date('2026-11-20T16:00:00Z');
const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/feeds/${name}`, import.meta.url), 'utf8');

describe('canonicalUrl', () => {
  it.each([
    ['https://a.example/x?utm_source=rss&utm_medium=feed&id=7#comments', 'https://a.example/x?id=7'],
    ['https://a.example/x?UTM_Campaign=1&fbclid=abc', 'https://a.example/x'],
    ['HTTPS://A.Example:443/path#frag', 'https://a.example/path'],
    ['/relative/path?utm_term=x', 'https://base.example/relative/path'],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
    ['mailto:someone@example.org', null],
    ['', null],
  ])('%s → %s', (input, expected) => {
    expect(canonicalUrl(input, 'https://base.example/')).toBe(expected);
  });
});

describe('publishedDate', () => {
  it.each([
    [{ published: '2026-11-20T10:00:00Z' }, '2026-11-20T10:00:00.000Z'],
    [{ published: 'Fri, 20 Nov 2026 09:30:00 -0500' }, '2026-11-20T14:30:00.000Z'],
    [{ published: 'garbage', updated: '2026-11-19T10:00:00Z' }, '2026-11-19T10:00:00.000Z'],
    [{}, fetchedAt.toISOString()],
    [{ published: '1970-01-01T00:00:00Z' }, fetchedAt.toISOString()],
    [{ published: '2026-11-20T16:04:00Z' }, '2026-11-20T16:04:00.000Z'],
    [{ published: '2026-11-20T16:06:00Z' }, fetchedAt.toISOString()],
    [{ published: '2031-01-01T00:00:00Z' }, fetchedAt.toISOString()],
  ])('%j → %s (fallbacks; future clamped to the fetch time)', (entry, expected) => {
    expect(publishedDate(entry, fetchedAt).toISOString()).toBe(expected);
  });
});

describe('toPlainText', () => {
  it.each([
    ['<b>Budget</b> &amp; tax', 'Budget & tax'],
    ['&lt;em&gt;Jazz&lt;/em&gt; festival', 'Jazz festival'],
    ['&amp;lt;b&amp;gt;Double&amp;lt;/b&amp;gt; encoded', 'Double encoded'],
    ['<script>alert(1)</script>Safe', 'Safe'],
    ['&lt;script&gt;alert(1)&lt;/script&gt;Still safe', 'Still safe'],
    ['  many\n\n  spaces\t here ', 'many spaces here'],
    ['Caf&eacute; &#8220;quoted&#8221;', 'Café “quoted”'],
  ])('%s → %s', (input, expected) => {
    expect(toPlainText(input)).toBe(expected);
  });
});

describe('normaliseEntry', () => {
  it('normalises an RSS item: plain title, canonical link, absolute links in sanitised content, image', async () => {
    const feed = await parseFeedText(fixture('rss2.xml'));
    const item = normaliseEntry(feed.entries[0]!, { fetchedAt, baseUrl: feed.link })!;
    expect(item).toMatchObject({
      title: 'Port Royal ferry resumes & adds a Sunday run',
      url: 'https://kingstonledger.example/news/ferry?id=7',
      guid: 'kl-1001',
      author: 'Marcia Brown',
      categories: ['Transport', 'Business'],
      summary: 'The ferry is back after three years.',
      imageUrl: 'https://kingstonledger.example/img/ferry-large.jpg',
    });
    expect(item.content).toContain('href="https://kingstonledger.example/news/ferry-history"');
    expect(item.content).toContain('rel="nofollow noopener noreferrer"');
    expect(item.publishedAt.toISOString()).toBe('2026-11-20T14:30:00.000Z');
    const undated = normaliseEntry(feed.entries[1]!, { fetchedAt, baseUrl: feed.link })!;
    expect(undated.publishedAt).toEqual(fetchedAt);
    expect(undated.guid).toBeNull();
  });

  it('strips markup from titles (Atom type="html")', async () => {
    const feed = await parseFeedText(fixture('atom.xml'));
    expect(normaliseEntry(feed.entries[0]!, { fetchedAt })!.title).toBe('Jazz festival line-up announced');
  });

  it('hashes copies with different punctuation, case and spacing alike, and different text apart', () => {
    expect(contentHash('Budget passes!', 'The  House voted 32-11.')).toBe(contentHash('budget passes', 'the house voted 32 11'));
    expect(contentHash('Budget passes', 'The House voted 32-11.')).not.toBe(contentHash('Budget passes', 'The House voted 31-12.'));
  });

  it('skips an entry with nothing to show, and titles one with only text from its text', () => {
    expect(normaliseEntry({ categories: [] }, { fetchedAt })).toBeNull();
    expect(normaliseEntry({ categories: [], summary: '<p>Only a body here.</p>' }, { fetchedAt })!.title).toBe('Only a body here.');
  });
});

describe('XSS payloads in every field come out inert', () => {
  it('title, link, guid, author, categories, summary, content and image', async () => {
    const feed = await parseFeedText(fixture('xss.xml'));
    const item = normaliseEntry(feed.entries[0]!, { fetchedAt, baseUrl: feed.link })!;
    expect(item.title).toBe('Budget passes');
    expect(item.url).toBeNull();
    expect(item.guid).toBe('g-1');
    expect(item.author).toBe('Mallory');
    expect(item.categories).toEqual(['Politics']);
    // The javascript: media URL and the data: enclosure are refused; what is left is an inert relative image.
    expect(item.imageUrl).toBe('https://hostile.example/x');
    expect(item.summary).toBe('Summary click');
    const everything = JSON.stringify(item).toLowerCase();
    for (const bad of [
      '<script',
      'onerror',
      'onclick',
      'onload',
      'onmouseover',
      'javascript:',
      'data:',
      '<svg',
      '<iframe',
      '<style',
      '<form',
      '<object',
      '<math',
      'style=',
      'alert(',
    ]) {
      expect(everything, bad).not.toContain(bad);
    }
    expect(item.content).toContain('<p>Budget passes.</p>');
    expect(item.content).toContain('<a rel="nofollow noopener noreferrer" href="https://ok.example/page">safe link</a>');
    expect(item.content).toContain('<a rel="nofollow noopener noreferrer">js link</a>');
    expect(item.content.match(/<img/g)).toHaveLength(1);
  });

  it('sanitiseHtml keeps structure and drops the rest', () => {
    expect(sanitiseHtml('<h2>Head</h2><ul><li>One</li></ul><table><tr><td>1</td></tr></table>')).toBe(
      '<h2>Head</h2><ul><li>One</li></ul><table><tr><td>1</td></tr></table>',
    );
    expect(sanitiseHtml('<a href="//evil.example/x">x</a>')).toBe('<a rel="nofollow noopener noreferrer">x</a>');
    expect(sanitiseHtml('<img src="https://i.example/a.png" onerror="x()" style="a">')).toBe('<img src="https://i.example/a.png" loading="lazy" />');
  });
});

describe('controls in feed text (issue 25, item 6)', () => {
  it('removes bidirectional overrides and isolates and C1 controls from titles, summaries and content', () => {
    const item = normaliseEntry(
      {
        title: 'Invoice \u202Efdp.exe\u202C for \u2066you\u2069 \u009B31m red',
        summary: 'Sum\u202Amary \u0085\u0090 here',
        content: '<p>Body \u202Btext\u202C \u009Bend</p>',
        link: 'https://site.example/a',
        categories: ['\u202Dcat'],
      },
      { fetchedAt: new Date('2026-11-23T12:00:00Z') },
    )!;
    const controls = /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/;
    expect(item.title).toBe('Invoice fdp.exe for you 31m red');
    expect(item.summary).toBe('Summary here');
    expect(item.content).toBe('<p>Body text end</p>');
    expect(item.categories).toEqual(['cat']);
    for (const text of [item.title, item.summary, item.content, ...item.categories]) expect(text).not.toMatch(controls);
  });
});
