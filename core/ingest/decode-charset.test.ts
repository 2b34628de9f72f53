import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeFeedBody } from './decode-charset';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/feeds/${name}`, import.meta.url));
const TITLE = 'Port-au-Prince: l\u2019été s\u2019achève, café et crème à la fête';
const LATIN1_TITLE = /Port-au-Prince: l.été s.achève, café et crème à la fête/;

describe('decodeFeedBody', () => {
  it('reads undeclared ISO-8859-1 as Windows-1252 when the bytes are not UTF-8', () => {
    const decoded = decodeFeedBody(fixture('latin1-no-declaration.xml'));
    expect(decoded.charset).toBe('windows-1252');
    expect(decoded.text).toMatch(LATIN1_TITLE);
    expect(decoded.text).not.toContain('\uFFFD');
    // Declared UTF-8 (header) but not UTF-8 either: the bytes win.
    expect(decodeFeedBody(fixture('latin1-no-declaration.xml'), 'application/rss+xml; charset=utf-8').text).toMatch(LATIN1_TITLE);
  });

  it.each([
    ['utf16le-no-bom.xml', 'utf-16le'],
    ['utf16be-no-bom.xml', 'utf-16be'],
    ['utf32le-no-bom.xml', 'utf-32le'],
    ['utf32be-no-bom.xml', 'utf-32be'],
  ])('detects %s without a byte-order mark from its first bytes', (name, charset) => {
    const decoded = decodeFeedBody(fixture(name));
    expect(decoded.charset).toBe(charset);
    expect(decoded.text.startsWith('<?xml version="1.0"')).toBe(true);
    expect(decoded.text).toContain(TITLE);
  });

  it('detects UTF-16 without a declaration from its first character (a JSON Feed, an <rss> root)', () => {
    expect(decodeFeedBody(Buffer.from('{"version":"https://jsonfeed.org/version/1.1"}', 'utf16le')).text).toBe(
      '{"version":"https://jsonfeed.org/version/1.1"}',
    );
    expect(decodeFeedBody(Buffer.from('<rss version="2.0"/>', 'utf16le')).text).toBe('<rss version="2.0"/>');
  });

  it('reads UTF-32 with its byte-order mark', () => {
    const body = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x00]), fixture('utf32le-no-bom.xml')]);
    expect(decodeFeedBody(body)).toMatchObject({ charset: 'utf-32le' });
    expect(decodeFeedBody(body).text).toContain(TITLE);
  });

  it('does not let a wrong Latin-1 declaration garble text that is valid UTF-8', () => {
    const decoded = decodeFeedBody(fixture('declared-latin1-utf8.xml'));
    expect(decoded.charset).toBe('utf-8');
    expect(decoded.text).toContain(TITLE);
    expect(decodeFeedBody(fixture('declared-latin1-utf8.xml'), 'text/xml; charset=ISO-8859-1').text).toContain(TITLE);
    // A real Latin-1 document keeps its declaration.
    expect(decodeFeedBody(fixture('iso-8859-1.xml')).text).toMatch(LATIN1_TITLE);
    // Pure ASCII under a Latin-1 declaration reads the same either way.
    expect(decodeFeedBody(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><rss/>')).text).toBe('<?xml version="1.0" encoding="ISO-8859-1"?><rss/>');
  });

  it('keeps UTF-8 with a stray invalid byte as UTF-8 (one bad byte, many good characters)', () => {
    const body = Buffer.concat([Buffer.from('<rss><title>café crème fête à été</title>', 'utf8'), Buffer.from([0xff]), Buffer.from('</rss>')]);
    const decoded = decodeFeedBody(body);
    expect(decoded.charset).toBe('utf-8');
    expect(decoded.text).toContain('café crème fête à été');
  });
});
