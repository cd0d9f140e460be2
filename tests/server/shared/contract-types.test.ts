import Fastify from 'fastify';
import { object, optional, type Struct } from 'superstruct';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { RegisterRequest } from '#contracts/accounts';
import { IdParams, IdText } from '#contracts/shared/lists';
import type { ContractApp, ContractTypeProvider, Validated } from '#server/plugins/contract-types';
import validationPlugin from '#server/plugins/validation';

/**
 * A route's handler sees the value its contracts checked, by their types (server/plugins/contract-types.ts):
 * the types are checked by `tsc` (the `expectTypeOf` lines), the values here, through the real validator.
 */
const Query = object({ restaurant_id: optional(IdText) });

/** A generic route factory, as routes/menu/menu-crud.ts is one: its callback takes `Validated<T>`. */
function echoRoute<Body>(app: ContractApp, body: Struct<Body, unknown>, answer: (value: Validated<Body>) => unknown) {
  app.post('/generic/', { schema: { body } }, async (request) => answer(request.body));
}

let app: ContractApp;
beforeAll(async () => {
  app = Fastify().withTypeProvider<ContractTypeProvider>();
  await app.register(validationPlugin);
  app.post('/things/:id/', { schema: { params: IdParams, querystring: Query, body: RegisterRequest } }, async (request) => {
    expectTypeOf(request.body).toEqualTypeOf<RegisterRequest>();
    expectTypeOf(request.params).toEqualTypeOf<IdParams>();
    expectTypeOf(request.query.restaurant_id).toEqualTypeOf<number | undefined>();
    return { body: request.body, id: request.params.id, restaurant: request.query.restaurant_id ?? null };
  });
  app.get('/bare/', async (request) => {
    expectTypeOf(request.body).toBeUnknown();
    return {};
  });
  echoRoute(app, RegisterRequest, (value) => {
    expectTypeOf(value).toEqualTypeOf<RegisterRequest>();
    return { email: value.email };
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the contracts as the routes’ types', () => {
  it('hands the handler each contract’s checked and coerced value', async () => {
    const answer = await app.inject({ method: 'POST', url: '/things/7/?restaurant_id=12', payload: { email: '  Ann@Example.COM ', accepted_terms: true } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ body: { email: 'ann@example.com', accepted_terms: true }, id: 7, restaurant: 12 });
  });

  it('refuses what a contract refuses before the handler runs, in a generic route too', async () => {
    expect((await app.inject({ method: 'POST', url: '/things/x/', payload: { email: 'ann@example.com', accepted_terms: true } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/generic/', payload: { email: 'not an address', accepted_terms: true } })).statusCode).toBe(400);
    const generic = await app.inject({ method: 'POST', url: '/generic/', payload: { email: ' Bo@Example.com', accepted_terms: true } });
    expect(generic.json()).toEqual({ email: 'bo@example.com' });
  });
});
