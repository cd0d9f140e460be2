/**
 * Issue 28, item 3, on PostgreSQL (where requests really run side by side; PGlite has one
 * connection and cannot interleave them): creating a size, detail, topping or dressing
 * assignment, menu item, extra group or selection (or saving the extra options screen) while its
 * category is deleted answers 201 (the row was made first and went with the category) or 404
 * (the category was gone), never
 * the foreign-key violation's 500, and leaves no row behind.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { categoryWithRefs, childCreates, ORPHANS_SQL } from './category-children';
import { menuClient, menuTestApp, ownerWithRestaurant, type Caller, type MenuClient } from './menu-helpers';
import type { TestApp } from '../test-app';

let t: TestApp;
let api: MenuClient;
let owner: Caller;
let refs: { toppingId: number; dressingId: number };

beforeAll(async () => {
  t = await menuTestApp();
  api = menuClient(t);
  owner = await ownerWithRestaurant(t, 'owner@example.com');
  const topping = await api.post('/toppings/', owner, { name: 'Basil' });
  const dressing = await api.post('/dressings/', owner, { name: 'Ranch' });
  refs = { toppingId: topping.body.id, dressingId: dressing.body.id };
});
afterAll(() => t.close());

/** Rounds of one category: every kind of create, the category's delete sent among them. */
const ROUNDS = 12;

it('answers 201 or 404 to every create that races its category being deleted, and leaves no orphan', { timeout: 60_000 }, async () => {
  const answers: string[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const category = await categoryWithRefs(api, owner, refs);
    const creates = childCreates(category).map(
      ({ kind, path, body }) =>
        async () =>
          `${kind} ${(await api.post(path, owner, body)).status}`,
    );
    // The delete goes out after a different number of creates each round, so it lands at each step of theirs.
    const at = round % (creates.length + 1);
    const sent = [
      ...creates.slice(0, at),
      async () => `category delete ${(await api.delete(`/categories/${category.categoryId}/`, owner)).status}`,
      ...creates.slice(at),
    ];
    answers.push(...(await Promise.all(sent.map((send) => send()))));
  }
  const refused = answers.filter((answer) => !/^(category delete 204|extra options save (200|404)|.+ (201|404))$/.test(answer));
  expect(refused).toEqual([]);
  const [orphans] = await t.database.query(ORPHANS_SQL);
  expect(Number(orphans?.n)).toBe(0);
  expect((await api.get('/categories/', owner)).body.count).toBe(0);
});

it('answers a create that names a size or a topping being deleted meanwhile without a 500 (the generic 409 at worst)', { timeout: 60_000 }, async () => {
  const answers: string[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const { categoryId } = await categoryWithRefs(api, owner, refs);
    await api.post('/categories/detail/', owner, { category_id: categoryId, priced_by: 'size' });
    const size = (await api.post('/categories/sizes/', owner, { category_id: categoryId, name: 'Large' })).body.id as number;
    const topping = (await api.post('/toppings/', owner, { name: `Olives ${round}` })).body.id as number;
    const creates = [0, 1, 2].flatMap(() => [
      async () =>
        `menu item ${(await api.post('/menu-items/', owner, { category_id: categoryId, name: 'Margherita', prices: [{ size_id: size, price: 9 }] })).status}`,
    ]);
    const assign = async () =>
      `topping assignment ${(await api.post('/categories/toppings/', owner, { category_id: categoryId, topping_id: topping })).status}`;
    const at = round % (creates.length + 1);
    const sent = [
      ...creates.slice(0, at),
      async () => `size delete ${(await api.delete(`/categories/sizes/${size}/`, owner)).status}`,
      assign,
      async () => `topping delete ${(await api.delete(`/toppings/${topping}/`, owner)).status}`,
      ...creates.slice(at),
    ];
    answers.push(...(await Promise.all(sent.map((send) => send()))));
  }
  // 400: the size was gone before the item was checked (not a size of this category); 404: the topping was.
  const refused = answers.filter((answer) => !/^(size delete 204|topping delete 204|menu item (201|400|409)|topping assignment (201|404|409))$/.test(answer));
  expect(refused).toEqual([]);
  const [orphans] = await t.database.query(ORPHANS_SQL);
  expect(Number(orphans?.n)).toBe(0);
});
