import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE, paths } from '#contracts/shared/paths';
import { buildApp } from '#server/app';
import type { Database } from '#server/db/database';
import { verifyGoogleIdToken, type GoogleSettings } from '#server/domain/accounts/google';
import { HttpError } from '#server/http-error';
import { startOidcTestProvider, type OidcTestProvider, type TestUser } from '../../support/oidc-test-provider';
import { createTestApp, freshDatabase, testConfig, type TestApp } from '../test-app';

const GOOGLE = `${API_BASE}${paths.auth.google}`;
const START = `${API_BASE}${paths.auth.googleStart}`;
const CALLBACK = `${API_BASE}${paths.auth.googleCallback}`;
const ME = `${API_BASE}${paths.auth.me}`;

/** A port nobody listens on now, so PUBLIC_URL can be in the config before the app listens. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** What a browser keeps between redirects: cookies per origin (paths and expiry ignored; enough here). */
class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();

  header(url: URL): string {
    return [...(this.jars.get(url.origin) ?? new Map<string, string>())].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  store(url: URL, response: Response): void {
    const jar = this.jars.get(url.origin) ?? new Map<string, string>();
    this.jars.set(url.origin, jar);
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  }
}

/**
 * Follows redirects like a browser from `url` until the next hop would land on the app's
 * callback, and returns that callback address without calling it (so a test can call it, and
 * call it again).
 */
async function browseToCallback(url: string, appUrl: string, jar = new CookieJar()): Promise<URL> {
  let current = new URL(url);
  for (let hop = 0; hop < 15; hop += 1) {
    const response = await fetch(current, { redirect: 'manual', headers: { cookie: jar.header(current) } });
    jar.store(current, response);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`Expected a redirect from ${current.href}, got ${response.status}: ${await response.text()}`);
    }
    const next = new URL(location, current);
    if (next.href.startsWith(`${appUrl}${CALLBACK}`)) return next;
    current = next;
  }
  throw new Error('Too many redirects');
}

/** The hash of a `/oauth/complete#...` Location as a record. */
function completion(location: string | null): Record<string, string> {
  expect(location).toMatch(/^\/oauth\/complete#/);
  return Object.fromEntries(new URLSearchParams(location!.slice(location!.indexOf('#') + 1)));
}

async function countUsers(database: Database, email: string): Promise<number> {
  const [row] = await database.query('select count(*)::int as n from users where email = $1', [email]);
  return Number(row?.n);
}

let idp: OidcTestProvider;
let app: FastifyInstance;
let database: Database;
let dispose: () => Promise<void>;
let appUrl: string;
/** Added to the app's clock: lets a test age a pending flow past its 10 minutes. */
let clockOffsetMs = 0;
const defaultUser: TestUser = { sub: 'google-ada', email: 'ada@example.com', email_verified: true, given_name: 'Ada', family_name: 'Lovelace' };

beforeAll(async () => {
  idp = await startOidcTestProvider({ user: defaultUser });
  ({ database, dispose } = await freshDatabase());
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  idp.allowRedirectUri(`${appUrl}${CALLBACK}`);
  app = await buildApp(
    testConfig({ googleClientId: idp.clientId, googleClientSecret: idp.clientSecret, oidcIssuer: idp.issuer, publicUrl: appUrl, authLimitPerMinute: 1000 }),
    { database, clock: () => new Date(Date.now() + clockOffsetMs) },
  );
  await app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await dispose?.();
  await idp?.close();
});

beforeEach(() => {
  idp.user = { ...defaultUser };
  idp.consent = 'approve';
  clockOffsetMs = 0;
});

describe('POST /api/v2/auth/social/google/ (ID token from the browser)', () => {
  it('creates the user on first use and answers tokens; signs the same user in the second time', async () => {
    const email = 'grace@example.com';
    const token = await idp.mintIdToken({ sub: 'google-grace', email, given_name: 'Grace', family_name: 'Hopper' });
    const first = await app.inject({ method: 'POST', url: GOOGLE, payload: { id_token: token } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const tokens = first.json<{ access: string; refresh: string }>();
    expect(tokens).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    const [row] = await database.query('select id, first_name, last_name from users where email = $1', [email]);
    expect(row).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });

    const again = await app.inject({
      method: 'POST',
      url: GOOGLE,
      payload: { id_token: await idp.mintIdToken({ sub: 'google-grace', email: 'Grace@Example.com' }) },
    });
    expect(again.statusCode).toBe(200);
    expect(await countUsers(database, email)).toBe(1);

    const me = await app.inject({ method: 'GET', url: ME, headers: { authorization: `Bearer ${again.json<{ access: string }>().access}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: row?.id, email, first_name: 'Grace' });
  });

  const now = () => Math.floor(Date.now() / 1000);
  const refusals: Array<[string, (email: string) => Promise<string>, string]> = [
    ['another audience', (email) => idp.mintIdToken({ email, aud: 'someone-elses-client' }), 'google_token_invalid'],
    ['another issuer', (email) => idp.mintIdToken({ email, iss: 'https://accounts.example.com' }), 'google_token_invalid'],
    ['an expired token', (email) => idp.mintIdToken({ email, iat: now() - 7200, exp: now() - 3600 }), 'google_token_expired'],
    ['a token signed by another key', (email) => idp.mintIdToken({ email }, { signedBy: 'stranger' }), 'google_token_invalid'],
    [
      'alg: none',
      async (email) => {
        const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
        return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: idp.issuer, aud: idp.clientId, sub: 'x', email, email_verified: true, iat: now(), exp: now() + 600 })}.`;
      },
      'google_token_invalid',
    ],
    [
      'a token signed with the client secret (HS256)',
      (email) => {
        const claims = { iss: idp.issuer, aud: idp.clientId, sub: 'x', email, email_verified: true };
        return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode(idp.clientSecret));
      },
      'google_token_invalid',
    ],
    ['several audiences without azp', (email) => idp.mintIdToken({ email, aud: [idp.clientId, 'another-client'] }), 'google_token_invalid'],
    ['an unverified email', (email) => idp.mintIdToken({ email, email_verified: false }), 'google_email_unverified'],
    ['no email_verified claim', (email) => idp.mintIdToken({ email, email_verified: undefined }), 'google_email_unverified'],
  ];

  it.each(refusals)('refuses %s with 401 and creates nobody', async (_name, mint, code) => {
    const email = `refused-${code}-${Math.random().toString(36).slice(2)}@example.com`;
    const response = await app.inject({ method: 'POST', url: GOOGLE, payload: { id_token: await mint(email) } });
    expect(response.statusCode).toBe(401);
    const body = response.json<{ detail: string; code: string }>();
    expect(body.code).toBe(code);
    expect(body.detail).toMatch(/^[A-Z].*\.$/);
    expect(await countUsers(database, email)).toBe(0);
  });

  it('refuses a body without a token with the field named', async () => {
    const response = await app.inject({ method: 'POST', url: GOOGLE, payload: { id_token: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid', fields: { id_token: 'Missing Google ID token.' } });
  });
});

describe('the authorisation-code flow (GET start/ → provider → callback/)', () => {
  it('starts with PKCE (S256), state and nonce, and stores the pending flow', async () => {
    const response = await fetch(`${appUrl}${START}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const location = new URL(response.headers.get('location')!);
    expect(location.origin).toBe(idp.issuer);
    const query = Object.fromEntries(location.searchParams);
    expect(query).toMatchObject({
      client_id: idp.clientId,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      redirect_uri: `${appUrl}${CALLBACK}`,
      state: expect.any(String),
      nonce: expect.any(String),
      code_challenge: expect.any(String),
    });
    const rows = await database.query('select code_verifier, expires_at from oauth_states where state = $1', [query.state]);
    expect(rows).toHaveLength(1);
    // Only the challenge leaves the server, never the verifier.
    expect(location.href).not.toContain(String(rows[0]?.code_verifier));
  });

  it('signs a new user in end to end and returns tokens (and next) in the hash', async () => {
    idp.user = { sub: 'google-katherine', email: 'katherine@example.com', email_verified: true, given_name: 'Katherine', family_name: 'Johnson' };
    const callback = await browseToCallback(`${appUrl}${START}?next=${encodeURIComponent('/backoffice/menu?tab=2')}`, appUrl);
    expect(callback.searchParams.get('code')).toBeTruthy();

    const response = await fetch(callback, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const hash = completion(response.headers.get('location'));
    expect(hash).toEqual({ access: expect.any(String), refresh: expect.any(String), next: '/backoffice/menu?tab=2' });

    const [row] = await database.query('select id, first_name, last_name from users where email = $1', ['katherine@example.com']);
    expect(row).toMatchObject({ first_name: 'Katherine', last_name: 'Johnson' });
    const me = await fetch(`${appUrl}${ME}`, { headers: { authorization: `Bearer ${hash.access}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: row?.id, email: 'katherine@example.com', first_name: 'Katherine' });
    const [session] = await database.query('select count(*)::int as n from refresh_tokens where user_id = $1', [row?.id]);
    expect(session?.n).toBe(1);
    // Single use: the pending flow is gone.
    expect(await database.query('select 1 from oauth_states where state = $1', [callback.searchParams.get('state')])).toHaveLength(0);

    // A replayed callback (same state, same code) is refused with a sentence, not a 500.
    const replay = await fetch(callback, { redirect: 'manual' });
    expect(replay.status).toBe(302);
    expect(completion(replay.headers.get('location')).error).toBe('This Google sign-in link has expired or was already used. Please start again.');
  });

  it('signs an existing user in without creating another', async () => {
    const first = await fetch(await browseToCallback(`${appUrl}${START}`, appUrl), { redirect: 'manual' });
    expect(completion(first.headers.get('location')).access).toBeTruthy();
    const second = await fetch(await browseToCallback(`${appUrl}${START}`, appUrl), { redirect: 'manual' });
    const hash = completion(second.headers.get('location'));
    expect(hash.access).toBeTruthy();
    expect(hash.next).toBeUndefined();
    expect(await countUsers(database, defaultUser.email)).toBe(1);
  });

  it('refuses a tampered state', async () => {
    const callback = await browseToCallback(`${appUrl}${START}`, appUrl);
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const response = await fetch(callback, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(completion(response.headers.get('location')).error).toMatch(/expired or was already used/);
  });

  it('refuses a flow that took longer than 10 minutes', async () => {
    const callback = await browseToCallback(`${appUrl}${START}`, appUrl);
    clockOffsetMs = 11 * 60_000;
    const response = await fetch(callback, { redirect: 'manual' });
    expect(completion(response.headers.get('location')).error).toMatch(/expired or was already used/);
  });

  it('says so when the person refuses consent', async () => {
    idp.consent = 'deny';
    const callback = await browseToCallback(`${appUrl}${START}`, appUrl);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const response = await fetch(callback, { redirect: 'manual' });
    expect(completion(response.headers.get('location')).error).toBe('Google sign-in was cancelled.');
  });

  it('refuses an account whose email is not verified, creating nobody', async () => {
    idp.user = { sub: 'google-unverified', email: 'unverified@example.com', email_verified: false };
    const response = await fetch(await browseToCallback(`${appUrl}${START}`, appUrl), { redirect: 'manual' });
    expect(completion(response.headers.get('location')).error).toMatch(/email address is not verified/);
    expect(await countUsers(database, 'unverified@example.com')).toBe(0);
  });

  it('refuses a callback without state, and one with a forged code', async () => {
    const bare = await fetch(`${appUrl}${CALLBACK}`, { redirect: 'manual' });
    expect(bare.status).toBe(302);
    expect(completion(bare.headers.get('location')).error).toMatch(/expired or was already used/);

    const callback = await browseToCallback(`${appUrl}${START}`, appUrl);
    callback.searchParams.set('code', 'forged-code');
    const forged = await fetch(callback, { redirect: 'manual' });
    expect(completion(forged.headers.get('location')).error).toBe('Google did not confirm the sign-in. Please try again.');
  });

  it.each(['//evil.example/x', '/.//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', 'backoffice'])(
    'ignores next=%s (not a same-site path)',
    async (next) => {
      const response = await fetch(await browseToCallback(`${appUrl}${START}?next=${encodeURIComponent(next)}`, appUrl), { redirect: 'manual' });
      const hash = completion(response.headers.get('location'));
      expect(hash.access).toBeTruthy();
      expect(hash.next).toBeUndefined();
    },
  );
});

describe('verifyGoogleIdToken', () => {
  const settings = (): GoogleSettings => ({ clientId: idp.clientId, clientSecret: idp.clientSecret, issuer: idp.issuer, redirectUri: `${appUrl}${CALLBACK}` });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: unknown) => (error instanceof HttpError ? error.code : String(error)),
    );

  it('checks the nonce of our own flow', async () => {
    const token = await idp.mintIdToken({ nonce: 'nonce-1' });
    await expect(verifyGoogleIdToken(settings(), token, { now: new Date(), nonce: 'nonce-1' })).resolves.toMatchObject({ email: defaultUser.email });
    expect(await refusal(verifyGoogleIdToken(settings(), token, { now: new Date(), nonce: 'nonce-2' }))).toBe('google_token_invalid');
    expect(await refusal(verifyGoogleIdToken(settings(), await idp.mintIdToken(), { now: new Date(), nonce: 'nonce-1' }))).toBe('google_token_invalid');
  });

  it('allows a little clock drift, not more', async () => {
    const token = await idp.mintIdToken({ iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 60 });
    expect(await refusal(verifyGoogleIdToken(settings(), token, { now: new Date(Date.now() + 80_000) }))).toBe('accepted');
    expect(await refusal(verifyGoogleIdToken(settings(), token, { now: new Date(Date.now() + 100_000) }))).toBe('google_token_expired');
  });

  it('accepts several audiences when azp is ours', async () => {
    const token = await idp.mintIdToken({ aud: [idp.clientId, 'another-client'], azp: idp.clientId });
    expect(await refusal(verifyGoogleIdToken(settings(), token, { now: new Date() }))).toBe('accepted');
  });

  it('answers 502 when the issuer cannot be reached', async () => {
    const unreachable = { ...settings(), issuer: 'http://127.0.0.1:9' };
    expect(await refusal(verifyGoogleIdToken(unreachable, await idp.mintIdToken(), { now: new Date() }))).toBe('google_unavailable');
  });
});

describe('without GOOGLE_CLIENT_ID', () => {
  let unconfigured: TestApp;
  beforeAll(async () => {
    unconfigured = await createTestApp();
  });
  afterAll(async () => {
    await unconfigured?.close();
  });

  it('POST answers 503 with the sentence', async () => {
    const response = await unconfigured.app.inject({ method: 'POST', url: GOOGLE, payload: { id_token: 'anything' } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: 'Google sign-in is not configured.', code: 'google_not_configured' });
  });

  it('start/ and callback/ return to /oauth/complete with the sentence', async () => {
    for (const url of [START, `${CALLBACK}?code=x&state=y`]) {
      const response = await unconfigured.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/oauth/complete#error=Google%20sign-in%20is%20not%20configured.');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});

describe('with an issuer that cannot be reached', () => {
  let stranded: TestApp;
  beforeAll(async () => {
    stranded = await createTestApp({ config: { googleClientId: 'some-client', googleClientSecret: 'secret', oidcIssuer: 'http://127.0.0.1:9' } });
  });
  afterAll(async () => {
    await stranded?.close();
  });

  it('answers 502 to POST and a sentence to start/, never a 500', async () => {
    const post = await stranded.app.inject({ method: 'POST', url: GOOGLE, payload: { id_token: 'a.b.c' } });
    expect(post.statusCode).toBe(502);
    expect(post.json()).toEqual({ detail: 'Google sign-in is unavailable right now. Please try again shortly.', code: 'google_unavailable' });
    const start = await stranded.app.inject({ method: 'GET', url: START });
    expect(start.statusCode).toBe(302);
    expect(completion(start.headers.location ?? null).error).toBe('Google sign-in is unavailable right now. Please try again shortly.');
  });
});
