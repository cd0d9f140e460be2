import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { number, object, string } from 'superstruct';
import { ApiError, createApiClient, type ApiClientOptions } from '#src/services/shared/api';
import { UnexpectedAnswerError } from '#src/services/shared/http-common';
import { ACCESS_TOKEN_KEY, browserTokens, type TokenReader } from '#src/services/shared/token-store';
import type { TestServer } from '../../support/http-test-server';
import { closeMechanicsServer, rejectionOf, startMechanicsServer } from './client-mechanics';

let server: TestServer;

beforeEach(async () => {
  server = await startMechanicsServer();
});
afterEach(() => closeMechanicsServer(server));

const tokens = (token: string | null): TokenReader => ({ accessToken: () => token });

const client = (overrides: Partial<ApiClientOptions> = {}) => createApiClient({ baseUrl: `${server.url}/api/v2`, tokens: tokens(null), ...overrides });

const rejection = (promise: Promise<unknown>): Promise<ApiError> => rejectionOf(promise, ApiError);

describe('paths', () => {
  it.each(['auth/me', '/auth/me', 'auth/me/', '/auth/me/'])('%s is requested as /api/v2/auth/me/', async (path) => {
    server.enqueue({ json: {} });
    await client().get(path);
    expect(server.requests[0]?.url).toBe('/api/v2/auth/me/');
  });

  it('keeps a query string after the slash and appends searchParams', async () => {
    server.enqueue({ json: [] }, { json: [] });
    await client().get('menu/items?ordering=name');
    await client().getList('menu/items', { searchParams: { page: 1, search: 'soup', category: null } });
    expect(server.requests.map((request) => request.url)).toEqual(['/api/v2/menu/items/?ordering=name', '/api/v2/menu/items/?page=1&search=soup']);
  });

  it('resolves a relative base against the page origin', async () => {
    vi.stubGlobal('location', { origin: server.url });
    server.enqueue({ json: {} });
    await createApiClient({ baseUrl: '/api/v2', tokens: tokens(null) }).get('health');
    expect(server.requests[0]?.url).toBe('/api/v2/health/');
  });

  it('sends each verb as itself', async () => {
    server.respondWith(() => ({ json: {} }));
    const api = client();
    await api.get('x');
    await api.post('x', {});
    await api.put('x', {});
    await api.patch('x', {});
    await api.delete('x');
    expect(server.requests.map((request) => request.method)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  });
});

describe('bearer token', () => {
  it('sends the stored access token', async () => {
    server.enqueue({ json: {} });
    await client({ tokens: tokens('abc.def.ghi') }).get('auth/me');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer abc.def.ghi');
  });

  it('sends no Authorization header when there is no token', async () => {
    server.enqueue({ json: {} });
    await client().get('auth/me');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('leaves the token off a call made with auth: false', async () => {
    server.enqueue({ json: {} });
    await client({ tokens: tokens('abc') }).post('auth/login', { email: 'a@b.co', password: 'x' }, { auth: false });
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('reads the token on every call, so a token saved after sign-in is used at once', async () => {
    let current: string | null = null;
    server.respondWith(() => ({ json: {} }));
    const api = client({ tokens: { accessToken: () => current } });
    await api.get('auth/me');
    current = 'fresh';
    await api.get('auth/me');
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([undefined, 'Bearer fresh']);
  });
});

describe('browserTokens', () => {
  const storage = (entries: Record<string, string>): Pick<Storage, 'getItem'> => ({
    getItem: (key) => entries[key] ?? null,
  });

  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('prefers localStorage, then sessionStorage, else null', () => {
    vi.stubGlobal('localStorage', storage({ [ACCESS_TOKEN_KEY]: 'remembered' }));
    vi.stubGlobal('sessionStorage', storage({ [ACCESS_TOKEN_KEY]: 'tab-only' }));
    expect(browserTokens.accessToken()).toBe('remembered');
    vi.stubGlobal('localStorage', storage({}));
    expect(browserTokens.accessToken()).toBe('tab-only');
    vi.stubGlobal('sessionStorage', storage({}));
    expect(browserTokens.accessToken()).toBeNull();
  });

  it('returns null when storage is missing altogether (Node, old browsers)', () => {
    expect(browserTokens.accessToken()).toBeNull();
  });

  it('answers null instead of throwing when storage is locked (private mode)', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    vi.stubGlobal('sessionStorage', {
      getItem() {
        throw new DOMException('Access is denied', 'SecurityError');
      },
    });
    expect(browserTokens.accessToken()).toBeNull();
  });

  it('feeds the client: the bearer comes from storage', async () => {
    vi.stubGlobal('sessionStorage', storage({ [ACCESS_TOKEN_KEY]: 'from-session' }));
    server.enqueue({ json: {} });
    await client({ tokens: browserTokens }).get('auth/me');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer from-session');
  });
});

describe('bodies', () => {
  it('sends plain values as JSON', async () => {
    server.enqueue({ json: {} });
    await client().put('onboarding/3/hours', { monday: null, tuesday: ['08:00', '20:00'] });
    const [request] = server.requests;
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ monday: null, tuesday: ['08:00', '20:00'] });
  });

  it('sends FormData as multipart with a boundary set by fetch', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'logo.png');
    form.append('max_w', '512');
    server.enqueue({ json: { url: '/media/logo.png' } });
    await expect(client({ tokens: tokens('t') }).post('upload/image', form)).resolves.toEqual({ url: '/media/logo.png' });

    const [request] = server.requests;
    const contentType = request?.headers['content-type'] ?? '';
    expect(contentType).toMatch(/^multipart\/form-data; boundary=.+/);
    expect(request?.headers.authorization).toBe('Bearer t');
    // Parse what actually arrived with the platform's own multipart reader.
    const received = await new Response(new Uint8Array(request?.rawBody ?? []), { headers: { 'content-type': contentType } }).formData();
    const file = received.get('file');
    expect(file).toBeInstanceOf(Blob);
    expect((file as File).name).toBe('logo.png');
    expect([...new Uint8Array(await (file as Blob).arrayBuffer())]).toEqual([137, 80, 78, 71]);
    expect(received.get('max_w')).toBe('512');
  });

  it('sends no body when none is given', async () => {
    server.enqueue({ json: { id: 4, launched: false } });
    await client().post('onboarding/start');
    expect(server.requests[0]?.body).toBe('');
    expect(server.requests[0]?.headers['content-type']).toBeUndefined();
  });

  it('reads an empty answer (204) as undefined', async () => {
    server.enqueue({ status: 204 });
    await expect(client().delete('menu/items/3')).resolves.toBeUndefined();
  });
});

describe('errors', () => {
  it.each([
    ['detail over message', { detail: 'Wrong password.', message: 'ignored' }, 'Wrong password.'],
    ['message when no detail', { message: 'Code expired' }, 'Code expired'],
    ['message when detail is blank', { detail: '', message: 'Code expired' }, 'Code expired'],
    ['HTTP status when neither', { error: 'x' }, 'HTTP 400'],
  ])('takes %s', async (_, json, message) => {
    server.enqueue({ status: 400, json });
    const error = await rejection(client().post('auth/login', {}, { auth: false }));
    expect(error.message).toBe(message);
    expect(error.status).toBe(400);
  });

  it('falls back to HTTP status when the body is not JSON', async () => {
    server.enqueue({ status: 502, statusText: 'Bad Gateway', body: '<html>bad gateway</html>' });
    const error = await rejection(client().get('auth/me'));
    expect(error.message).toBe('HTTP 502');
    expect(error.status).toBe(502);
  });

  it('keeps code and fields from the error body', async () => {
    server.enqueue({
      status: 409,
      json: { detail: 'Account already exists', code: 'conflict', fields: { email: 'Already registered.' } },
    });
    const error = await rejection(client().post('auth/register', {}, { auth: false }));
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('conflict');
    expect(error.fields).toEqual({ email: 'Already registered.' });
  });

  it('leaves code and fields undefined when the body has none', async () => {
    server.enqueue({ status: 403, json: { detail: 'Not allowed.' } });
    const error = await rejection(client().get('x'));
    expect(error.code).toBeUndefined();
    expect(error.fields).toBeUndefined();
  });

  it.each([401, 429, 500, 503])('does not retry %i (no idempotency key on this client)', async (status) => {
    server.enqueue({ status, json: { detail: 'no' } }, { json: { ok: true } });
    await rejection(client().post('onboarding/start'));
    expect(server.requests).toHaveLength(1);
  });

  it('reports a cut connection as ApiError with status 0, without retrying', async () => {
    server.enqueue({ destroy: true }, { json: {} });
    const error = await rejection(client().get('auth/me'));
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/^Network error: /);
    expect(server.requests).toHaveLength(1);
  });
});

describe('getList', () => {
  const rows = [{ id: 1 }, { id: 2 }];

  it('takes a plain array', async () => {
    server.enqueue({ json: rows });
    await expect(client().getList('menu/items')).resolves.toEqual({ items: rows, count: 2, next: null, previous: null });
  });

  it('takes rows under results, with count, next and previous', async () => {
    const next = `${server.url}/api/v2/menu/items/?page=3`;
    const previous = `${server.url}/api/v2/menu/items/?page=1`;
    server.enqueue({ json: { count: 42, next, previous, results: rows } });
    await expect(client().getList('menu/items')).resolves.toEqual({ items: rows, count: 42, next, previous });
  });

  it('takes rows under data', async () => {
    server.enqueue({ json: { data: rows, count: 9 } });
    await expect(client().getList('menu/items')).resolves.toEqual({ items: rows, count: 9, next: null, previous: null });
  });

  it('takes rows under items, counting them when no count is given', async () => {
    server.enqueue({ json: { items: rows, next: null } });
    await expect(client().getList('menu/items')).resolves.toEqual({ items: rows, count: 2, next: null, previous: null });
  });

  it('refuses an answer that holds no list', async () => {
    server.enqueue({ json: { rows } });
    const error = await client()
      .getList('menu/items')
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect((error as Error).message).toMatch(/expected a list \(an array, or rows under data, results or items\)/);
  });

  it('checks every row against the struct and names the bad one', async () => {
    const Row = object({ id: number() });
    server.enqueue({ json: { results: rows, count: 2 } }, { json: [{ id: 1 }, { id: 'two' }] });
    await expect(client().getList('menu/items', { struct: Row })).resolves.toMatchObject({ items: rows });
    await expect(client().getList('menu/items', { struct: Row })).rejects.toThrow(/^Unexpected answer from GET .*\/api\/v2\/menu\/items\/: 1\.id: /);
  });
});

describe('answer struct', () => {
  const Me = object({ id: number(), email: string() });

  it('returns the checked answer', async () => {
    server.enqueue({ json: { id: 7, email: 'a@b.co' } });
    const me = await client().get('auth/me', { struct: Me });
    expect(me.email).toBe('a@b.co');
  });

  it('raises a clear error naming the call and the field when the answer does not match', async () => {
    server.enqueue({ json: { id: 7 } });
    const error = await client()
      .get('auth/me', { struct: Me })
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect((error as Error).message).toMatch(/^Unexpected answer from GET .*\/api\/v2\/auth\/me\/: email: /);
  });
});
