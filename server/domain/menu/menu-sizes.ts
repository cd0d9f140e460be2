import { eq, max } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MENU_DEFAULTS } from '../../../contracts/menu';
import type { ORDERING, Size, SizeCreate, SizeListQuery, SizeUpdate } from '../../../contracts/menu';
import type { Db } from '../../db/database';
import { categorySizes } from '../../db/schema-menu';
import { assertCategoryChild, categoryForNewRows, inReadableCategories } from './menu-categories';
import { listRows, type Listed } from '../shared/listing';
import { lockFor } from './menu-rows';
import type { Scope } from '../shared/scope';
import { checkedRestaurantFilter, notFound } from '../shared/tenancy';

/** A category's size offerings (spec section 3): new ones are 'New' at the last position + 1. */
type SizeRow = typeof categorySizes.$inferSelect;
export type NewSize = Omit<SizeCreate, 'category_id' | 'restaurant_id'>;

export const toSize = (row: SizeRow): Size => ({
  id: row.id,
  category_id: row.categoryId,
  name: row.name,
  units: row.units,
  measurement: row.measurement,
  position: row.position,
});

export async function listSizes(db: Db, scope: Scope, query: SizeListQuery): Promise<Listed<Size>> {
  const restaurantId = await checkedRestaurantFilter(db, scope, query.restaurant_id);
  const listed = await listRows(
    db,
    {
      table: categorySizes,
      where: [
        inReadableCategories(db, scope, categorySizes.categoryId, restaurantId),
        query.category_id === undefined ? undefined : eq(categorySizes.categoryId, query.category_id),
      ],
      searchIn: [categorySizes.name],
      orderBy: { position: categorySizes.position, id: categorySizes.id, name: categorySizes.name } satisfies Record<
        (typeof ORDERING.sizes)[number],
        AnyPgColumn
      >,
      id: categorySizes.id,
      viewer: scope.viewerCheck,
    },
    query,
  );
  return { ...listed, rows: listed.rows.map(toSize) };
}

/** The size and its category, when the scope acts in that category's restaurant; else 404. */
async function sizeInScope(db: Db, scope: Scope, id: number): Promise<SizeRow> {
  const [row] = await db.select().from(categorySizes).where(eq(categorySizes.id, id));
  if (!row) throw notFound('Size');
  await assertCategoryChild(db, scope, row.categoryId, 'Size');
  return row;
}

export async function getSize(db: Db, scope: Scope, id: number): Promise<Size> {
  return toSize(await sizeInScope(db, scope, id));
}

/**
 * Adds sizes to a category the caller was already allowed to change. Sizes without a position
 * go after the last one; the category is locked so two quick "add size" clicks get 1 and 2.
 */
export async function insertSizes(tx: Db, categoryId: number, sizes: NewSize[]): Promise<SizeRow[]> {
  if (sizes.length === 0) return [];
  await lockFor(tx, 'category-sizes', categoryId);
  const [last] = await tx
    .select({ value: max(categorySizes.position) })
    .from(categorySizes)
    .where(eq(categorySizes.categoryId, categoryId));
  let next = (last?.value ?? 0) + 1;
  const values = sizes.map((size) => {
    const position = size.position ?? next;
    next = Math.max(next, position) + 1;
    return {
      categoryId,
      name: size.name ?? MENU_DEFAULTS.sizeName,
      units: size.units ?? null,
      measurement: size.measurement ?? null,
      position,
    };
  });
  return tx.insert(categorySizes).values(values).returning();
}

export async function createSize(tx: Db, scope: Scope, body: SizeCreate): Promise<Size> {
  await categoryForNewRows(tx, scope, body.category_id, body.restaurant_id);
  const { category_id: categoryId, restaurant_id: _restaurant, ...size } = body;
  const [row] = await insertSizes(tx, categoryId, [size]);
  return toSize(row as SizeRow);
}

export async function updateSize(tx: Db, scope: Scope, id: number, body: SizeUpdate): Promise<Size> {
  const current = await sizeInScope(tx, scope, id);
  const changes = {
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(body.units === undefined ? {} : { units: body.units }),
    ...(body.measurement === undefined ? {} : { measurement: body.measurement }),
    ...(body.position === undefined ? {} : { position: body.position }),
  };
  if (Object.keys(changes).length === 0) return toSize(current);
  const [row] = await tx.update(categorySizes).set(changes).where(eq(categorySizes.id, id)).returning();
  return toSize(row as SizeRow);
}

export async function deleteSize(tx: Db, scope: Scope, id: number): Promise<void> {
  await sizeInScope(tx, scope, id);
  await tx.delete(categorySizes).where(eq(categorySizes.id, id));
}
