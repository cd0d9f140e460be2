import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Tokens } from '#contracts/shared/session';
import { ApiError, createApiClient } from '#src/services/shared/api';
import { createTokenRenewer } from '#src/services/shared/token-renewal';
import type { TokenStore } from '#src/services/shared/token-store';
import { startTestServer, type RecordedRequest, type TestServer } from '../../support/http-test-server';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

/** Tokens kept in memory, as the browser store keeps them in web storage. */
function memoryTokens(initial: Tokens | null): TokenStore & { current: Tokens | null } {
  const store = {
    current: initial,
    accessToken: () => store.current?.access ?? null,
    refreshToken: () => store.current?.refresh ?? null,
    save: (tokens: Tokens) => {
      store.current = tokens;
    },
    replace: (tokens: Tokens) => {
      store.current = tokens;
    },
    clear: () => {
      store.current = null;
    },
  };
  return store;
}

function setup(initial: Tokens | null) {
  const tokens = memoryTokens(initial);
  let sessionLost = 0;
  const base = `${server.url}/api/v2`;
  const renew = createTokenRenewer({ baseUrl: base, tokens, onSessionLost: () => (sessionLost += 1) });
  const api = createApiClient({ baseUrl: base, tokens, renew });
  return { api, tokens, lost: () => sessionLost };
}

const isRefresh = (request: RecordedRequest) => request.url === '/api/v2/auth/token/refresh/';
const bearer = (request: RecordedRequest) => request.headers.authorization;

/** A server whose only valid access token is `valid`, and whose refresh answers `renewal`. */
function serve(renewal: () => { status: number; json?: unknown }) {
  server.respondWith((request) => {
    if (isRefresh(request)) return renewal();
    return bearer(request) === 'Bearer valid'
      ? { json: { ok: true } }
      : { status: 401, json: { detail: 'The access token has expired.', code: 'token_expired' } };
  });
}

describe('renewing an expired access token', () => {
  it('renews once with the refresh token, stores the new pair and repeats the call', async () => {
    serve(() => ({ status: 200, json: { access: 'valid', refresh: 'r2' } }));
    const { api, tokens, lost } = setup({ access: 'expired', refresh: 'r1' });

    await expect(api.get('auth/me/')).resolves.toEqual({ ok: true });
    const refreshCalls = server.requests.filter(isRefresh);
    expect(refreshCalls).toHaveLength(1);
    expect(JSON.parse(refreshCalls[0]!.body)).toEqual({ refresh: 'r1' });
    expect(bearer(refreshCalls[0]!)).toBeUndefined();
    expect(tokens.current).toEqual({ access: 'valid', refresh: 'r2' });
    expect(server.requests.map((request) => request.url)).toEqual(['/api/v2/auth/me/', '/api/v2/auth/token/refresh/', '/api/v2/auth/me/']);
    expect(lost()).toBe(0);
  });

  it('shares one renewal between calls that fail at the same time', async () => {
    serve(() => ({ status: 200, json: { access: 'valid', refresh: 'r2' } }));
    const { api } = setup({ access: 'expired', refresh: 'r1' });
    await Promise.all([api.get('a/'), api.get('b/'), api.get('c/')]);
    expect(server.requests.filter(isRefresh)).toHaveLength(1);
  });

  it('clears the tokens and reports the lost session when renewal is refused, without looping', async () => {
    serve(() => ({ status: 401, json: { detail: 'This session has ended.', code: 'token_invalid' } }));
    const { api, tokens, lost } = setup({ access: 'expired', refresh: 'revoked' });

    const error = await api.get('auth/me/').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(server.requests.filter(isRefresh)).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
    expect(tokens.current).toBeNull();
    expect(lost()).toBe(1);
  });

  it('does not try to renew a call sent without a token', async () => {
    serve(() => ({ status: 200, json: { access: 'valid', refresh: 'r2' } }));
    const { api, lost } = setup(null);
    await expect(api.get('auth/me/')).rejects.toBeInstanceOf(ApiError);
    expect(server.requests.filter(isRefresh)).toHaveLength(0);
    expect(lost()).toBe(0);
  });

  it('keeps the session when the renewal call cannot reach the server', async () => {
    server.respondWith((request) => (isRefresh(request) ? { destroy: true } : { status: 401, json: { detail: 'expired' } }));
    const { api, tokens, lost } = setup({ access: 'expired', refresh: 'r1' });
    await expect(api.get('auth/me/')).rejects.toBeInstanceOf(ApiError);
    expect(tokens.current).toEqual({ access: 'expired', refresh: 'r1' });
    expect(lost()).toBe(0);
  });

  it('replays a changing call with its body and the new token', async () => {
    serve(() => ({ status: 200, json: { access: 'valid', refresh: 'r2' } }));
    const { api } = setup({ access: 'expired', refresh: 'r1' });
    await expect(api.patch('categories/3/', { name: 'Soups', description: 'Hot' })).resolves.toEqual({ ok: true });
    const [refused, , replayed] = server.requests;
    expect(bearer(refused!)).toBe('Bearer expired');
    expect(bearer(replayed!)).toBe('Bearer valid');
    expect(replayed?.method).toBe('PATCH');
    expect(replayed?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(replayed?.body ?? '')).toEqual({ name: 'Soups', description: 'Hot' });
  });

  it('renews only once when the replay is refused too', async () => {
    // The renewed token is no better: the call fails with the 401 instead of renewing again.
    serve(() => ({ status: 200, json: { access: 'still-refused', refresh: 'r2' } }));
    const { api, lost } = setup({ access: 'expired', refresh: 'r1' });
    const error = await api.get('auth/me/').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(server.requests.map(bearer)).toEqual(['Bearer expired', undefined, 'Bearer still-refused']);
    expect(lost()).toBe(0);
  });

  it('does not renew a call made with auth: false, even with a session stored', async () => {
    serve(() => ({ status: 200, json: { access: 'valid', refresh: 'r2' } }));
    const { api, tokens } = setup({ access: 'expired', refresh: 'r1' });
    await expect(api.get('auth/me/', { auth: false })).rejects.toBeInstanceOf(ApiError);
    expect(server.requests.map(bearer)).toEqual([undefined]);
    expect(tokens.current).toEqual({ access: 'expired', refresh: 'r1' });
  });
});

/** An access token shaped as the server signs one (only `exp` matters here; the signature is not checked by the client). */
const jwtExpiringAt = (exp: number) =>
  ['{"alg":"HS256","typ":"JWT"}', JSON.stringify({ sub: '1', exp })].map((part) => Buffer.from(part).toString('base64url')).join('.') + '.signature';

describe('renewing ahead of expiry', () => {
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('renews before a call whose token has run out by its exp, so the server never answers 401', async () => {
    const expired = jwtExpiringAt(nowSeconds() - 5);
    server.respondWith((request) => {
      if (isRefresh(request)) return { json: { access: 'valid', refresh: 'r2' } };
      return bearer(request) === 'Bearer valid'
        ? { json: { ok: true } }
        : { status: 401, json: { detail: 'The access token has expired.', code: 'token_expired' } };
    });
    const { api, tokens } = setup({ access: expired, refresh: 'r1' });

    await expect(api.get('auth/me/')).resolves.toEqual({ ok: true });
    expect(server.requests.map((request) => [request.url, bearer(request)])).toEqual([
      ['/api/v2/auth/token/refresh/', undefined],
      ['/api/v2/auth/me/', 'Bearer valid'],
    ]);
    expect(tokens.current).toEqual({ access: 'valid', refresh: 'r2' });
  });
});
