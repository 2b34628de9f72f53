import { describe, expect, it } from 'vitest';
import type { Story } from '../../core/stories/story';
import { buildHead, jsonForScript } from './head-tags';

const story = {
  id: '3f2a9c1e-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
  slug: 'budget-debate-opens-jamaica',
  title: 'Budget debate opens in Parliament as the government promises housing <b>relief</b> for everyone',
  summary: 'S'.repeat(160),
  region: 'Jamaica',
  tags: ['housing'],
  published_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  source_list: ['Jamaica Gleaner', 'Jamaica Observer'],
  layers: [
    { layerType: 'short_version', content: 'Short.' },
    { layerType: 'what_happened', content: '- The debate opened.' },
    { layerType: 'our_take', content: 'Watch </script><script>alert(1)</script> the funding.' },
  ],
} as unknown as Story;

describe('buildHead', () => {
  const head = buildHead({ kind: 'article', story }, 'https://c360.example');

  it('writes the cut title, the cut description, keywords and the canonical SEO address', () => {
    expect(head).toContain(`<title>${'Budget debate opens in Parliament as the governmen'}... | C360</title>`);
    expect(head).toContain(`<meta name="description" content="${'S'.repeat(150)}...">`);
    expect(head).toContain('<meta name="keywords" content="housing, government, Jamaica">');
    expect(head).toContain('<link rel="canonical" href="https://c360.example/article/budget-debate-opens-jamaica-2e3f4a5b">');
  });

  it('has Open Graph and Twitter tags with the generated 1200x630 image', () => {
    expect(head).toContain('<meta property="og:type" content="article">');
    expect(head).toContain('<meta property="og:image" content="https://c360.example/api/og-image?title=Budget%20debate');
    expect(head).toContain('<meta property="og:image:width" content="1200">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('has JSON-LD with NewsArticle, BreadcrumbList, FAQPage from the layers and the organisation, safely escaped', () => {
    const json = JSON.parse(/<script type="application\/ld\+json">(.*)<\/script>/s.exec(head)![1]!);
    const types = json['@graph'].map((n: { '@type': string }) => n['@type']);
    expect(types).toEqual(['NewsMediaOrganization', 'NewsArticle', 'BreadcrumbList', 'FAQPage']);
    const faq = json['@graph'][3].mainEntity.map((q: { name: string }) => q.name);
    expect(faq).toEqual(['What happened?', 'What is our take?']);
    expect(json['@graph'][0].logo).toMatchObject({ width: 512, height: 512 });
    expect(head.match(/<\/script>/g)).toHaveLength(1); // the layer's </script> could not close the tag
    expect(head).not.toContain('<b>');
  });

  it('gives the home page and sections their own heads', () => {
    expect(buildHead({ kind: 'home' }, 'https://c360.example')).toContain('<title>C360 Caribbean Intelligence</title>');
    const section = buildHead(
      { kind: 'section', path: '/section/sports', heading: 'Sports', subtitle: 'Latest analysis from the Caribbean sports sector' },
      'https://c360.example',
    );
    expect(section).toContain('<title>Sports | C360 Caribbean Intelligence</title>');
    expect(section).toContain('"@type":"BreadcrumbList"');
  });

  it('is English with og:locale en_US when no language is given', () => {
    expect(head).toContain('<meta property="og:locale" content="en_US">');
    expect(head).toContain('<meta property="og:site_name" content="C360 Caribbean Intelligence">');
  });

  it("writes the site's own words in the page's language, and keeps the story's title as written", () => {
    const home = buildHead({ kind: 'home' }, 'https://c360.example', 'ES');
    expect(home).toContain('<title>C360 Inteligencia Caribeña</title>');
    expect(home).toContain('<meta name="description" content="Noticias y análisis verificados');
    expect(home).toContain('<meta property="og:locale" content="es_419">');
    expect(home).toContain('<meta property="og:site_name" content="C360 Inteligencia Caribeña">');
    expect(home).toContain('"inLanguage":"es"');

    const page = buildHead({ kind: 'page', path: '/storm-centre', title: 'Centre des tempêtes', description: 'Suivi en direct' }, 'https://c360.example', 'FR');
    expect(page).toContain('<title>Centre des tempêtes | C360 Renseignement caribéen</title>');
    expect(page).toContain('<meta property="og:title" content="Centre des tempêtes | C360 Renseignement caribéen">');
    expect(page).toContain('<meta property="og:locale" content="fr_FR">');
    expect(page).toContain('region=Cara%C3%AFbe');

    const article = buildHead({ kind: 'article', story }, 'https://c360.example', 'NL');
    expect(article).toContain(`<title>${'Budget debate opens in Parliament as the governmen'}... | C360</title>`);
    expect(article).toContain('<meta property="og:locale" content="nl_NL">');
    expect(article).toContain('"name":"Startpagina"');
    expect(article).toContain(`<meta name="description" content="${'S'.repeat(150)}...">`);
    const short = buildHead({ kind: 'article', story: { ...story, title: 'Rain in Kingston', summary: '' } as Story }, 'https://c360.example', 'ES');
    expect(short).toContain('<title>Rain in Kingston | C360 Inteligencia Caribeña</title>');
    expect(short).toContain('<meta name="description" content="Noticias y análisis sobre Jamaica, por C360.">');
  });

  it('escapes script-breaking text in JSON', () => {
    expect(jsonForScript({ a: '</script><!--' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--"}');
  });
});
