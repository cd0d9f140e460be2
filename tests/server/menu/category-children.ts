import type { Caller, MenuClient } from './menu-helpers';

/**
 * One create of each kind of row that hangs off a category (issue 28, item 3): what races a
 * delete of that category. `refs` are rows the creates name besides the category: a topping and
 * a dressing of the owner's restaurant (a pair may be assigned once), and a group of the category.
 */
export type ChildRefs = { categoryId: number; toppingId: number; dressingId: number; groupId: number };

export const childCreates = ({ categoryId, toppingId, dressingId, groupId }: ChildRefs) =>
  [
    { kind: 'size', path: '/categories/sizes/', body: { category_id: categoryId, name: 'Large' } },
    { kind: 'detail', path: '/categories/detail/', body: { category_id: categoryId } },
    { kind: 'topping assignment', path: '/categories/toppings/', body: { category_id: categoryId, topping_id: toppingId } },
    { kind: 'dressing assignment', path: '/categories/dressings/', body: { category_id: categoryId, dressing_id: dressingId } },
    { kind: 'menu item', path: '/menu-items/', body: { category_id: categoryId, name: 'Margherita', price: 9.5 } },
    { kind: 'extra group', path: '/extra-options/groups/', body: { category_id: categoryId, name: 'Cheese' } },
    { kind: 'extra selection', path: '/extra-options/selections/', body: { group_id: groupId, name: 'Feta', price: 1 } },
    // The extra options screen's Save (200, not 201: it answers the category's groups as saved).
    { kind: 'extra options save', path: `/categories/${categoryId}/extra-options/`, body: { groups: [{ name: 'Dips', selections: [{ name: 'Aioli' }] }] } },
  ] as const;

/** A category of `owner`'s with a group, and the rows its children may name. */
export async function categoryWithRefs(api: MenuClient, owner: Caller, refs: { toppingId: number; dressingId: number }): Promise<ChildRefs> {
  const category = await api.post('/categories/', owner, { name: 'Pizza' });
  const group = await api.post('/extra-options/groups/', owner, { category_id: category.body.id, name: 'Sauces' });
  if (category.status !== 201 || group.status !== 201) throw new Error(`seeding answered ${category.status} and ${group.status}`);
  return { categoryId: category.body.id, groupId: group.body.id, ...refs };
}

/** Rows of the child tables whose category (or group) is gone: none may be left behind. */
export const ORPHANS_SQL = `select
  (select count(*) from category_sizes where category_id not in (select id from categories))
  + (select count(*) from category_details where category_id not in (select id from categories))
  + (select count(*) from category_toppings where category_id not in (select id from categories))
  + (select count(*) from category_dressings where category_id not in (select id from categories))
  + (select count(*) from menu_items where category_id not in (select id from categories))
  + (select count(*) from extra_groups where category_id not in (select id from categories))
  + (select count(*) from extra_selections where group_id not in (select id from extra_groups)) as n`;
