import { and, eq, gt, lt } from 'drizzle-orm';
import { createRemoteJWKSet, errors as jose, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import type { Tokens } from '../../../contracts/shared/session';
import { Email } from '../../../contracts/shared/text';
import { checkWith } from '../../../contracts/shared/validation';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { oauthStates } from '../../db/schema';
import { HttpError } from '../../http-error';
import { issueSession, type SessionContext } from './sessions';
import { findOrCreateUserByEmail } from './users';

/**
 * Google sign-in, two ways in:
 * - `verifyGoogleIdToken`: an ID token obtained by the browser (Google Identity Services) is
 *   checked here, never trusted as sent;
 * - `beginGoogleSignIn` / `finishGoogleSignIn`: the server-side authorisation-code flow with
 *   PKCE, state and nonce. The pending flow lives in `oauth_states` (not in memory), so the
 *   callback may land on any instance behind the load balancer.
 * Both end in `verifyGoogleIdToken`, so one set of rules decides who is signed in.
 */

export const GOOGLE_ISSUER = 'https://accounts.google.com';
/** Scope of the authorisation request: the ID token must carry the email and the names. */
export const GOOGLE_SCOPE = 'openid email profile';
/** How long a started flow may take to come back (a person choosing an account, maybe typing a password). */
export const OAUTH_STATE_LIFETIME_MS = 10 * 60_000;
/** Issuer metadata is re-read this often, so a key or endpoint change reaches running instances. */
const DISCOVERY_TTL_MS = 5 * 60_000;
/** Small: enough for honest clock drift between us and the issuer, not enough to revive old tokens. */
const CLOCK_TOLERANCE_SECONDS = 30;
/**
 * Only public-key signatures: an HS* token would be "signed" with the client secret, which is
 * not a proof from the issuer, and `none` is no proof at all.
 */
const ASYMMETRIC_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];

export type GoogleSettings = {
  clientId: string;
  clientSecret: string | undefined;
  issuer: string;
  /** Where the issuer sends the browser back: `${PUBLIC_URL}/api/v2/auth/social/google/callback/`. */
  redirectUri: string;
};

/** What the rest of the app learns from a verified ID token. */
export type GoogleProfile = { subject: string; email: string; firstName: string; lastName: string };

export const NOT_CONFIGURED = 'Google sign-in is not configured.';

const failures = {
  notConfigured: () => new HttpError(503, 'google_not_configured', NOT_CONFIGURED),
  unavailable: () => new HttpError(502, 'google_unavailable', 'Google sign-in is unavailable right now. Please try again shortly.'),
  invalid: () => new HttpError(401, 'google_token_invalid', 'The Google sign-in could not be verified. Please try again.'),
  expired: () => new HttpError(401, 'google_token_expired', 'The Google sign-in has expired. Please try again.'),
  unverified: () => new HttpError(401, 'google_email_unverified', 'Your Google account’s email address is not verified, so it cannot be used to sign in.'),
  noEmail: () => new HttpError(401, 'google_email_missing', 'Your Google account did not share a usable email address.'),
  state: () => new HttpError(400, 'google_state_invalid', 'This Google sign-in link has expired or was already used. Please start again.'),
  denied: () => new HttpError(400, 'google_denied', 'Google sign-in was cancelled.'),
  refused: () => new HttpError(400, 'google_refused', 'Google did not complete the sign-in. Please try again.'),
  exchange: () => new HttpError(502, 'google_exchange_failed', 'Google did not confirm the sign-in. Please try again.'),
};

/** The settings from the configuration, or `undefined` when GOOGLE_CLIENT_ID is not set. */
export function googleSettings(config: Config): GoogleSettings | undefined {
  if (!config.googleClientId) return undefined;
  return {
    clientId: config.googleClientId,
    clientSecret: config.googleClientSecret,
    issuer: config.oidcIssuer,
    redirectUri: `${config.publicUrl}${API_BASE}${paths.auth.googleCallback}`,
  };
}

/** Thrown when Google sign-in is used without GOOGLE_CLIENT_ID. */
export function googleNotConfigured(): HttpError {
  return failures.notConfigured();
}

/**
 * Plain HTTP is allowed only for an issuer on this machine: the tests' local OpenID provider.
 * Anything else must be HTTPS, or tokens and secrets would cross the network in clear.
 */
function isLocalIssuer(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

type Issuer = {
  configuration: oidc.Configuration;
  /** Google has historically written its issuer both with and without the scheme. */
  acceptedIssuers: string[];
  algorithms: string[];
  keys: ReturnType<typeof createRemoteJWKSet>;
};

const discovered = new Map<string, { until: number; issuer: Promise<Issuer> }>();

async function discover(settings: GoogleSettings): Promise<Issuer> {
  const url = new URL(settings.issuer);
  const configuration = await oidc.discovery(url, settings.clientId, settings.clientSecret, undefined, {
    execute: isLocalIssuer(url) ? [oidc.allowInsecureRequests] : [],
    timeout: 10,
  });
  const metadata = configuration.serverMetadata();
  if (!metadata.jwks_uri) throw new Error(`The issuer ${settings.issuer} publishes no jwks_uri.`);
  // OpenID Connect's default is RS256 when the issuer does not list its algorithms.
  const advertised = metadata.id_token_signing_alg_values_supported ?? ['RS256'];
  const algorithms = advertised.filter((alg) => ASYMMETRIC_ALGORITHMS.includes(alg));
  if (algorithms.length === 0) throw new Error(`The issuer ${settings.issuer} advertises no public-key ID token algorithm.`);
  return {
    configuration,
    acceptedIssuers: metadata.issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, 'accounts.google.com'] : [metadata.issuer],
    algorithms,
    keys: createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: 5000, cooldownDuration: 30_000 }),
  };
}

/**
 * The issuer's metadata and keys, cached per process for a few minutes. A failed discovery is
 * not cached, so the next request tries again instead of failing for the whole TTL.
 */
async function issuerFor(settings: GoogleSettings): Promise<Issuer> {
  const key = `${settings.issuer}\n${settings.clientId}\n${settings.clientSecret ?? ''}`;
  const now = Date.now();
  const cached = discovered.get(key);
  if (cached && cached.until > now) return cached.issuer;
  const issuer = discover(settings);
  discovered.set(key, { until: now + DISCOVERY_TTL_MS, issuer });
  issuer.catch(() => {
    if (discovered.get(key)?.issuer === issuer) discovered.delete(key);
  });
  try {
    return await issuer;
  } catch (cause) {
    // The cause (unreachable, bad metadata) is for the log; the person gets the sentence.
    throw Object.assign(failures.unavailable(), { cause });
  }
}

function names(value: unknown): string {
  // Same bound as the contracts' PersonName; a longer name is cut rather than refused.
  return typeof value === 'string' ? value.trim().slice(0, 100) : '';
}

/**
 * Verifies an ID token from the issuer: signature against the issuer's published keys (public-key
 * algorithms only), `iss`, `aud` (and `azp` when several audiences), `exp`/`iat`, the nonce of our
 * own flow when there is one, and a verified email. Any failure is a 401 with a sentence.
 */
export async function verifyGoogleIdToken(settings: GoogleSettings, idToken: string, options: { now: Date; nonce?: string }): Promise<GoogleProfile> {
  const issuer = await issuerFor(settings);
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(idToken, issuer.keys, {
      issuer: issuer.acceptedIssuers,
      audience: settings.clientId,
      algorithms: issuer.algorithms,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: options.now,
      requiredClaims: ['sub', 'iat', 'exp'],
    }));
  } catch (error) {
    if (error instanceof jose.JWTExpired) throw failures.expired();
    // The keys could not be fetched: the issuer's fault (or the network's), not the token's.
    const unreachable =
      error instanceof jose.JWKSTimeout || error instanceof jose.JWKSInvalid || !(error instanceof jose.JOSEError) || error.code === 'ERR_JOSE_GENERIC';
    if (unreachable) {
      throw Object.assign(failures.unavailable(), { cause: error });
    }
    throw failures.invalid();
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== settings.clientId) throw failures.invalid();
  if (options.nonce !== undefined && claims.nonce !== options.nonce) throw failures.invalid();
  if (claims.email_verified !== true) throw failures.unverified();
  const email = checkWith(Email, claims.email);
  if (!email.ok) throw failures.noEmail();
  return { subject: String(claims.sub), email: email.value, firstName: names(claims.given_name), lastName: names(claims.family_name) };
}

/** Removes flows that were started and never finished. */
export async function purgeExpiredOauthStates(db: Db, now: Date): Promise<number> {
  const removed = await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now)).returning({ state: oauthStates.state });
  return removed.length;
}

/**
 * Starts the authorisation-code flow: a fresh state, nonce and PKCE verifier are stored (only
 * the S256 challenge goes to the issuer) and the issuer's authorisation address is returned.
 */
export async function beginGoogleSignIn(db: Db, settings: GoogleSettings, input: { now: Date; returnTo: string | null }): Promise<URL> {
  const { configuration } = await issuerFor(settings);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  // Housekeeping on the way: abandoned flows are few and this keeps the table small without a timer.
  await purgeExpiredOauthStates(db, input.now);
  await db.insert(oauthStates).values({
    state,
    codeVerifier,
    nonce,
    returnTo: input.returnTo,
    expiresAt: new Date(input.now.getTime() + OAUTH_STATE_LIFETIME_MS),
  });
  return oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: settings.redirectUri,
    scope: GOOGLE_SCOPE,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
}

/**
 * Takes the flow's state out of the table in one statement: whichever request deletes the row
 * owns it, so a replayed callback (or two racing ones) finds nothing. An expired row counts as
 * absent.
 */
async function takeState(db: Db, state: string, now: Date) {
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.state, state), gt(oauthStates.expiresAt, now)))
    .returning();
  return row;
}

/**
 * Finishes the flow from the query string the issuer sent the browser back with: single-use
 * state, the code exchanged with the PKCE verifier (and the client secret), then the ID token
 * verified like any other, nonce included.
 */
async function finishGoogleSignIn(
  db: Db,
  settings: GoogleSettings,
  input: { now: Date; query: string },
): Promise<{ profile: GoogleProfile; returnTo: string | null }> {
  // The address the issuer redirected to, rebuilt from our own setting rather than from the
  // request's Host header (which a client controls); the token request must repeat it exactly.
  const current = new URL(settings.redirectUri);
  current.search = input.query;
  const state = current.searchParams.get('state');
  if (!state || state.length > 512) throw failures.state();
  const row = await takeState(db, state, input.now);
  if (!row) throw failures.state();

  const error = current.searchParams.get('error');
  if (error) throw error === 'access_denied' ? failures.denied() : failures.refused();

  const { configuration } = await issuerFor(settings);
  let idToken: string | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: row.codeVerifier,
      expectedState: row.state,
      expectedNonce: row.nonce,
    });
    idToken = tokens.id_token;
  } catch (cause) {
    // A token endpoint that refuses (bad code, replayed code) or an answer that fails
    // openid-client's checks; either way the person can only start again.
    throw Object.assign(failures.exchange(), { cause });
  }
  if (!idToken) throw failures.exchange();
  const profile = await verifyGoogleIdToken(settings, idToken, { now: input.now, nonce: row.nonce });
  return { profile, returnTo: row.returnTo };
}

type GoogleSignIn = Tokens & { userId: number; created: boolean };

/** Signs in with an ID token the browser obtained (Google Identity Services), verified here. */
export async function signInWithGoogleIdToken(
  db: Db,
  settings: GoogleSettings,
  input: { idToken: string; now: Date; sessions: SessionContext },
): Promise<GoogleSignIn> {
  const profile = await verifyGoogleIdToken(settings, input.idToken, { now: input.now });
  return signInWithGoogle(db, profile, input.sessions);
}

/** Signs in at the end of the authorisation-code flow; `returnTo` is where the browser goes next. */
export async function completeGoogleSignIn(
  db: Db,
  settings: GoogleSettings,
  input: { query: string; now: Date; sessions: SessionContext },
): Promise<GoogleSignIn & { returnTo: string | null }> {
  const { profile, returnTo } = await finishGoogleSignIn(db, settings, { now: input.now, query: input.query });
  return { ...(await signInWithGoogle(db, profile, input.sessions)), returnTo };
}

/**
 * Signs the Google account's owner in: the account with that (verified) email, created on first
 * use with Google's names. The user row and the session commit together or not at all.
 */
async function signInWithGoogle(db: Db, profile: GoogleProfile, sessions: SessionContext): Promise<GoogleSignIn> {
  return db.transaction(async (tx) => {
    const { user, created } = await findOrCreateUserByEmail(tx, { email: profile.email, firstName: profile.firstName, lastName: profile.lastName });
    return { ...(await issueSession(tx, user.id, sessions)), userId: user.id, created };
  });
}
