import { SignJWT, base64url } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '#server/domain/shared/keys';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '#server/domain/accounts/sessions';
import { memoryMailer, manualClock, authAppForFile } from './auth-helpers';
import { testConfig } from '../test-app';

const mailer = memoryMailer();
const clock = manualClock();
const { api } = authAppForFile(mailer, clock, 3);
let access: string;
let userId: string;
const key = deriveKeys(testConfig().secretKey ?? '').accessToken;

beforeAll(async () => {
  await api.post('/auth/register/', { email: 'token@example.com', accepted_terms: true });
  access = (await api.post('/auth/verify/', { email: 'token@example.com', code: mailer.codeFor('token@example.com') })).json().access;
  userId = String((await api.get('/auth/me/', access)).json().id);
});

const sign = (claims: Record<string, unknown>, options: { key?: Uint8Array; iss?: string; aud?: string; exp?: number; alg?: string } = {}) => {
  const now = Math.floor(clock.now().getTime() / 1000);
  // `sep`: the user's session epoch, 0 until their sessions are first ended.
  return new SignJWT({ typ: 'access', sep: 0, ...claims })
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setSubject(userId)
    .setIssuer(options.iss ?? TOKEN_ISSUER)
    .setAudience(options.aud ?? TOKEN_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(options.exp ?? now + 900)
    .sign(options.key ?? key);
};
const me = (token: string) => api.get('/auth/me/', token);

describe('access tokens', () => {
  it('are accepted when genuine (the forging helper is right)', async () => {
    expect((await me(await sign({}))).statusCode).toBe(200);
  });

  it('carry HS256, typ access, sub, iss, aud, iat and a ~15 minute exp', () => {
    const [header, payload] = access
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(new TextDecoder().decode(base64url.decode(part ?? ''))) as Record<string, unknown>);
    expect(header).toMatchObject({ alg: 'HS256' });
    expect(payload).toMatchObject({ typ: 'access', sub: userId, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, sep: 0 });
    expect(Number(payload?.exp) - Number(payload?.iat)).toBe(900);
  });

  it.each([
    [
      'a tampered payload',
      async () => {
        const [h, , s] = access.split('.');
        const forged = base64url.encode(JSON.stringify({ typ: 'access', sub: '999', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, exp: 4_000_000_000, iat: 1 }));
        return `${h}.${forged}.${s}`;
      },
    ],
    ['a tampered signature', async () => `${access.slice(0, -4)}AAAA`],
    [
      'alg: none',
      async () => {
        const now = Math.floor(clock.now().getTime() / 1000);
        const part = (value: object) => base64url.encode(JSON.stringify(value));
        return `${part({ alg: 'none', typ: 'JWT' })}.${part({ typ: 'access', sub: userId, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now, exp: now + 900 })}.`;
      },
    ],
    ['another algorithm (HS512 with the same key)', () => sign({}, { alg: 'HS512' })],
    ['another key', () => sign({}, { key: new Uint8Array(32).fill(7) })],
    ['a wrong audience', () => sign({}, { aud: 'someone-else' })],
    ['a wrong issuer', () => sign({}, { iss: 'someone-else' })],
    ['a wrong type', () => sign({ typ: 'refresh' })],
    ['no session epoch (signed before epochs existed)', () => sign({ sep: undefined })],
    ['a later session epoch than the user has', () => sign({ sep: 1 })],
    ['a session epoch that is no whole number', () => sign({ sep: '0' })],
    ['garbage', async () => 'not.a.jwt'],
  ])('refuse %s with 401 token_invalid', async (_label, make) => {
    const response = await me(await make());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Your session is not valid. Please sign in again.', code: 'token_invalid' });
  });

  it('refuse an expired token with 401 token_expired (injected clock)', async () => {
    const token = await sign({});
    clock.advance(901_000);
    try {
      const response = await me(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'token_expired' });
    } finally {
      clock.advance(-901_000);
    }
  });
});

describe('rate limits on sensitive endpoints', () => {
  it.each([
    ['login', '/auth/login/', { email: 'x@example.com', password: 'whatever1' }],
    ['verify', '/auth/verify/', { email: 'x@example.com', code: '123456' }],
    ['forgot', '/auth/password/forgot/', { email: 'x@example.com' }],
    ['reset', '/auth/password/reset/', { email: 'x@example.com', code: '123456', password: 'whatever1' }],
  ])('%s answers 429 with Retry-After past the per-minute budget (3 here)', async (_label, path, body) => {
    // verify was already called once while signing in, so its budget runs out one call earlier.
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i += 1) {
      last = await api.post(path, body);
      statuses.push(last.statusCode);
    }
    expect(statuses[0]).not.toBe(429);
    expect(statuses[3]).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.json()).toMatchObject({ code: 'rate_limited', detail: expect.stringMatching(/^Too many requests/) });
  });
});
