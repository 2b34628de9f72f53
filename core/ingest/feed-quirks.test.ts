import { describe, expect, it } from 'vitest';
import { captureLogger } from '../../test/helpers/capture-logger';
import { decodeFeedBody } from './decode-charset';
import { normaliseEntries } from './ingest-feeds';
import type { NormalisedItem } from './normalise-item';
import { parseFeedText } from './parse-feed';

/**
 * Issue 25, item 7: feed quirks found in public parser test corpora and real captures, each of
 * which lost items (or the whole feed) before. Guids and #fragments: hostile-feeds.db.test.ts.
 */
const fetchedAt = new Date('2026-11-23T12:00:00Z');

async function items(xml: string | Buffer, baseUrl = 'https://feeds.example/feed.xml'): Promise<{ items: NormalisedItem[]; skipped: number }> {
  const text = typeof xml === 'string' ? xml : decodeFeedBody(xml, 'application/rss+xml; charset=utf-8').text;
  return normaliseEntries(await parseFeedText(text), { fetchedAt, baseUrl }, captureLogger().logger);
}

const rss = (body: string, rootAttrs = '') =>
  `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"${rootAttrs} xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>T</title><link>https://site.example/</link>${body}</channel></rss>`;
const atom = (body: string) => `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><id>urn:a</id>${body}</feed>`;

describe('feed quirks', () => {
  it('keeps child-element text in order: Atom type="xhtml" and unescaped HTML in a description', async () => {
    const xhtml = await items(
      atom(`<entry><title>X</title><id>urn:x:1</id><link href="https://site.example/x"/><updated>2026-11-20T10:00:00Z</updated>
        <summary type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">The <b>storm</b> passed <i>north</i> of the island.</div></summary>
        <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>First <em>line</em> here.</p><p>Second line.</p></div></content></entry>`),
    );
    expect(xhtml.items[0]!.summary).toBe('The storm passed north of the island.');
    expect(xhtml.items[0]!.content).toBe('<p>First <em>line</em> here.</p><p>Second line.</p>');
    const html = await items(
      rss(`<item><title>Y</title><link>https://site.example/y</link><description>Rain <b>today</b>, sun <i>tomorrow</i> &amp; after.</description></item>`),
    );
    expect(html.items[0]!.summary).toBe('Rain today, sun tomorrow & after.');
    expect(html.items[0]!.content).toBe('Rain <b>today</b>, sun <i>tomorrow</i> &amp; after.');
  });

  it('costs only the entry for a whitespace-padded date, and keeps the date', async () => {
    const { items: parsed } = await items(
      atom(`<entry><title>Padded</title><id>urn:x:p</id><link href="https://site.example/p"/><published>
          2026-11-20T10:00:00Z
        </published></entry><entry><title>Fine</title><id>urn:x:f</id><link href="https://site.example/f"/><published>2026-11-21T10:00:00Z</published></entry>`),
    );
    expect(parsed.map((i) => [i.title, i.publishedAt.toISOString()])).toEqual([
      ['Padded', '2026-11-20T10:00:00.000Z'],
      ['Fine', '2026-11-21T10:00:00.000Z'],
    ]);
  });

  it('costs only the entry for a mismatched end tag (RSS and Atom)', async () => {
    const broken = await items(
      rss(
        `<item><title>Good one</title><link>https://site.example/1</link></item><item><title>Bad</titel><link>https://site.example/2</link></item><item><title>Good two</title><link>https://site.example/3</link></item>`,
      ),
    );
    expect(broken.items.map((i) => i.title)).toEqual(['Good one', 'Good two']);
    expect(broken.skipped).toBe(1);
    const brokenAtom = await items(
      atom(
        `<entry><title>A1</title><id>urn:1</id><link href="https://site.example/a1"/></entry><entry><title>A2</title><id>urn:2</id><summary>x</sumary></entry><entry><title>A3</title><id>urn:3</id><link href="https://site.example/a3"/></entry>`,
      ),
    );
    expect(brokenAtom.items.map((i) => i.title)).toEqual(['A1', 'A3']);
  });

  it('reads a JSON Feed whose version is a bare "1.1" or "1.0"', async () => {
    for (const version of ['1.1', '1.0']) {
      const { items: parsed } = await items(JSON.stringify({ version, title: 'J', items: [{ id: 'j1', title: 'Jay', url: 'https://site.example/j1' }] }));
      expect(parsed.map((i) => i.title)).toEqual(['Jay']);
    }
  });

  it('reads C1 characters in UTF-8 text as Windows-1252 (don\\x92t -> don’t)', async () => {
    const body = Buffer.from(rss(`<item><title>We don\u0092t know \u0093yet\u0094 \u0085</title><link>https://site.example/c1</link></item>`), 'utf8');
    const { items: parsed } = await items(body);
    expect(parsed[0]!.title).toBe('We don’t know “yet” …');
  });

  it('resolves relative links and images against xml:base on <content> and on the RSS root', async () => {
    const onContent = await items(
      atom(`<entry><title>B</title><id>urn:b</id><link href="https://site.example/b"/>
        <content type="html" xml:base="https://cdn.example/media/">&lt;p&gt;&lt;img src="pic.jpg"&gt; &lt;a href="more.html"&gt;more&lt;/a&gt;&lt;/p&gt;</content></entry>`),
    );
    expect(onContent.items[0]!.content).toContain('src="https://cdn.example/media/pic.jpg"');
    expect(onContent.items[0]!.content).toContain('href="https://cdn.example/media/more.html"');
    expect(onContent.items[0]!.imageUrl).toBe('https://cdn.example/media/pic.jpg');
    const onRoot = await items(
      rss(
        `<item><title>R</title><link>news/r.html</link><description>&lt;img src="img/r.png"&gt;</description></item>`,
        ' xml:base="https://base.example/section/"',
      ),
    );
    expect(onRoot.items[0]!.url).toBe('https://base.example/section/news/r.html');
    expect(onRoot.items[0]!.imageUrl).toBe('https://base.example/section/img/r.png');
  });

  it('reads dc:description, media:description, itunes:summary and media:title as fallbacks', async () => {
    const { items: parsed } = await items(
      rss(
        `<item><title>D</title><link>https://site.example/d</link><dc:description>From dc.</dc:description></item>` +
          `<item><title>M</title><link>https://site.example/m</link><media:description>From media.</media:description></item>` +
          `<item><title>I</title><link>https://site.example/i</link><itunes:summary>From itunes.</itunes:summary></item>` +
          `<item><link>https://site.example/t</link><media:title>Media title</media:title><description>Body.</description></item>` +
          `<item><title>G</title><link>https://site.example/g</link><media:group><media:title>Grouped</media:title><media:description>From the group.</media:description></media:group></item>`,
      ),
    );
    expect(parsed.map((i) => [i.title, i.summary])).toEqual([
      ['D', 'From dc.'],
      ['M', 'From media.'],
      ['I', 'From itunes.'],
      ['Media title', 'Body.'],
      ['G', 'From the group.'],
    ]);
  });

  it('decodes Atom content from base64 only when it says mode="base64"; application/json stays text', async () => {
    const { items: parsed } = await items(
      atom(`<entry><title>J</title><id>urn:j</id><link href="https://site.example/j"/><content type="application/json">{"total": 1200}</content></entry>
        <entry><title>K</title><id>urn:k</id><link href="https://site.example/k"/><content type="application/json">eyJ0b3RhbCI6IDEyMDB9</content></entry>
        <entry><title>L</title><id>urn:l</id><link href="https://site.example/l"/><content type="text/plain" mode="base64">SGVsbG8gdGhlcmUu</content></entry>`),
    );
    expect(parsed[0]!.content).toBe('<p>{"total": 1200}</p>');
    expect(parsed[1]!.content).toBe('<p>eyJ0b3RhbCI6IDEyMDB9</p>');
    expect(parsed[2]!.content).toBe('<p>Hello there.</p>');
  });
});

describe('feed quirks found by the public corpora (npm run bench:feeds)', () => {
  it('reads a feed with surrogate-pair, out-of-range and control character references instead of refusing it', async () => {
    const { items: parsed } = await items(
      rss(
        `<item><title>Smile &#55357;&#56832; and &#xD83D;&#xDE00;</title><link>https://site.example/s</link><description>a &#1114112; b &#55296; c &#1; d</description></item>`,
      ),
    );
    expect(parsed.map((i) => [i.title, i.summary])).toEqual([['Smile \u{1F600} and \u{1F600}', 'a \uFFFD b \uFFFD c d']]);
  });

  it('keeps the fallback text of an <object> (the player is dropped, its "watch the video" line is not)', async () => {
    const { items: parsed } = await items(
      rss(
        `<item><title>O</title><link>https://site.example/o</link><description>&lt;p&gt;Storm footage:&lt;/p&gt;&lt;object data="https://video.example/v.swf"&gt;&lt;param name="movie" value="v.swf"&gt;&lt;a href="https://video.example/v"&gt;Watch the video&lt;/a&gt;&lt;/object&gt;</description></item>`,
      ),
    );
    expect(parsed[0]!.content).toBe('<p>Storm footage:</p><a rel="nofollow noopener noreferrer" href="https://video.example/v">Watch the video</a>');
    expect(parsed[0]!.summary).toBe('Storm footage:Watch the video');
  });

  it("resolves a summary-only entry's links against the xml:base on its <summary>", async () => {
    const { items: parsed } = await items(
      atom(`<entry><title>S</title><id>urn:s</id><link href="https://site.example/s"/>
        <summary type="xhtml" xml:base="https://cdn.example/test/"><div xmlns="http://www.w3.org/1999/xhtml">Example <a href="test.html">test</a></div></summary></entry>`),
    );
    expect(parsed[0]!.content).toContain('href="https://cdn.example/test/test.html"');
  });

  it('keeps the entries of a feed whose own header is broken (a stray end tag in <image>)', async () => {
    const { items: parsed } = await items(
      `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><image><url>https://site.example/logo.png</url></height></image>` +
        `<item><title>One</title><link>https://site.example/1</link></item><item><title>Two</title><link>https://site.example/2</link></item></channel></rss>`,
    );
    expect(parsed.map((i) => i.title)).toEqual(['One', 'Two']);
    const { items: atomParsed } = await items(
      `<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title></subtitle><entry><title>E</title><id>urn:e</id><link href="https://site.example/e"/></entry></feed>`,
    );
    expect(atomParsed.map((i) => i.title)).toEqual(['E']);
  });

  it('reads an Atom link written as text with a rel (alternate first, whatever the order)', async () => {
    const { items: parsed } = await items(
      atom(`<entry><title>L1</title><id>urn:l1</id><link rel="alternate" type="text/html">https://site.example/alternate</link><link rel="enclosure" type="audio/mpeg">https://site.example/a.mp3</link></entry>
        <entry><title>L2</title><id>urn:l2</id><link rel="enclosure" type="audio/mpeg">https://site.example/b.mp3</link><link rel="alternate" type="text/html">https://site.example/alternate2</link></entry>`),
    );
    expect(parsed.map((i) => i.url)).toEqual(['https://site.example/alternate', 'https://site.example/alternate2']);
  });
});
