import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { captureLogger } from '../../test/helpers/capture-logger';
import { describeError, normaliseEntries } from './ingest-feeds';
import { parseFeedText } from './parse-feed';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/feeds/${name}`, import.meta.url), 'utf8');
const fetchedAt = new Date('2026-11-23T12:00:00Z');

describe('normaliseEntries', () => {
  it('counts and logs, with its reason, each item the parser skipped; the rest are kept', async () => {
    const { logger, lines } = captureLogger();
    const parsed = await parseFeedText(fixture('jsonfeed-bad-items.json'));
    const { items, skipped } = normaliseEntries(parsed, { fetchedAt }, logger);
    expect(items.map((i) => i.title)).toEqual(['Reef survey finds coral recovering', 'Budget debate opens']);
    expect(skipped).toBe(4);
    const logged = lines().filter((l) => l.msg === 'item skipped');
    expect(logged).toHaveLength(4);
    expect(logged[0]).toMatchObject({ item: 1 });
    expect(String(logged[0]!.reason)).toMatch(/id/);
  });

  it('honours xml:base on the feed, the entry and the link element, and decodes Atom content from base64 only when it says so', async () => {
    const { logger } = captureLogger();
    const parsed = await parseFeedText(fixture('atom-xml-base-base64.xml'));
    expect(parsed.link).toBe('https://guyana.example/');
    const { items } = normaliseEntries(parsed, { fetchedAt, baseUrl: 'https://feeds.guyana.example/wire.atom' }, logger);
    const [oil, ferry, reef, notes, report, budget] = items;
    expect(oil!.url).toBe('https://guyana.example/news/2026/11/oil-fund.html');
    expect(oil!.content).toContain('href="https://guyana.example/news/2026/11/charts/fund.html"');
    expect(oil!.content).toContain('src="https://guyana.example/news/2026/11/img/fund.png"');
    expect(ferry!.url).toBe('https://ferries.example/timetable?id=4');
    expect(reef!.url).toBe('https://guyana.example/news/reef');
    expect(reef!.content).toContain('<b>reef</b>');
    expect(reef!.content).toContain('href="https://guyana.example/news/photos/"');
    expect(notes!.content).toBe('<p>Line one &amp; two.</p><p>Second paragraph.</p>');
    expect(report!.content).toBe('The report is out.');
    expect(report!.summary).toBe('The report is out.');
    // JSON content is text: shown as written, never base64-decoded (only mode="base64" says so).
    expect(budget!.content).toBe('<p>{"total": 1200}</p>');
  });

  it('reads dates and ids from dc:date, atom:updated/published/id, dcterms:issued/modified, dc:identifier and permalink guids', async () => {
    const { logger } = captureLogger();
    const { items } = normaliseEntries(await parseFeedText(fixture('rss-dates-ids.xml')), { fetchedAt }, logger);
    expect(items.map((i) => [i.title, i.publishedAt.toISOString(), i.guid, i.url])).toEqual([
      ['dc:date only', '2026-11-20T10:00:00.000Z', null, 'https://observer.example/1'],
      ['atom:updated only', '2026-11-20T11:00:00.000Z', null, 'https://observer.example/2'],
      ['atom:published and atom:id', '2026-11-20T12:00:00.000Z', 'tag:observer.example,2026:3', 'https://observer.example/3'],
      ['dcterms:issued and modified', '2026-11-20T13:00:00.000Z', null, 'https://observer.example/4'],
      ['dcterms:modified only', '2026-11-20T14:00:00.000Z', null, 'https://observer.example/5'],
      ['guid not a permalink', '2026-11-20T15:00:00.000Z', 'https://observer.example/?p=6', 'https://observer.example/6'],
      ['permalink guid, no link', '2026-11-20T16:00:00.000Z', 'https://observer.example/7', 'https://observer.example/7'],
      ['guid not a permalink, no link', fetchedAt.toISOString(), 'https://observer.example/?p=8', null],
      ['dc:identifier', fetchedAt.toISOString(), 'urn:observer:9', 'https://observer.example/9'],
    ]);
  });
});

describe('describeError', () => {
  it('names a database error by its code, never with the SQL text or values', () => {
    const sql = `select "id" from "raw_feeds" where "content_hash" in (${'$1, '.repeat(5_000)}) - bind message supplies 7232 parameters, but prepared statement "" requires 72000`;
    const error = Object.assign(new Error(sql), { code: '08P01' });
    const described = describeError(error);
    expect(described).toBe("Could not store the feed's items (database error 08P01).");
    expect(described).not.toMatch(/select|raw_feeds/);
  });

  it('keeps other messages to one short line', () => {
    const described = describeError(new Error(`${'x'.repeat(2_000)}\nsecond line`));
    expect(described.length).toBeLessThanOrEqual(300);
    expect(described).not.toContain('second line');
  });
});
