import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestOidcProvider, type TestOidcProvider } from '../test/helpers/oidc-provider';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

let t: TestApp;
let provider: TestOidcProvider;
const tight = { windowMs: 60_000, limit: 3 };

beforeAll(async () => {
  provider = await startTestOidcProvider();
  t = await startTestApp({
    rateLimits: { signUp: tight, webhook: tight, signIn: tight, ogImage: { windowMs: 60_000, limit: 2 }, oidcStart: tight, search: tight },
    env: { C360_OIDC_GOOGLE_ISSUER: provider.issuer, C360_OIDC_GOOGLE_CLIENT_ID: 'c360-google', C360_OIDC_GOOGLE_CLIENT_SECRET: 'google-secret-for-tests' },
  });
  provider.register([{ clientId: 'c360-google', clientSecret: 'google-secret-for-tests', redirectUri: `${t.url}/api/auth/oidc/google/callback` }]);
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

async function hammer(send: () => Promise<Response>, times: number): Promise<Response> {
  let last!: Response;
  for (let i = 0; i < times; i++) {
    last = await send();
    await last.arrayBuffer();
  }
  return last;
}

describe('rate limits (429 with Retry-After)', () => {
  it('on sign-up', async () => {
    const c = t.client();
    let n = 0;
    const res = await hammer(() => c.post('/api/auth/sign-up', { email: `burst-${++n}@example.org`, password: 'burst-pass-42' }), 4);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('on password sign-in per client address, whatever the e-mail', async () => {
    const c = t.client();
    let n = 0;
    const res = await hammer(() => c.post('/api/auth/sign-in', { email: `guess-${++n}@example.org`, password: 'wrong-pass-1' }), 4);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('on the webhook, before it reads the body', async () => {
    const send = () => fetch(`${t.url}/api/sync-sanity`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const res = await hammer(send, 4);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    const again = await send();
    expect((await again.json()).error.code).toBe('rate_limited');
  });

  it('on drawing new OG images (cached ones are free)', async () => {
    const draw = (title: string) => fetch(`${t.url}/api/og-image?title=${encodeURIComponent(title)}`);
    expect((await draw('one')).status).toBe(200);
    expect((await draw('two')).status).toBe(200);
    expect((await draw('three')).status).toBe(429);
    expect((await draw('one')).status).toBe(200);
  });

  it('on starting an OpenID sign-in (each start stores a pending sign-in): JSON for a script, a page for a browser', async () => {
    const start = (accept: string) => fetch(`${t.url}/api/auth/oidc/google/start`, { redirect: 'manual', headers: { accept } });
    for (let i = 0; i < 3; i++) expect((await start('application/json')).status).toBe(302);
    const json = await start('application/json');
    expect(json.status).toBe(429);
    expect(json.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await json.json()).error.code).toBe('rate_limited');
    const page = await start('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
    expect(page.status).toBe(429);
    expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('Too many sign-in attempts');
    expect((await t.db.knex.raw('select count(*)::int as n from oidc_flows')).rows[0].n).toBe(3);
  });

  it('on new searches (a search already answered comes from the cache, free)', async () => {
    const search = (q: string) => fetch(`${t.url}/api/search?q=${q}`);
    for (const q of ['harbour', 'rainfall', 'cricket']) expect((await search(q)).status).toBe(200);
    const res = await search('elections');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await res.json()).error.code).toBe('rate_limited');
    expect((await search('harbour')).status).toBe(200);
  });

  it('does not limit public reads', async () => {
    const res = await hammer(() => fetch(`${t.url}/api/home`), 20);
    expect(res.status).toBe(200);
  });

  it('counts by the connecting address unless it is a configured proxy: X-Forwarded-For from anyone else is ignored', async () => {
    // Requests arrive from 127.0.0.1; this server trusts only a proxy at 10.9.8.7.
    const direct = await startTestApp({ db: t.db, rateLimits: { search: tight }, env: { C360_TRUST_PROXY: '10.9.8.7' } });
    try {
      const search = (q: string, forwardedFor: string) => fetch(`${direct.url}/api/search?q=${q}`, { headers: { 'x-forwarded-for': forwardedFor } });
      // Four made-up client addresses are one client (127.0.0.1), which already used its 3 searches above on the other server.
      const res = await search('mangroves', '198.51.100.1');
      expect(res.status).toBe(429);
      expect((await search('reefs', '198.51.100.2')).status).toBe(429);
    } finally {
      await direct.close();
    }
    // The default trusts loopback (a proxy on this machine): its X-Forwarded-For names the client.
    const viaProxy = (q: string, forwardedFor: string) => fetch(`${t.url}/api/search?q=${q}`, { headers: { 'x-forwarded-for': forwardedFor } });
    expect((await viaProxy('mangroves', '198.51.100.3')).status).toBe(200);
  });
});
