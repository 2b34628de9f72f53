import iconv from 'iconv-lite';

/**
 * Turns a feed's bytes into text. Order of evidence: a byte-order mark; then the first bytes'
 * pattern of NULs (UTF-16/32 without a mark: `<?` is `3C 00 3F 00` in UTF-16LE, XML 1.0 appendix
 * F); then the HTTP Content-Type charset, then the XML declaration's encoding, then UTF-8 (the XML
 * default). Feeds in the region still come as ISO-8859-1 and Windows-1252; a declared ISO-8859-1
 * is read as Windows-1252, its superset, as browsers do (curly quotes in 0x80–0x9F are far more
 * likely than C1 controls). Declarations are often wrong, so the bytes get the last word:
 * - bytes declared (or defaulted) UTF-8 that are not UTF-8 are Windows-1252 (undeclared Latin-1),
 *   unless valid multibyte sequences outnumber the bad bytes (UTF-8 with a stray byte);
 * - bytes declared Latin-1/ASCII that are valid UTF-8 with multibyte sequences are UTF-8 (a
 *   template that never changed its declaration): such byte pairs are very unlikely Latin-1 text.
 */
export function decodeFeedBody(body: Buffer, contentType?: string | null): { text: string; charset: string } {
  const decoded = decodeBytes(body, contentType);
  return { text: c1AsWindows1252(decoded.text), charset: decoded.charset };
}

function decodeBytes(body: Buffer, contentType?: string | null): { text: string; charset: string } {
  const bom = byteOrderMark(body);
  if (bom) return { text: iconv.decode(body.subarray(bom.length), bom.charset), charset: bom.charset };
  const wide = wideCharsetFromFirstBytes(body);
  if (wide) return { text: iconv.decode(body, wide), charset: wide };
  const declared = normaliseCharset(charsetFromContentType(contentType) ?? charsetFromXmlDeclaration(body));
  // A UTF-16/32 declaration on bytes with no NUL pattern is a leftover from a re-encoding.
  const charset = /^utf-(16|32)/.test(declared) ? 'utf-8' : declared;
  if (charset === 'utf-8') {
    const valid = strictUtf8(body);
    if (valid !== null) return { text: valid, charset: 'utf-8' };
    const utf8 = inspectUtf8(body);
    if (utf8.invalid > 0 && utf8.multibyte <= utf8.invalid) return { text: iconv.decode(body, 'windows-1252'), charset: 'windows-1252' };
    return { text: body.toString('utf8'), charset: 'utf-8' };
  }
  if (SINGLE_BYTE_LATIN.has(charset)) {
    const utf8 = inspectUtf8(body);
    if (utf8.invalid === 0 && utf8.multibyte > 0) return { text: body.toString('utf8'), charset: 'utf-8' };
  }
  return { text: iconv.decode(body, charset), charset };
}

/** Windows-1252's characters at 0x80–0x9F, by code point (0x81, 0x8D, 0x8F, 0x90 and 0x9D are unassigned). */
const WINDOWS_1252_C1: Record<number, string> = {
  0x80: '\u20ac',
  0x82: '\u201a',
  0x83: '\u0192',
  0x84: '\u201e',
  0x85: '\u2026',
  0x86: '\u2020',
  0x87: '\u2021',
  0x88: '\u02c6',
  0x89: '\u2030',
  0x8a: '\u0160',
  0x8b: '\u2039',
  0x8c: '\u0152',
  0x8e: '\u017d',
  0x91: '\u2018',
  0x92: '\u2019',
  0x93: '\u201c',
  0x94: '\u201d',
  0x95: '\u2022',
  0x96: '\u2013',
  0x97: '\u2014',
  0x98: '\u02dc',
  0x99: '\u2122',
  0x9a: '\u0161',
  0x9b: '\u203a',
  0x9c: '\u0153',
  0x9e: '\u017e',
  0x9f: '\u0178',
};

/**
 * C1 control characters (U+0080–U+009F) in decoded text are Windows-1252 punctuation that a CMS
 * converted to UTF-8 byte by byte (`don\u0092t`): nobody writes C1 controls in a feed. They are read
 * as the characters Windows-1252 has there, as browsers do; the five unassigned ones stay and are
 * removed with other controls when the text is normalised.
 */
export function c1AsWindows1252(text: string): string {
  return text.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_C1[c.charCodeAt(0)] ?? c);
}

const SINGLE_BYTE_LATIN = new Set(['windows-1252', 'iso-8859-15']);

function byteOrderMark(body: Buffer): { length: number; charset: string } | null {
  const [a, b, c, d] = [body[0], body[1], body[2], body[3]];
  if (a === 0xef && b === 0xbb && c === 0xbf) return { length: 3, charset: 'utf-8' };
  if (a === 0xff && b === 0xfe && c === 0x00 && d === 0x00) return { length: 4, charset: 'utf-32le' };
  if (a === 0x00 && b === 0x00 && c === 0xfe && d === 0xff) return { length: 4, charset: 'utf-32be' };
  if (a === 0xff && b === 0xfe) return { length: 2, charset: 'utf-16le' };
  if (a === 0xfe && b === 0xff) return { length: 2, charset: 'utf-16be' };
  return null;
}

/** UTF-16/32 without a mark, told by where the NULs of the first (ASCII) characters fall. */
function wideCharsetFromFirstBytes(body: Buffer): string | null {
  if (body.length < 4) return null;
  const zero = [0, 1, 2, 3].map((i) => body[i] === 0);
  const pattern = zero.map((z) => (z ? '0' : 'x')).join('');
  if (pattern === '000x') return 'utf-32be';
  if (pattern === 'x000') return 'utf-32le';
  if (pattern === '0x0x') return 'utf-16be';
  if (pattern === 'x0x0') return 'utf-16le';
  return null;
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function strictUtf8(body: Buffer): string | null {
  try {
    return strictDecoder.decode(body);
  } catch {
    return null;
  }
}

/** Counts well-formed multibyte UTF-8 sequences and bytes that cannot be UTF-8. */
export function inspectUtf8(body: Buffer): { multibyte: number; invalid: number } {
  let multibyte = 0;
  let invalid = 0;
  for (let i = 0; i < body.length;) {
    const byte = body[i]!;
    if (byte < 0x80) {
      i++;
      continue;
    }
    const length = byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;
    let ok = length > 0 && i + length <= body.length;
    for (let k = 1; ok && k < length; k++) ok = (body[i + k]! & 0xc0) === 0x80;
    if (ok && length === 3) ok = !(byte === 0xe0 && body[i + 1]! < 0xa0) && !(byte === 0xed && body[i + 1]! > 0x9f);
    if (ok && length === 4) ok = !(byte === 0xf0 && body[i + 1]! < 0x90) && !(byte === 0xf4 && body[i + 1]! > 0x8f);
    if (ok) {
      multibyte++;
      i += length;
    } else {
      invalid++;
      i++;
    }
  }
  return { multibyte, invalid };
}

export function charsetFromContentType(contentType?: string | null): string | null {
  const match = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType ?? '');
  return match ? match[1]! : null;
}

function charsetFromXmlDeclaration(body: Buffer): string | null {
  const head = body.subarray(0, 300).toString('latin1');
  const match = /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head);
  return match ? match[1]! : null;
}

function normaliseCharset(name: string | null): string {
  if (!name) return 'utf-8';
  const lower = name.toLowerCase();
  if (lower === 'utf8' || lower === 'utf-8') return 'utf-8';
  if (['iso-8859-1', 'iso8859-1', 'latin1', 'latin-1', 'us-ascii', 'ascii', 'windows-1252', 'cp1252'].includes(lower)) return 'windows-1252';
  if (lower === 'utf-16' || lower === 'utf16') return 'utf-16';
  if (lower === 'utf-32' || lower === 'utf32') return 'utf-32';
  return iconv.encodingExists(lower) ? lower : 'utf-8';
}
