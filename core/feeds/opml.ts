import xml2js from 'xml2js';
import { C360Error } from '../errors';
import { OUTLET_KINDS, type Feed, type OutletKind } from './feed';

/**
 * OPML 2.0, the subscription-list format every feed reader imports and exports.
 *
 * Standard outline attributes used: text and title (the outlet), type="rss", xmlUrl (the feed),
 * htmlUrl (the outlet's site), language. C360's own attributes live in the namespace
 * `urn:c360:opml:1` (prefix c360), which other readers ignore:
 *   c360:region      country or area the outlet covers ("Jamaica", "Caribbean")
 *   c360:kind        press | official | aggregator
 *   c360:ownerGroup  media group that owns the outlet; outlets of one group are not independent
 *   c360:section     optional section hint (business, politics, weather, sports, culture, technology)
 * Folders (outlines without xmlUrl) may nest feeds; they are only for people reading the file.
 */
export const C360_OPML_NAMESPACE = 'urn:c360:opml:1';

export type OpmlOutline = {
  outlet: string;
  url: string;
  htmlUrl?: string;
  region?: string;
  language?: string;
  kind?: OutletKind;
  ownerGroup?: string;
  sectionHint?: string;
};

type XmlOutline = { $?: Record<string, string>; outline?: XmlOutline[] };

export function parseOpml(text: string): OpmlOutline[] {
  let document: { opml?: { body?: { outline?: XmlOutline[] }[] } } | undefined;
  let failure: Error | undefined;
  // xml2js calls back synchronously unless `async` is set.
  new xml2js.Parser({ explicitArray: true }).parseString(text, (error: Error | null, result: unknown) => {
    failure = error ?? undefined;
    document = result as typeof document;
  });
  if (failure || !document)
    throw new C360Error('invalid_input', `The file is not valid OPML: ${(failure?.message ?? 'empty document').split('\n')[0]}.`, {
      hint: 'Export OPML from your feed reader, or see data/feeds/caribbean.opml for the format.',
    });
  const body = document.opml?.body?.[0];
  if (!body) throw new C360Error('invalid_input', 'The file is XML but has no <opml><body>.', { hint: 'Pass an OPML 2.0 file.' });
  const out: OpmlOutline[] = [];
  const walk = (outlines: XmlOutline[] | undefined) => {
    for (const outline of outlines ?? []) {
      const a = outline.$ ?? {};
      const url = a.xmlUrl ?? a.xmlurl ?? a.url;
      if (url) {
        const kind = a['c360:kind'] as OutletKind | undefined;
        out.push({
          outlet: (a.text ?? a.title ?? url).trim(),
          url: url.trim(),
          htmlUrl: a.htmlUrl?.trim() || undefined,
          region: a['c360:region']?.trim() || undefined,
          language: a.language?.trim() || undefined,
          kind: kind && OUTLET_KINDS.includes(kind) ? kind : undefined,
          ownerGroup: a['c360:ownerGroup']?.trim() || undefined,
          sectionHint: a['c360:section']?.trim() || undefined,
        });
      }
      walk(outline.outline);
    }
  };
  walk(body.outline);
  return out;
}

export function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export type OpmlFeed = Pick<Feed, 'outlet' | 'url' | 'htmlUrl' | 'region' | 'language' | 'kind' | 'ownerGroup' | 'sectionHint'>;

/** Writes OPML 2.0 with feeds grouped in one folder per region, in a stable order. */
export function buildOpml(feeds: readonly OpmlFeed[], options: { title: string; dateCreated?: Date; comments?: readonly string[] }): string {
  const byRegion = new Map<string, OpmlFeed[]>();
  for (const feed of [...feeds].sort((a, b) => a.region.localeCompare(b.region) || a.outlet.localeCompare(b.outlet) || a.url.localeCompare(b.url))) {
    const list = byRegion.get(feed.region) ?? [];
    list.push(feed);
    byRegion.set(feed.region, list);
  }
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  for (const comment of options.comments ?? []) lines.push(`<!-- ${comment.replace(/--/g, '—')} -->`);
  lines.push(`<opml version="2.0" xmlns:c360="${C360_OPML_NAMESPACE}">`);
  lines.push('  <head>');
  lines.push(`    <title>${escapeXml(options.title)}</title>`);
  if (options.dateCreated) lines.push(`    <dateCreated>${options.dateCreated.toUTCString()}</dateCreated>`);
  lines.push('  </head>');
  lines.push('  <body>');
  for (const [region, list] of byRegion) {
    lines.push(`    <outline text="${escapeXml(region)}" title="${escapeXml(region)}">`);
    for (const feed of list) {
      const attrs: [string, string | null | undefined][] = [
        ['text', feed.outlet],
        ['title', feed.outlet],
        ['type', 'rss'],
        ['xmlUrl', feed.url],
        ['htmlUrl', feed.htmlUrl],
        ['language', feed.language],
        ['c360:region', feed.region],
        ['c360:kind', feed.kind],
        ['c360:ownerGroup', feed.ownerGroup],
        ['c360:section', feed.sectionHint],
      ];
      lines.push(
        `      <outline ${attrs
          .filter(([, v]) => v)
          .map(([k, v]) => `${k}="${escapeXml(v!)}"`)
          .join(' ')}/>`,
      );
    }
    lines.push('    </outline>');
  }
  lines.push('  </body>');
  lines.push('</opml>');
  return `${lines.join('\n')}\n`;
}
