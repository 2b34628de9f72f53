import { describe, expect, it } from 'vitest';
import { expectationOf, parseExpectation } from './expectations';

describe('parseExpectation', () => {
  it.each([
    [
      "not bozo and entries[0]['title'] == u'Example \\u00e9'",
      [
        { kind: 'bozo', expected: false },
        { kind: 'field', field: 'title', entry: 0, expected: 'Example é' },
      ],
    ],
    ["entries[0].link == 'http://link/get?a=1&b=2'", [{ kind: 'field', field: 'link', entry: 0, expected: 'http://link/get?a=1&b=2' }]],
    [
      "entries[0]['link'] == entries[1]['link'] == 'http://x/'",
      [
        { kind: 'field', field: 'link', entry: 0, expected: 'http://x/' },
        { kind: 'field', field: 'link', entry: 1, expected: 'http://x/' },
      ],
    ],
    [
      "bozo and feed['title'] == 'a ' + 'b'",
      [
        { kind: 'bozo', expected: true },
        { kind: 'field', field: 'feed title', entry: 0, expected: 'a b' },
      ],
    ],
    ["entries[0]['guid'] == r'C:\\data\\new'", [{ kind: 'field', field: 'id', entry: 0, expected: 'C:\\data\\new' }]],
    [
      "len(entries) == 1 and entries[0]['title'] == 'x and y'",
      [
        { kind: 'field', field: 'count', entry: 0, expected: '1' },
        { kind: 'field', field: 'title', entry: 0, expected: 'x and y' },
      ],
    ],
  ])('%s', (expression, clauses) => {
    expect(parseExpectation(expression)).toEqual(clauses);
  });

  it('marks what C360 keeps no field for as unsupported', () => {
    expect(parseExpectation("entries[0]['links'][0]['rel'] == 'self'")).toEqual([
      { kind: 'unsupported', text: 'entries [ 0 ] [ "links" ] [ 0 ] [ "rel" ] == "self"' },
    ]);
    expect(parseExpectation("feed['image']['height'] == 0")[0]!.kind).toBe('unsupported');
  });
});

describe('expectationOf', () => {
  it('reads the Expect line of the leading comment', () => {
    expect(expectationOf("<!--\nDescription: x\nExpect:      not bozo and feed['title'] == 'T'\n-->\n<rss/>")).toBe("not bozo and feed['title'] == 'T'");
    expect(expectationOf('<rss/>')).toBeNull();
    expect(expectationOf('{"__tests": ["feed.title == \'T\'", "len(entries) == 2"], "items": []}')).toBe("feed.title == 'T' and len(entries) == 2");
  });
});
