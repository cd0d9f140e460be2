import { assert } from 'superstruct';
import { describe, expect, it } from 'vitest';
import {
  Category,
  CategoryDeep,
  CategoryDetail,
  CategoryDressing,
  CategoryTopping,
  Dressing,
  ExtraGroup,
  ExtraSelection,
  MenuItem,
  PrimaryOptionSet,
  Size,
  Topping,
} from '#contracts/menu';
import { Page } from '#contracts/shared/lists';
import { Restaurant } from '#contracts/shared/restaurants';
import { menuAppWithOwnerForFile, menuRowCounts, ownerWithRestaurant, superadmin, userWithoutRestaurant, type Caller } from './menu-helpers';

const { t, api, owner } = menuAppWithOwnerForFile('categories-owner@example.com');

async function newCategory(caller: Caller, name: string, description = ''): Promise<{ id: number }> {
  const response = await api.post('/categories/', caller, { name, description });
  expect(response.status).toBe(201);
  return response.body;
}

describe('categories', () => {
  it('creates with the name trimmed in the active restaurant, reads, renames and deletes', async () => {
    const created = await api.post('/categories/', owner, { name: '  Pizza  ', description: ' Stone oven ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: 'Pizza', description: 'Stone oven', restaurant_id: owner.restaurantId });

    const read = await api.get(`/categories/${created.body.id}/`, owner);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);

    const renamed = await api.patch(`/categories/${created.body.id}/`, owner, { name: 'Pizzas' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Pizzas', description: 'Stone oven' });

    expect((await api.delete(`/categories/${created.body.id}/`, owner)).status).toBe(204);
    expect((await api.get(`/categories/${created.body.id}/`, owner)).status).toBe(404);
    expect((await api.delete(`/categories/${created.body.id}/`, owner)).status).toBe(404);
  });

  it('refuses a missing or blank name with the specified sentence, unknown fields and bad ids', async () => {
    for (const body of [{}, { name: '   ' }]) {
      const response = await api.post('/categories/', owner, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: 'Some fields are not valid.', code: 'invalid', fields: { name: 'Please enter a category name' } });
    }
    const unknown = await api.post('/categories/', owner, { name: 'Soup', colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ colour: 'Unknown field.' });
    const blankRename = await api.patch(`/categories/${(await newCategory(owner, 'Soup')).id}/`, owner, { name: '' });
    expect(blankRename.status).toBe(400);
    expect(blankRename.body.fields).toEqual({ name: 'Please enter a category name' });
    for (const id of ['abc', '0', '-3', '99999999999']) {
      expect((await api.get(`/categories/${id}/`, owner)).status).toBe(400);
    }
    expect((await api.get('/categories/999999/', owner)).body).toEqual({ detail: 'Category not found.', code: 'not_found' });
  });

  it('answers 401 without a token and "No active restaurant selected." without a restaurant', async () => {
    expect((await api.get('/categories/', null)).status).toBe(401);
    expect((await api.post('/categories/', null, { name: 'x' })).status).toBe(401);
    const nobody = await userWithoutRestaurant(t, 'no-restaurant@example.com');
    const refused = await api.post('/categories/', nobody, { name: 'Pasta' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: 'No active restaurant selected.', code: 'no_active_restaurant' });
    const list = await api.get('/categories/', nobody);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(0);
  });

  it('lists with paging links, search, ordering and refuses orderings outside the whitelist', async () => {
    const lister = await ownerWithRestaurant(t, 'lister@example.com');
    for (const name of ['Burgers', 'Antipasti', 'Calzone', 'Desserts', 'Extras']) await newCategory(lister, name, name === 'Calzone' ? 'folded pizza' : '');

    const first = await api.get('/categories/?page_size=2&ordering=name', lister);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(5);
    expect(first.body.results.map((c: { name: string }) => c.name)).toEqual(['Antipasti', 'Burgers']);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe('/api/v2/categories/?page_size=2&ordering=name&page=2');
    const last = await api.get('/categories/?page_size=2&ordering=name&page=3', lister);
    expect(last.body.results.map((c: { name: string }) => c.name)).toEqual(['Extras']);
    expect(last.body.next).toBeNull();
    expect(last.body.previous).toBe('/api/v2/categories/?page_size=2&ordering=name&page=2');

    const descending = await api.get('/categories/?ordering=-name&page_size=100', lister);
    expect(descending.body.results[0].name).toBe('Extras');
    const searched = await api.get('/categories/?search=PIZZA', lister);
    expect(searched.body.results.map((c: { name: string }) => c.name)).toEqual(['Calzone']);
    const literal = await api.get('/categories/?search=%25', lister);
    expect(literal.body.count).toBe(0);
    const own = await api.get(`/categories/?restaurant_id=${lister.restaurantId}`, lister);
    expect(own.body.count).toBe(5);

    const badOrdering = await api.get('/categories/?ordering=restaurant_id', lister);
    expect(badOrdering.status).toBe(400);
    expect(badOrdering.body.fields.ordering).toMatch(/ordering must be one or more of id, name/);
    expect((await api.get('/categories/?page_size=501', lister)).status).toBe(400);
    expect((await api.get('/categories/?page=0', lister)).status).toBe(400);
    expect((await api.get('/categories/?colour=red', lister)).status).toBe(400);
  });

  it('lets a superadmin list every restaurant’s categories and narrow them by restaurant_id', async () => {
    const admin = await superadmin(t, 'categories-super@example.com');
    const other = await ownerWithRestaurant(t, 'categories-other@example.com');
    await newCategory(other, 'Only here');
    const all = await api.get('/categories/?page_size=500', admin);
    expect(all.body.results.some((c: { restaurant_id: number }) => c.restaurant_id === owner.restaurantId)).toBe(true);
    const narrowed = await api.get(`/categories/?restaurant_id=${other.restaurantId}`, admin);
    expect(narrowed.body.results.map((c: { name: string }) => c.name)).toEqual(['Only here']);
    expect((await api.get('/categories/?restaurant_id=999999', admin)).status).toBe(404);
    const made = await api.post('/categories/', admin, { name: 'By admin', restaurant_id: other.restaurantId });
    expect(made.status).toBe(201);
    expect(made.body.restaurant_id).toBe(other.restaurantId);
    expect((await api.post('/categories/', admin, { name: 'Nowhere' })).body.code).toBe('no_active_restaurant');
  });
});

describe('category detail', () => {
  it('creates with pricing none by default, reads it by category_id, updates it, and refuses a second one', async () => {
    const category = await newCategory(owner, 'Salads');
    const created = await api.post('/categories/detail/', owner, { category_id: category.id });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      category_id: category.id,
      priced_by: 'none',
      primary_option_sets: [],
      allow_toppings: false,
      allow_dressings: false,
      allow_remove_toppings: true,
      allow_add_toppings: true,
      max_extra_toppings: 0,
      image_url: null,
    });
    const listed = await api.get(`/categories/detail/?category_id=${category.id}`, owner);
    expect(listed.body.results).toEqual([created.body]);
    expect((await api.get(`/categories/detail/${created.body.id}/`, owner)).body).toEqual(created.body);

    const set = await api.post('/primary-options/', owner, { name: 'Bases', selections: [{ name: 'Thin' }, { name: 'Thick' }] });
    const updated = await api.patch(`/categories/detail/${created.body.id}/`, owner, {
      priced_by: 'size',
      allow_toppings: true,
      image_url: 'https://img.example.com/salad.jpg',
      primary_option_sets: [set.body.id],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      priced_by: 'size',
      allow_toppings: true,
      image_url: 'https://img.example.com/salad.jpg',
      primary_option_sets: [set.body.id],
    });
    const cleared = await api.patch(`/categories/detail/${created.body.id}/`, owner, { image_url: '', primary_option_sets: [] });
    expect(cleared.body).toMatchObject({ image_url: null, primary_option_sets: [], priced_by: 'size' });

    const again = await api.post('/categories/detail/', owner, { category_id: category.id });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('duplicate');
  });

  it('refuses bad values: pricing basis, image address, unknown option set, unknown category', async () => {
    const category = await newCategory(owner, 'Wraps');
    const bad = await api.post('/categories/detail/', owner, { category_id: category.id, priced_by: 'colour', image_url: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['image_url', 'priced_by']);
    const unknownSet = await api.post('/categories/detail/', owner, { category_id: category.id, primary_option_sets: [999999] });
    expect(unknownSet.status).toBe(404);
    expect(unknownSet.body.detail).toBe('Primary option set not found.');
    expect((await api.get(`/categories/detail/?category_id=${category.id}`, owner)).body.count).toBe(0);
    expect((await api.post('/categories/detail/', owner, { category_id: 999999 })).status).toBe(404);
    expect((await api.patch('/categories/detail/999999/', owner, { priced_by: 'none' })).status).toBe(404);
  });
});

describe('sizes', () => {
  it('defaults a new size to "New" at the last position + 1 and lists them by category in position order', async () => {
    const category = await newCategory(owner, 'Pies');
    const first = await api.post('/categories/sizes/', owner, { category_id: category.id });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(Number), category_id: category.id, name: 'New', units: null, measurement: null, position: 1 });
    const second = await api.post('/categories/sizes/', owner, { category_id: category.id, name: ' Large ', units: 14, measurement: 'Inches' });
    expect(second.body).toMatchObject({ name: 'Large', units: 14, measurement: 'Inches', position: 2 });
    const placed = await api.post('/categories/sizes/', owner, { category_id: category.id, name: 'Small', position: 10, units: 8.5 });
    expect(placed.body.position).toBe(10);
    const after = await api.post('/categories/sizes/', owner, { category_id: category.id, name: 'Family' });
    expect(after.body.position).toBe(11);

    const listed = await api.get(`/categories/sizes/?category_id=${category.id}`, owner);
    expect(listed.body.results.map((s: { name: string }) => s.name)).toEqual(['New', 'Large', 'Small', 'Family']);
    expect(listed.body.results[2].units).toBe(8.5);

    const moved = await api.patch(`/categories/sizes/${first.body.id}/`, owner, { position: 20, units: null, measurement: 'Centimeters' });
    expect(moved.body).toMatchObject({ position: 20, units: null, measurement: 'Centimeters' });
    expect((await api.get(`/categories/sizes/${first.body.id}/`, owner)).body.position).toBe(20);
    expect((await api.delete(`/categories/sizes/${first.body.id}/`, owner)).status).toBe(204);
    expect((await api.get(`/categories/sizes/?category_id=${category.id}`, owner)).body.count).toBe(3);
  });

  it('gives concurrent new sizes distinct positions', async () => {
    const category = await newCategory(owner, 'Rapid');
    const answers = await Promise.all([1, 2, 3].map(() => api.post('/categories/sizes/', owner, { category_id: category.id })));
    expect(answers.map((a) => a.body.position).sort()).toEqual([1, 2, 3]);
  });

  it('refuses bad measurement, units and blank names', async () => {
    const category = await newCategory(owner, 'Bad sizes');
    const bad = await api.post('/categories/sizes/', owner, { category_id: category.id, measurement: 'Feet', units: -1, name: ' ' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['measurement', 'name', 'units']);
    expect((await api.post('/categories/sizes/', owner, { category_id: category.id, units: 1.234 })).status).toBe(400);
    expect((await api.post('/categories/sizes/', owner, {})).body.fields).toEqual({ category_id: 'This field is required.' });
    expect((await api.post('/categories/sizes/', owner, { category_id: 999999 })).status).toBe(404);
  });
});

describe('deleting a category', () => {
  it('removes its detail, sizes, assignments, groups, selections and items in one go, and nothing else', async () => {
    const keep = await newCategory(owner, 'Keep me');
    await api.post('/categories/sizes/', owner, { category_id: keep.id });
    const topping = await api.post('/toppings/', owner, { name: 'Olives' });
    const dressing = await api.post('/dressings/', owner, { name: 'Ranch' });
    const deep = await api.post('/categories/deep/', owner, {
      name: 'Doomed',
      detail: { priced_by: 'size' },
      sizes: [{ name: 'S' }, { name: 'L' }],
      toppings: [topping.body.id],
      dressings: [dressing.body.id],
      extra_groups: [{ name: 'Sauces', selections: [{ name: 'Hot', price: 0.5 }] }],
    });
    expect(deep.status).toBe(201);
    const id = deep.body.category.id;
    const item = await api.post('/menu-items/', owner, { category_id: id, name: 'Margherita', prices: [{ size_id: deep.body.sizes[0].id, price: 9.5 }] });
    expect(item.status).toBe(201);
    const before = await menuRowCounts(t);

    expect((await api.delete(`/categories/${id}/`, owner)).status).toBe(204);
    const after = await menuRowCounts(t);
    expect(after).toEqual({
      ...before,
      categories: before.categories! - 1,
      category_details: before.category_details! - 1,
      category_sizes: before.category_sizes! - 2,
      category_toppings: before.category_toppings! - 1,
      category_dressings: before.category_dressings! - 1,
      extra_groups: before.extra_groups! - 1,
      extra_selections: before.extra_selections! - 1,
      menu_items: before.menu_items! - 1,
      menu_item_prices: before.menu_item_prices! - 1,
    });
    // The topping and dressing themselves stay; so does the other category's size.
    expect((await api.get(`/toppings/${topping.body.id}/`, owner)).status).toBe(200);
    expect((await api.get(`/categories/sizes/?category_id=${keep.id}`, owner)).body.count).toBe(1);
  });
});

describe('POST /categories/deep/', () => {
  it('creates the category with detail, sizes, toppings, dressings and extra groups with selections', async () => {
    const topping = await api.post('/toppings/', owner, { name: 'Basil' });
    const library = await api.post('/dressings/', owner, { name: 'Pesto' });
    const set = await api.post('/primary-options/', owner, { name: 'Crust', selections: [{ name: 'Thin' }] });
    const response = await api.post('/categories/deep/', owner, {
      name: ' Pizza ',
      description: 'Wood fired',
      detail: { priced_by: 'size', primary_option_sets: [set.body.id], allow_toppings: true, allow_dressings: true, image_url: '/uploads/pizza.jpg' },
      sizes: [{ name: 'Small', units: 10, measurement: 'Inches' }, { name: 'Large', units: 14, measurement: 'Inches' }, {}],
      toppings: [topping.body.id],
      dressings: [library.body.id],
      extra_groups: [{ name: 'Extras', required: true, selections: [{ name: 'Cheese', price: 1.5 }, { name: 'Cheese', price: 2 }, {}] }, {}],
    });
    expect(response.status).toBe(201);
    const deep = response.body;
    expect(deep.category).toEqual({ id: expect.any(Number), name: 'Pizza', description: 'Wood fired', restaurant_id: owner.restaurantId });
    expect(deep.detail).toMatchObject({
      category_id: deep.category.id,
      priced_by: 'size',
      primary_option_sets: [set.body.id],
      image_url: '/uploads/pizza.jpg',
    });
    expect(deep.sizes.map((s: { name: string; position: number }) => [s.name, s.position])).toEqual([
      ['Small', 1],
      ['Large', 2],
      ['New', 3],
    ]);
    expect(deep.toppings).toEqual([{ id: expect.any(Number), category_id: deep.category.id, topping_id: topping.body.id }]);
    expect(deep.dressings).toEqual([{ id: expect.any(Number), category_id: deep.category.id, dressing_id: library.body.id }]);
    expect(deep.extra_groups).toHaveLength(2);
    expect(deep.extra_groups[0]).toMatchObject({ name: 'Extras', required: true, allow_multiple: false, add_images_to_selections: true });
    expect(deep.extra_groups[0].selections.map((s: { name: string; price: number }) => [s.name, s.price])).toEqual([
      ['Cheese', 1.5],
      ['Cheese 2', 2],
      ['New', 0],
    ]);
    expect(deep.extra_groups[1]).toMatchObject({ name: 'New group', add_images_to_selections: true, selections: [] });

    // And it is all really there.
    const id = deep.category.id;
    expect((await api.get(`/categories/sizes/?category_id=${id}`, owner)).body.count).toBe(3);
    expect((await api.get(`/categories/toppings/?category_id=${id}`, owner)).body.count).toBe(1);
    expect((await api.get(`/extra-options/groups/?category_id=${id}`, owner)).body.count).toBe(2);
  });

  it('writes nothing at all when any part is refused', async () => {
    const category = await newCategory(owner, 'Existing');
    const size = await api.post('/categories/sizes/', owner, { category_id: category.id });
    const topping = await api.post('/toppings/', owner, { name: 'Ham' });
    const payload = {
      name: 'Half made',
      detail: { priced_by: 'size' },
      sizes: [{ name: 'S' }],
      toppings: [topping.body.id],
      extra_groups: [{ name: 'Sides', selections: [{ name: 'Fries', price: 2 }] }],
    };
    const before = await menuRowCounts(t);

    const badTopping = await api.post('/categories/deep/', owner, { ...payload, toppings: [topping.body.id, 999999] });
    expect(badTopping.status).toBe(404);
    expect(badTopping.body.detail).toBe('Topping not found.');
    const badDressing = await api.post('/categories/deep/', owner, { ...payload, dressings: [999999] });
    expect(badDressing.status).toBe(404);
    const badSet = await api.post('/categories/deep/', owner, { ...payload, detail: { priced_by: 'size', primary_option_sets: [999999] } });
    expect(badSet.status).toBe(404);
    const sizesWithoutSizePricing = await api.post('/categories/deep/', owner, { ...payload, detail: { priced_by: 'none' } });
    expect(sizesWithoutSizePricing.status).toBe(400);
    expect(sizesWithoutSizePricing.body.fields).toEqual({ sizes: 'Sizes can only be given when the category is priced by size.' });
    const badSize = await api.post('/categories/deep/', owner, { ...payload, sizes: [{ name: 'S', measurement: 'Feet' }] });
    expect(badSize.status).toBe(400);
    expect(badSize.body.fields).toEqual({ 'sizes.0.measurement': expect.any(String) });
    const badPrice = await api.post('/categories/deep/', owner, { ...payload, extra_groups: [{ selections: [{ price: -1 }] }] });
    expect(badPrice.status).toBe(400);
    const blankName = await api.post('/categories/deep/', owner, { ...payload, name: ' ' });
    expect(blankName.body.fields).toEqual({ name: 'Please enter a category name' });

    expect(await menuRowCounts(t)).toEqual(before);
    expect((await api.get('/categories/?search=Half', owner)).body.count).toBe(0);
    expect(size.status).toBe(201);
  });
});

describe('answers', () => {
  it('follow the contracts the screens validate them with', async () => {
    const topping = (await api.post('/toppings/', owner, { name: 'Contract topping' })).body;
    const dressing = (await api.post('/dressings/', owner, { name: 'Contract dressing' })).body;
    const set = (await api.post('/primary-options/', owner, { name: 'Contract set', selections: [{ name: 'A' }] })).body;
    const deep = (
      await api.post('/categories/deep/', owner, {
        name: 'Contract',
        detail: { priced_by: 'size', primary_option_sets: [set.id] },
        sizes: [{ units: 12, measurement: 'Inches' }],
        toppings: [topping.id],
        dressings: [dressing.id],
        extra_groups: [{ selections: [{ price: 1.1 }] }],
      })
    ).body;
    assert(deep, CategoryDeep);
    await api.post('/menu-items/', owner, { category_id: deep.category.id, name: 'Item', prices: [{ size_id: deep.sizes[0]!.id, price: 3 }] });
    const lists = [
      ['/categories/', Category],
      ['/categories/detail/', CategoryDetail],
      ['/categories/sizes/', Size],
      ['/toppings/', Topping],
      ['/dressings/', Dressing],
      ['/primary-options/', PrimaryOptionSet],
      ['/categories/toppings/', CategoryTopping],
      ['/categories/dressings/', CategoryDressing],
      ['/extra-options/groups/', ExtraGroup],
      ['/extra-options/selections/', ExtraSelection],
      ['/menu-items/', MenuItem],
      ['/restaurants/', Restaurant],
    ] as const;
    for (const [path, struct] of lists) {
      const page = (await api.get(path, owner)).body;
      expect(page.count, path).toBeGreaterThan(0);
      assert(page, Page(struct as never));
    }
  });

  it('replay the first answer for a retried Idempotency-Key instead of creating twice', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/categories/',
        payload: { name: 'Once' },
        headers: { authorization: `Bearer ${owner.token}`, 'idempotency-key': 'create-once-1' },
      });
    const firstTry = await send();
    const retry = await send();
    expect(firstTry.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(firstTry.json());
    expect((await api.get('/categories/?search=Once', owner)).body.count).toBe(1);
  });

  it('keep Idempotency-Keys per person: two owners sending the same key and body each create their own row', async () => {
    const other = await ownerWithRestaurant(t, 'categories-other-owner@example.com');
    const send = (caller: Caller) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/categories/',
        payload: { name: 'Same key' },
        headers: { authorization: `Bearer ${caller.token}`, 'idempotency-key': 'shared-key-1' },
      });
    const mine = await send(owner);
    const theirs = await send(other);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(mine.json().restaurant_id).toBe(owner.restaurantId);
    expect(theirs.json().restaurant_id).toBe(other.restaurantId);
    expect(theirs.json().id).not.toBe(mine.json().id);
    for (const caller of [owner, other]) expect((await api.get('/categories/?search=Same key', caller)).body.count).toBe(1);
  });

  it('refuse a key used again with another body, and create nothing for it', async () => {
    const send = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/categories/',
        payload: { name },
        headers: { authorization: `Bearer ${owner.token}`, 'idempotency-key': 'create-once-2' },
      });
    expect((await send('First body')).statusCode).toBe(201);
    const changed = await send('Second body');
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect((await api.get('/categories/?search=Second body', owner)).body.count).toBe(0);
  });
});
