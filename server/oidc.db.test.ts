import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../core/accounts/accounts';
import type { TestClient } from '../test/helpers/http-client';
import { captureLogger } from '../test/helpers/capture-logger';
import { startTestOidcProvider, type TestOidcProvider } from '../test/helpers/oidc-provider';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

/**
 * The whole OpenID Connect flow against a real provider (oidc-provider) on 127.0.0.1: the
 * browser is a cookie-keeping client that follows every redirect by hand.
 */
let provider: TestOidcProvider;
let t: TestApp;
const logs = captureLogger();

beforeAll(async () => {
  provider = await startTestOidcProvider();
  t = await startTestApp({
    logger: logs.logger,
    env: {
      C360_OIDC_GOOGLE_ISSUER: provider.issuer,
      C360_OIDC_GOOGLE_CLIENT_ID: 'c360-google',
      C360_OIDC_GOOGLE_CLIENT_SECRET: 'google-secret-for-tests',
      C360_OIDC_MICROSOFT_ISSUER: provider.issuer,
      C360_OIDC_MICROSOFT_CLIENT_ID: 'c360-microsoft',
      C360_OIDC_MICROSOFT_CLIENT_SECRET: 'microsoft-secret-for-tests',
    },
  });
  provider.register([
    { clientId: 'c360-google', clientSecret: 'google-secret-for-tests', redirectUri: `${t.url}/api/auth/oidc/google/callback` },
    { clientId: 'c360-microsoft', clientSecret: 'microsoft-secret-for-tests', redirectUri: `${t.url}/api/auth/oidc/microsoft/callback` },
  ]);
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/** Follows redirects from `start` until one points at our callback; returns that callback URL. */
async function toCallback(browser: TestClient, providerId = 'google', start = `/api/auth/oidc/${providerId}/start`): Promise<URL> {
  let location = new URL(start, t.url);
  for (let hop = 0; hop < 20; hop++) {
    if (location.pathname === `/api/auth/oidc/${providerId}/callback`) return location;
    const res = await browser.fetch(location);
    const next = res.headers.get('location');
    if (!next) throw new Error(`stuck at ${location} (${res.status}): ${(await res.text()).slice(0, 300)}`);
    location = new URL(next, location);
  }
  throw new Error('too many redirects');
}

async function signIn(browser: TestClient, providerId = 'google'): Promise<Response> {
  return browser.fetch(await toCallback(browser, providerId));
}

describe('OpenID Connect sign-in', () => {
  it('lists both providers for the sign-in page', async () => {
    const body = await (await t.client().get('/api/auth/providers')).json();
    expect(body.providers).toEqual([
      { id: 'google', name: 'Google' },
      { id: 'microsoft', name: 'Microsoft' },
    ]);
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const browser = t.client();
    const res = await browser.get('/api/auth/oidc/google/start');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location')!);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.url}/api/auth/oidc/google/callback`);
    expect(browser.jar.get(browser.host, 'c360_oidc')!.httpOnly).toBe(true);
  });

  it('creates a reader account for a new verified e-mail and lands on the reader site (/my-caribbean)', async () => {
    provider.nextLogin = { sub: 'google-new-1', email: 'Islander@Example.org', email_verified: true };
    const browser = t.client();
    const res = await signIn(browser);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/my-caribbean');
    const session = await (await browser.get('/api/auth/session')).json();
    expect(session.user).toMatchObject({ email: 'islander@example.org', role: 'reader', email_verified: true, identities: ['google'] });
    // Signing in again with the same provider account finds the same user.
    const again = t.client();
    expect((await signIn(again)).headers.get('location')).toBe('/my-caribbean');
    expect((await (await again.get('/api/auth/session')).json()).user.id).toBe(session.user.id);
  });

  it('works through the second provider too', async () => {
    provider.nextLogin = { sub: 'ms-1', email: 'office@example.org', email_verified: true };
    const browser = t.client();
    expect((await signIn(browser, 'microsoft')).headers.get('location')).toBe('/my-caribbean');
    expect((await (await browser.get('/api/auth/session')).json()).user.identities).toEqual(['microsoft']);
  });

  it('links to an existing account only when the provider says the e-mail is verified', async () => {
    await addUser(t.db.knex, { email: 'editor.link@example.org', role: 'editor', password: 'harbour-lights-19' });
    provider.nextLogin = { sub: 'google-unverified', email: 'editor.link@example.org', email_verified: false };
    const refused = await signIn(t.client());
    expect(refused.status).toBe(303);
    const location = new URL(refused.headers.get('location')!, t.url);
    expect(location.pathname).toBe('/auth');
    expect(location.searchParams.get('error')).toBe('oidc_email_unverified');

    provider.nextLogin = { sub: 'google-verified', email: 'editor.link@example.org', email_verified: true };
    const browser = t.client();
    expect((await signIn(browser)).headers.get('location')).toBe('/dashboard');
    const user = (await (await browser.get('/api/auth/session')).json()).user;
    expect(user).toMatchObject({ email: 'editor.link@example.org', role: 'editor', identities: ['email', 'google'] });
  });

  it('takes an unverified password account away from whoever registered it, when the verified owner arrives', async () => {
    const squatter = t.client();
    expect((await squatter.post('/api/auth/sign-up', { email: 'owner@example.org', password: 'squatted-pass-1' })).status).toBe(201);
    provider.nextLogin = { sub: 'google-owner', email: 'owner@example.org', email_verified: true };
    const owner = t.client();
    expect((await signIn(owner)).headers.get('location')).toBe('/my-caribbean');
    expect((await (await squatter.get('/api/auth/session')).json()).user).toBeNull();
    const retry = await t.client().post('/api/auth/sign-in', { email: 'owner@example.org', password: 'squatted-pass-1' });
    expect(retry.status).toBe(400);
    expect((await (await owner.get('/api/auth/session')).json()).user.identities).toEqual(['google']);
  });

  it('refuses a wrong state: no session, back to /auth with the reason', async () => {
    provider.nextLogin = { sub: 'google-state', email: 'state@example.org', email_verified: true };
    const browser = t.client();
    const callback = await toCallback(browser);
    callback.searchParams.set('state', 'forged-state-value');
    const res = await browser.fetch(callback);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!, t.url);
    expect(location.pathname).toBe('/auth');
    expect(location.searchParams.get('error')).toBe('oidc_exchange_failed');
    expect(browser.cookie('c360_at')).toBeUndefined();
    expect(logs.text()).toContain(String.raw`unexpected \"state\" response parameter value`);
  });

  it('refuses a replayed code: in the same browser (flow used up) and in a new flow (provider refuses the code)', async () => {
    provider.nextLogin = { sub: 'google-replay', email: 'replay@example.org', email_verified: true };
    const browser = t.client();
    const callback = await toCallback(browser);
    const flowCookie = browser.cookie('c360_oidc')!;
    expect((await browser.fetch(callback)).headers.get('location')).toBe('/my-caribbean');

    // 1. The same callback again, even with the flow cookie put back.
    const attacker = t.client();
    attacker.jar.set(attacker.host, 'c360_oidc', flowCookie, '/api/auth/oidc');
    const replay = await attacker.fetch(callback);
    expect(new URL(replay.headers.get('location')!, t.url).searchParams.get('error')).toBe('oidc_flow_missing');
    expect(attacker.cookie('c360_at')).toBeUndefined();

    // 2. A fresh flow of the attacker's own, fed the stolen code with the new flow's state.
    const start = await attacker.get('/api/auth/oidc/google/start');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const forged = new URL(callback);
    forged.searchParams.set('state', state);
    const res = await attacker.fetch(forged);
    expect(new URL(res.headers.get('location')!, t.url).searchParams.get('error')).toBe('oidc_exchange_failed');
    expect(attacker.cookie('c360_at')).toBeUndefined();
    expect(logs.text()).toMatch(/invalid_grant/);
  });

  it('logs no codes, states or cookies', () => {
    const text = logs.text();
    expect(text).not.toMatch(/[?&](code|state)=(?!\[redacted\])/);
    expect(text).not.toMatch(/c360_(at|rt|oidc)=/);
    expect(text).toContain('"url":"/api/auth/oidc/google/callback?code=[redacted]');
  });

  it('refuses a callback without the flow cookie (another browser), and an unknown provider', async () => {
    provider.nextLogin = { sub: 'google-other', email: 'other@example.org', email_verified: true };
    const callback = await toCallback(t.client());
    const res = await t.client().fetch(callback);
    expect(new URL(res.headers.get('location')!, t.url).searchParams.get('error')).toBe('oidc_flow_missing');
    expect((await t.client().get('/api/auth/oidc/facebook/start')).status).toBe(404);
  });

  it('refuses a provider account without an e-mail', async () => {
    provider.nextLogin = { sub: 'google-no-email' };
    const res = await signIn(t.client());
    expect(new URL(res.headers.get('location')!, t.url).searchParams.get('error')).toBe('oidc_email_missing');
  });
});
