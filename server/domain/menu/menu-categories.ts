import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Category, CategoryCreate, CategoryListQuery, CategoryUpdate, ORDERING } from '../../../contracts/menu';
import type { Db } from '../../db/database';
import { categories } from '../../db/schema-menu';
import { listRows, type Listed } from '../shared/listing';
import type { Scope } from '../shared/scope';
import { assertCanChange, checkedRestaurantFilter, checkSameRestaurant, notFound, readableRows, restaurantForNewRow } from '../shared/tenancy';

/**
 * Categories, and the question every row hanging off a category asks: may this caller touch
 * that category? Sizes, details, assignments, groups and items answer it through
 * `categoryInScope` (one row) and `inReadableCategories` (a list filter).
 */
type CategoryRow = typeof categories.$inferSelect;

export const toCategory = (row: CategoryRow): Category => ({
  id: row.id,
  name: row.name,
  description: row.description,
  restaurant_id: row.restaurantId,
});

/** The category, when the scope acts in its restaurant; else 404 as if it did not exist. */
export async function categoryInScope(db: Db, scope: Scope, categoryId: number, requestedRestaurant?: number, lock = false): Promise<CategoryRow> {
  const query = db.select().from(categories).where(eq(categories.id, categoryId));
  const [row] = lock ? await query.for('key share') : await query;
  if (!row) throw notFound('Category');
  assertCanChange(scope, row.restaurantId, 'Category');
  checkSameRestaurant(requestedRestaurant, row.restaurantId);
  return row;
}

/**
 * `categoryInScope` for a create under the category: the row is locked against deletion until the
 * transaction ends (FOR KEY SHARE, which renames do not wait for). A delete that comes after then
 * waits and takes the new row with it; one that came first makes this read find nothing (404).
 * Without the lock, a delete between this read and the insert was a foreign-key violation, a 500
 * (issue 28, item 3).
 */
export const categoryForNewRows = (tx: Db, scope: Scope, categoryId: number, requestedRestaurant?: number) =>
  categoryInScope(tx, scope, categoryId, requestedRestaurant, true);

/**
 * For a row found under category `categoryId` (a size, a group...): 404 in the row's own name
 * unless the scope acts in that category's restaurant. Answers the restaurant.
 */
export async function assertCategoryChild(db: Db, scope: Scope, categoryId: number, what: string): Promise<number> {
  const [row] = await db.select({ restaurantId: categories.restaurantId }).from(categories).where(eq(categories.id, categoryId));
  if (!row) throw notFound(what);
  assertCanChange(scope, row.restaurantId, what);
  return row.restaurantId;
}

/**
 * Rows of a child table whose category the scope may read, narrowed to one restaurant when a
 * (checked) `restaurant_id=` filter was given. `undefined`: no restriction (superadmin, no filter).
 */
export function inReadableCategories(db: Db, scope: Scope, categoryColumn: AnyPgColumn, restaurantId?: number): SQL | undefined {
  const condition = and(readableRows(scope, categories.restaurantId), restaurantId === undefined ? undefined : eq(categories.restaurantId, restaurantId));
  return condition && inArray(categoryColumn, db.select({ id: categories.id }).from(categories).where(condition));
}

export async function listCategories(db: Db, scope: Scope, query: CategoryListQuery): Promise<Listed<Category>> {
  const restaurantId = await checkedRestaurantFilter(db, scope, query.restaurant_id);
  const listed = await listRows(
    db,
    {
      table: categories,
      where: [readableRows(scope, categories.restaurantId), restaurantId === undefined ? undefined : eq(categories.restaurantId, restaurantId)],
      searchIn: [categories.name, categories.description],
      orderBy: { id: categories.id, name: categories.name } satisfies Record<(typeof ORDERING.categories)[number], AnyPgColumn>,
      id: categories.id,
      viewer: scope.viewerCheck,
    },
    query,
  );
  return { ...listed, rows: listed.rows.map(toCategory) };
}

export async function getCategory(db: Db, scope: Scope, id: number): Promise<Category> {
  return toCategory(await categoryInScope(db, scope, id));
}

export async function insertCategory(tx: Db, restaurantId: number, body: { name: string; description?: string }): Promise<CategoryRow> {
  const [row] = await tx
    .insert(categories)
    .values({ restaurantId, name: body.name, description: body.description ?? '' })
    .returning();
  if (!row) throw new Error('insert returned no category');
  return row;
}

export async function createCategory(tx: Db, scope: Scope, body: CategoryCreate): Promise<Category> {
  const restaurantId = await restaurantForNewRow(tx, scope, body.restaurant_id);
  return toCategory(await insertCategory(tx, restaurantId, body));
}

export async function updateCategory(tx: Db, scope: Scope, id: number, body: CategoryUpdate): Promise<Category> {
  const current = await categoryInScope(tx, scope, id);
  if (body.name === undefined && body.description === undefined) return toCategory(current);
  const [row] = await tx.update(categories).set(body).where(eq(categories.id, id)).returning();
  return toCategory(row as CategoryRow);
}

/** Detail, sizes, assignments, groups, selections and items go with it (ON DELETE CASCADE). */
export async function deleteCategory(tx: Db, scope: Scope, id: number): Promise<void> {
  await categoryInScope(tx, scope, id);
  await tx.delete(categories).where(eq(categories.id, id));
}
