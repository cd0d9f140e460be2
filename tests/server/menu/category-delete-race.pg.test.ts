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
    const creates = childCreates(category).map(({ kind, path, body }) => async () => `${kind} ${(await api.post(path, owner, body)).status}`);
    // The delete goes out after a different number of creates each round, so it lands at each step of theirs.
    const at = round % (creates.length + 1);
    const sent = [...creates.slice(0, at), async () => `category delete ${(await api.delete(`/categories/${category.categoryId}/`, owner)).status}`, ...creates.slice(at)];
    answers.push(...(await Promise.all(sent.map((send) => send()))));
  }
  const refused = answers.filter((answer) => !/^(category delete 204|extra options save (200|404)|.+ (201|404))$/.test(answer));
  expect(refused).toEqual([]);
  const [orphans] = await t.database.query(ORPHANS_SQL);
  expect(Number(orphans?.n)).toBe(0);
  expect((await api.get('/categories/', owner)).body.count).toBe(0);
});
