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
    const section = buildHead({ kind: 'section', path: '/section/sports', heading: 'Sports', subtitle: 'Latest analysis from the Caribbean sports sector' }, 'https://c360.example');
    expect(section).toContain('<title>Sports | C360 Caribbean Intelligence</title>');
    expect(section).toContain('"@type":"BreadcrumbList"');
  });

  it('escapes script-breaking text in JSON', () => {
    expect(jsonForScript({ a: '</script><!--' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--"}');
  });
});
