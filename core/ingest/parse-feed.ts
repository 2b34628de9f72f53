import { decodeHTML } from 'entities';
import Parser from 'rss-parser';
import { z } from 'zod';

/**
 * Parses RSS 0.9x/2.0, RSS 1.0 (RDF) and Atom with rss-parser (tolerant, well kept), and JSON Feed
 * 1.0/1.1 with a zod schema (rss-parser does not read JSON). The result is a neutral list of
 * entries; normalising and sanitising happen next (normalise-item.ts).
 */

export type FeedFormat = 'rss' | 'rdf' | 'atom' | 'json';

export type FeedEntry = {
  title?: string;
  link?: string;
  guid?: string;
  published?: string;
  updated?: string;
  author?: string;
  categories: string[];
  summary?: string;
  content?: string;
  image?: string;
  /** xml:base values in scope for the entry, outermost first (feed, entry): relative links and content resolve against them. */
  xmlBase?: string[];
  /** xml:base on the content element itself (Atom <content>): the content's links and images resolve against it. */
  contentBase?: string;
  /** xml:base on the summary element (Atom <summary>): applies when the summary is the only body. */
  summaryBase?: string;
};

export type ParsedFeed = {
  format: FeedFormat;
  title?: string;
  link?: string;
  language?: string;
  /** xml:base of the feed element (Atom), as written: resolved against the document's address when normalising. */
  xmlBase?: string;
  /** RSS <ttl>: minutes the feed asks readers to wait between fetches. */
  ttlMinutes?: number;
  entries: FeedEntry[];
  /** Items the parser could not read (a JSON Feed item without an id…), with why: logged and counted, the rest kept. */
  skipped?: SkippedEntry[];
};

export type SkippedEntry = { index: number; reason: string };

export class FeedParseError extends Error {
  readonly kind: 'not_a_feed' | 'invalid_xml' | 'invalid_json' | 'timeout';
  constructor(kind: FeedParseError['kind'], message: string) {
    super(message);
    this.name = 'FeedParseError';
    this.kind = kind;
  }
}

export const DEFAULT_PARSE_TIMEOUT_MS = 5_000;

export async function parseFeedText(text: string, options: { timeoutMs?: number } = {}): Promise<ParsedFeed> {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.startsWith('{')) return parseJsonFeed(trimmed);
  if (/^<!doctype html|^<html[\s>]/i.test(trimmed)) {
    throw new FeedParseError(
      'not_a_feed',
      'The address served an HTML page, not a feed (look for a <link rel="alternate" type="application/rss+xml"> on that page).',
    );
  }
  if (!trimmed.startsWith('<')) throw new FeedParseError('not_a_feed', 'The response is neither XML nor JSON, so it is not a feed.');
  const timeoutMs = options.timeoutMs ?? DEFAULT_PARSE_TIMEOUT_MS;
  const prepared = wrapMarkupInCdata(flattenTitleMarkup(detectFormat(trimmed) === 'atom' ? repairAtomShape(trimmed) : trimmed));
  let raw: RawFeed;
  let skipped: SkippedEntry[] = [];
  try {
    raw = await parseXml(prepared, timeoutMs);
  } catch (first) {
    if (first instanceof FeedParseError) throw first;
    // Real feeds carry bare ampersands, HTML-only entities (&nbsp;) and unparseable or padded
    // Atom dates; repair exactly those and try once more. What is still broken after that (a
    // mismatched end tag) costs only the entries it is in, when the rest can be read.
    const repaired = repairXml(prepared);
    try {
      if (repaired === prepared) throw first;
      raw = await parseXml(repaired, timeoutMs);
    } catch (second) {
      if (second instanceof FeedParseError) throw second;
      const salvaged = await salvageEntries(repaired, timeoutMs);
      if (!salvaged) throw classifyXmlError(second, repaired);
      ({ raw, skipped } = salvaged);
    }
  }
  const parsed = fromRssParser(raw, trimmed);
  return skipped.length ? { ...parsed, skipped } : parsed;
}

/**
 * Reads a feed whose XML is broken inside some entries: the document up to its first entry (the
 * feed's own elements) must parse; then the entries are parsed in groups, and a group that fails
 * entry by entry, so each broken entry is skipped with its reason and the others kept. Null when
 * the document has no such shape (its head is broken) or no entry can be read.
 */
async function salvageEntries(xml: string, timeoutMs: number): Promise<{ raw: RawFeed; skipped: SkippedEntry[] } | null> {
  const root = rootElementName(xml);
  if (!root) return null;
  const local = root.replace(/^.*:/, '');
  const tag = local === 'feed' ? 'entry' : 'item';
  const chunks = elementChunks(xml, tag);
  if (chunks.length === 0) return null;
  let head = xml.slice(0, chunks[0]!.start);
  const foot = local === 'rss' ? `</channel></${root}>` : `</${root}>`;
  let shell: RawFeed;
  try {
    shell = await parseXml(head + foot, timeoutMs);
  } catch {
    // The feed's own elements are broken (a stray end tag in <image>): keep its entries under a
    // bare head of the same root (and channel), losing only the feed's title and link.
    const bare = bareHead(head, root, local);
    if (!bare) return null;
    try {
      shell = await parseXml(bare + foot, timeoutMs);
      head = bare;
    } catch {
      return null;
    }
  }
  const items: RawItem[] = [];
  const skipped: SkippedEntry[] = [];
  const GROUP = 50;
  for (let g = 0; g < chunks.length; g += GROUP) {
    const group = chunks.slice(g, g + GROUP);
    try {
      const parsed = await parseXml(head + group.map((c) => c.text).join('') + foot, timeoutMs);
      items.push(...(parsed.items ?? []));
    } catch {
      for (const [k, chunk] of group.entries()) {
        try {
          const parsed = await parseXml(head + chunk.text + foot, timeoutMs);
          items.push(...(parsed.items ?? []));
        } catch (error) {
          const message = ((error as Error)?.message ?? String(error)).split('\n')[0]!.slice(0, 200);
          skipped.push({ index: g + k, reason: `${tag} ${g + k + 1} is not well-formed XML (${message})` });
        }
      }
    }
  }
  // Nothing readable: the feed is broken, not one of its entries.
  if (items.length === 0) return null;
  return { raw: { ...shell, items }, skipped };
}

/** The root's start tag (namespaces kept) and, for RSS, the channel's: a head without the feed's own elements. */
function bareHead(head: string, root: string, local: string): string | null {
  const rootTag = new RegExp(`<${root.replace(/[.:]/g, '\\$&')}(?:\\s[^<>]{0,4000})?>`).exec(head)?.[0];
  if (!rootTag || local === 'RDF') return null;
  if (local !== 'rss') return rootTag;
  const channelTag = /<channel(?:\s[^<>]{0,1000})?>/.exec(head)?.[0];
  return channelTag ? rootTag + channelTag : null;
}

/** Each `<tag …>…</tag>` in document order, found in one pass; an entry with no end tag runs to the next one's start. */
function elementChunks(xml: string, tag: string): { start: number; text: string }[] {
  const open = new RegExp(`<${tag}(?=[\\s>/])`, 'g');
  const close = `</${tag}>`;
  const chunks: { start: number; text: string }[] = [];
  let match = open.exec(xml);
  while (match) {
    const start = match.index;
    const end = xml.indexOf(close, start);
    open.lastIndex = start + 1;
    const next = open.exec(xml);
    const stop = end === -1 ? (next ? next.index : -1) : next && next.index < end ? next.index : end + close.length;
    if (stop === -1) break;
    chunks.push({ start, text: xml.slice(start, stop) });
    if (next && next.index < stop) {
      open.lastIndex = stop;
      match = open.exec(xml);
    } else match = next;
  }
  return chunks;
}

type RawItem = Parser.Item & Record<string, unknown>;
type RawFeed = Parser.Output<RawItem> & { ttl?: string; language?: string; feedAttrs?: unknown; feedLinks?: unknown };

function parseXml(xml: string, timeoutMs: number): Promise<RawFeed> {
  // A parser object reused after a truncated feed can hang: a new one per feed, with a deadline.
  const parser = new Parser<Record<string, unknown>, RawItem>({
    // Hundreds of real feeds write a bare <rss> with no version: read those as RSS 2.0.
    defaultRSS: 2,
    customFields: {
      item: [
        ['category', 'rawCategories', { keepArray: true }],
        ['dc:subject', 'subjects', { keepArray: true }],
        ['media:content', 'mediaContent', { keepArray: true }],
        ['media:thumbnail', 'mediaThumbnail', { keepArray: true }],
        ['media:group', 'mediaGroup', { keepArray: true }],
        ['dc:date', 'dcDate'],
        'updated',
        'published',
        'id',
        // Dates and ids that RSS items borrow from Atom and Dublin Core, and Atom 0.3's names.
        ['atom:updated', 'atomUpdated'],
        ['atom:published', 'atomPublished'],
        ['atom:id', 'atomId'],
        ['dcterms:issued', 'dctermsIssued'],
        ['dcterms:created', 'dctermsCreated'],
        ['dcterms:modified', 'dctermsModified'],
        ['dc:identifier', 'dcIdentifier'],
        'issued',
        'modified',
        // Raw elements with their attributes: xml:base, link relations, guid isPermaLink, content type and mode.
        ['$', 'attrs', { keepArray: true }],
        ['link', 'rawLinks', { keepArray: true }],
        ['guid', 'rawGuid', { keepArray: true }],
        ['content', 'rawContent', { keepArray: true }],
        ['summary', 'rawSummary', { keepArray: true }],
        // Secondary descriptions and titles, read when the main ones are missing.
        ['dc:description', 'dcDescription'],
        ['media:description', 'mediaDescription'],
        ['media:title', 'mediaTitle'],
      ] as never,
      feed: [
        ['$', 'feedAttrs', { keepArray: true }],
        ['link', 'feedLinks', { keepArray: true }],
      ] as never,
    },
  });
  return withDeadline(parser.parseString(xml) as Promise<RawFeed>, timeoutMs);
}

/** Rejects with a timeout when `promise` has not settled in time (a parse that never calls back). */
export function withDeadline<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FeedParseError('timeout', `Parsing took longer than ${timeoutMs} ms.`)), timeoutMs);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * xml2js reports syntax errors; anything else thrown while rss-parser walks the tree (a TypeError
 * on a missing <channel>, an unknown root) means well-formed XML of the wrong shape, and is
 * described from the document itself rather than blamed on the XML.
 */
function classifyXmlError(error: unknown, xml: string): FeedParseError {
  const message = ((error as Error)?.message ?? String(error)).split('\n')[0]!;
  if (error instanceof TypeError || /not recognized as RSS/i.test(message)) return describeShape(xml, message);
  return new FeedParseError('invalid_xml', `The feed is not well-formed XML (${message}).`);
}

/** The document's root element name, past the XML declaration, comments, DOCTYPE and processing instructions. */
export function rootElementName(xml: string): string | undefined {
  const body = xml.replace(/^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*/i, '');
  return /^<([A-Za-z_][\w.:-]*)/.exec(body)?.[1];
}

function describeShape(xml: string, parserMessage: string): FeedParseError {
  const root = rootElementName(xml);
  const local = root?.replace(/^.*:/, '');
  const hasChannel = /<(?:[\w.-]+:)?channel[\s>/]/.test(xml);
  if (local === 'rss' && !hasChannel) return new FeedParseError('not_a_feed', 'The RSS document has no <channel> element, so it lists no items.');
  if (local === 'RDF' && !hasChannel) return new FeedParseError('not_a_feed', 'The RDF document has no <channel> element, so it is not an RSS 1.0 feed.');
  if (root && local !== 'rss' && local !== 'RDF' && local !== 'feed') {
    return new FeedParseError('not_a_feed', `The document is XML but not RSS, RDF or Atom (its root element is <${root}>).`);
  }
  return new FeedParseError(
    'not_a_feed',
    `The ${local === 'feed' ? 'Atom' : local === 'RDF' ? 'RDF' : 'RSS'} document is not shaped as a feed (${parserMessage}).`,
  );
}

/**
 * A title written with elements inside (Atom type="xhtml" with its div, RSS titles with <b> or
 * <i> left unescaped) reaches xml2js as child elements, and rss-parser keeps only the loose text
 * or nothing. Such a title is rewritten as one CDATA block of HTML (elements as tags, CDATA parts
 * escaped), which normalising then turns into plain text like any html title. Bounded, so a
 * crafted document without closing tags costs linear time.
 */
export function flattenTitleMarkup(xml: string): string {
  if (!/<title\b[^<>]{0,500}>[^<]{0,4000}<(?!!\[CDATA\[|\/title>)[A-Za-z]/.test(xml)) return xml;
  return xml.replace(/<title(\s[^<>]{0,500})?>([^]{0,4000}?)<\/title>/g, (whole, attrs: string | undefined, inner: string) => {
    const outsideCdata = inner.replace(/<!\[CDATA\[[^]*?\]\]>/g, '');
    if (!/<[A-Za-z]/.test(outsideCdata)) return whole;
    const html = inner.replace(/<!\[CDATA\[([^]*?)\]\]>/g, (_c, text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    return `<title${attrs ?? ''}><![CDATA[${html.replace(/]]>/g, ']]]]><![CDATA[>')}]]></title>`;
  });
}

/** Elements whose content is HTML or text, which feeds write with unescaped child elements. */
const MARKUP_ELEMENTS = ['description', 'summary', 'content', 'content:encoded', 'dc:description', 'media:description', 'itunes:summary'];

/**
 * A description, summary or content written with raw child elements (Atom type="xhtml" with its
 * div, RSS descriptions with unescaped <p> and <b>) reaches xml2js as child elements, whose text
 * rss-parser rebuilds out of order (loose text first) or drops. Such an element's inside is
 * rewritten as one CDATA block of HTML, in order. One pass per element name, each part of the
 * document looked at once: a crafted document costs linear time.
 */
export function wrapMarkupInCdata(xml: string): string {
  let out = xml;
  for (const name of MARKUP_ELEMENTS) {
    if (!out.includes(`<${name}`)) continue;
    const open = new RegExp(`<${name.replace(':', '\\:')}(\\s[^<>]{0,500})?>`, 'g');
    const close = `</${name}>`;
    let result = '';
    let last = 0;
    let match = open.exec(out);
    while (match) {
      if (match[0].endsWith('/>')) {
        match = open.exec(out);
        continue;
      }
      const innerStart = match.index + match[0].length;
      const end = out.indexOf(close, innerStart);
      if (end === -1) break;
      const inner = out.slice(innerStart, end);
      const outsideCdata = inner.replace(/<!\[CDATA\[[^]*?\]\]>/g, '');
      if (/<[A-Za-z]/.test(outsideCdata)) {
        const html = inner.replace(/<!\[CDATA\[([^]*?)\]\]>/g, (_c, text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
        result += `${out.slice(last, innerStart)}<![CDATA[${html.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
        last = end;
      }
      open.lastIndex = end + close.length;
      match = open.exec(out);
    }
    out = last === 0 ? out : result + out.slice(last);
  }
  return out;
}

/**
 * Two Atom slips that make rss-parser throw on the whole document (it reads link.$.rel and entry
 * fields without checking) or lose the entry's link: a link written as text, `<link>https://…</link>`
 * or `<link rel="alternate">https://…</link>`, becomes `<link href="…"/>` with its attributes kept
 * (so rel still picks the alternate one), and an empty `<entry/>` is dropped.
 */
export function repairAtomShape(xml: string): string {
  return xml
    .replace(/<link(\s[^<>]{0,500})?>\s*([^<\s]{1,2000})\s*<\/link>/g, (whole, attrs: string | undefined, href: string) =>
      /\shref\s*=/.test(attrs ?? '') ? whole : `<link${attrs ?? ''} href="${href.replace(/"/g, '&quot;')}"/>`,
    )
    .replace(/<entry(?:\s[^<>]{0,500})?(?:\/>|>\s{0,1000}<\/entry>)/g, '');
}

const XML_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/** Whether XML 1.0 allows this code point as a character (its production Char). */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

const NUMERIC_REFERENCE = /&#(?:[xX]([0-9a-fA-F]{1,8})|(\d{1,10}));/y;

/**
 * Numeric character references XML forbids, which make the parser refuse the whole document:
 * UTF-16 surrogate pairs written as two references (`&#55357;&#56832;`, what encoders working in
 * UTF-16 produce for an emoji) become the one character they stand for; a lone surrogate or a
 * number past U+10FFFF becomes U+FFFD; a control character (`&#1;`) is dropped, as controls are
 * from all feed text. One pass.
 */
export function repairCharacterReferences(xml: string): string {
  const refs = /&#(?:[xX]([0-9a-fA-F]{1,8})|(\d{1,10}));/g;
  const codeOf = (m: RegExpExecArray): number => (m[1] !== undefined ? Number.parseInt(m[1], 16) : Number.parseInt(m[2]!, 10));
  let out = '';
  let last = 0;
  let match = refs.exec(xml);
  while (match) {
    const code = codeOf(match);
    let replacement = match[0];
    if (code >= 0xd800 && code <= 0xdbff) {
      NUMERIC_REFERENCE.lastIndex = refs.lastIndex;
      const next = NUMERIC_REFERENCE.exec(xml);
      const low = next ? codeOf(next) : Number.NaN;
      if (next && low >= 0xdc00 && low <= 0xdfff) {
        replacement = `&#${0x10000 + (code - 0xd800) * 0x400 + (low - 0xdc00)};`;
        refs.lastIndex += next[0].length;
      } else replacement = '&#xFFFD;';
    } else if (!isXmlChar(code)) replacement = code < 0x20 ? '' : '&#xFFFD;';
    out += xml.slice(last, match.index) + replacement;
    last = refs.lastIndex;
    match = refs.exec(xml);
  }
  return out + xml.slice(last);
}

export function repairXml(xml: string): string {
  return (
    repairCharacterReferences(xml)
      .replace(/&([a-zA-Z][a-zA-Z0-9]{1,31});/g, (whole, name: string) => {
        if (XML_ENTITIES.has(name)) return whole;
        const decoded = decodeHTML(whole);
        return decoded === whole ? `&amp;${name};` : [...decoded].map((c) => `&#${c.codePointAt(0)};`).join('');
      })
      .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
      // rss-parser turns Atom dates into ISO strings and throws on one it cannot read (a padded one too).
      .replace(/<(published|updated)>([^<]*)<\/\1>/g, (_whole, tag: string, value: string) =>
        Number.isNaN(Date.parse(value.trim())) ? '' : `<${tag}>${value.trim()}</${tag}>`,
      )
  );
}

function detectFormat(xml: string): FeedFormat {
  const head = xml.slice(0, 2000);
  if (/<rdf:RDF[\s>]/.test(head)) return 'rdf';
  if (/<feed[\s>]/.test(head) && !/<rss[\s>]/.test(head)) return 'atom';
  return 'rss';
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') {
    const v = value as { _?: unknown; $?: Record<string, string> };
    if (typeof v._ === 'string') return v._;
    if (v.$?.term) return v.$.term;
    if (v.$?.label) return v.$.label;
  }
  return undefined;
}

function attr(value: unknown, name: string): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  const attrs = (first as { $?: Record<string, string> } | undefined)?.$;
  return attrs?.[name];
}

function imageOf(item: RawItem): string | undefined {
  const enclosure = item.enclosure;
  if (enclosure?.url && (!enclosure.type || enclosure.type.startsWith('image/'))) return enclosure.url;
  for (const list of [item.mediaContent, item.mediaThumbnail]) {
    for (const media of (list as unknown[] | undefined) ?? []) {
      const url = attr(media, 'url');
      const medium = attr(media, 'medium');
      const type = attr(media, 'type');
      if (url && (!medium || medium === 'image') && (!type || type.startsWith('image/'))) return url;
    }
  }
  for (const group of (item.mediaGroup as Record<string, unknown>[] | undefined) ?? []) {
    const url = attr(group['media:content'], 'url') ?? attr(group['media:thumbnail'], 'url');
    if (url) return url;
  }
  const itunes = (item as { itunes?: { image?: string } }).itunes?.image;
  return itunes ?? undefined;
}

type RawElement = { _?: string; $?: Record<string, string> } | string;

function attrsOf(value: unknown): Record<string, string> | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (first && typeof first === 'object' && !('$' in first) && !('_' in first)) return first as Record<string, string>;
  return (first as { $?: Record<string, string> } | undefined)?.$;
}

/** Resolves `href` against a chain of bases when they make an absolute address; else leaves it as written. */
export function resolveAgainst(href: string | undefined, bases: readonly (string | undefined)[]): string | undefined {
  if (href === undefined) return undefined;
  let base: string | undefined;
  for (const b of bases) {
    if (!b) continue;
    try {
      base = new URL(b.trim(), base).href;
    } catch {
      // a relative base with nothing absolute above it: the document's address resolves it later
    }
  }
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return href;
  }
}

/** Atom's chosen link: rel="alternate" (or no rel), else the first; with its own xml:base. */
function atomLink(links: unknown): { href?: string; base?: string } {
  const list = (Array.isArray(links) ? links : []) as RawElement[];
  const withAttrs = list.map((l) => (typeof l === 'object' ? (l.$ ?? {}) : { href: l }));
  const chosen = withAttrs.find((l) => l.href && (!l.rel || l.rel === 'alternate')) ?? withAttrs.find((l) => l.href);
  return { href: chosen?.href, base: chosen?.['xml:base'] };
}

function isPermaLinkGuid(rawGuid: unknown): string | undefined {
  const first = (Array.isArray(rawGuid) ? rawGuid[0] : rawGuid) as RawElement | undefined;
  if (first === undefined) return undefined;
  const value = typeof first === 'string' ? first : first._;
  const permaLink = typeof first === 'object' ? first.$?.isPermaLink : undefined;
  if (!value || permaLink?.trim().toLowerCase() === 'false') return undefined;
  return /^https?:\/\//i.test(value.trim()) ? value.trim() : undefined;
}

/** MIME types whose content is text although they are neither text/* nor XML (JSON, scripts). */
const TEXTUAL_TYPE = /^application\/(?:json|javascript|ecmascript|x-javascript|ld\+json|[\w.-]+\+json)$/;

/**
 * Atom content that is not plain Atom text/html/xhtml. Base64 only when it says so (Atom 0.3's
 * mode="base64"): decoded to HTML or text when it is text, dropped when binary. Other MIME types
 * are shown as text when they are textual (application/json), dropped when binary (an inline
 * PDF or image would only show as base64). Returns `handled: false` for ordinary content.
 */
function decodeAtomContent(raw: unknown): { value?: string; decoded: boolean } {
  const first = (Array.isArray(raw) ? raw[0] : raw) as RawElement | undefined;
  if (!first || typeof first === 'string' || typeof first._ !== 'string') return { decoded: false };
  const type = first.$?.type?.trim().toLowerCase() ?? '';
  const mode = first.$?.mode?.trim().toLowerCase();
  const html = type === 'html' || type === 'xhtml' || type === 'text/html' || type === 'application/xhtml+xml';
  const textual = type.startsWith('text/') || /[/+]xml$/.test(type) || TEXTUAL_TYPE.test(type);
  if (mode !== 'base64') {
    if (!type.includes('/') || html) return { decoded: false };
    return textual ? { value: escapeText(first._), decoded: true } : { value: undefined, decoded: true };
  }
  const bytes = Buffer.from(first._.replace(/\s+/g, ''), 'base64');
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { value: undefined, decoded: true };
  }
  if (/[\u0000-\u0008\u000e-\u001f]/.test(decoded)) return { value: undefined, decoded: true };
  return { value: html ? decoded : escapeText(decoded), decoded: true };
}

/** xml:base on the document's root element (RSS and RDF: rss-parser reads attributes of the channel only). */
function rootXmlBase(xml: string): string | undefined {
  const body = xml.replace(/^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*/i, '');
  const start = /^<[A-Za-z_][\w.:-]*(\s[^<>]{0,4000})?>/.exec(body)?.[1] ?? '';
  return /\sxml:base\s*=\s*(?:"([^"]*)"|'([^']*)')/
    .exec(start)
    ?.slice(1)
    .find((v) => v !== undefined);
}

function groupText(group: unknown, name: string): string | undefined {
  for (const g of (group as Record<string, unknown>[] | undefined) ?? []) {
    const value = text((g?.[name] as unknown[] | undefined)?.[0]);
    if (value) return value;
  }
  return undefined;
}

function fromRssParser(feed: RawFeed, xml: string): ParsedFeed {
  const format = detectFormat(xml);
  const ttl = Number.parseInt(String(feed.ttl ?? ''), 10);
  const channelBase = attrsOf(feed.feedAttrs)?.['xml:base'];
  const rootBase = format === 'atom' ? undefined : rootXmlBase(xml);
  const feedBases = [rootBase, channelBase].filter((b): b is string => Boolean(b));
  const feedLink = format === 'atom' ? atomLink(feed.feedLinks) : undefined;
  const link = feedLink?.href ? resolveAgainst(feedLink.href, [channelBase, feedLink.base]) : text(feed.link);
  return {
    format,
    title: text(feed.title),
    link,
    language: text(feed.language),
    xmlBase: channelBase,
    ttlMinutes: Number.isFinite(ttl) && ttl > 0 ? ttl : undefined,
    entries: (feed.items ?? []).map((item) => {
      const categories = [...((item.rawCategories as unknown[]) ?? []), ...((item.subjects as unknown[]) ?? [])]
        .map(text)
        .filter((c): c is string => Boolean(c));
      const encoded = text(item['content:encoded']);
      const isAtom = format === 'atom';
      const entryBase = attrsOf(item.attrs)?.['xml:base'];
      const xmlBase = [...feedBases, entryBase].filter((b): b is string => Boolean(b));
      let entryLink = text(item.link) ?? text(item['rdf:about']);
      if (isAtom) {
        const chosen = atomLink(item.rawLinks);
        if (chosen.href) entryLink = chosen.base ? resolveAgainst(chosen.href, [...xmlBase, chosen.base]) : chosen.href;
      }
      const content = isAtom ? decodeAtomContent(item.rawContent) : { decoded: false };
      const summary = isAtom ? decodeAtomContent(item.rawSummary) : { decoded: false };
      const contentBase = isAtom ? attrsOf(item.rawContent)?.['xml:base'] : undefined;
      const summaryBase = isAtom ? attrsOf(item.rawSummary)?.['xml:base'] : undefined;
      const secondarySummary =
        text(item.dcDescription) ??
        text(item.mediaDescription) ??
        groupText(item.mediaGroup, 'media:description') ??
        text((item as { itunes?: { summary?: unknown } }).itunes?.summary);
      return {
        title: text(item.title) ?? text(item.mediaTitle) ?? groupText(item.mediaGroup, 'media:title'),
        link: entryLink ?? isPermaLinkGuid(item.rawGuid),
        guid: text(item.guid) ?? text(item.id) ?? text(item.atomId) ?? text(item.dcIdentifier),
        published:
          text(item.isoDate) ??
          text(item.pubDate) ??
          text(item.dcDate) ??
          text(item.published) ??
          text(item.atomPublished) ??
          text(item.dctermsIssued) ??
          text(item.dctermsCreated) ??
          text(item.issued),
        updated: text(item.updated) ?? text(item.atomUpdated) ?? text(item.dctermsModified) ?? text(item.modified),
        author: text(item.creator) ?? text(item.author),
        categories,
        // RSS: description is the summary unless content:encoded is absent; Atom: summary + content.
        summary: (isAtom ? (summary.decoded ? summary.value : text(item.summary)) : text(item.content)) ?? secondarySummary,
        content: isAtom ? (content.decoded ? content.value : text(item.content)) : encoded,
        image: imageOf(item),
        ...(xmlBase.length ? { xmlBase } : {}),
        ...(contentBase ? { contentBase } : {}),
        ...(summaryBase ? { summaryBase } : {}),
      };
    }),
  };
}

/** JSON Feed's version URL as written in the wild: http or https, www or not, 1, 1.0 or 1.1, a trailing slash; or a bare "1.0"/"1.1". */
const JSON_FEED_VERSION = /^(?:https?:\/\/(?:www\.)?jsonfeed\.org\/version\/1(?:\.[01])?\/?|1\.[01])$/i;

const jsonFeedSchema = z
  .object({
    version: z.string().trim().regex(JSON_FEED_VERSION),
    title: z.string().optional(),
    home_page_url: z.string().optional(),
    language: z.string().optional(),
    items: z.array(z.unknown()),
  })
  .passthrough();

/** One item, checked on its own: a bad item is skipped with its reason, never the whole feed. */
const jsonFeedItemSchema = z
  .object({
    id: z.union([z.string().trim().min(1), z.number()]).transform(String),
    url: z.string().optional(),
    external_url: z.string().optional(),
    title: z.string().optional(),
    content_html: z.string().optional(),
    content_text: z.string().optional(),
    summary: z.string().optional(),
    image: z.string().optional(),
    banner_image: z.string().optional(),
    date_published: z.string().optional(),
    date_modified: z.string().optional(),
    // Tags and authors are extras: keep the usable ones rather than refuse the item.
    tags: z
      .array(z.unknown())
      .optional()
      .transform((tags) => (tags ?? []).filter((t): t is string => typeof t === 'string')),
    author: z.unknown().optional(),
    authors: z.unknown().optional(),
  })
  .passthrough();

function authorName(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  const name = (first as { name?: unknown } | null | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
}

function parseJsonFeed(textBody: string): ParsedFeed {
  let json: unknown;
  try {
    json = JSON.parse(textBody);
  } catch (error) {
    throw new FeedParseError('invalid_json', `The feed is not valid JSON (${(error as Error).message}).`);
  }
  const parsed = jsonFeedSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FeedParseError('not_a_feed', `The JSON is not a JSON Feed 1.x document (${issue?.path.join('.') || 'document'}: ${issue?.message}).`);
  }
  const feed = parsed.data;
  const entries: FeedEntry[] = [];
  const skipped: SkippedEntry[] = [];
  feed.items.forEach((raw, index) => {
    const result = jsonFeedItemSchema.safeParse(raw);
    if (!result.success) {
      const issue = result.error.issues[0];
      skipped.push({ index, reason: `JSON Feed item ${index + 1}: ${issue?.path.join('.') || 'item'}: ${issue?.message}` });
      return;
    }
    const item = result.data;
    entries.push({
      title: item.title,
      link: item.url ?? item.external_url,
      guid: item.id,
      published: item.date_published,
      updated: item.date_modified,
      author: authorName(item.authors) ?? authorName(item.author),
      categories: item.tags,
      summary: item.summary,
      content: item.content_html ?? (item.content_text ? escapeText(item.content_text) : undefined),
      image: item.image ?? item.banner_image,
    });
  });
  return { format: 'json', title: feed.title, link: feed.home_page_url, language: feed.language, entries, skipped };
}

function escapeText(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('');
}
