import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '../core/stories/story';
import { createStory } from '../test/factories/stories';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

let t: TestApp;
let story: Story;
const now = new Date();

beforeAll(async () => {
  t = await startTestApp({ env: { C360_PUBLIC_URL: 'https://news.example.org' } });
  story = await createStory(t.db.knex, { now, title: 'Rum & sugar: <exports> rise in "Barbados"', region: 'Barbados', tags: ['trade'], daysAgo: 0 });
  for (let i = 0; i < 55; i++) await createStory(t.db.knex, { now, title: `Market report number ${i} from Kingston`, daysAgo: 1 + i / 10 });
  await createStory(t.db.knex, { now, title: 'Unpublished draft about Grenada', pipeline_stage: 'drafted', status: 'draft', published_at: null });
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { redirect: 'manual', headers });

describe('security headers', () => {
  it('sends a strict CSP and the usual hardening headers on pages and API answers', async () => {
    for (const path of ['/', '/api/home']) {
      const res = await get(path);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-powered-by')).toBeNull();
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
    }
  });

  it('answers a repeated public GET from the fast lane with the same headers and bytes as the full path', async () => {
    t.app.cache.invalidate();
    for (const path of ['/api/sections/business?limit=7', '/section/weather']) {
      const first = await get(path, { 'accept-encoding': 'gzip' });
      const hitsBefore = t.app.cache.hits;
      const second = await get(path, { 'accept-encoding': 'gzip' });
      expect(t.app.cache.hits).toBe(hitsBefore + 1);
      const headers = (res: Response) =>
        Object.fromEntries([...res.headers].filter(([name]) => !['date', 'x-request-id', 'connection', 'keep-alive'].includes(name)).sort());
      expect(headers(second)).toEqual(headers(first));
      expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
      expect(await second.text()).toBe(await first.text());
      expect((await get(path, { 'if-none-match': first.headers.get('etag')! })).status).toBe(304);
    }
  });

  it('compresses what the browser accepts', async () => {
    const res = await get('/api/stories?limit=50', { 'accept-encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const raw = await fetch(`${t.url}/api/stories?limit=50`, { headers: { 'accept-encoding': 'identity' } });
    expect(raw.headers.get('content-encoding')).toBeNull();
  });
});

describe('articles by UUID', () => {
  it('redirects the HTML address 301 to the SEO address; the API gives canonicalPath', async () => {
    const res = await get(`/article/${story.id}`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toMatch(/^\/article\/rum-sugar-exports-rise-barbados-[0-9a-f]{8}$/);
    const api = await (await get(`/api/articles/${story.id.toUpperCase()}`)).json();
    expect(api).toMatchObject({ canonicalPath: res.headers.get('location'), matchedBy: 'uuid', redirect: true });
    // The SEO address itself is the app shell, not a redirect.
    expect((await get(res.headers.get('location')!)).status).toBe(200);
    // An unknown article is a 404 page (the browser still gets the app, which says so).
    expect((await get('/article/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('robots.txt, sitemap.xml, rss.xml', () => {
  it('are not answered by the app shell', async () => {
    for (const [path, type] of [
      ['/robots.txt', 'text/plain'],
      ['/sitemap.xml', 'application/xml'],
      ['/rss.xml', 'application/rss+xml'],
    ] as const) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
      expect(await res.text()).not.toContain('<div id="root">');
    }
  });

  it('robots.txt points at the sitemap and keeps crawlers out of the console and API', async () => {
    const text = await (await get('/robots.txt')).text();
    expect(text).toContain('Sitemap: https://news.example.org/sitemap.xml');
    expect(text).toContain('Disallow: /dashboard');
    expect(text).toContain('Disallow: /api/');
  });

  it('the sitemap index lists pages and story sitemaps with published stories only', async () => {
    const index = await (await get('/sitemap.xml')).text();
    expect(index).toContain('<loc>https://news.example.org/sitemaps/pages.xml</loc>');
    expect(index).toContain('<loc>https://news.example.org/sitemaps/stories-1.xml</loc>');
    const stories = await (await get('/sitemaps/stories-1.xml')).text();
    expect(stories.match(/<url>/g)).toHaveLength(56);
    expect(stories).toMatch(/<loc>https:\/\/news\.example\.org\/article\/rum-sugar-exports-rise-barbados-[0-9a-f]{8}<\/loc>/);
    expect(stories).not.toContain('grenada');
    const pages = await (await get('/sitemaps/pages.xml')).text();
    expect(pages).toContain('<loc>https://news.example.org/section/business</loc>');
    expect((await get('/sitemaps/stories-9.xml')).status).toBe(404);
    expect((await get('/sitemaps/stories-1.xml%00')).status).toBe(400); // a NUL in the address is refused first (middleware/reject-nul.ts)
  });

  it('rss.xml lists the newest 50 published stories, escaped', async () => {
    const rss = await (await get('/rss.xml')).text();
    expect(rss.match(/<item>/g)).toHaveLength(50);
    expect(rss).toContain('<title>Rum &amp; sugar: &lt;exports&gt; rise in &quot;Barbados&quot;</title>');
    expect(rss).toContain('<atom:link href="https://news.example.org/rss.xml" rel="self"');
    expect(rss.indexOf('Rum &amp; sugar')).toBeLessThan(rss.indexOf('Market report number 0'));
  });
});

describe('/api/og-image', () => {
  it('renders a real 1200×630 PNG, and serves it from cache the second time', async () => {
    const started = Date.now();
    const res = await get('/api/og-image?title=Storm%20watch%20for%20the%20Leeward%20Islands&region=Antigua%20and%20Barbuda');
    const firstMs = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('max-age=86400');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
    expect(png.length).toBeGreaterThan(5_000);

    const again = Date.now();
    const second = await get('/api/og-image?title=Storm%20watch%20for%20the%20Leeward%20Islands&region=Antigua%20and%20Barbuda');
    const secondPng = Buffer.from(await second.arrayBuffer());
    expect(Date.now() - again).toBeLessThan(Math.max(50, firstMs));
    expect(secondPng.equals(png)).toBe(true);
    expect(
      (
        await get('/api/og-image?title=Storm%20watch%20for%20the%20Leeward%20Islands&region=Antigua%20and%20Barbuda', {
          'if-none-match': second.headers.get('etag')!,
        })
      ).status,
    ).toBe(304);
  });

  it('draws any title (accents, long text) and refuses oversized parameters', async () => {
    const long = encodeURIComponent('Pêcheurs de Haïti et de la Dominique: '.repeat(6));
    const res = await get(`/api/og-image?title=${long}&region=Ha%C3%AFti`);
    expect(res.status).toBe(200);
    expect((await get(`/api/og-image?title=${'x'.repeat(400)}`)).status).toBe(400);
    expect((await get('/api/og-image?title=a&title=b')).status).toBe(400);
  });
});

describe('shell, health and errors', () => {
  it('serves the shell for client routes (gzip when asked) and real files as files', async () => {
    const res = await get('/section/business', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('<div id="root">');
    expect(await (await get('/favicon.ico')).text()).toBe('icon');
    const head = await fetch(`${t.url}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('answers /healthz and unknown API routes as JSON', async () => {
    expect(await (await get('/healthz')).json()).toEqual({ status: 'ok', database: t.db.mode });
    const missing = await get('/api/nothing');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('not_found');
  });
});
