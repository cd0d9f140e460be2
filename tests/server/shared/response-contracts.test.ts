import Fastify from 'fastify';
import { number, object, string } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { json, noContent } from '#contracts/shared/answers';
import responseContractsPlugin from '#server/plugins/response-contracts';

/** A server whose routes answer what the test says, checked as the test app checks every answer. */
async function serverAnswering(answer: { status: number; body?: unknown }) {
  const violations: string[] = [];
  const app = Fastify();
  await app.register(responseContractsPlugin, { onViolation: (violation) => violations.push(violation) });
  app.get(
    '/api/thing/',
    { schema: { response: { 200: json(object({ id: number(), name: string() }), 'The thing.'), 204: noContent('Nothing.') } } },
    // The route may answer anything: that is what is being checked.
    (_request, reply) => reply.code(answer.status as 200).send(answer.body as never),
  );
  await app.ready();
  return { app, violations };
}

describe("answers checked against their route's documented contract", () => {
  it('lets a documented answer through untouched', async () => {
    const { app, violations } = await serverAnswering({ status: 200, body: { id: 1, name: 'Soup' } });
    const response = await app.inject({ method: 'GET', url: '/api/thing/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, name: 'Soup' });
    expect(violations).toEqual([]);
  });

  it('turns a body that breaks its contract into a loud 500 naming the field', async () => {
    const { app, violations } = await serverAnswering({ status: 200, body: { id: '1', name: 'Soup', extra: true } });
    const response = await app.inject({ method: 'GET', url: '/api/thing/' });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe('response_contract_violation');
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(/^GET \/api\/thing\/ answered 200 against its contract: id: /);
  });

  it('refuses a status the route does not document, and a body where none is documented', async () => {
    const undocumented = await serverAnswering({ status: 418, body: { detail: 'Teapot.', code: 'teapot' } });
    await undocumented.app.inject({ method: 'GET', url: '/api/thing/' });
    expect(undocumented.violations).toEqual(['GET /api/thing/ answered 418 against its contract: a status the route does not document']);
    const bodied = await serverAnswering({ status: 204, body: { id: 1 } });
    await bodied.app.inject({ method: 'GET', url: '/api/thing/' });
    expect(bodied.violations[0]).toMatch(/answered 204 against its contract/);
  });
});
