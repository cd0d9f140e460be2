/**
 * The doubles answer as the real server does: the same request, with an unknown field, sent to
 * the real server (app.inject) and through each kind of double (the route table behind the
 * machine and view doubles, and the local HTTP server behind the client tests) gets the same
 * 400 `{detail, code, fields}`; a body the server accepts passes the doubles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor } from '../../server/accounts/auth-helpers';
import { createTestApp, type TestApp } from '../../server/test-app';
import { checkAgainstServer } from '../../support/contract-routes';
import { startTestServer, type TestServer } from '../../support/http-test-server';

let t: TestApp;
let server: TestServer;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  server = await startTestServer();
  server.respondWith(() => ({ status: 200, json: { scripted: true } }));
  token = await accessTokenFor(t, 'owner@example.com');
});

afterAll(async () => {
  await server.close();
  await t.close();
});

type Case = { method: 'GET' | 'POST' | 'PATCH'; url: string; body?: object; signedIn?: boolean };

async function realAnswer({ method, url, body, signedIn }: Case) {
  const response = await t.app.inject({
    method,
    url,
    ...(body ? { payload: body } : {}),
    headers: signedIn ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

/** What the machine and view doubles answer (null: accepted, the fake's scripted answer follows). */
const tableAnswer = ({ method, url, body }: Case) => checkAgainstServer({ method, url: `http://localhost${url}`, body });

async function testServerAnswer({ method, url, body }: Case) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const UNKNOWN_FIELD: [string, Case, string][] = [
  // The category editor's bug: the detail update carried category_id.
  [
    'a category detail update',
    { method: 'PATCH', url: '/api/v2/categories/detail/11/', body: { category_id: 1, priced_by: 'size' }, signedIn: true },
    'category_id',
  ],
  ['the landing sign-up (older backend)', { method: 'POST', url: '/api/messages/', body: { email: 'a@b.co', zip_code: '10001', colour: 'red' } }, 'colour'],
  ['a list query', { method: 'GET', url: '/api/v2/categories/?page_size=10&colour=red', signedIn: true }, 'colour'],
];

describe('a request with an unknown field', () => {
  it.each(UNKNOWN_FIELD)('%s: the doubles answer what the real server answers', async (_name, request, field) => {
    const real = await realAnswer(request);
    expect(real).toEqual({ status: 400, body: { detail: 'Some fields are not valid.', code: 'invalid', fields: { [field]: 'Unknown field.' } } });
    expect(await tableAnswer(request)).toEqual(real);
    expect(await testServerAnswer(request)).toEqual(real);
  });
});

describe('a request the server accepts', () => {
  it('passes the doubles to their scripted answer', async () => {
    const request: Case = { method: 'POST', url: '/api/messages/', body: { email: 'a@b.co', zip_code: '10001' } };
    expect((await realAnswer(request)).status).toBe(201);
    expect(await tableAnswer(request)).toBeNull();
    expect(await testServerAnswer(request)).toEqual({ status: 200, body: { scripted: true } });
  });
});
