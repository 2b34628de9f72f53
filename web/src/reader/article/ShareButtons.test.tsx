import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Story } from '../../data/types';
import en from '../../i18n/en.json';
import { I18nProvider } from '../../i18n/i18n';
import { SiteOriginProvider } from '../../shared/site-origin';
import { ShareButtons } from './ShareButtons';

const story = {
  id: 's1',
  title: 'Ferry fares rise on the Tobago route',
  summary: 'Fares rise by ten dollars from Monday.',
  region: 'Trinidad and Tobago',
  tags: [],
  published_at: '2026-11-18T20:00:00Z',
  updated_at: '2026-11-18T20:00:00Z',
  source_count: 2,
  path: '/article/ferry-fares-rise-tobago-1a2b3c4d',
  slug: 'ferry-fares-rise-tobago',
  source_list: [],
  sources: [],
  layers: [],
} as unknown as Story;

describe('share links', () => {
  it('put the absolute article address, with the origin the server gave the page, in the e-mail body (also in the server-rendered HTML)', () => {
    const html = renderToString(
      <I18nProvider initial="EN" dictionary={en}>
        <SiteOriginProvider value="https://news.c360.example">
          <ShareButtons story={story} />
        </SiteOriginProvider>
      </I18nProvider>,
    );
    const href = /<a (?=[^>]*class="share-email")[^>]*href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(href).toBeDefined();
    const body = new URLSearchParams(href!.slice('mailto:?'.length)).get('body')!;
    expect(body.split('\n\n').at(-1)).toBe('https://news.c360.example/article/ferry-fares-rise-tobago-1a2b3c4d');
    expect(body.startsWith('Fares rise by ten dollars from Monday.')).toBe(true);
  });
});
