import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '#contracts/leads';
import { ContractViolation } from '#contracts/shared/validation';
import { UnexpectedAnswerError } from '#src/services/shared/http-common';
import { LegacyRequestError, createLegacyClient, type LegacyClient } from '#src/services/shared/legacy';
import { createSignup } from '#src/services/leads/messages';
import { startTestServer, type TestServer } from '../../support/http-test-server';

let server: TestServer;
let client: LegacyClient;

beforeEach(async () => {
  server = await startTestServer();
  client = createLegacyClient({ baseUrl: `${server.url}/api`, timeoutMs: 200, retryDelayMs: () => 5 });
});

afterEach(async () => {
  await server.close();
});

const stored = (body: { email: string; zip_code: string; message?: string }, id = 1): Message => ({
  id,
  created_at: '2025-01-01T00:00:00.000Z',
  email: body.email,
  zip_code: body.zip_code,
  message: body.message ?? '',
  status: 'new',
  user_agent: null,
});

describe('createSignup', () => {
  it('POSTs the cleaned-up sign-up to /api/messages/ and returns the stored message', async () => {
    server.respondWith((request) => ({ status: 201, json: stored(JSON.parse(request.body)) }));
    const message = await createSignup({ zip_code: ' 10001 ', email: ' Ann@Example.COM ', message: 'Hi' }, { client });

    expect(message).toEqual(stored({ email: 'ann@example.com', zip_code: '10001', message: 'Hi' }));
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/messages/');
    expect(request?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(request?.body ?? '')).toEqual({ zip_code: '10001', email: 'ann@example.com', message: 'Hi' });
  });

  it('refuses input that breaks the contract before calling the server', async () => {
    await expect(createSignup({ zip_code: '1', email: 'not-an-email' }, { client })).rejects.toBeInstanceOf(ContractViolation);
    expect(server.requests).toHaveLength(0);
  });

  it('raises a clear error when the answer is not a Message', async () => {
    server.enqueue({ status: 201, json: { ok: true } });
    const error = await createSignup({ zip_code: '10001', email: 'a@b.co' }, { client }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect((error as Error).message).toMatch(/^Unexpected answer from POST .*\/api\/messages\/: id: /);
  });

  it('creates one row when the first answer is lost: the retry repeats the key and gets the first answer', async () => {
    // The server keeps the first answer per key, as PRODUCT.md requires of the real one.
    const byKey = new Map<string, Message>();
    let lost = false;
    server.respondWith((request) => {
      const key = String(request.headers['idempotency-key']);
      if (!byKey.has(key)) byKey.set(key, stored(JSON.parse(request.body), byKey.size + 1));
      if (!lost) {
        lost = true;
        return { destroy: true };
      }
      return { status: 201, json: byKey.get(key) };
    });

    const message = await createSignup({ zip_code: '10001', email: 'a@b.co' }, { client });
    expect(server.requests).toHaveLength(2);
    expect(byKey.size).toBe(1);
    expect(message.id).toBe(1);
  });

  it('sends separate calls under the key it is given, so a repeated press is answered, not stored twice', async () => {
    server.respondWith((request) => ({ status: 201, json: stored(JSON.parse(request.body)) }));
    await createSignup({ zip_code: '10001', email: 'a@b.co' }, { client, idempotencyKey: 'press-1' });
    await createSignup({ zip_code: '10001', email: 'a@b.co' }, { client, idempotencyKey: 'press-1' });
    expect(server.requests.map((request) => request.headers['idempotency-key'])).toEqual(['press-1', 'press-1']);
  });

  it('passes the legacy client error on when the server keeps failing', async () => {
    server.respondWith(() => ({ status: 503, statusText: 'Service Unavailable', body: 'down' }));
    const error = await createSignup({ zip_code: '10001', email: 'a@b.co' }, { client }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(LegacyRequestError);
    expect((error as Error).message).toBe('HTTP 503 Service Unavailable: down');
    expect(server.requests).toHaveLength(3);
  });
});
