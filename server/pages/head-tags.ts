import { articlePath } from '../../core/stories/article-address';
import { regionCoordinates } from '../../core/stories/regions';
import { metaDescription, pageTitle, SITE_NAME, SITE_SHORT_NAME, topicKeywords } from '../../core/stories/seo-text';
import type { Layer, Story } from '../../core/stories/story';
import type { PageLanguage } from '../cookies';
import { headText, type HeadText } from './head-text';

/**
 * The <head> a crawler or a link preview sees: title, description, keywords, Open Graph, Twitter
 * card, canonical link and JSON-LD, written into the HTML the server sends (crawlers run no
 * JavaScript). Cut rules are the spec's (core/stories/seo-text.ts). The site's own words (its name
 * and tagline, page names, descriptions, breadcrumbs, og:locale) are in the language the page is
 * rendered in (head-text.ts); a story's title and summary stay as written.
 */

export type PageHead =
  | { kind: 'home' }
  | { kind: 'section'; path: string; heading: string; subtitle: string }
  | { kind: 'article'; story: Story }
  | { kind: 'page'; path: string; title: string; description: string; noindex?: boolean };

const ORG_LOGO = { url: '/logo-512.png', width: 512, height: 512 };
/** The FAQ's questions introduce the story's own layers, so they stay in the story's language (English). */
const FAQ_QUESTIONS: Partial<Record<Layer['layerType'], string>> = {
  what_happened: 'What happened?',
  what_locals_saying: 'What are locals saying?',
  why_it_matters: 'Why does it matter?',
  our_take: 'What is our take?',
};

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** JSON inside <script>: no sequence in the data can close the tag or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The organisation is an entity: its name is the brand's own, the same in every language. */
function organisation(origin: string) {
  return {
    '@type': 'NewsMediaOrganization',
    '@id': `${origin}/#organization`,
    name: SITE_NAME,
    alternateName: SITE_SHORT_NAME,
    url: `${origin}/`,
    logo: { '@type': 'ImageObject', url: `${origin}${ORG_LOGO.url}`, width: ORG_LOGO.width, height: ORG_LOGO.height },
  };
}

export function ogImageUrl(origin: string, title: string, region: string): string {
  return `${origin}/api/og-image?title=${encodeURIComponent(title)}&region=${encodeURIComponent(region)}`;
}

function meta(name: string, content: string): string {
  return `<meta name="${name}" content="${escapeHtml(content)}">`;
}
function property(name: string, content: string): string {
  return `<meta property="${name}" content="${escapeHtml(content)}">`;
}
function jsonLd(value: unknown): string {
  return `<script type="application/ld+json">${jsonForScript(value)}</script>`;
}

/** The page's head in the language it is rendered in (English when not given). */
export function buildHead(page: PageHead, origin: string, language: PageLanguage = 'EN'): string {
  const text = headText(language);
  switch (page.kind) {
    case 'home':
      return (
        common({
          text,
          origin,
          path: '/',
          title: pageTitle(null, text.siteName),
          description: text.siteDescription,
          type: 'website',
          image: ogImageUrl(origin, text.siteName, text.caribbean),
        }) +
        jsonLd({
          '@context': 'https://schema.org',
          '@graph': [
            organisation(origin),
            { '@type': 'WebSite', name: text.siteName, inLanguage: inLanguage(language), url: `${origin}/`, publisher: { '@id': `${origin}/#organization` } },
          ],
        })
      );
    case 'section':
      return (
        common({
          text,
          origin,
          path: page.path,
          title: pageTitle(page.heading, text.siteName),
          description: page.subtitle,
          type: 'website',
          image: ogImageUrl(origin, page.heading, text.caribbean),
        }) +
        jsonLd({
          '@context': 'https://schema.org',
          '@graph': [
            organisation(origin),
            breadcrumbs(origin, [
              { name: text.home, path: '/' },
              { name: page.heading, path: page.path },
            ]),
          ],
        })
      );
    case 'article':
      return articleHead(page.story, origin, text);
    case 'page':
      return common({
        text,
        origin,
        path: page.path,
        title: pageTitle(page.title, text.siteName),
        description: page.description,
        type: 'website',
        image: ogImageUrl(origin, page.title, text.caribbean),
        noindex: page.noindex,
      });
  }
}

const inLanguage = (language: PageLanguage) => language.toLowerCase();

function common(o: {
  text: HeadText;
  origin: string;
  path: string;
  title: string;
  description: string;
  type: string;
  image: string;
  keywords?: string[];
  noindex?: boolean;
}): string {
  const url = `${o.origin}${o.path}`;
  return [
    `<title>${escapeHtml(o.title)}</title>`,
    meta('description', o.description),
    o.keywords?.length ? meta('keywords', o.keywords.join(', ')) : '',
    o.noindex ? meta('robots', 'noindex') : '',
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    property('og:site_name', o.text.siteName),
    property('og:locale', o.text.locale),
    property('og:type', o.type),
    property('og:title', o.title),
    property('og:description', o.description),
    property('og:url', url),
    property('og:image', o.image),
    property('og:image:width', '1200'),
    property('og:image:height', '630'),
    meta('twitter:card', 'summary_large_image'),
    meta('twitter:title', o.title),
    meta('twitter:description', o.description),
    meta('twitter:image', o.image),
  ]
    .filter(Boolean)
    .join('\n    ');
}

function breadcrumbs(origin: string, items: { name: string; path: string }[]) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: `${origin}${item.path}` })),
  };
}

function articleHead(story: Story, origin: string, text: HeadText): string {
  const path = articlePath(story)!;
  const title = pageTitle(story.title, text.siteName);
  const description = story.summary?.trim() ? metaDescription(story.summary, story.region) : text.storyFallbackDescription(story.region?.trim() || null);
  const image = ogImageUrl(origin, story.title, story.region);
  const geo = regionCoordinates(story.region);
  const head = common({ text, origin, path, title, description, type: 'article', image, keywords: topicKeywords(story) });
  const articleMeta = [
    story.published_at ? property('article:published_time', story.published_at) : '',
    property('article:modified_time', story.updated_at),
    property('article:section', story.region),
    ...story.tags.slice(0, 5).map((tag) => property('article:tag', tag)),
  ].filter(Boolean);
  const faq = story.layers
    .filter((layer) => FAQ_QUESTIONS[layer.layerType] && layer.content.trim())
    .map((layer) => ({ '@type': 'Question', name: FAQ_QUESTIONS[layer.layerType], acceptedAnswer: { '@type': 'Answer', text: layer.content } }));
  const graph: unknown[] = [
    organisation(origin),
    {
      '@type': 'NewsArticle',
      headline: story.title.slice(0, 110),
      description,
      datePublished: story.published_at,
      dateModified: story.updated_at,
      mainEntityOfPage: `${origin}${path}`,
      image: [{ '@type': 'ImageObject', url: image, width: 1200, height: 630 }],
      keywords: topicKeywords(story).join(', '),
      articleSection: story.region,
      contentLocation: { '@type': 'Place', name: story.region, geo: { '@type': 'GeoCoordinates', latitude: geo.lat, longitude: geo.lng } },
      author: { '@id': `${origin}/#organization` },
      publisher: { '@id': `${origin}/#organization` },
      isBasedOn: story.source_list,
    },
    breadcrumbs(origin, [
      { name: text.home, path: '/' },
      { name: story.region, path: '/section/latest' },
      { name: story.title, path },
    ]),
  ];
  if (faq.length > 0) graph.push({ '@type': 'FAQPage', mainEntity: faq });
  return [head, ...articleMeta, jsonLd({ '@context': 'https://schema.org', '@graph': graph })].join('\n    ');
}
