import * as client from 'openid-client';
import type { Knex } from 'knex';
import type { OidcProviderConfig, OidcProviderId } from '../config';
import { C360Error } from '../errors';
import type { Logger } from '../logger';
import { signInWithIdentity } from './accounts';
import { insertOidcFlow, takeOidcFlow } from './oidc-flow-repository';
import { hashToken, randomToken } from './tokens';
import type { User } from './user';

/**
 * Sign-in through OpenID Connect providers: authorization code flow with PKCE (S256), state
 * and nonce. What the browser must bring back is kept server-side (oidc_flows), keyed by a
 * random value in an httpOnly cookie, so a callback only completes in the browser that started
 * it, and only once. openid-client checks the state, the issuer, the ID token's signature,
 * audience, expiry and nonce; the provider checks the PKCE verifier and that a code is used once.
 */

export const OIDC_FLOW_TTL_MS = 10 * 60_000;
/**
 * Sign-ins one client may have in progress (its oldest dropped beyond): held in the database, so
 * the bound holds however many servers share it, whatever each one's rate limit has counted.
 */
export const MAX_PENDING_OIDC_FLOWS = 20;
const SCOPE = 'openid email profile';

export type OidcFailure =
  | 'oidc_flow_missing'
  | 'oidc_provider_mismatch'
  | 'oidc_provider_error'
  | 'oidc_exchange_failed'
  | 'oidc_email_missing'
  | 'oidc_email_unverified'
  | 'oidc_unavailable';

export function oidcError(reason: OidcFailure, message: string, cause?: unknown): C360Error {
  return new C360Error(reason === 'oidc_unavailable' ? 'upstream_failed' : 'unauthorized', message, { details: { reason }, cause });
}

function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** One client per configured provider; discovery happens on first use and is retried after a failure. */
export class OidcProviders {
  private readonly configs = new Map<string, Promise<client.Configuration>>();

  constructor(
    private readonly providers: Readonly<Partial<Record<OidcProviderId, OidcProviderConfig>>>,
    private readonly options: { timeoutSeconds?: number } = {},
  ) {}

  list(): { id: string; name: string }[] {
    return Object.values(this.providers).map((p) => ({ id: p.id, name: p.name }));
  }

  has(id: string): boolean {
    return Object.hasOwn(this.providers, id);
  }

  async configuration(id: string): Promise<client.Configuration> {
    const provider = this.providers[id as OidcProviderId];
    if (!provider) throw new C360Error('not_found', `No identity provider "${id}" is configured.`);
    let config = this.configs.get(id);
    if (!config) {
      const issuer = new URL(provider.issuer);
      // Plain http is accepted only for a provider on this machine (tests, local development).
      if (issuer.protocol === 'http:' && !isLoopback(issuer)) {
        throw oidcError('oidc_unavailable', `The ${provider.name} issuer must be an https:// address.`);
      }
      config = client.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
        execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
        timeout: this.options.timeoutSeconds ?? 10,
      });
      this.configs.set(id, config);
      config.catch(() => this.configs.delete(id));
    }
    try {
      return await config;
    } catch (error) {
      throw oidcError('oidc_unavailable', `${provider.name} sign-in is unavailable right now. Please try again later.`, error);
    }
  }

  name(id: string): string {
    return this.providers[id as OidcProviderId]?.name ?? id;
  }
}

/**
 * Starts a sign-in: returns where to send the browser and the value for its flow cookie.
 * `client` names who asks (the server gives the client address); only its hash is stored.
 */
export async function startOidcSignIn(
  db: Knex,
  providers: OidcProviders,
  input: { provider: string; redirectUri: string; redirectTo: string; now: Date; client: string; maxPending?: number },
): Promise<{ authorizationUrl: URL; flowId: string }> {
  const config = await providers.configuration(input.provider);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const flowId = randomToken();
  await insertOidcFlow(db, {
    idHash: hashToken(flowId),
    provider: input.provider,
    state,
    nonce,
    code_verifier: codeVerifier,
    redirect_to: input.redirectTo,
    clientHash: hashToken(input.client),
    now: input.now,
    expiresAt: new Date(input.now.getTime() + OIDC_FLOW_TTL_MS),
    maxPerClient: input.maxPending ?? MAX_PENDING_OIDC_FLOWS,
  });
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    scope: SCOPE,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { authorizationUrl, flowId };
}

/**
 * Finishes a sign-in from the provider's redirect. The flow is used up whatever happens, so a
 * replayed callback (same state, same code) finds nothing.
 */
export async function finishOidcSignIn(
  db: Knex,
  providers: OidcProviders,
  input: { provider: string; flowId: string | undefined; callbackUrl: URL; redirectUri: string; now: Date; language?: string | null },
  logger?: Logger,
): Promise<{ user: User; redirectTo: string; created: boolean; linked: boolean }> {
  const flow = input.flowId ? await takeOidcFlow(db, hashToken(input.flowId), input.now) : null;
  if (!flow) throw oidcError('oidc_flow_missing', 'This sign-in was already completed, took too long or was started in another browser. Please try again.');
  if (flow.provider !== input.provider) throw oidcError('oidc_provider_mismatch', 'This sign-in was started with another provider. Please try again.');
  const providerError = input.callbackUrl.searchParams.get('error');
  if (providerError) {
    throw oidcError('oidc_provider_error', `${providers.name(input.provider)} did not sign you in (${providerError.slice(0, 60)}).`);
  }
  const config = await providers.configuration(input.provider);
  let claims: { sub: string; email?: unknown; email_verified?: unknown } | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(
      config,
      input.callbackUrl,
      { pkceCodeVerifier: flow.code_verifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true },
      { redirect_uri: input.redirectUri },
    );
    claims = tokens.claims();
    // Some providers put e-mail claims only in the UserInfo response (the ID token is minimal
    // unless asked otherwise); openid-client checks that it describes the same subject.
    if (claims && typeof claims.email !== 'string') {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      claims = { ...claims, email: info.email, email_verified: info.email_verified };
    }
  } catch (error) {
    const e = error as Error & { code?: string; error?: string; cause?: { message?: string } };
    // Names and codes only: never the response body, tokens or the code itself.
    logger?.warn(
      { provider: input.provider, failure: { name: e.name, code: e.code, oauthError: e.error, message: e.message, cause: e.cause?.message } },
      'OpenID sign-in failed',
    );
    throw oidcError('oidc_exchange_failed', `Sign-in with ${providers.name(input.provider)} failed. Please try again.`, error);
  }
  if (!claims) throw oidcError('oidc_exchange_failed', `Sign-in with ${providers.name(input.provider)} failed. Please try again.`);
  const email = typeof claims.email === 'string' ? claims.email : null;
  if (!email) throw oidcError('oidc_email_missing', `${providers.name(input.provider)} did not share your e-mail address, which C360 needs.`);
  try {
    const result = await signInWithIdentity(
      db,
      { provider: input.provider, subject: claims.sub, email, emailVerified: claims.email_verified === true, now: input.now },
      logger,
      { language: input.language },
    );
    return { ...result, redirectTo: flow.redirect_to };
  } catch (error) {
    if (error instanceof C360Error && error.code === 'forbidden') throw oidcError('oidc_email_unverified', error.message, error);
    throw error;
  }
}
