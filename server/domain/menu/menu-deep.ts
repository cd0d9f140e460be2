import type { CategoryDeep, CategoryDeepCreate } from '../../../contracts/menu';
import type { Db } from '../../db/database';
import { HttpError } from '../../http-error';
import { categoryDressingRows, categoryToppingRows } from './menu-assignments';
import { insertCategory, toCategory } from './menu-categories';
import { insertDetail } from './menu-details';
import { insertNewGroups } from './menu-extras';
import { insertSizes, toSize } from './menu-sizes';
import type { Scope } from '../shared/scope';
import { restaurantForNewRow } from '../shared/tenancy';

/**
 * POST /categories/deep/: a category with its detail, sizes, toppings, dressings and extra
 * groups. The caller runs it in one transaction; any refusal part-way (another restaurant's
 * topping, sizes on a category not priced by size) throws and nothing is kept. Each kind of row
 * is one multi-row insert (issue 28), so the transaction is a handful of statements whatever
 * the body holds; the contract bounds how many groups and selections that may be.
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
  const extraGroups = await insertNewGroups(tx, category.id, body.extra_groups ?? []);
  return { category: toCategory(category), detail, sizes: sizes.map(toSize), toppings, dressings, extra_groups: extraGroups };
}
