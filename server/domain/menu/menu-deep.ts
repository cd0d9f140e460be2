import type { CategoryDeep, CategoryDeepCreate } from '../../../contracts/menu';
import type { Db } from '../../db/database';
import { HttpError } from '../../http-error';
import { categoryDressingRows, categoryToppingRows } from './menu-assignments';
import { insertCategory, toCategory } from './menu-categories';
import { insertDetail } from './menu-details';
import { insertGroup, insertSelections, toGroup, toSelection } from './menu-extras';
import { insertSizes, toSize } from './menu-sizes';
import type { Scope } from '../shared/scope';
import { restaurantForNewRow } from '../shared/tenancy';

/**
 * POST /categories/deep/: a category with its detail, sizes, toppings, dressings and extra
 * groups. The caller runs it in one transaction; any refusal part-way (another restaurant's
 * topping, sizes on a category not priced by size) throws and nothing is kept.
 */
export async function createCategoryDeep(tx: Db, scope: Scope, body: CategoryDeepCreate): Promise<CategoryDeep> {
  const restaurantId = await restaurantForNewRow(tx, scope, body.restaurant_id);
  const category = await insertCategory(tx, restaurantId, body);
  const detail = await insertDetail(tx, category, body.detail ?? {});
  if ((body.sizes ?? []).length > 0 && detail.priced_by !== 'size') {
    throw new HttpError(400, 'invalid', 'Some fields are not valid.', { fields: { sizes: 'Sizes can only be given when the category is priced by size.' } });
  }
  const sizes = await insertSizes(tx, category.id, body.sizes ?? []);
  const toppings = await categoryToppingRows.attach(tx, category, body.toppings ?? []);
  const dressings = await categoryDressingRows.attach(tx, category, body.dressings ?? []);
  const extraGroups = [];
  for (const { selections, ...group } of body.extra_groups ?? []) {
    const row = await insertGroup(tx, category.id, group);
    extraGroups.push({ ...toGroup(row), selections: (await insertSelections(tx, row.id, selections ?? [])).map(toSelection) });
  }
  return { category: toCategory(category), detail, sizes: sizes.map(toSize), toppings, dressings, extra_groups: extraGroups };
}
