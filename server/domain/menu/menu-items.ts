import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { MenuItem, MenuItemCreate, MenuItemListQuery, MenuItemUpdate, ORDERING, SizePrice } from '../../../contracts/menu';
import type { Db } from '../../db/database';
import { categoryDetails, categorySizes, menuItemPrices, menuItems } from '../../db/schema-menu';
import { HttpError } from '../../http-error';
import { assertCategoryChild, categoryForNewRows, inReadableCategories } from './menu-categories';
import { listRows, type Listed } from '../shared/listing';
import type { Scope } from '../shared/scope';
import { checkedRestaurantFilter, notFound } from '../shared/tenancy';

/**
 * A category's dishes. A dish has one `price`, unless its category is priced by size: then
 * it has one price per size it is offered in (menu_item_prices) and no single price. A size
 * without a row, like a null `price`, is not offered: nothing reads a missing price as 0.
 */
type ItemRow = typeof menuItems.$inferSelect;

async function pricesOf(db: Db, itemIds: number[]): Promise<Map<number, SizePrice[]>> {
  const byItem = new Map<number, SizePrice[]>(itemIds.map((id) => [id, []]));
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select({ itemId: menuItemPrices.itemId, sizeId: menuItemPrices.sizeId, price: menuItemPrices.price })
    .from(menuItemPrices)
    .innerJoin(categorySizes, eq(categorySizes.id, menuItemPrices.sizeId))
    .where(inArray(menuItemPrices.itemId, itemIds))
    .orderBy(asc(categorySizes.position), asc(categorySizes.id));
  for (const row of rows) byItem.get(row.itemId)?.push({ size_id: row.sizeId, price: row.price });
  return byItem;
}

/** `sold_out_until` (issue 45) only on a row that has one, so rows on sale answer as before. */
export const soldOutOf = (until: Date | null) => (until === null ? {} : { sold_out_until: until.toISOString() });

const toItem = (row: ItemRow, prices: SizePrice[]): MenuItem => ({
  id: row.id,
  category_id: row.categoryId,
  name: row.name,
  description: row.description,
  price: row.price,
  prices,
  image_url: row.imageUrl,
  available: row.available,
  ...soldOutOf(row.soldOutUntil),
});

async function answer(db: Db, row: ItemRow): Promise<MenuItem> {
  return toItem(row, (await pricesOf(db, [row.id])).get(row.id) ?? []);
}

export async function listItems(db: Db, scope: Scope, query: MenuItemListQuery): Promise<Listed<MenuItem>> {
  const restaurantId = await checkedRestaurantFilter(db, scope, query.restaurant_id);
  const listed = await listRows(
    db,
    {
      table: menuItems,
      where: [
        inReadableCategories(db, scope, menuItems.categoryId, restaurantId),
        query.category_id === undefined ? undefined : eq(menuItems.categoryId, query.category_id),
        query.available === undefined ? undefined : eq(menuItems.available, query.available),
      ],
      searchIn: [menuItems.name, menuItems.description],
      orderBy: { id: menuItems.id, name: menuItems.name, price: menuItems.price } satisfies Record<(typeof ORDERING.menuItems)[number], AnyPgColumn>,
      id: menuItems.id,
      viewer: scope.viewerCheck,
    },
    query,
  );
  const prices = await pricesOf(
    db,
    listed.rows.map((row) => row.id),
  );
  return { ...listed, rows: listed.rows.map((row) => toItem(row, prices.get(row.id) ?? [])) };
}

async function itemInScope(db: Db, scope: Scope, id: number): Promise<ItemRow> {
  const [row] = await db.select().from(menuItems).where(eq(menuItems.id, id));
  if (!row) throw notFound('Menu item');
  await assertCategoryChild(db, scope, row.categoryId, 'Menu item');
  return row;
}

export async function getItem(db: Db, scope: Scope, id: number): Promise<MenuItem> {
  return answer(db, await itemInScope(db, scope, id));
}

const invalid = (field: string, message: string) => new HttpError(400, 'invalid', 'Some fields are not valid.', { fields: { [field]: message } });

async function pricedBySize(db: Db, categoryId: number): Promise<boolean> {
  const [detail] = await db.select({ pricedBy: categoryDetails.pricedBy }).from(categoryDetails).where(eq(categoryDetails.categoryId, categoryId));
  return detail?.pricedBy === 'size';
}

/**
 * Checks a body's `price` / `prices` against how the category is priced, and that every
 * priced size is one of that category's sizes. Answers whether the category is priced by size.
 */
async function checkPricing(db: Db, categoryId: number, body: Pick<MenuItemUpdate, 'price' | 'prices'>): Promise<boolean> {
  if (await pricedBySize(db, categoryId)) {
    if (body.price !== undefined) throw invalid('price', 'This category is priced by size: give a price for each size the dish is offered in instead.');
    const sizeIds = (body.prices ?? []).map((price) => price.size_id);
    if (sizeIds.length === 0) return true;
    const sizes = await db
      .select({ id: categorySizes.id })
      .from(categorySizes)
      .where(and(eq(categorySizes.categoryId, categoryId), inArray(categorySizes.id, sizeIds)));
    const known = new Set(sizes.map((size) => size.id));
    const stranger = sizeIds.find((id) => !known.has(id));
    if (stranger !== undefined) throw invalid('prices', `Size ${stranger} is not a size of this category.`);
    return true;
  }
  if (body.prices !== undefined && body.prices.length > 0) throw invalid('prices', 'This category is not priced by size: give one price.');
  return false;
}

async function replacePrices(tx: Db, itemId: number, prices: SizePrice[]): Promise<void> {
  await tx.delete(menuItemPrices).where(eq(menuItemPrices.itemId, itemId));
  if (prices.length > 0) {
    await tx.insert(menuItemPrices).values(prices.map((price) => ({ itemId, sizeId: price.size_id, price: price.price })));
  }
}

export async function createItem(tx: Db, scope: Scope, body: MenuItemCreate): Promise<MenuItem> {
  const category = await categoryForNewRows(tx, scope, body.category_id, body.restaurant_id);
  const bySize = await checkPricing(tx, category.id, body);
  const [row] = await tx
    .insert(menuItems)
    .values({
      categoryId: category.id,
      name: body.name,
      description: body.description ?? '',
      // No price given is no price (not offered), never a free dish (issue 27).
      price: bySize ? null : (body.price ?? null),
      imageUrl: body.image_url ?? null,
      available: body.available ?? true,
    })
    .returning();
  if (!row) throw new Error('insert returned no menu item');
  if (body.prices) await replacePrices(tx, row.id, body.prices);
  return answer(tx, row);
}

export async function updateItem(tx: Db, scope: Scope, id: number, body: MenuItemUpdate): Promise<MenuItem> {
  const current = await itemInScope(tx, scope, id);
  await checkPricing(tx, current.categoryId, body);
  const changes = {
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(body.description === undefined ? {} : { description: body.description }),
    ...(body.price === undefined ? {} : { price: body.price }),
    ...(body.image_url === undefined ? {} : { imageUrl: body.image_url }),
    ...(body.available === undefined ? {} : { available: body.available }),
  };
  const [row] = Object.keys(changes).length === 0 ? [current] : await tx.update(menuItems).set(changes).where(eq(menuItems.id, id)).returning();
  if (body.prices !== undefined) await replacePrices(tx, id, body.prices);
  return answer(tx, row as ItemRow);
}

export async function deleteItem(tx: Db, scope: Scope, id: number): Promise<void> {
  await itemInScope(tx, scope, id);
  await tx.delete(menuItems).where(eq(menuItems.id, id));
}
