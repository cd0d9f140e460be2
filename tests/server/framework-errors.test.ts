/**
 * Issue 16, item 2: whatever the framework or Node's HTTP parser refuses answers in the common
 * error shape `{detail, code}` with the fitting status: never HTML, never a stack trace, never
 * Fastify's own words. Sent as raw bytes over a socket, as an attacker would: no client library
 * tidies an address (`/../`) or a header on the way.
 */
import { connect, type AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody } from '#contracts/shared/errors';
import { createTestApp, type TestApp } from './test-app';

let test: TestApp;
let port: number;
let dist: string;

beforeAll(async () => {
  // With the built app served, as in production: its catch-all route must not swallow API errors.
  dist = await mkdtemp(join(tmpdir(), 'rp-framework-errors-'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await mkdir(join(dist, '.vite'));
  await writeFile(join(dist, '.vite', 'manifest.json'), '{}');
  test = await createTestApp({ config: { staticDir: dist } });
  await test.app.listen({ host: '127.0.0.1', port: 0 });
  port = (test.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await test?.close();
  await rm(dist, { recursive: true, force: true });
});

type Answer = { status: number; headers: Record<string, string>; body: string };

/** Sends `head` (request line and headers, without the blank line) and `body` as they are; reads the whole answer. */
function raw(head: string, body = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [top = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = top.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    // Written, not ended: a client that half-closes first may be dropped before its answer is sent.
    socket.write(`${head}\r\nHost: 127.0.0.1\r\nConnection: close\r\n${body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : ''}\r\n${body}`);
  });
}

const json = 'Content-Type: application/json';

const cases: { what: string; head: string; body?: string; status: number; code: string; allow?: string }[] = [
  { what: 'malformed JSON', head: `POST /api/messages/ HTTP/1.1\r\n${json}`, body: '{"email":', status: 400, code: 'malformed_json' },
  { what: 'an empty JSON body', head: `POST /api/messages/ HTTP/1.1\r\n${json}\r\nContent-Length: 0`, status: 400, code: 'empty_body' },
  { what: 'a __proto__ key', head: `POST /api/messages/ HTTP/1.1\r\n${json}`, body: '{"__proto__":{"is_staff":true}}', status: 400, code: 'malformed_json' },
  { what: 'a malformed % escape in the path', head: 'GET /api/v2/categories/%zz/ HTTP/1.1', status: 400, code: 'bad_url' },
  { what: 'a half UTF-8 sequence in the path', head: 'GET /api/v2/categories/%E0%A4/ HTTP/1.1', status: 400, code: 'bad_url' },
  { what: 'a /../ path into the API', head: 'GET /api/v2/../../etc/passwd HTTP/1.1', status: 404, code: 'not_found' },
  { what: 'an encoded /../ path', head: 'GET /api/v2/%2e%2e/%2e%2e/etc/passwd HTTP/1.1', status: 404, code: 'not_found' },
  { what: 'a /../ path out of the app’s files', head: 'GET /assets/../../../etc/passwd HTTP/1.1', status: 404, code: 'not_found' },
  { what: 'an unknown API address (GET)', head: 'GET /api/v2/nothing/ HTTP/1.1', status: 404, code: 'not_found' },
  { what: 'an unknown API address (POST)', head: `POST /api/v2/nothing/ HTTP/1.1\r\n${json}`, body: '{}', status: 404, code: 'not_found' },
  { what: 'an unknown API address (PUT)', head: `PUT /api/v2/nothing/ HTTP/1.1\r\n${json}`, body: '{}', status: 404, code: 'not_found' },
  { what: 'an unknown API address (PATCH)', head: `PATCH /api/v2/nothing/ HTTP/1.1\r\n${json}`, body: '{}', status: 404, code: 'not_found' },
  { what: 'an unknown API address (DELETE)', head: 'DELETE /api/v2/nothing/ HTTP/1.1', status: 404, code: 'not_found' },
  { what: 'an unknown API address (OPTIONS)', head: 'OPTIONS /api/v2/nothing/ HTTP/1.1', status: 404, code: 'not_found' },
  {
    what: 'a method the list does not take (PUT)',
    head: `PUT /api/v2/categories/ HTTP/1.1\r\n${json}`,
    body: '{}',
    status: 405,
    code: 'method_not_allowed',
    allow: 'GET, HEAD, POST',
  },
  {
    what: 'a method the item does not take (PUT)',
    head: `PUT /api/v2/categories/7/ HTTP/1.1\r\n${json}`,
    body: '{}',
    status: 405,
    code: 'method_not_allowed',
    allow: 'GET, HEAD, PATCH, DELETE',
  },
  {
    what: 'a method the sign-up does not take (DELETE)',
    head: 'DELETE /api/messages/ HTTP/1.1',
    status: 405,
    code: 'method_not_allowed',
    allow: 'GET, HEAD, POST',
  },
  { what: 'OPTIONS on an API address', head: 'OPTIONS /api/v2/health/ HTTP/1.1', status: 405, code: 'method_not_allowed', allow: 'GET, HEAD' },
  {
    what: 'a body over the limit',
    head: `POST /api/messages/ HTTP/1.1\r\n${json}`,
    body: `{"message":"${'x'.repeat(1_100_000)}"}`,
    status: 413,
    code: 'too_large',
  },
  { what: 'a text/plain body', head: 'POST /api/messages/ HTTP/1.1\r\nContent-Type: text/plain', body: 'hello', status: 415, code: 'unsupported_media_type' },
  { what: 'an XML body', head: 'POST /api/messages/ HTTP/1.1\r\nContent-Type: application/xml', body: '<a/>', status: 415, code: 'unsupported_media_type' },
  { what: 'a path parameter over 100 characters', head: `DELETE /api/v2/categories/${'9'.repeat(101)}/ HTTP/1.1`, status: 414, code: 'uri_too_long' },
  { what: 'an encoded /../ path out of the app’s files', head: 'GET /assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd HTTP/1.1', status: 404, code: 'not_found' },
  // Issue 28: these answered 200 with the app's page, as if a page of the app were there.
  { what: 'a dot-file at the root', head: 'GET /.env HTTP/1.1', status: 404, code: 'not_found' },
  { what: 'a file in a dot-folder', head: 'GET /.git/config HTTP/1.1', status: 404, code: 'not_found' },
  { what: 'the build manifest', head: 'GET /.vite/manifest.json HTTP/1.1', status: 404, code: 'not_found' },
  { what: 'a /../ path from the root', head: 'GET /../../etc/passwd HTTP/1.1', status: 404, code: 'not_found' },
  { what: 'an encoded /../ path from the root', head: 'GET /%2e%2e/%2E%2E/etc/passwd HTTP/1.1', status: 404, code: 'not_found' },
  { what: 'a /./ path', head: 'GET /./backoffice HTTP/1.1', status: 404, code: 'not_found' },
  { what: 'an address over the header limit', head: `GET /api/v2/health/?q=${'a'.repeat(20_000)} HTTP/1.1`, status: 431, code: 'headers_too_large' },
  { what: 'a header over the header limit', head: `GET /api/v2/health/ HTTP/1.1\r\nX-Filler: ${'a'.repeat(20_000)}`, status: 431, code: 'headers_too_large' },
  { what: 'a request line that is not HTTP', head: 'HELLO THERE', status: 400, code: 'malformed_request' },
  { what: 'a method HTTP does not have', head: 'BREW /api/v2/health/ HTTP/1.1', status: 400, code: 'malformed_request' },
  {
    what: 'a Content-Length that is not a number',
    head: `POST /api/messages/ HTTP/1.1\r\n${json}\r\nContent-Length: ten`,
    status: 400,
    code: 'malformed_request',
  },
];

describe('framework errors in the common error shape', () => {
  it.each(cases)('$what → $status $code', async ({ head, body, status, code, allow }) => {
    const answer = await raw(head, body);
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const parsed = JSON.parse(answer.body) as unknown;
    expect(is(parsed, ApiErrorBody)).toBe(true);
    expect(parsed).toMatchObject({ code });
    expect(answer.body).not.toMatch(/<html|\n\s+at |node_modules|FST_|Fastify/i);
    if (allow) expect(answer.headers.allow).toBe(allow);
  });
});
