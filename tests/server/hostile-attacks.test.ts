/**
 * Issue 16's concrete attacks, repeated: each answered 500 or 503, or stalled the event loop,
 * before the hostile-input guard. Now a 400 that names the limit, and no row written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_DEEP, TOO_LONG } from '#server/plugins/hostile-input';
import { MENU_SELECTIONS_MAX } from '#contracts/menu';
import { serverRoutes } from '../support/contract-routes';
import { ownerWithRestaurant } from './menu/menu-helpers';
import { grantStaff, findOrCreateUserByEmail } from '#server/domain/accounts/users';
import { createTestApp, type TestApp } from './test-app';
import { tableChecksums } from './table-checksums';

let test: TestApp;
let headers: Record<string, string>;
let restaurantId: number | null;

beforeAll(async () => {
  test = await createTestApp({ config: { rateLimitPerMinute: 1_000_000, signupLimitPerMinute: 1_000_000, orderLimitPerMinute: 1_000_000 } });
  // Platform staff with a restaurant of their own passes every route's role check, so the body is what is judged.
  const caller = await ownerWithRestaurant(test, 'staff-owner@example.com');
  const { user } = await findOrCreateUserByEmail(test.database.db, { email: 'staff-owner@example.com' });
  await grantStaff(test.database.db, user.id, { superadmin: false });
  headers = { authorization: `Bearer ${caller.token}`, 'content-type': 'application/json' };
  restaurantId = caller.restaurantId;
});
afterAll(async () => {
  await test?.close();
});

const send = (method: string, url: string, payload: string) => test.app.inject({ method: method as 'POST', url, payload, headers });
const fill = (url: string) => url.replace(/:[a-z_]+/g, '1');

describe('hostile bodies from issue 16', () => {
  it('answers a 10 KB body of brackets nested 5,000 deep with 400 on every route that takes JSON, and the server keeps answering', async () => {
    const brackets = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    expect(brackets.length).toBe(10_000);
    // Unconfigured Google sign-in answers so before looking at any body (routes/accounts/google.ts).
    const jsonRoutes = (await serverRoutes()).filter((route) => route.body && !route.url.endsWith('/auth/social/google/'));
    expect(jsonRoutes.length).toBeGreaterThan(40);
    const before = await tableChecksums(test.database);
    for (const route of jsonRoutes) {
      const answer = await send(route.method, fill(route.url), brackets);
      expect(answer.statusCode, `${route.method} ${route.url}`).toBe(400);
      expect(answer.json(), `${route.method} ${route.url}`).toMatchObject({ detail: 'Some fields are not valid.', code: 'invalid' });
      expect(Object.values(answer.json().fields as object), `${route.method} ${route.url}`).toEqual([TOO_DEEP]);
    }
    expect(await tableChecksums(test.database)).toEqual(before);
    expect((await test.app.inject({ method: 'GET', url: '/api/v2/health/' })).statusCode).toBe(200);
  });

  it('answers brackets nested as deep as the body limit allows (500,000) with the same 400', async () => {
    const depth = 500_000;
    const answer = await send('POST', '/api/messages/', `${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(answer.statusCode).toBe(400);
    expect(Object.values(answer.json().fields as object)).toEqual([TOO_DEEP]);
  });

  it('refuses lists long enough to pass PostgreSQL’s 65,535 bind parameters, naming the limit, before the database sees them', async () => {
    const ids = Array.from({ length: 65_536 }, (_, index) => index + 1);
    const before = await tableChecksums(test.database);
    const deep = await send('POST', '/api/v2/categories/deep/', JSON.stringify({ restaurant_id: restaurantId, name: 'Pizza', toppings: ids }));
    expect(deep.statusCode).toBe(400);
    expect(deep.json().fields).toEqual({ toppings: TOO_LONG });
    const territory = await send('POST', '/api/v2/territories/coverage/', JSON.stringify({ zips: ids.map((id) => String(id).padStart(5, '0')) }));
    expect(territory.statusCode).toBe(400);
    expect(territory.json().fields).toEqual({ zips: TOO_LONG });
    expect(await tableChecksums(test.database)).toEqual(before);
  });

  it('refuses 40,000 selections on the option-set routes with 400 naming the limit, and writes nothing', async () => {
    const selections = Array.from({ length: 40_000 }, (_, index) => ({ name: `S${index}` }));
    const before = await tableChecksums(test.database);
    const created = await send('POST', '/api/v2/primary-options/', JSON.stringify({ name: 'Crust', selections, restaurant_id: restaurantId }));
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ detail: 'Some fields are not valid.', code: 'invalid', fields: { selections: TOO_LONG } });
    const changed = await send('PATCH', '/api/v2/primary-options/1/', JSON.stringify({ selections }));
    expect(changed.statusCode).toBe(400);
    expect(changed.json().fields).toEqual({ selections: TOO_LONG });
    expect(await tableChecksums(test.database)).toEqual(before);
  });

  it('stores an option set of as many selections as its contract allows, in one piece, and refuses one more naming the limit', async () => {
    const selections = Array.from({ length: MENU_SELECTIONS_MAX }, (_, index) => ({ name: `Selection ${index}` }));
    const created = await send('POST', '/api/v2/primary-options/', JSON.stringify({ name: 'Everything', selections, restaurant_id: restaurantId }));
    expect(created.statusCode, created.body.slice(0, 300)).toBe(201);
    expect(created.json().selections).toHaveLength(MENU_SELECTIONS_MAX);
    const tooMany = [...selections, { name: 'One more' }];
    const refused = await send('POST', '/api/v2/primary-options/', JSON.stringify({ name: 'Too many', selections: tooMany, restaurant_id: restaurantId }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.selections).toContain(String(MENU_SELECTIONS_MAX));
  });

  it('refuses a list holding null beside an entry its own check refuses with 400, never 500', async () => {
    const created = await send(
      'POST',
      '/api/v2/primary-options/',
      JSON.stringify({ name: 'Sauce', selections: [{ name: 'Red' }], restaurant_id: restaurantId }),
    );
    expect(created.statusCode).toBe(201);
    const before = await tableChecksums(test.database);
    const longName = 'x'.repeat(1_000);
    const changed = await send('PATCH', `/api/v2/primary-options/${created.json().id}/`, JSON.stringify({ selections: [null, { name: longName }] }));
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json().code).toBe('invalid');
    const item = await send('POST', '/api/v2/menu-items/', JSON.stringify({ category_id: 1, name: 'Item', prices: [null, { size_id: 1, price: -1 }] }));
    expect(item.statusCode, item.body).toBe(400);
    expect(item.json().code).toBe('invalid');
    expect(await tableChecksums(test.database)).toEqual(before);
  });
});
