import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

let t: TestApp;
const tight = { windowMs: 60_000, limit: 3 };

beforeAll(async () => {
  t = await startTestApp({ rateLimits: { signUp: tight, webhook: tight, signIn: tight, ogImage: { windowMs: 60_000, limit: 2 } } });
});
afterAll(() => t.close());

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

  it('does not limit public reads', async () => {
    const res = await hammer(() => fetch(`${t.url}/api/home`), 20);
    expect(res.status).toBe(200);
  });
});
