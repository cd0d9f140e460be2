import { beforeAll, describe, expect, it } from 'vitest';
import { MENU_TABLES, menuAppForFile, ownerWithRestaurant, staff, superadmin, type Caller } from './menu-helpers';

/**
 * A second restaurant's owner tries every menu endpoint against the first owner's rows and
 * gets 404 (or a refusal) every time, with nothing changed anywhere.
 */
const { t, api } = menuAppForFile();
let first: Caller;
let second: Caller;
/** The first owner's rows, by resource. */
const a = {} as Record<
  'category' | 'bareCategory' | 'detail' | 'size' | 'topping' | 'dressing' | 'set' | 'categoryTopping' | 'categoryDressing' | 'group' | 'selection' | 'item',
  number
>;
/** The second owner's own category (priced by size), to attach the first owner's rows to. */
let bCategory: number;
let bSize: number;

/** Every menu row, as JSON: equal before and after means nothing was written. */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const all: Record<string, unknown[]> = {};
  for (const table of MENU_TABLES) all[table] = await t.database.query(`select row_to_json(x)::text as row from ${table} x order by 1`);
  return all;
}

beforeAll(async () => {
  first = await ownerWithRestaurant(t, 'first-owner@example.com');
  second = await ownerWithRestaurant(t, 'second-owner@example.com');

  const must = async (response: Promise<{ status: number; body: { id: number } }>) => {
    const answer = await response;
    if (answer.status !== 201) throw new Error(`setup call answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.id;
  };
  a.topping = await must(api.post('/toppings/', first, { name: 'First topping' }));
  a.dressing = await must(api.post('/dressings/', first, { name: 'First dressing' }));
  a.set = await must(api.post('/primary-options/', first, { name: 'First set', selections: [{ name: 'One' }] }));
  a.category = await must(api.post('/categories/', first, { name: 'First category' }));
  a.bareCategory = await must(api.post('/categories/', first, { name: 'First bare category' }));
  a.detail = await must(api.post('/categories/detail/', first, { category_id: a.category, priced_by: 'size', primary_option_sets: [a.set] }));
  a.size = await must(api.post('/categories/sizes/', first, { category_id: a.category, name: 'Large' }));
  a.categoryTopping = await must(api.post('/categories/toppings/', first, { category_id: a.category, topping_id: a.topping }));
  a.categoryDressing = await must(api.post('/categories/dressings/', first, { category_id: a.category, dressing_id: a.dressing }));
  a.group = await must(api.post('/extra-options/groups/', first, { category_id: a.category, name: 'First group' }));
  a.selection = await must(api.post('/extra-options/selections/', first, { group_id: a.group, name: 'First selection', price: 1 }));
  a.item = await must(api.post('/menu-items/', first, { category_id: a.category, name: 'First item', prices: [{ size_id: a.size, price: 10 }] }));

  bCategory = await must(api.post('/categories/', second, { name: 'Second category' }));
  await must(api.post('/categories/detail/', second, { category_id: bCategory, priced_by: 'size' }));
  bSize = await must(api.post('/categories/sizes/', second, { category_id: bCategory }));
});

/** Each resource's path and the first owner's row in it, with a harmless valid change. */
const rows = () => [
  { path: '/categories/', id: a.category, change: { name: 'Taken over' } },
  { path: '/categories/detail/', id: a.detail, change: { priced_by: 'none' } },
  { path: '/categories/sizes/', id: a.size, change: { name: 'Taken over' } },
  { path: '/toppings/', id: a.topping, change: { name: 'Taken over' } },
  { path: '/dressings/', id: a.dressing, change: { name: 'Taken over' } },
  { path: '/primary-options/', id: a.set, change: { name: 'Taken over' } },
  { path: '/categories/toppings/', id: a.categoryTopping, change: { topping_id: a.topping } },
  { path: '/categories/dressings/', id: a.categoryDressing, change: { dressing_id: a.dressing } },
  { path: '/extra-options/groups/', id: a.group, change: { name: 'Taken over' } },
  { path: '/extra-options/selections/', id: a.selection, change: { name: 'Taken over' } },
  { path: '/menu-items/', id: a.item, change: { name: 'Taken over' } },
];

describe('another restaurant’s owner', () => {
  it('gets 404 for GET, PATCH and DELETE of every one of the first owner’s rows, and nothing changes', async () => {
    const before = await snapshot();
    for (const { path, id, change } of rows()) {
      const read = await api.get(`${path}${id}/`, second);
      expect(read.status, `GET ${path}${id}/`).toBe(404);
      expect(read.body.code).toBe('not_found');
      expect(JSON.stringify(read.body)).not.toContain('First');
      expect((await api.patch(`${path}${id}/`, second, change)).status, `PATCH ${path}${id}/`).toBe(404);
      // The detail has no DELETE of its own: 405 for everyone and every id, which tells nothing about the row.
      expect((await api.delete(`${path}${id}/`, second)).status, `DELETE ${path}${id}/`).toBe(path === '/categories/detail/' ? 405 : 404);
    }
    for (const path of ['/toppings/', '/dressings/', '/primary-options/']) {
      const id = { '/toppings/': a.topping, '/dressings/': a.dressing, '/primary-options/': a.set }[path];
      expect((await api.post(`${path}${id}/copy/`, second)).status, `copy ${path}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
    // The first owner still has everything.
    for (const { path, id } of rows()) expect((await api.get(`${path}${id}/`, first)).status, `first owner GET ${path}`).toBe(200);
  });

  it('sees none of the first owner’s rows in any list, and naming their restaurant or parents finds nothing', async () => {
    const lists = [
      '/categories/',
      '/categories/detail/',
      '/categories/sizes/',
      '/toppings/',
      '/dressings/',
      '/primary-options/',
      '/categories/toppings/',
      '/categories/dressings/',
      '/extra-options/groups/',
      '/extra-options/selections/',
      '/menu-items/',
      '/restaurants/',
    ];
    for (const path of lists) {
      const own = await api.get(`${path}?page_size=500`, second);
      expect(own.status, path).toBe(200);
      expect(JSON.stringify(own.body.results), path).not.toContain('First');
      expect(
        own.body.results.every(
          (row: { restaurant_id?: number | null }) =>
            row.restaurant_id === undefined || row.restaurant_id === null || row.restaurant_id === second.restaurantId,
        ),
      ).toBe(true);

      const named = await api.get(`${path}?restaurant_id=${first.restaurantId}`, second);
      expect(named.status, `${path}?restaurant_id=`).toBe(404);
      expect(named.body).toEqual({ detail: 'Restaurant not found.', code: 'not_found' });
    }
    for (const path of [
      '/categories/detail/',
      '/categories/sizes/',
      '/categories/toppings/',
      '/categories/dressings/',
      '/extra-options/groups/',
      '/menu-items/',
    ]) {
      const byParent = await api.get(`${path}?category_id=${a.category}`, second);
      expect(byParent.status, path).toBe(200);
      expect(byParent.body.count, `${path}?category_id=`).toBe(0);
    }
    expect((await api.get(`/extra-options/selections/?group_id=${a.group}`, second)).body.count).toBe(0);
    expect((await api.get(`/categories/toppings/?topping_id=${a.topping}`, second)).body.count).toBe(0);
  });

  it('cannot create anything in the first restaurant or under its rows, nor attach its rows to their own', async () => {
    const before = await snapshot();
    const refused: [string, unknown][] = [
      ['/categories/', { name: 'Intruder', restaurant_id: first.restaurantId }],
      ['/toppings/', { name: 'Intruder', restaurant_id: first.restaurantId }],
      ['/dressings/', { name: 'Intruder', restaurant_id: first.restaurantId }],
      ['/primary-options/', { name: 'Intruder', restaurant_id: first.restaurantId, selections: [{ name: 'x' }] }],
      ['/categories/detail/', { category_id: a.bareCategory }],
      ['/categories/sizes/', { category_id: a.category }],
      ['/categories/toppings/', { category_id: a.category, topping_id: a.topping }],
      ['/categories/dressings/', { category_id: a.category, dressing_id: a.dressing }],
      ['/extra-options/groups/', { category_id: a.category }],
      ['/extra-options/selections/', { group_id: a.group }],
      ['/menu-items/', { category_id: a.category, name: 'Intruder' }],
      // Their own category, the first owner's topping / dressing / option set:
      ['/categories/toppings/', { category_id: bCategory, topping_id: a.topping }],
      ['/categories/dressings/', { category_id: bCategory, dressing_id: a.dressing }],
      ['/categories/deep/', { name: 'Deep', toppings: [a.topping] }],
      ['/categories/deep/', { name: 'Deep', dressings: [a.dressing] }],
      ['/categories/deep/', { name: 'Deep', detail: { primary_option_sets: [a.set] } }],
      ['/categories/deep/', { name: 'Deep', restaurant_id: first.restaurantId }],
      // Their own category, but claiming the first restaurant in the body:
      ['/categories/sizes/', { category_id: bCategory, restaurant_id: first.restaurantId }],
    ];
    for (const [path, body] of refused) {
      const response = await api.post(path, second, body);
      expect(response.status, `POST ${path} ${JSON.stringify(body)}`).toBe(404);
    }
    // Their own detail pointed at the first owner's option set; their own item priced with the first owner's size.
    const [detail] = (await api.get(`/categories/detail/?category_id=${bCategory}`, second)).body.results;
    expect((await api.patch(`/categories/detail/${detail.id}/`, second, { primary_option_sets: [a.set] })).status).toBe(404);
    const foreignSize = await api.post('/menu-items/', second, { category_id: bCategory, name: 'Intruder', prices: [{ size_id: a.size, price: 1 }] });
    expect(foreignSize.status).toBe(400);
    // Their own assignment switched to the first owner's topping.
    const ownTopping = (await api.post('/toppings/', second, { name: 'Second topping' })).body;
    const ownAssignment = (await api.post('/categories/toppings/', second, { category_id: bCategory, topping_id: ownTopping.id })).body;
    expect((await api.patch(`/categories/toppings/${ownAssignment.id}/`, second, { topping_id: a.topping })).status).toBe(404);

    const after = await snapshot();
    // Only the second owner's own topping and assignment were added.
    expect(after.categories).toEqual(before.categories);
    expect(after.category_details).toEqual(before.category_details);
    expect(after.category_option_sets).toEqual(before.category_option_sets);
    expect(after.category_sizes).toEqual(before.category_sizes);
    expect(after.menu_items).toEqual(before.menu_items);
    expect(after.extra_groups).toEqual(before.extra_groups);
    expect(after.extra_selections).toEqual(before.extra_selections);
    expect(after.toppings).toHaveLength(before.toppings!.length + 1);
    expect(after.category_toppings).toHaveLength(before.category_toppings!.length + 1);
    expect(after.category_dressings).toEqual(before.category_dressings);
    expect(bSize).toBeGreaterThan(0);
  });

  it('cannot list or create restaurants beyond their own', async () => {
    const listed = await api.get('/restaurants/', second);
    expect(listed.body.results.map((r: { id: number }) => r.id)).toEqual([second.restaurantId]);
    expect((await api.post('/restaurants/', second, { name: 'Mine too' })).status).toBe(403);
  });
});

describe('administrators', () => {
  it('staff without a restaurant do not see restaurants’ rows; a superadmin sees and changes them', async () => {
    const helper = await staff(t, 'tenancy-staff@example.com');
    expect((await api.get(`/categories/${a.category}/`, helper)).status).toBe(404);
    expect((await api.get('/categories/', helper)).body.count).toBe(0);

    const top = await superadmin(t, 'tenancy-super@example.com');
    expect((await api.get(`/categories/${a.category}/`, top)).status).toBe(200);
    expect((await api.patch(`/menu-items/${a.item}/`, top, { available: false })).body.available).toBe(false);
    // Even a superadmin cannot attach one restaurant's topping to another restaurant's category.
    expect((await api.post('/categories/toppings/', top, { category_id: bCategory, topping_id: a.topping })).status).toBe(404);
  });
});
