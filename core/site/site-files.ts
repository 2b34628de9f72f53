import { articlePath } from '../stories/article-address';
import { SECTION_NAV } from '../stories/sections';
import { verificationLabel } from '../stories/verification';
import type { FeedStory } from './site-repository';
import { escapeXml } from './xml';

/** sitemap.xml, robots.txt and rss.xml as pure functions of the stories and the site's origin. */

export const SITEMAP_PAGE_SIZE = 5_000;
export const RSS_ITEMS = 50;
const SITE_NAME = 'C360 Caribbean Intelligence';
// Not "verified": each item says how its story was checked, and some were not independently.
const SITE_DESCRIPTION = 'Layered news for the Caribbean and its diaspora; each story says how it was checked.';

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /admin',
    'Disallow: /auth',
    'Disallow: /api/',
    'Allow: /api/og-image',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The sitemap index: one file of fixed pages, then the stories in pages of 5,000. */
export function sitemapIndex(origin: string, storyCount: number, lastModified: string | null): string {
  const pages = Math.max(1, Math.ceil(storyCount / SITEMAP_PAGE_SIZE));
  const entries = [`${origin}/sitemaps/pages.xml`, ...Array.from({ length: pages }, (_, i) => `${origin}/sitemaps/stories-${i + 1}.xml`)];
  const lastmod = lastModified ? `<lastmod>${escapeXml(lastModified)}</lastmod>` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc>${lastmod}</sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

export function pagesSitemap(origin: string): string {
  const paths = ['/', ...SECTION_NAV.map((s) => `/section/${s}`), '/storm-centre'];
  return urlset(paths.map((path) => ({ loc: `${origin}${path}` })));
}

export function storiesSitemap(origin: string, stories: readonly FeedStory[]): string {
  return urlset(stories.map((story) => ({ loc: `${origin}${articlePath(story)}`, lastmod: story.updated_at })));
}

function urlset(urls: { loc: string; lastmod?: string }[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((u) => `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : ''}</url>`),
    '</urlset>',
    '',
  ].join('\n');
}

/** RSS 2.0 of the newest published stories. */
export function rssFeed(origin: string, stories: readonly FeedStory[]): string {
  const items = stories.map((story) => {
    const link = `${origin}${articlePath(story)}`;
    return [
      '    <item>',
      `      <title>${escapeXml(story.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="false">${escapeXml(story.id)}</guid>`,
      `      <pubDate>${new Date(story.published_at).toUTCString()}</pubDate>`,
      `      <description>${escapeXml(story.summary)}</description>`,
      `      <category>${escapeXml(story.region)}</category>`,
      ...(story.verification ? [`      <category domain="verification">${escapeXml(verificationLabel(story.verification))}</category>`] : []),
      ...story.tags.slice(0, 5).map((tag) => `      <category>${escapeXml(tag)}</category>`),
      '    </item>',
    ].join('\n');
  });
  const built = stories[0] ? new Date(stories[0].published_at).toUTCString() : new Date(0).toUTCString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${SITE_NAME}</title>`,
    `    <link>${escapeXml(`${origin}/`)}</link>`,
    `    <description>${SITE_DESCRIPTION}</description>`,
    '    <language>en</language>',
    `    <lastBuildDate>${built}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
