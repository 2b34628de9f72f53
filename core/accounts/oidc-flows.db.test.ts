import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers/test-database';
import { startTestOidcProvider, type TestOidcProvider } from '../../test/helpers/oidc-provider';
import type { Database } from '../db/open-database';
import { OIDC_FLOW_TTL_MS, OidcProviders, startOidcSignIn } from './oidc';

/**
 * Sign-ins in progress cannot pile up: one client keeps at most `maxPending` of them (its oldest
 * dropped), and expired ones are deleted as new ones start. (Issue 25: one client added 37,712
 * rows in 35 s.)
 */
let db: Database;
let provider: TestOidcProvider;
let providers: OidcProviders;
const t0 = new Date('2026-11-28T12:00:00Z');
const redirectUri = 'http://127.0.0.1:9/api/auth/oidc/google/callback';

beforeAll(async () => {
  db = await openTestDatabase();
  provider = await startTestOidcProvider();
  provider.register([{ clientId: 'c360-google', clientSecret: 'google-secret-for-tests', redirectUri }]);
  providers = new OidcProviders({
    google: { id: 'google', name: 'Google', issuer: provider.issuer, clientId: 'c360-google', clientSecret: 'google-secret-for-tests' },
  });
});
afterAll(async () => {
  await db.close();
  await provider.close();
});

const start = (client: string, now = t0) =>
  startOidcSignIn(db.knex, providers, { provider: 'google', redirectUri, redirectTo: '/', now, client, maxPending: 3 });
const pending = async () => (await db.knex.raw('select count(*)::int as n from oidc_flows')).rows[0].n as number;
const stateOf = (url: URL) => url.searchParams.get('state');
const states = async () => new Set((await db.knex.raw('select state from oidc_flows')).rows.map((r: { state: string }) => r.state));

describe('pending OpenID sign-ins', () => {
  it('keeps at most maxPending per client, the newest, and leaves other clients alone', async () => {
    const other = await start('198.51.100.7');
    const flood = [];
    for (let i = 0; i < 10; i++) flood.push(await start('203.0.113.9'));
    expect(await pending()).toBe(4);
    const kept = await states();
    expect(kept.has(stateOf(other.authorizationUrl))).toBe(true);
    for (const f of flood.slice(-3)) expect(kept.has(stateOf(f.authorizationUrl))).toBe(true);
  });

  it('never stores the client address itself', async () => {
    const { rows } = await db.knex.raw('select * from oidc_flows');
    expect(JSON.stringify(rows)).not.toContain('203.0.113.9');
  });

  it('deletes expired sign-ins when a new one starts', async () => {
    await start('192.0.2.1', new Date(t0.getTime() + OIDC_FLOW_TTL_MS + 1));
    expect(await pending()).toBe(1);
  });
});
