import { createHash } from 'node:crypto';
import { foldText } from '../nlp/text-key';
import type { FeedEntry } from './parse-feed';
import { safeHttpUrl, sanitiseHtml, toPlainText } from './sanitise';

/** One source item as C360 stores it: plain-text title and summary, sanitised content, canonical link. */
export type NormalisedItem = {
  guid: string | null;
  url: string | null;
  title: string;
  summary: string;
  content: string;
  author: string | null;
  categories: string[];
  imageUrl: string | null;
  publishedAt: Date;
  contentHash: string;
  /**
   * False when the link is the feed's own site address (a podcast or a bulletin linking every item
   * to the home page): then the link identifies nothing and de-duplication goes by guid or content.
   */
  urlIsIdentity?: boolean;
};

/** A feed may be a few minutes ahead of our clock; beyond this a date is a mistake or a trick to stay on top. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;
/** Dates before this are placeholders ("1970-01-01"), not publication times. */
const EARLIEST_PLAUSIBLE = Date.UTC(1995, 0, 1);
const SUMMARY_MAX = 1_000;
const TITLE_MAX = 500;

/** Query parameters that only track a click: dropped so one article has one address. */
const TRACKING_PARAMS = /^(utm_[a-z_]+|fbclid|gclid|dclid|mc_cid|mc_eid|_ga|ocid)$/i;

/** The item's address without tracking parameters (utm_* and friends) and without a fragment. */
export function canonicalUrl(url: string | undefined, base?: string): string | null {
  const safe = safeHttpUrl(url, base);
  if (!safe) return null;
  const parsed = new URL(safe);
  parsed.hash = '';
  for (const key of [...parsed.searchParams.keys()]) if (TRACKING_PARAMS.test(key)) parsed.searchParams.delete(key);
  if ([...parsed.searchParams.keys()].length === 0) parsed.search = '';
  return parsed.href;
}

/**
 * A site address reduced to what names the same page: scheme, `www.`, a trailing slash, an index
 * file, tracking parameters and the fragment ignored. Null when it is not an http(s) address.
 */
export function siteAddressKey(url: string | undefined, base?: string): string | null {
  const canonical = canonicalUrl(url, base);
  if (!canonical) return null;
  const parsed = new URL(canonical);
  const path = parsed.pathname.replace(/\/index\.(?:html?|php)$/i, '/').replace(/\/+$/, '');
  return `${parsed.host.replace(/^www\./, '')}${path}${parsed.search}`;
}

/** Parses a feed date; returns null for missing, unparseable or implausibly old values. */
export function parseFeedDate(value: string | undefined): Date | null {
  if (!value) return null;
  const time = Date.parse(value.trim());
  if (Number.isNaN(time) || time < EARLIEST_PLAUSIBLE) return null;
  return new Date(time);
}

/**
 * Published date: the item's own date, else its updated date, else the fetch time. A date more
 * than a few minutes ahead of the fetch is clamped to the fetch time.
 */
export function publishedDate(entry: Pick<FeedEntry, 'published' | 'updated'>, fetchedAt: Date): Date {
  const date = parseFeedDate(entry.published) ?? parseFeedDate(entry.updated) ?? fetchedAt;
  return date.getTime() > fetchedAt.getTime() + FUTURE_TOLERANCE_MS ? fetchedAt : date;
}

/** A hash of title and body reduced to what makes two copies "the same": case, accents, punctuation and spacing ignored. */
export function contentHash(title: string, body: string): string {
  return createHash('sha256')
    .update(`${foldText(title)}\n${foldText(body)}`)
    .digest('hex');
}

/**
 * Normalises one feed entry. Returns null when the entry has nothing to show (no title, no text
 * and no link): such an entry is counted as skipped, never stored.
 */
export function normaliseEntry(entry: FeedEntry, context: { fetchedAt: Date; baseUrl?: string }): NormalisedItem | null {
  // xml:base (feed, then entry) resolves against the document's address; content resolves against
  // it too when given, else against the item's own link.
  const xmlBase = resolveBases(entry.xmlBase, context.baseUrl);
  const url = canonicalUrl(entry.link, xmlBase ?? context.baseUrl);
  const base = xmlBase ?? url ?? context.baseUrl;
  // xml:base on the content element applies to the content alone (its links and images); on the
  // summary, to the summary when it stands in for missing content.
  const ownBase = entry.content ? entry.contentBase : entry.summaryBase;
  const contentBase = ownBase ? (resolveBases([ownBase], base) ?? base) : base;
  const content = sanitiseHtml(entry.content ?? entry.summary, contentBase);
  const summary = toPlainText(entry.summary ?? entry.content, SUMMARY_MAX);
  const bodyText = toPlainText(content) || summary;
  let title = toPlainText(entry.title, TITLE_MAX);
  if (!title) title = toPlainText(bodyText, 120);
  if (!title && !url) return null;
  if (!title) title = url!;
  const guid = toPlainText(entry.guid, 1_000) || null;
  const categories = [...new Set(entry.categories.map((c) => toPlainText(c, 80)).filter(Boolean))].slice(0, 20);
  return {
    guid,
    url,
    title,
    summary,
    content,
    author: toPlainText(entry.author, 200) || null,
    categories,
    imageUrl: safeHttpUrl(entry.image, base) ?? firstImage(content) ?? null,
    publishedAt: publishedDate(entry, context.fetchedAt),
    contentHash: contentHash(title, bodyText),
  };
}

function resolveBases(bases: readonly string[] | undefined, documentUrl: string | undefined): string | undefined {
  if (!bases?.length) return undefined;
  let base = documentUrl;
  for (const b of bases) {
    try {
      base = new URL(b.trim(), base).href;
    } catch {
      // an unresolvable base is ignored, as browsers do
    }
  }
  return base;
}

function firstImage(html: string): string | undefined {
  const match = /<img[^>]*\ssrc="([^"]+)"/i.exec(html);
  return match ? safeHttpUrl(match[1]!.replace(/&amp;/g, '&')) : undefined;
}
