import { asc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MENU_DEFAULTS } from '../../../contracts/menu';
import type { CategoryDetail, CategoryDetailCreate, CategoryDetailListQuery, CategoryDetailUpdate, ORDERING } from '../../../contracts/menu';
import type { Db } from '../../db/database';
import { categoryDetails, categoryOptionSets, optionSets } from '../../db/schema-menu';
import { HttpError } from '../../http-error';
import { assertCategoryChild, categoryForNewRows, inReadableCategories } from './menu-categories';
import { listRows, type Listed } from '../shared/listing';
import type { Scope } from '../shared/scope';
import { checkedRestaurantFilter, notFound, usableIn } from '../shared/tenancy';

/**
 * A category's detail (one per category): pricing basis, toggles, hero image and the primary
 * option sets it offers, kept in order in category_option_sets.
 */
type DetailRow = typeof categoryDetails.$inferSelect;
export type NewDetail = Omit<CategoryDetailCreate, 'category_id' | 'restaurant_id'>;

async function optionSetIdsOf(db: Db, detailIds: number[]): Promise<Map<number, number[]>> {
  const byDetail = new Map<number, number[]>(detailIds.map((id) => [id, []]));
  if (detailIds.length === 0) return byDetail;
  const links = await db.select().from(categoryOptionSets).where(inArray(categoryOptionSets.detailId, detailIds)).orderBy(asc(categoryOptionSets.position));
  for (const link of links) byDetail.get(link.detailId)?.push(link.optionSetId);
  return byDetail;
}

const toDetail = (row: DetailRow, optionSetIds: number[]): CategoryDetail => ({
  id: row.id,
  category_id: row.categoryId,
  priced_by: row.pricedBy,
  primary_option_sets: optionSetIds,
  allow_toppings: row.allowToppings,
  allow_dressings: row.allowDressings,
  allow_remove_toppings: row.allowRemoveToppings,
  allow_add_toppings: row.allowAddToppings,
  max_extra_toppings: row.maxExtraToppings,
  image_url: row.imageUrl,
});

async function answer(db: Db, row: DetailRow): Promise<CategoryDetail> {
  return toDetail(row, (await optionSetIdsOf(db, [row.id])).get(row.id) ?? []);
}

export async function listDetails(db: Db, scope: Scope, query: CategoryDetailListQuery): Promise<Listed<CategoryDetail>> {
  const restaurantId = await checkedRestaurantFilter(db, scope, query.restaurant_id);
  const listed = await listRows(
    db,
    {
      table: categoryDetails,
      where: [
        inReadableCategories(db, scope, categoryDetails.categoryId, restaurantId),
        query.category_id === undefined ? undefined : eq(categoryDetails.categoryId, query.category_id),
      ],
      searchIn: [],
      orderBy: { id: categoryDetails.id, category_id: categoryDetails.categoryId } satisfies Record<(typeof ORDERING.categoryDetails)[number], AnyPgColumn>,
      id: categoryDetails.id,
      viewer: scope.viewerCheck,
    },
    { ...query, search: undefined },
  );
  const sets = await optionSetIdsOf(
    db,
    listed.rows.map((row) => row.id),
  );
  return { ...listed, rows: listed.rows.map((row) => toDetail(row, sets.get(row.id) ?? [])) };
}

/** The detail and its category's restaurant, when the scope acts in it; else 404. */
async function detailInScope(db: Db, scope: Scope, id: number): Promise<{ row: DetailRow; restaurantId: number }> {
  const [row] = await db.select().from(categoryDetails).where(eq(categoryDetails.id, id));
  if (!row) throw notFound('Category detail');
  return { row, restaurantId: await assertCategoryChild(db, scope, row.categoryId, 'Category detail') };
}

export async function getDetail(db: Db, scope: Scope, id: number): Promise<CategoryDetail> {
  return answer(db, (await detailInScope(db, scope, id)).row);
}

/**
 * Replaces the detail's option sets by `ids`, in that order. Each must be the platform
 * library's or the category's own restaurant's; any other answers 404 (and, inside the
 * caller's transaction, nothing is kept).
 */
async function setOptionSets(tx: Db, detailId: number, restaurantId: number, ids: number[]): Promise<void> {
  if (ids.length > 0) {
    const found = await tx.select({ id: optionSets.id, restaurantId: optionSets.restaurantId }).from(optionSets).where(inArray(optionSets.id, ids));
    const usable = new Set(found.filter((set) => usableIn(restaurantId, set.restaurantId)).map((set) => set.id));
    const missing = ids.find((id) => !usable.has(id));
    if (missing !== undefined) {
      throw new HttpError(404, 'not_found', 'Primary option set not found.', { fields: { primary_option_sets: `Primary option set ${missing} not found.` } });
    }
  }
  await tx.delete(categoryOptionSets).where(eq(categoryOptionSets.detailId, detailId));
  if (ids.length > 0) {
    await tx.insert(categoryOptionSets).values(ids.map((optionSetId, position) => ({ detailId, optionSetId, position })));
  }
}

const columnsOf = (body: NewDetail) => ({
  ...(body.priced_by === undefined ? {} : { pricedBy: body.priced_by }),
  ...(body.allow_toppings === undefined ? {} : { allowToppings: body.allow_toppings }),
  ...(body.allow_dressings === undefined ? {} : { allowDressings: body.allow_dressings }),
  ...(body.allow_remove_toppings === undefined ? {} : { allowRemoveToppings: body.allow_remove_toppings }),
  ...(body.allow_add_toppings === undefined ? {} : { allowAddToppings: body.allow_add_toppings }),
  ...(body.max_extra_toppings === undefined ? {} : { maxExtraToppings: body.max_extra_toppings }),
  ...(body.image_url === undefined ? {} : { imageUrl: body.image_url }),
});

/** The detail of a category the caller may change; 409 when it already has one. */
export async function insertDetail(tx: Db, category: { id: number; restaurantId: number }, body: NewDetail): Promise<CategoryDetail> {
  const [row] = await tx
    .insert(categoryDetails)
    .values({ categoryId: category.id, pricedBy: MENU_DEFAULTS.pricedBy, ...columnsOf(body) })
    .onConflictDoNothing({ target: categoryDetails.categoryId })
    .returning();
  if (!row) throw new HttpError(409, 'duplicate', 'This category already has its detail; change it with PATCH.');
  await setOptionSets(tx, row.id, category.restaurantId, body.primary_option_sets ?? []);
  return answer(tx, row);
}

export async function createDetail(tx: Db, scope: Scope, body: CategoryDetailCreate): Promise<CategoryDetail> {
  const category = await categoryForNewRows(tx, scope, body.category_id, body.restaurant_id);
  const { category_id: _category, restaurant_id: _restaurant, ...detail } = body;
  return insertDetail(tx, category, detail);
}

export async function updateDetail(tx: Db, scope: Scope, id: number, body: CategoryDetailUpdate): Promise<CategoryDetail> {
  const { row: current, restaurantId } = await detailInScope(tx, scope, id);
  const changes = columnsOf(body);
  const [row] = Object.keys(changes).length === 0 ? [current] : await tx.update(categoryDetails).set(changes).where(eq(categoryDetails.id, id)).returning();
  if (body.primary_option_sets !== undefined) await setOptionSets(tx, id, restaurantId, body.primary_option_sets);
  return answer(tx, row as DetailRow);
}
