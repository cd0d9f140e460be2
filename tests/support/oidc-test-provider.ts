import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import Provider, { type ClientInstance } from 'oidc-provider';

/**
 * A real OpenID provider (panva's `oidc-provider`, the certified implementation) on 127.0.0.1 and
 * a random port, standing in for Google in tests:
 *
 * ```ts
 * const idp = await startOidcTestProvider();
 * const app = await buildApp(testConfig({ googleClientId: idp.clientId, googleClientSecret: idp.clientSecret,
 *   oidcIssuer: idp.issuer, publicUrl: appUrl }), { database });
 * idp.allowRedirectUri(`${appUrl}/api/v2/auth/social/google/callback/`); // when the app's address is known
 * idp.user = { ...idp.user, email: 'someone@example.com' };                // who "signs in to Google" next
 * idp.consent = 'deny';                                                    // the next interaction refuses
 * const token = await idp.mintIdToken({ aud: 'someone-else' });            // for POST /auth/social/google/
 * await idp.close();
 * ```
 *
 * Logging in and consenting need no form: the provider's interaction page (`/interaction/:uid`)
 * immediately finishes as `idp.user`, so a browser, or a plain HTTP client that follows
 * redirects and keeps cookies, goes straight from the authorisation address back to the app's
 * redirect URI with a code. PKCE is required for the client, as Google allows and we always send.
 */

export type TestUser = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
};

export type OidcTestProvider = {
  /** `http://127.0.0.1:<port>`: give it to the app as OIDC_ISSUER. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next login resolves to, and whose claims go into the ID token. Mutable. */
  user: TestUser;
  /** `deny` makes interactions answer `access_denied` (a person refusing consent). Mutable. */
  consent: 'approve' | 'deny';
  /** Adds a redirect URI for the client (the app's callback, once the app listens). */
  allowRedirectUri(uri: string): void;
  /**
   * An ID token like the provider's own: `iss`, `aud`, `sub`, `email`, `email_verified`, names,
   * `iat` and a 10-minute `exp` from `idp.user` and the client, overridden by `claims` (pass
   * `undefined` to drop one). `signedBy: 'stranger'` signs with another key under the same
   * `kid`, so the signature, not the key lookup, is what fails.
   */
  mintIdToken(claims?: Record<string, unknown>, options?: { signedBy?: 'provider' | 'stranger' }): Promise<string>;
  close(): Promise<void>;
};

const INTERACTION_PREFIX = '/interaction/';

async function signingKey(kid: string) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  return { privateKey, jwk };
}

export async function startOidcTestProvider(
  options: { user?: Partial<TestUser>; redirectUris?: string[]; clientId?: string; clientSecret?: string } = {},
): Promise<OidcTestProvider> {
  const clientId = options.clientId ?? 'test-google-client';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('hex');
  const kid = 'test-key-1';
  const own = await signingKey(kid);
  const stranger = await signingKey(kid);

  // The issuer must be known when the provider is made, and it contains the port: listen first,
  // then hand requests to the provider.
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const extraRedirectUris = new Set<string>(options.redirectUris ?? []);
  const idp: OidcTestProvider = {
    issuer,
    clientId,
    clientSecret,
    user: {
      sub: 'google-user-1',
      email: 'ada@example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      ...options.user,
    },
    consent: 'approve',
    allowRedirectUri: (uri) => void extraRedirectUris.add(uri),
    mintIdToken: async (claims = {}, { signedBy = 'provider' } = {}) => {
      const now = Math.floor(Date.now() / 1000);
      const payload: JWTPayload = { iss: issuer, aud: clientId, iat: now, exp: now + 600, ...idp.user, ...claims };
      for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
      return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign((signedBy === 'stranger' ? stranger : own).privateKey);
    },
    close: () =>
      new Promise<void>((done, fail) => {
        server.closeAllConnections();
        server.close((error) => (error ? fail(error) : done()));
      }),
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        // A placeholder: the real ones are in `extraRedirectUris` (see the override below).
        redirect_uris: ['http://127.0.0.1/unused-redirect-uri'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // openid-client's default client authentication.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [own.jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    // Google puts email and names in the ID token itself; oidc-provider would otherwise keep
    // scope-requested claims for the userinfo endpoint only.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ ...idp.user, sub }),
    }),
    features: { devInteractions: { enabled: false } },
    // Explicit lifetimes (seconds) also keep the provider from printing a notice for each default.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${INTERACTION_PREFIX}${interaction.uid}` },
  });

  // The app's callback address is only known once the app listens, after the provider has
  // started; redirect URIs are therefore checked against a set the test can still add to.
  const clientPrototype: ClientInstance = provider.Client.prototype;
  const registered = clientPrototype.redirectUriAllowed;
  clientPrototype.redirectUriAllowed = function (this: ClientInstance, value: string) {
    return extraRedirectUris.has(value) || registered.call(this, value);
  };

  /** Logs in as `idp.user` and grants whatever scope was asked, or refuses when `consent` is `deny`. */
  async function interact(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (idp.consent === 'deny') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user refused.' }, { mergeWithLastSubmission: false });
      return;
    }
    const accountId = details.session?.accountId ?? idp.user.sub;
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  const providerHandler = provider.callback();
  handle = (req, res) => {
    if (!req.url?.startsWith(INTERACTION_PREFIX)) return providerHandler(req, res);
    interact(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`test provider interaction failed: ${String(error)}`);
    });
  };
  return idp;
}
