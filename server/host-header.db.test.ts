import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../core/stories/article-address';
import { createStory } from '../test/factories/stories';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

/** Absolute URLs never come from an untrusted Host header, and cached pages are per trusted origin. */
let t: TestApp;
let path: string;
let port: number;

function get(url: string, host: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.url}${url}`, { headers: { ...headers, host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  t = await startTestApp({ env: { C360_ALLOWED_HOSTS: 'news.local' } });
  port = Number(new URL(t.url).port);
  const story = await createStory(t.db.knex, { title: 'Kingston harbour reopens after repairs', region: 'Jamaica' });
  path = articlePath(story)!;
});
afterAll(() => t.close());

describe('Host header poisoning (C360_PUBLIC_URL unset)', () => {
  it.each(['/', 'ARTICLE', '/section/politics', '/about', '/sitemap.xml', '/robots.txt', '/rss.xml', '/sitemaps/pages.xml'])(
    '%s: a request with Host: evil.example puts evil.example nowhere, for it or for the next visitor',
    async (page) => {
      const url = page === 'ARTICLE' ? path : page;
      for (const host of ['evil.example', `evil.example:${port}`, 'evil.example:80']) {
        const poisoned = await get(url, host);
        expect(poisoned.status).toBe(200);
        expect(poisoned.body).not.toContain('evil.example');
      }
      const next = await get(url, `127.0.0.1:${port}`);
      expect(next.body).not.toContain('evil.example');
      if (page === 'ARTICLE') {
        expect(next.body).toContain(`<link rel="canonical" href="http://127.0.0.1:${port}${path}"`);
        expect(next.body).toContain(`<meta property="og:url" content="http://127.0.0.1:${port}${path}"`);
      }
    },
  );

  it("an untrusted host gets the server's own address in its links", async () => {
    const res = await get(path, 'evil.example');
    expect(res.body).toContain(`http://127.0.0.1:${port}${path}`);
  });

  it('trusted names (localhost on loopback, C360_ALLOWED_HOSTS) get their own links, each cached apart', async () => {
    const local = await get(path, `localhost:${port}`);
    expect(local.body).toContain(`href="http://localhost:${port}${path}"`);
    const allowed = await get(path, 'news.local');
    expect(allowed.body).toContain(`href="http://news.local${path}"`);
    const direct = await get(path, `127.0.0.1:${port}`);
    expect(direct.body).toContain(`href="http://127.0.0.1:${port}${path}"`);
    expect(direct.body).not.toContain('localhost');
    expect(direct.body).not.toContain('news.local');
  });

  it('a forwarded https from the trusted proxy gets https links, and the next plain request its own (origins remembered apart)', async () => {
    for (let i = 0; i < 2; i++) {
      // Twice each: the second answer comes from the fast lane, which remembers each origin.
      const forwarded = await get(path, `localhost:${port}`, { 'x-forwarded-proto': 'https' });
      expect(forwarded.body).toContain(`href="https://localhost:${port}${path}"`);
      const plain = await get(path, `localhost:${port}`);
      expect(plain.body).toContain(`href="http://localhost:${port}${path}"`);
      expect(plain.body).not.toContain('https://localhost');
    }
  });

  it("the console's webhook address does not come from an untrusted host either", async () => {
    const { client } = await t.signedIn('editor');
    const res = await get('/api/console/sync', 'evil.example', { cookie: client.jar.header(new URL(t.url)) });
    expect(res.status).toBe(200);
    expect((JSON.parse(res.body) as { webhookUrl: string }).webhookUrl).toBe(`http://127.0.0.1:${port}/api/sync-sanity`);
  });
});
