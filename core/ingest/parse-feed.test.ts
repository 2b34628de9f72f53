import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeFeedBody } from './decode-charset';
import { normaliseEntry } from './normalise-item';
import { FeedParseError, parseFeedText, repairXml, withDeadline } from './parse-feed';
import { toPlainText } from './sanitise';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/feeds/${name}`, import.meta.url));
const parse = (name: string, contentType?: string) => parseFeedText(decodeFeedBody(fixture(name), contentType).text);

async function parseError(promise: Promise<unknown>): Promise<FeedParseError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FeedParseError);
    return error as FeedParseError;
  }
  throw new Error('expected a parse error');
}

describe('parseFeedText', () => {
  it('reads RSS 2.0 with content:encoded, categories, media and ttl', async () => {
    const feed = await parse('rss2.xml');
    expect(feed).toMatchObject({ format: 'rss', title: 'Kingston Ledger', language: 'en-jm', ttlMinutes: 60 });
    expect(feed.entries).toHaveLength(2);
    expect(feed.entries[0]).toMatchObject({
      title: 'Port Royal ferry resumes & adds a Sunday run',
      guid: 'kl-1001',
      author: 'Marcia Brown',
      categories: ['Transport', 'Business'],
      summary: 'The ferry is back after three years.',
      image: 'https://kingstonledger.example/img/ferry-large.jpg',
    });
    expect(feed.entries[0]!.content).toContain('<strong>back</strong>');
    expect(new Date(feed.entries[0]!.published!).toISOString()).toBe('2026-11-20T14:30:00.000Z');
  });

  it('reads RSS 0.91 and RSS 1.0 (RDF)', async () => {
    expect((await parse('rss091.xml')).entries[0]).toMatchObject({ title: 'Legacy item', link: 'http://old.example/1' });
    const rdf = await parse('rdf.xml');
    expect(rdf.format).toBe('rdf');
    expect(rdf.entries[0]).toMatchObject({ title: 'Cabinet approves budget calendar', link: 'https://gov.example/releases/42', categories: ['Politics'] });
    expect(new Date(rdf.entries[0]!.published!).toISOString()).toBe('2026-11-19T15:00:00.000Z');
  });

  it('reads Atom, and survives an unparseable Atom date (rss-parser throws on one)', async () => {
    const feed = await parse('atom.xml');
    expect(feed.format).toBe('atom');
    expect(feed.entries[0]).toMatchObject({
      title: '<em>Jazz</em> festival line-up announced',
      link: 'https://castriesvoice.example/culture/jazz-2027',
      guid: 'tag:castriesvoice.example,2026:jazz-2027',
      author: 'Jean Baptiste',
      categories: ['Culture'],
      summary: 'Twelve acts will play in May.',
    });
    expect(feed.entries[1]).toMatchObject({ title: 'Bad date entry', published: undefined });
  });

  it('reads JSON Feed 1.1 (validated with zod)', async () => {
    const feed = await parse('jsonfeed.json');
    expect(feed.format).toBe('json');
    expect(feed.entries[0]).toMatchObject({
      guid: 'nt-77',
      title: 'Regatta draws 40 boats',
      categories: ['Sports', 'Sailing'],
      author: 'K. Rolle',
      image: 'https://nassautide.example/img/regatta.jpg',
    });
    expect(feed.entries[1]).toMatchObject({ guid: '78', content: '<p>Line one.</p><p>Line two &amp; more.</p>' });
    expect((await parseError(parseFeedText('{"version":"1","items":[]}'))).kind).toBe('not_a_feed');
    expect((await parseError(parseFeedText('{"version": '))).kind).toBe('invalid_json');
  });

  it('decodes ISO-8859-1 and Windows-1252 from the XML declaration or the Content-Type', async () => {
    const expected = /Port-au-Prince: l.été s.achève, café et crème à la fête/;
    expect((await parse('iso-8859-1.xml')).entries[0]!.title).toMatch(expected);
    expect((await parse('windows-1252.xml')).entries[0]!.title).toBe('Port-au-Prince: l\u2019été s\u2019achève, café et crème à la fête');
    expect((await parse('latin1-no-declaration.xml', 'text/xml; charset=ISO-8859-1')).entries[0]!.title).toMatch(expected);
    // Without any declaration the bytes are not valid UTF-8, so they are read as Windows-1252 too.
    expect((await parse('latin1-no-declaration.xml')).entries[0]!.title).toMatch(expected);
  });

  it('repairs bare ampersands and HTML-only entities, once, rather than drop the feed', async () => {
    const feed = await parse('bare-ampersand.xml');
    expect(feed.title).toBe('Trade & Industry');
    expect(feed.entries[0]!.title).toBe('Imports & exports rise; café owners\u00a0cheer & wait');
    expect(feed.entries[0]!.link).toBe('https://trade.example/1?a=1&b=2');
    expect(repairXml('<a>A &amp; B &#38; C &#x26; D & E</a>')).toBe('<a>A &amp; B &#38; C &#x26; D &amp; E</a>');
  });

  it('rejects HTML pages, invalid XML, other XML and non-feeds with a clear kind', async () => {
    expect((await parseError(parse('html-page.html'))).kind).toBe('not_a_feed');
    const invalid = await parseError(parse('invalid.xml'));
    expect(invalid.kind).toBe('invalid_xml');
    expect(invalid.message).toMatch(/not well-formed/);
    expect((await parseError(parse('not-a-feed.xml'))).kind).toBe('not_a_feed');
    expect((await parseError(parseFeedText('just some text'))).kind).toBe('not_a_feed');
    expect((await parseError(parseFeedText('<rss version="2.0"><channel><title>x</title><item><title>trunc'))).kind).toBe('invalid_xml');
  });

  it('gives up on a parse that never calls back (a reused rss-parser can hang)', async () => {
    const error = await parseError(withDeadline(new Promise(() => {}), 20));
    expect(error.kind).toBe('timeout');
    await expect(withDeadline(Promise.resolve('done'), 20)).resolves.toBe('done');
  });
});

describe('parseFeedText: feeds as the world writes them', () => {
  it('reads <rss> without a version attribute as RSS 2.0', async () => {
    const feed = await parse('rss-no-version.xml');
    expect(feed).toMatchObject({ format: 'rss', title: 'Bridgetown Bulletin' });
    expect(feed.entries[0]).toMatchObject({ title: 'Harbour dredging starts in March', link: 'https://bulletin.example/news/dredging', guid: 'bb-501' });
    expect(new Date(feed.entries[0]!.published!).toISOString()).toBe('2026-11-23T12:00:00.000Z');
  });

  it('says what is wrong with a well-formed document that is not a usable feed', async () => {
    const noChannel = await parseError(parse('rss-no-channel.xml'));
    expect(noChannel.kind).toBe('not_a_feed');
    expect(noChannel.message).toMatch(/RSS document has no <channel> element/);
    expect(noChannel.message).not.toMatch(/well-formed/);
    const rdf = await parseError(parseFeedText('<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><item><title>x</title></item></rdf:RDF>'));
    expect(rdf.message).toMatch(/RDF document has no <channel> element/);
    const other = await parseError(parseFeedText('<?xml version="1.0"?><!-- a comment --><urlset><url/></urlset>'));
    expect(other.kind).toBe('not_a_feed');
    expect(other.message).toMatch(/<urlset>/);
  });

  it('keeps the text of titles written with markup (xhtml div, nested elements, CDATA, escaped html)', async () => {
    const plain = (feed: Awaited<ReturnType<typeof parseFeedText>>) =>
      feed.entries.map((e) => normaliseEntry(e, { fetchedAt: new Date('2026-11-23T00:00:00Z') })!.title);
    const atom = await parse('titles-markup-atom.xml');
    expect(toPlainText(atom.title)).toBe('The Montserrat Reporter');
    expect(plain(atom)).toEqual(['Volcano alert level lowered to two & zone reopens', 'Fisheries quota & licences', 'Plain <3 title & more']);
    const rss = await parse('titles-markup-rss.xml');
    expect(toPlainText(rss.title)).toBe('Grenada Informer');
    expect(plain(rss)).toEqual(['Nutmeg prices rise for a third month', 'Carnival route changes & road closures', 'School year starts early in Carriacou']);
  });

  it('skips a bad JSON Feed item with its reason and keeps the rest; accepts version URL variants', async () => {
    const feed = await parse('jsonfeed-bad-items.json');
    expect(feed.entries.map((e) => e.guid)).toEqual(['bz-1', '5']);
    expect(feed.entries[1]!.categories).toEqual(['Politics']);
    expect(feed.skipped?.map((s) => s.index)).toEqual([1, 2, 3, 4]);
    expect(feed.skipped?.[0]!.reason).toMatch(/id/);
    for (const version of [
      'https://jsonfeed.org/version/1',
      'http://jsonfeed.org/version/1.1',
      'https://jsonfeed.org/version/1.1/',
      ' https://www.jsonfeed.org/version/1.0 ',
    ]) {
      expect((await parseFeedText(JSON.stringify({ version, items: [{ id: 'x', title: 'X' }] }))).entries).toHaveLength(1);
    }
    expect((await parseError(parseFeedText('{"version":"https://jsonfeed.org/version/2","items":[]}'))).kind).toBe('not_a_feed');
    expect((await parseError(parseFeedText('{"version":"https://jsonfeed.org/version/1.1","items":{}}'))).kind).toBe('not_a_feed');
  });

  it('does not refuse an Atom feed for one odd element (a link written as text, an empty entry)', async () => {
    const feed = await parse('atom-odd-elements.xml');
    expect(feed.link).toBe('https://daybreak.example/');
    expect(feed.entries.map((e) => [e.title, e.link])).toEqual([
      ['Geothermal plant connects to the grid', 'https://daybreak.example/news/geothermal?a=1&b=2'],
      ['Cruise arrivals up 12 per cent', 'https://daybreak.example/news/cruise'],
    ]);
  });
});
