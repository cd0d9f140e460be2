import { beforeAll, describe, expect, it } from 'vitest';
import { menuAppWithOwnerForFile, menuRowCounts, staff } from './menu-helpers';

const { t, api, owner } = menuAppWithOwnerForFile('extras-owner@example.com');
let categoryId: number;

beforeAll(async () => {
  categoryId = (await api.post('/categories/', owner, { name: 'Burgers' })).body.id;
});

const names = (body: { results: { name: string }[] }) => body.results.map((row) => row.name);

describe('extra option groups', () => {
  it('creates "New group" with images on by default, lists by category, updates and deletes with its selections', async () => {
    const created = await api.post('/extra-options/groups/', owner, { category_id: categoryId });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      category_id: categoryId,
      name: 'New group',
      required: false,
      allow_multiple: false,
      add_images_to_selections: true,
    });
    await api.post('/extra-options/groups/', owner, { category_id: categoryId, name: 'Sauces', allow_multiple: true, add_images_to_selections: false });
    const listed = await api.get(`/extra-options/groups/?category_id=${categoryId}&ordering=-name`, owner);
    expect(names(listed.body)).toEqual(['Sauces', 'New group']);
    expect(names((await api.get(`/extra-options/groups/?category_id=${categoryId}&search=sau`, owner)).body)).toEqual(['Sauces']);

    const updated = await api.patch(`/extra-options/groups/${created.body.id}/`, owner, { name: 'Cheese', required: true });
    expect(updated.body).toMatchObject({ name: 'Cheese', required: true, add_images_to_selections: true });
    expect((await api.get(`/extra-options/groups/${created.body.id}/`, owner)).body.name).toBe('Cheese');

    await api.post('/extra-options/selections/', owner, { group_id: created.body.id, name: 'Cheddar', price: 1 });
    expect((await api.delete(`/extra-options/groups/${created.body.id}/`, owner)).status).toBe(204);
    expect((await api.get(`/extra-options/selections/?group_id=${created.body.id}`, owner)).body.count).toBe(0);
  });

  it('refuses a blank name, unknown fields and an unknown category', async () => {
    const blank = await api.post('/extra-options/groups/', owner, { category_id: categoryId, name: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual({ name: 'Please enter a name.' });
    expect((await api.post('/extra-options/groups/', owner, { category_id: categoryId, colour: 1 })).body.fields).toEqual({ colour: 'Unknown field.' });
    expect((await api.post('/extra-options/groups/', owner, { category_id: 999999 })).status).toBe(404);
    expect((await api.patch('/extra-options/groups/999999/', owner, { required: true })).status).toBe(404);
  });
});

describe('extra option selections', () => {
  it('defaults to "New" at price 0 and makes names unique within the group with a number suffix', async () => {
    const group = (await api.post('/extra-options/groups/', owner, { category_id: categoryId, name: 'Toppings' })).body;
    const other = (await api.post('/extra-options/groups/', owner, { category_id: categoryId, name: 'Other' })).body;
    const first = await api.post('/extra-options/selections/', owner, { group_id: group.id });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(Number), group_id: group.id, name: 'New', price: 0, image_url: null });
    expect((await api.post('/extra-options/selections/', owner, { group_id: group.id })).body.name).toBe('New 2');
    expect((await api.post('/extra-options/selections/', owner, { group_id: group.id, name: 'new' })).body.name).toBe('new 3');
    expect((await api.post('/extra-options/selections/', owner, { group_id: group.id, name: 'New 2' })).body.name).toBe('New 4');
    // Another group has its own names.
    expect((await api.post('/extra-options/selections/', owner, { group_id: other.id })).body.name).toBe('New');

    // Renaming onto a taken name is suffixed too; keeping one's own name is not.
    const bacon = (await api.post('/extra-options/selections/', owner, { group_id: group.id, name: 'Bacon', price: 1.25 })).body;
    expect((await api.patch(`/extra-options/selections/${bacon.id}/`, owner, { name: 'New' })).body.name).toBe('New 5');
    expect((await api.patch(`/extra-options/selections/${first.body.id}/`, owner, { name: 'New', price: 0.5 })).body).toMatchObject({
      name: 'New',
      price: 0.5,
    });

    const listed = await api.get(`/extra-options/selections/?group_id=${group.id}&ordering=id`, owner);
    expect(names(listed.body)).toEqual(['New', 'New 2', 'new 3', 'New 4', 'New 5']);
  });

  it('gives concurrent new selections distinct names', async () => {
    const group = (await api.post('/extra-options/groups/', owner, { category_id: categoryId, name: 'Rush' })).body;
    const answers = await Promise.all([1, 2, 3].map(() => api.post('/extra-options/selections/', owner, { group_id: group.id })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers.map((a) => a.body.name).sort()).toEqual(['New', 'New 2', 'New 3']);
  });

  it('keeps prices exact to the cent and refuses negative prices or more than two decimals', async () => {
    const group = (await api.post('/extra-options/groups/', owner, { category_id: categoryId, name: 'Prices' })).body;
    const exact = await api.post('/extra-options/selections/', owner, { group_id: group.id, name: 'Exact', price: 0.29 });
    expect(exact.body.price).toBe(0.29);
    const big = await api.post('/extra-options/selections/', owner, { group_id: group.id, name: 'Big', price: 1234567.89 });
    expect(big.body.price).toBe(1234567.89);
    const [stored] = await t.database.query('select price::text as price from extra_selections where id = $1', [big.body.id]);
    expect(stored?.price).toBe('1234567.89');
    for (const price of [-0.01, 1.005, '1.00', Number.MAX_SAFE_INTEGER]) {
      const refused = await api.post('/extra-options/selections/', owner, { group_id: group.id, price });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.fields)).toEqual(['price']);
    }
    expect((await api.post('/extra-options/selections/', owner, { group_id: 999999 })).status).toBe(404);
    expect((await api.get(`/extra-options/selections/?group_id=${group.id}`, owner)).body.count).toBe(2);
    expect((await api.delete(`/extra-options/selections/${exact.body.id}/`, owner)).status).toBe(204);
    expect((await api.get(`/extra-options/selections/${exact.body.id}/`, owner)).status).toBe(404);
  });
});

describe('category topping and dressing assignments', () => {
  it('assigns own and library toppings, lists by category, refuses duplicates and unknown toppings, unassigns', async () => {
    const admin = await staff(t, 'extras-staff@example.com');
    const own = (await api.post('/toppings/', owner, { name: 'Pickles' })).body;
    const library = (await api.post('/toppings/', admin, { name: 'Lettuce', restaurant_id: null })).body;
    const first = await api.post('/categories/toppings/', owner, { category_id: categoryId, topping_id: own.id });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(Number), category_id: categoryId, topping_id: own.id });
    expect((await api.post('/categories/toppings/', owner, { category_id: categoryId, topping_id: library.id })).status).toBe(201);

    const listed = await api.get(`/categories/toppings/?category_id=${categoryId}&ordering=-id`, owner);
    expect(listed.body.results.map((r: { topping_id: number }) => r.topping_id)).toEqual([library.id, own.id]);
    expect((await api.get(`/categories/toppings/?topping_id=${own.id}`, owner)).body.count).toBe(1);

    const before = await menuRowCounts(t);
    const again = await api.post('/categories/toppings/', owner, { category_id: categoryId, topping_id: own.id });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This topping is already assigned to the category.');
    expect((await api.post('/categories/toppings/', owner, { category_id: categoryId, topping_id: 999999 })).status).toBe(404);
    expect((await api.post('/categories/toppings/', owner, { category_id: categoryId })).status).toBe(400);
    expect(await menuRowCounts(t)).toEqual(before);

    const swapTarget = (await api.post('/toppings/', owner, { name: 'Jalapeño' })).body;
    const swapped = await api.patch(`/categories/toppings/${first.body.id}/`, owner, { topping_id: swapTarget.id });
    expect(swapped.body.topping_id).toBe(swapTarget.id);
    expect((await api.patch(`/categories/toppings/${first.body.id}/`, owner, { topping_id: library.id })).status).toBe(409);

    expect((await api.get(`/categories/toppings/${first.body.id}/`, owner)).status).toBe(200);
    expect((await api.delete(`/categories/toppings/${first.body.id}/`, owner)).status).toBe(204);
    expect((await api.get(`/categories/toppings/?category_id=${categoryId}`, owner)).body.count).toBe(1);
  });

  it('assigns dressings the same way', async () => {
    const dressing = (await api.post('/dressings/', owner, { name: 'Mayo' })).body;
    const assigned = await api.post('/categories/dressings/', owner, { category_id: categoryId, dressing_id: dressing.id });
    expect(assigned.status).toBe(201);
    expect(assigned.body).toEqual({ id: expect.any(Number), category_id: categoryId, dressing_id: dressing.id });
    expect((await api.post('/categories/dressings/', owner, { category_id: categoryId, dressing_id: dressing.id })).status).toBe(409);
    expect((await api.get(`/categories/dressings/?category_id=${categoryId}`, owner)).body.results).toEqual([assigned.body]);
    expect((await api.delete(`/categories/dressings/${assigned.body.id}/`, owner)).status).toBe(204);
    // Deleting the dressing itself removes its assignments.
    await api.post('/categories/dressings/', owner, { category_id: categoryId, dressing_id: dressing.id });
    await api.delete(`/dressings/${dressing.id}/`, owner);
    expect((await api.get(`/categories/dressings/?category_id=${categoryId}`, owner)).body.count).toBe(0);
  });
});
