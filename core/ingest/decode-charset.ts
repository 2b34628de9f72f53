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
