import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 for tests. Its login "page" signs in
 * whoever `nextLogin` names, without a form, and grants the requested scopes. Clients are
 * registered once the app under test knows its callback address (`register`).
 */
export type TestAccount = { sub: string; email?: string; email_verified?: boolean };

export type TestOidcProvider = {
  issuer: string;
  nextLogin: TestAccount;
  register: (clients: { clientId: string; clientSecret: string; redirectUri: string }[]) => void;
  close: () => Promise<void>;
};

export async function startTestOidcProvider(): Promise<TestOidcProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server: Server = createServer((req, res) => {
    if (!handler) {
      res.statusCode = 503;
      res.end('provider not ready');
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const state: { nextLogin: TestAccount } = { nextLogin: { sub: 'user-1', email: 'user1@example.org', email_verified: true } };
  const accounts = new Map<string, TestAccount>();

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const register: TestOidcProvider['register'] = (clients) => {
    const provider = new Provider(issuer, {
      clients: clients.map((c) => ({
        client_id: c.clientId,
        client_secret: c.clientSecret,
        redirect_uris: [c.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      })),
      pkce: { required: () => true },
      jwks: { keys: [{ ...signingKey, kid: 'c360-test', use: 'sig', alg: 'RS256' } as never] },
      features: { devInteractions: { enabled: false } },
      claims: { openid: ['sub'], email: ['email', 'email_verified'] },
      cookies: { keys: ['c360-test-provider-cookie-key'] },
      findAccount: async (_ctx, sub) => {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return { accountId: sub, claims: async () => ({ ...account }) };
      },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    });
    const callback = provider.callback();
    handler = async (req, res) => {
      if (!req.url?.startsWith('/interaction/')) return callback(req, res);
      try {
        const details = await provider.interactionDetails(req, res);
        if (details.prompt.name === 'login') {
          const account = { ...state.nextLogin };
          accounts.set(account.sub, account);
          await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
          return;
        }
        const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
    };
  };

  return {
    issuer,
    get nextLogin() {
      return state.nextLogin;
    },
    set nextLogin(account: TestAccount) {
      state.nextLogin = account;
    },
    register,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
