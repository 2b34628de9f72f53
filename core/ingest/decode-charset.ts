import iconv from 'iconv-lite';

/**
 * Turns a feed's bytes into text. Order of evidence: a byte-order mark, then the HTTP Content-Type
 * charset, then the XML declaration's encoding, then UTF-8 (the XML default). Feeds in the region
 * still come as ISO-8859-1 and Windows-1252; a declared ISO-8859-1 is read as Windows-1252, its
 * superset, as browsers do (curly quotes in 0x80–0x9F are far more likely than C1 controls).
 */
export function decodeFeedBody(body: Buffer, contentType?: string | null): { text: string; charset: string } {
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return { text: body.subarray(3).toString('utf8'), charset: 'utf-8' };
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe) return { text: iconv.decode(body.subarray(2), 'utf-16le'), charset: 'utf-16le' };
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff) return { text: iconv.decode(body.subarray(2), 'utf-16be'), charset: 'utf-16be' };
  const declared = charsetFromContentType(contentType) ?? charsetFromXmlDeclaration(body);
  const charset = normaliseCharset(declared);
  const text = charset === 'utf-8' ? body.toString('utf8') : iconv.decode(body, charset);
  return { text, charset };
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
  if (['iso-8859-1', 'iso8859-1', 'latin1', 'latin-1', 'us-ascii', 'ascii'].includes(lower)) return 'windows-1252';
  return iconv.encodingExists(lower) ? lower : 'utf-8';
}
