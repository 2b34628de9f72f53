import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../core/accounts/accounts';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_REUSE_GRACE_SECONDS, SESSION_MAX_AGE_SECONDS } from '../core/accounts/sessions';
import { TestClient } from '../test/helpers/http-client';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

let t: TestApp;
let now = new Date('2026-11-20T12:00:00Z');
const clock = () => now;
const advance = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

beforeAll(async () => {
  t = await startTestApp({
    clock,
    rateLimits: { signIn: { windowMs: 60_000, limit: 1000 }, signInPerEmail: { windowMs: 60_000, limit: 5 }, signUp: { windowMs: 60_000, limit: 1000 } },
  });
  await addUser(t.db.knex, { email: 'editor@c360.test', role: 'editor', password: 'tropical-storm-77' });
});
afterAll(() => t.close());

describe('sign-up', () => {
  it('creates a reader (never more), signs in, and sends the browser to the reader site (My Caribbean)', async () => {
    const c = t.client();
    const res = await c.post('/api/auth/sign-up', { email: 'New.Reader@Example.org', password: 'sea-breeze-2026', role: 'admin' });
    expect(res.status).toBe(201);
    const body = await c.json(res);
    expect(body.user).toMatchObject({ email: 'new.reader@example.org', role: 'reader', email_verified: false });
    expect(body.redirectTo).toBe('/my-caribbean');
    expect(body.console).toEqual({ allowed: false, message: expect.stringContaining('editor role') });
    expect(JSON.stringify(body)).not.toMatch(/access_token|refresh_token|password/);
    const me = await c.json(await c.get('/api/auth/session'));
    expect(me.user.email).toBe('new.reader@example.org');
  });

  it('refuses an existing e-mail, a weak password with its reasons, and missing fields with the spec text', async () => {
    const c = t.client();
    const exists = await c.post('/api/auth/sign-up', { email: 'editor@c360.test', password: 'another-good-one-9' });
    expect(exists.status).toBe(422);
    expect((await exists.json()).error).toEqual({ code: 'user_already_exists', message: 'User already registered' });

    const weak = await c.post('/api/auth/sign-up', { email: 'weak@example.org', password: 'password' });
    expect(weak.status).toBe(422);
    const weakError = (await weak.json()).error;
    expect(weakError.code).toBe('weak_password');
    expect(weakError.reasons).toEqual(['characters', 'pwned']);
    const short = await c.json(await c.post('/api/auth/sign-up', { email: 'weak@example.org', password: 'a1' }));
    expect(short.error.reasons).toEqual(['length', 'guessable']);
    // Long enough, letters and a digit, not on the list, but guessable: the estimator refuses it and says what to do.
    const guessable = await c.json(await c.post('/api/auth/sign-up', { email: 'weak@example.org', password: 'aaaaaaa1' }));
    expect(guessable.error).toMatchObject({
      code: 'weak_password',
      reasons: ['guessable'],
      score: 1,
      requiredScore: 3,
      message: expect.stringContaining('three or four unrelated words'),
    });

    const missing = await c.post('/api/auth/sign-up', { email: 'x@example.org' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toEqual({ code: 'invalid_input', message: 'You must provide either an email or phone number and a password' });
    const badEmail = await c.post('/api/auth/sign-up', { email: 'not-an-email', password: 'sea-breeze-2026' });
    expect(badEmail.status).toBe(400);
  });

  it('only redirects to a path on this site', async () => {
    const c = t.client();
    const body = await c.json(
      await c.post('/api/auth/sign-up', { email: 'redirect@example.org', password: 'sea-breeze-2026', redirectTo: '//evil.example/x' }),
    );
    expect(body.redirectTo).toBe('/my-caribbean');
  });
});

describe('password sign-in', () => {
  it('signs in with the right password, with httpOnly SameSite=Lax cookies (not Secure over http)', async () => {
    const c = t.client();
    const res = await c.post('/api/auth/sign-in', { email: 'EDITOR@c360.test', password: 'tropical-storm-77' });
    expect(res.status).toBe(200);
    const body = await c.json(res);
    expect(body.user).toMatchObject({ email: 'editor@c360.test', role: 'editor' });
    expect(body.session.expires_in).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(body.session.refresh_at).toBe(body.session.expires_at - 90);
    const access = c.jar.get(c.host, 'c360_at')!;
    const refresh = c.jar.get(c.host, 'c360_rt')!;
    expect(access.httpOnly && refresh.httpOnly).toBe(true);
    expect(access.sameSite).toBe('Lax');
    expect(access.secure).toBe(false);
    expect(refresh.path).toBe('/api/auth');
    expect(c.jar.get(c.host, 'c360_csrf')!.httpOnly).toBe(false);
  });

  it('answers invalid credentials alike for a wrong password and an unknown e-mail (400)', async () => {
    const c = t.client();
    for (const body of [
      { email: 'editor@c360.test', password: 'wrong-password-1' },
      { email: 'nobody@c360.test', password: 'wrong-password-1' },
    ]) {
      const res = await c.post('/api/auth/sign-in', body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
    expect(c.cookie('c360_at')).toBeUndefined();
  });

  it('needs an e-mail or phone and a password', async () => {
    const c = t.client();
    for (const body of [{}, { email: 'editor@c360.test' }, { password: 'x' }]) {
      const res = await c.post('/api/auth/sign-in', body);
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe('You must provide either an email or phone number and a password');
    }
    const phone = await c.post('/api/auth/sign-in', { phone: '+18765550100', password: 'x' });
    expect(phone.status).toBe(400);
    expect((await phone.json()).error.message).toContain('phone');
  });

  it('session fixation: signing in issues a new session and ends the one the browser brought', async () => {
    const victim = t.client();
    const attacker = await t.signedIn('reader');
    // The attacker plants their own session cookies in the victim's browser…
    victim.jar.set(victim.host, 'c360_at', attacker.client.cookie('c360_at')!);
    victim.jar.set(victim.host, 'c360_rt', attacker.client.cookie('c360_rt')!, '/api/auth');
    const planted = victim.cookie('c360_at');
    // …then the victim signs in.
    await victim.csrfToken();
    const csrfBefore = victim.cookie('c360_csrf');
    expect((await victim.post('/api/auth/sign-in', { email: 'editor@c360.test', password: 'tropical-storm-77' })).status).toBe(200);
    expect(victim.cookie('c360_at')).not.toBe(planted);
    expect(victim.cookie('c360_csrf')).not.toBe(csrfBefore);
    // The planted session no longer works for anyone.
    expect((await attacker.client.json(await attacker.client.get('/api/auth/session'))).user).toBeNull();
    expect((await victim.json(await victim.get('/api/auth/session'))).user.email).toBe('editor@c360.test');
  });

  it('brute force: after 5 failures for one e-mail from one address, that address gets 429 with Retry-After, even with the right password', async () => {
    await addUser(t.db.knex, { email: 'target@c360.test', role: 'reader', password: 'right-password-42' });
    const c = t.client();
    for (let i = 0; i < 5; i++) expect((await c.post('/api/auth/sign-in', { email: 'target@c360.test', password: `guess-${i}-x` })).status).toBe(400);
    const blocked = await c.post('/api/auth/sign-in', { email: 'target@c360.test', password: 'right-password-42' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await blocked.json()).error.code).toBe('rate_limited');
    // Another account is not blocked by this one's failures.
    expect((await c.post('/api/auth/sign-in', { email: 'editor@c360.test', password: 'tropical-storm-77' })).status).toBe(200);
  });
});

describe('session reads, refresh, sign-out', () => {
  it("reads the session (null when signed out); /user says 'Auth session missing!' (400)", async () => {
    const c = t.client();
    const anon = await c.get('/api/auth/session');
    expect(anon.status).toBe(200);
    const body = await c.json(anon);
    expect(body.user).toBeNull();
    expect(body.csrfToken).toBe(c.cookie('c360_csrf'));
    const user = await c.get('/api/auth/user');
    expect(user.status).toBe(400);
    expect((await user.json()).error).toEqual({ code: 'auth_session_missing', message: 'Auth session missing!' });
  });

  it('refresh rotates both tokens; the old refresh token reused revokes the whole family', async () => {
    const { client: c } = await t.signedIn('editor');
    const oldRefresh = c.cookie('c360_rt')!;
    const oldAccess = c.cookie('c360_at')!;
    const res = await c.post('/api/auth/refresh');
    expect(res.status).toBe(200);
    const newRefresh = c.cookie('c360_rt')!;
    expect(newRefresh).not.toBe(oldRefresh);
    expect(c.cookie('c360_at')).not.toBe(oldAccess);
    expect((await c.get('/api/console/stories')).status).toBe(200);

    // A thief replays the old refresh token (after the grace window two tabs refreshing at once get).
    advance(REFRESH_REUSE_GRACE_SECONDS + 1);
    const thief = t.client();
    thief.jar.set(thief.host, 'c360_rt', oldRefresh, '/api/auth');
    const reuse = await thief.post('/api/auth/refresh');
    expect(reuse.status).toBe(401);
    expect((await reuse.json()).error.code).toBe('refresh_token_reused');
    // The whole family is gone: the user's current access and refresh tokens too.
    expect((await c.get('/api/console/stories')).status).toBe(401);
    const afterwards = await c.post('/api/auth/refresh');
    expect(afterwards.status).toBe(401);
    expect((await afterwards.json()).error.code).toBe('refresh_token_invalid');
    expect(c.cookie('c360_rt')).toBeUndefined(); // a refresh that failed for good clears the cookies
  });

  it('two tabs refreshing at once both stay signed in (5 trials of 5)', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const { client: tab1 } = await t.signedIn('editor');
      const tab2 = t.client();
      for (const name of ['c360_at', 'c360_csrf']) if (tab1.cookie(name)) tab2.jar.set(tab2.host, name, tab1.cookie(name)!);
      tab2.jar.set(tab2.host, 'c360_rt', tab1.cookie('c360_rt')!, '/api/auth');
      await tab1.csrfToken();
      tab2.jar.set(tab2.host, 'c360_csrf', tab1.cookie('c360_csrf')!);
      const [a, b] = await Promise.all([tab1.post('/api/auth/refresh'), tab2.post('/api/auth/refresh')]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect((await tab1.get('/api/console/stories')).status).toBe(200);
      expect((await tab2.get('/api/console/stories')).status).toBe(200);
    }
  });

  it('refresh without a cookie: Auth session missing! (400)', async () => {
    const res = await t.client().post('/api/auth/refresh');
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('Auth session missing!');
  });

  it('expired access token → 401 session_expired; a refresh brings it back; an expired session cannot be refreshed', async () => {
    const { client: c } = await t.signedIn('editor');
    advance(ACCESS_TOKEN_TTL_SECONDS + 1);
    const expired = await c.get('/api/console/stories');
    expect(expired.status).toBe(401);
    expect((await expired.json()).error.code).toBe('session_expired');
    expect((await c.get('/api/auth/user')).status).toBe(401);
    expect(await c.json(await c.get('/api/auth/session'))).toMatchObject({ user: null, refreshable: true });
    expect((await c.post('/api/auth/refresh')).status).toBe(200);
    expect((await c.get('/api/console/stories')).status).toBe(200);
    advance(SESSION_MAX_AGE_SECONDS + 1);
    expect((await c.get('/api/console/stories')).status).toBe(401);
    const refresh = await c.post('/api/auth/refresh');
    expect(refresh.status).toBe(401);
    expect((await refresh.json()).error.code).toBe('refresh_token_invalid');
  });

  it('sign-out revokes the session: the old cookies no longer work', async () => {
    const { client: c } = await t.signedIn('editor');
    const access = c.cookie('c360_at')!;
    const refresh = c.cookie('c360_rt')!;
    expect((await c.post('/api/auth/sign-out')).status).toBe(204);
    expect(c.cookie('c360_at')).toBeUndefined();
    const replay = t.client();
    replay.jar.set(replay.host, 'c360_at', access);
    replay.jar.set(replay.host, 'c360_rt', refresh, '/api/auth');
    expect((await replay.get('/api/console/stories')).status).toBe(401);
    expect((await replay.post('/api/auth/refresh')).status).toBe(401);
    const again = await t.client().post('/api/auth/sign-out');
    expect(again.status).toBe(400);
    expect((await again.json()).error.message).toBe('Auth session missing!');
  });
});

describe('CSRF', () => {
  it('refuses state changes without the token, with a wrong token, or from another origin', async () => {
    const { client: c } = await t.signedIn('editor');
    await c.csrfToken();
    const cases: { name: string; headers: Record<string, string>; csrf?: boolean }[] = [
      { name: 'no header', headers: {}, csrf: false },
      { name: 'wrong token', headers: { 'x-csrf-token': 'x'.repeat(43) } },
      { name: 'foreign origin', headers: { origin: 'https://evil.example' } },
      { name: 'foreign referer', headers: { referer: 'https://evil.example/page' } },
      { name: 'cross-site fetch', headers: { 'sec-fetch-site': 'cross-site' } },
    ];
    for (const route of [
      '/api/auth/sign-out',
      '/api/auth/refresh',
      '/api/auth/sign-in',
      '/api/newsletter/subscribe',
      '/api/console/stories/00000000-0000-4000-8000-000000000000/override',
    ]) {
      for (const k of cases) {
        const res = await c.request('POST', route, { body: { email: 'a@b.co', password: 'x', action: 'approve' }, headers: k.headers, csrf: k.csrf });
        expect(res.status, `${route} ${k.name}`).toBe(403);
        expect((await res.json()).error.code).toBe('csrf_failed');
      }
    }
    // Still signed in: none of those went through.
    expect((await c.get('/api/console/stories')).status).toBe(200);
    // The same origin is fine.
    expect((await c.request('POST', '/api/auth/refresh', { body: {}, headers: { origin: t.url } })).status).toBe(200);
  });
});

describe('limits', () => {
  it('oversized bodies → 413, malformed JSON → 400', async () => {
    const c = t.client();
    const big = await c.request('POST', '/api/auth/sign-in', {
      raw: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.status).toBe(413);
    expect((await big.json()).error.code).toBe('payload_too_large');
    const bad = await c.request('POST', '/api/auth/sign-in', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('invalid_json');
  });
});

describe('Secure cookies behind https', () => {
  it('sets Secure, prefixed cookies when C360_PUBLIC_URL is https', async () => {
    const https = await startTestApp({ db: t.db, env: { C360_PUBLIC_URL: 'https://news.example.org' } });
    try {
      const c = new TestClient(https.url);
      const res = await c.post(
        '/api/auth/sign-in',
        { email: 'editor@c360.test', password: 'tropical-storm-77' },
        { headers: { origin: 'https://news.example.org' } },
      );
      expect(res.status).toBe(200);
      const setCookies = res.headers.getSetCookie();
      const access = setCookies.find((s) => s.startsWith('__Host-c360_at='))!;
      expect(access).toMatch(/; Secure/);
      expect(access).toMatch(/; HttpOnly/);
      expect(access).not.toMatch(/Domain=/);
      expect(setCookies.find((s) => s.startsWith('__Secure-c360_rt='))).toMatch(/Path=\/api\/auth.*Secure|Secure.*Path=\/api\/auth/);
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    } finally {
      await https.close();
    }
  });

  it('trusts X-Forwarded-Proto only from a trusted proxy (loopback by default)', async () => {
    const c = t.client();
    const res = await c.post('/api/auth/sign-in', { email: 'editor@c360.test', password: 'tropical-storm-77' }, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((s) => s.startsWith('__Host-c360_at=') && /Secure/.test(s))).toBe(true);
    const untrusted = await startTestApp({ db: t.db, env: { C360_TRUST_PROXY: 'false' } });
    try {
      const u = new TestClient(untrusted.url);
      const plain = await u.post(
        '/api/auth/sign-in',
        { email: 'editor@c360.test', password: 'tropical-storm-77' },
        { headers: { 'x-forwarded-proto': 'https' } },
      );
      expect(plain.headers.getSetCookie().some((s) => s.startsWith('c360_at=') && !/Secure/.test(s))).toBe(true);
    } finally {
      await untrusted.close();
    }
  });
});
