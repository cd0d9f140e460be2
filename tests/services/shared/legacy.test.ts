import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { number, object, string } from 'superstruct';
import { LEGACY_TIMEOUT_MS, LegacyRequestError, createLegacyClient, legacyBackoff, type LegacyClientOptions } from '#src/services/shared/legacy';
import { UnexpectedAnswerError } from '#src/services/shared/http-common';
import type { TestServer } from '../../support/http-test-server';
import { closeMechanicsServer, rejectionOf, startMechanicsServer } from './client-mechanics';

let server: TestServer;

beforeEach(async () => {
  server = await startMechanicsServer();
});
afterEach(() => closeMechanicsServer(server));

/**
 * Near-zero backoff so the retry paths run in milliseconds. The time-out stays the default 10 s
 * unless a test is about time-outs: an answer slowed by a loaded machine must not count as one.
 */
const client = (overrides: Partial<LegacyClientOptions> = {}) => createLegacyClient({ baseUrl: `${server.url}/api`, retryDelayMs: () => 5, ...overrides });
/** For the time-out tests: 1 s, against answers held for 2 s (a loaded machine's margin both ways). */
const timingOutClient = () => client({ timeoutMs: 1_000 });

const rejection = (promise: Promise<unknown>): Promise<LegacyRequestError> => rejectionOf(promise, LegacyRequestError);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('paths', () => {
  it.each(['messages', '/messages', 'messages/', '/messages/'])('%s is requested as /api/messages/', async (path) => {
    server.enqueue({ json: [] });
    await client().get(path);
    expect(server.requests.map((request) => request.url)).toEqual(['/api/messages/']);
  });

  it('keeps a query string after the forced slash', async () => {
    server.enqueue({ json: [] }, { json: {} });
    await client().get('messages?page=2&page_size=20');
    await client().post('/messages/7/mark_read?x=1');
    expect(server.requests.map((request) => request.url)).toEqual(['/api/messages/?page=2&page_size=20', '/api/messages/7/mark_read/?x=1']);
  });

  it('adds searchParams after the slash, skipping empty ones', async () => {
    server.enqueue({ json: [] });
    await client().get('messages', { searchParams: { page: 2, page_size: 50, search: undefined } });
    expect(server.requests[0]?.url).toBe('/api/messages/?page=2&page_size=50');
  });

  it('resolves a relative base against the page origin', async () => {
    vi.stubGlobal('location', { origin: server.url });
    server.enqueue({ json: [] });
    await createLegacyClient({ baseUrl: '/api' }).get('messages');
    expect(server.requests[0]?.url).toBe('/api/messages/');
  });

  it('says what is missing when a relative base has no page origin', async () => {
    await expect(createLegacyClient({ baseUrl: '/api' }).get('messages')).rejects.toThrow(/needs a browser location/);
  });
});

describe('answers', () => {
  const Row = object({ id: number(), email: string() });

  it('returns the parsed JSON answer', async () => {
    server.enqueue({ json: { results: [1, 2], count: 2 } });
    await expect(client().get('messages')).resolves.toEqual({ results: [1, 2], count: 2 });
  });

  it('returns the answer checked by the given struct', async () => {
    server.enqueue({ json: { id: 1, email: 'a@b.co' } });
    const row = await client().post('messages', { email: 'a@b.co' }, { struct: Row });
    expect(row).toEqual({ id: 1, email: 'a@b.co' });
  });

  it('raises a clear error when the answer does not match the struct', async () => {
    server.enqueue({ json: { id: 'one', email: 'a@b.co' } });
    const error = await client()
      .get('messages/1', { struct: Row })
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect((error as Error).message).toMatch(/^Unexpected answer from GET http:\/\/127\.0\.0\.1:\d+\/api\/messages\/1\/: id: /);
  });

  it('raises a clear error when a success answer is not JSON', async () => {
    server.enqueue({ body: '<html>proxy page</html>' });
    await expect(client().get('messages')).rejects.toThrow(/Unexpected answer from GET .*: not JSON/);
  });
});

describe('time-out', () => {
  it('defaults to 10 s', () => {
    expect(LEGACY_TIMEOUT_MS).toBe(10_000);
  });

  it('waits longer than a short answer delay with the default time-out', async () => {
    server.enqueue({ json: { ok: true }, delayMs: 300 });
    await expect(createLegacyClient({ baseUrl: `${server.url}/api` }).get('slow')).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(1);
  });

  it('throws "Request timed out" after the first try and 2 retries all time out', async () => {
    server.respondWith(() => ({ json: {}, delayMs: 2_000 }));
    const error = await rejection(timingOutClient().get('messages'));
    expect(error.message).toBe('Request timed out');
    expect(error.status).toBe(0);
    expect(error.kind).toBe('timeout');
    expect(server.requests).toHaveLength(3);
  });

  it.each(['get', 'post'] as const)('retries a timed-out %s and takes the next answer', async (method) => {
    server.enqueue({ json: {}, delayMs: 2_000 }, { json: { ok: true } });
    const api = timingOutClient();
    const answer = method === 'get' ? api.get('messages') : api.post('messages', { a: 1 });
    await expect(answer).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });
});

describe('retries', () => {
  const cases = [429, 500, 502, 503, 504].flatMap(
    (status) =>
      [
        ['get', status],
        ['post', status],
      ] as const,
  );

  it.each(cases)('%s retries on %i and returns the next answer', async (method, status) => {
    server.enqueue({ status, body: 'busy' }, { json: { ok: true } });
    const api = client();
    const answer = method === 'get' ? api.get('messages') : api.post('messages', { a: 1 });
    await expect(answer).resolves.toEqual({ ok: true });
    expect(server.requests.map((request) => request.method)).toEqual([method.toUpperCase(), method.toUpperCase()]);
  });

  it.each(['get', 'post'] as const)('%s gives up after 2 retries and reports the last answer', async (method) => {
    server.enqueue(
      { status: 503, body: 'first' },
      { status: 502, body: 'second' },
      { status: 500, statusText: 'Internal Server Error', body: 'third' },
      { json: { never: 'reached' } },
    );
    const api = client();
    const error = await rejection(method === 'get' ? api.get('messages') : api.post('messages', {}));
    expect(error.message).toBe('HTTP 500 Internal Server Error: third');
    expect(server.requests).toHaveLength(3);
  });

  it.each(['get', 'post'] as const)('%s retries a failed fetch (connection cut) and returns the next answer', async (method) => {
    server.enqueue({ destroy: true }, { json: { ok: true } });
    const api = client();
    const answer = method === 'get' ? api.get('messages') : api.post('messages', {});
    await expect(answer).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after 2 retries of failed fetches', async () => {
    server.respondWith(() => ({ destroy: true }));
    const error = await rejection(client().get('messages'));
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/^Network error: /);
    expect(server.requests).toHaveLength(3);
  });

  it('retries a mix of failures, counting them together', async () => {
    server.enqueue({ status: 429 }, { destroy: true }, { json: {}, delayMs: 2_000 }, { json: { ok: true } });
    const error = await rejection(timingOutClient().get('messages'));
    expect(error.message).toBe('Request timed out');
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a fetch that failed for another reason than the network', async () => {
    const failing = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('x is not a function')));
    const error = await client({ fetch: failing })
      .get('messages')
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe('x is not a function');
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it.each([400, 401, 403, 404, 408, 409, 413])('does not retry %i', async (status) => {
    server.enqueue({ status, body: 'no' }, { json: { ok: true } });
    const error = await rejection(client().post('messages', {}));
    expect(error.status).toBe(status);
    expect(server.requests).toHaveLength(1);
  });

  it('passes the attempt number to the backoff (1, then 2)', async () => {
    const retryDelayMs = vi.fn(() => 1);
    server.respondWith(() => ({ status: 503 }));
    await rejection(client({ retryDelayMs }).get('messages'));
    expect(retryDelayMs.mock.calls).toEqual([[1], [2]]);
  });

  it('keeps to its own backoff even when the server sends a long Retry-After', async () => {
    // An hour: honouring it would blow the test's time limit.
    server.enqueue({ status: 429, headers: { 'retry-after': '3600' } }, { json: { ok: true } });
    await expect(client().get('messages')).resolves.toEqual({ ok: true });
  });

  it('backs off 250 ms x the attempt number by default (lower bounds from arrival times)', async () => {
    expect([1, 2].map(legacyBackoff)).toEqual([250, 500]);
    server.respondWith(() => ({ status: 503 }));
    await rejection(createLegacyClient({ baseUrl: `${server.url}/api` }).post('messages', {}));
    const [first, second, third] = server.requests.map((request) => request.at);
    expect(server.requests).toHaveLength(3);
    expect(second! - first!).toBeGreaterThanOrEqual(250);
    expect(third! - second!).toBeGreaterThanOrEqual(500);
  });
});

describe('answers cut after their headers', () => {
  /** Real fetch to the test server, but the first `cuts` answers lose their body midway, as when the connection drops. */
  const cutting =
    (cuts: number): typeof fetch =>
    async (input, init) => {
      const response = await fetch(input, init);
      if (cuts <= 0) return response;
      cuts -= 1;
      await response.body?.cancel();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"id":'));
          controller.error(new TypeError('terminated'));
        },
      });
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    };

  it.each(['get', 'post'] as const)('%s retries an answer whose body was cut and returns the next one', async (method) => {
    server.respondWith(() => ({ json: { id: 1 } }));
    const api = client({ fetch: cutting(1) });
    const answer = method === 'get' ? api.get('messages') : api.post('messages', { a: 1 });
    await expect(answer).resolves.toEqual({ id: 1 });
    expect(server.requests).toHaveLength(2);
    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
  });

  it('gives up after 2 retries of cut answers, as a network error', async () => {
    server.respondWith(() => ({ json: { id: 1 } }));
    const retryDelayMs = vi.fn(() => 1);
    const error = await rejection(client({ fetch: cutting(3), retryDelayMs }).get('messages'));
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
    expect(error.message).toBe('Network error: terminated');
    expect(server.requests).toHaveLength(3);
    expect(retryDelayMs.mock.calls).toEqual([[1], [2]]);
  });
});

describe('errors', () => {
  it('quotes a JSON error body as the server sent it', async () => {
    const body = '{"detail": "Bad zip",\n "fields": {"zip_code": "too long"}}';
    server.enqueue({ status: 400, statusText: 'Bad Request', body, headers: { 'content-type': 'application/json' } });
    const error = await rejection(client().post('messages', {}));
    expect(error.message).toBe(`HTTP 400 Bad Request: ${body}`);
    expect(error.body).toBe(body);
  });

  it('reads "HTTP {status} {statusText}: {body}" and keeps the status', async () => {
    server.enqueue({ status: 404, statusText: 'Not Found', body: 'no such message' });
    const error = await rejection(client().get('messages/9'));
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('HTTP 404 Not Found: no such message');
    expect(error.status).toBe(404);
    expect(error.kind).toBe('http');
  });

  it('cuts the body to its first 300 characters in the message', async () => {
    const body = `${'a'.repeat(299)}Z${'b'.repeat(200)}`;
    server.enqueue({ status: 400, statusText: 'Bad Request', body });
    const error = await rejection(client().post('messages', {}));
    expect(error.message).toBe(`HTTP 400 Bad Request: ${'a'.repeat(299)}Z`);
    expect(error.body).toBe(body);
  });

  it('reads the error body in the charset the answer names', async () => {
    server.enqueue({ status: 400, statusText: 'Bad Request', body: 'replaced' });
    const latin1: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      await response.body?.cancel();
      const headers = { 'content-type': 'text/plain; charset=iso-8859-1' };
      return new Response(new Uint8Array([0x63, 0x61, 0x66, 0xe9]), { status: response.status, statusText: response.statusText, headers });
    };
    const error = await rejection(client({ fetch: latin1 }).post('messages', {}));
    expect(error.message).toBe('HTTP 400 Bad Request: café');
  });

  it('leaves a short error body whole, including an empty one', async () => {
    server.enqueue({ status: 409, statusText: 'Conflict' });
    const error = await rejection(client().post('messages', {}));
    expect(error.message).toBe('HTTP 409 Conflict: ');
  });
});

describe('cookies', () => {
  it('sends no cookie, even after the server set one, and asks fetch to omit credentials', async () => {
    const credentials: RequestCredentials[] = [];
    // Real fetch underneath; the wrapper only notes what ky asked it to do.
    const observed: typeof fetch = (input, init) => {
      if (input instanceof Request) credentials.push(input.credentials);
      return fetch(input, init);
    };
    server.enqueue({ json: {}, headers: { 'set-cookie': 'sessionid=abc; Path=/' } }, { json: {} });
    const api = client({ fetch: observed });
    await api.get('messages');
    await api.post('messages', {});
    expect(server.requests.map((request) => request.headers.cookie)).toEqual([undefined, undefined]);
    expect(credentials).toEqual(['omit', 'omit']);
  });
});

describe('idempotency key', () => {
  it('sends one key on every retry of the same POST', async () => {
    server.enqueue({ status: 503 }, { destroy: true }, { json: { id: 1 } });
    await client().post('messages', { email: 'a@b.co' });
    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(UUID);
    expect(new Set(keys).size).toBe(1);
  });

  it('keeps the key across a time-out retry too', async () => {
    server.enqueue({ json: {}, delayMs: 2_000 }, { json: { id: 1 } });
    await timingOutClient().post('messages', {});
    const [first, second] = server.requests.map((request) => request.headers['idempotency-key']);
    expect(first).toMatch(UUID);
    expect(second).toBe(first);
  });

  it('uses a new key for each separate POST', async () => {
    server.respondWith(() => ({ json: {} }));
    const api = client();
    await api.post('messages', {});
    await api.post('messages', {});
    const [first, second] = server.requests.map((request) => request.headers['idempotency-key']);
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
  });

  it('sends the POST body as JSON, and no key on GET', async () => {
    server.respondWith(() => ({ json: {} }));
    const api = client();
    await api.post('messages', { zip_code: '10001' });
    await api.get('messages');
    const [post, get] = server.requests;
    expect(post?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post?.body ?? '')).toEqual({ zip_code: '10001' });
    expect(get?.headers['idempotency-key']).toBeUndefined();
  });
});

describe('administrators’ calls', () => {
  const tokens = (token: string | null) => ({ accessToken: () => token });

  it('sends the bearer token only on calls marked auth, never a cookie', async () => {
    server.enqueue({ json: [] }, { json: [] });
    const staff = client({ tokens: tokens('staff-token') });
    await staff.get('messages');
    await staff.get('messages', { auth: true });
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([undefined, 'Bearer staff-token']);
  });

  it('renews once after a 401 and repeats the call with the new token', async () => {
    let token = 'old';
    const renew = vi.fn(async () => {
      token = 'new';
      return true;
    });
    server.enqueue({ status: 401, json: { detail: 'Expired.' } }, { json: { count: 0 } });
    const answer = await client({ tokens: { accessToken: () => token }, renew }).get('messages', { auth: true });
    expect(answer).toEqual({ count: 0 });
    expect(renew).toHaveBeenCalledTimes(1);
    expect(server.requests.map((request) => request.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('gives up with the 401 when renewal fails, and renews at most once per call', async () => {
    const renew = vi.fn(async () => true);
    server.enqueue({ status: 401, json: { detail: 'Expired.' } }, { status: 401, json: { detail: 'Still expired.' } });
    const error = await rejection(client({ tokens: tokens('t'), renew }).get('messages', { auth: true }));
    expect(error.status).toBe(401);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('does not repeat the call when the renewal itself throws', async () => {
    const renew = vi.fn(async (): Promise<boolean> => {
      throw new Error('renewal broke');
    });
    server.enqueue({ status: 401, json: { detail: 'Expired.' } }, { json: { count: 0 } });
    await expect(client({ tokens: tokens('t'), renew }).get('messages', { auth: true })).rejects.toThrow('renewal broke');
    expect(server.requests).toHaveLength(1);
  });

  it('downloads a file with the name the server gave it', async () => {
    server.enqueue({
      body: 'id,email\n1,a@example.com\n',
      headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="leads-2026-11-25.csv"' },
    });
    const file = await client({ tokens: tokens('t') }).getFile('messages/export', { auth: true, searchParams: { status: 'new' } });
    expect(file.filename).toBe('leads-2026-11-25.csv');
    expect(await file.blob.text()).toBe('id,email\n1,a@example.com\n');
    expect(server.requests[0]?.url).toBe('/api/messages/export/?status=new');
  });

  it('refuses a failed download with the older client’s message', async () => {
    server.enqueue({ status: 403, statusText: 'Forbidden', json: { detail: 'Administrators only.' } });
    const error = await rejection(client().getFile('messages/export'));
    expect(error.message).toBe('HTTP 403 Forbidden: {"detail":"Administrators only."}');
  });
});
