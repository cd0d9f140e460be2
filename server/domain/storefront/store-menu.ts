import { and, asc, eq } from 'drizzle-orm';
import type { StoreCategory } from '../../../contracts/storefront';
import type { Db } from '../../db/database';
import {
  categories,
  categoryDetails,
  categoryDressings,
  categorySizes,
  categoryToppings,
  dressings,
  extraGroups,
  extraSelections,
  menuItemPrices,
  categoryOptionSets,
  menuItems,
  optionSetSelections,
  optionSets,
  toppings,
} from '../../db/schema-menu';
import { sideBySide } from '../../db/side-by-side';

/**
 * A restaurant's menu as customers see it, in one query per kind of row whatever the menu's size
 * (categories with their details, sizes, items, size prices, extra groups, selections, toppings,
 * dressings, primary option sets, their selections: ten), each capped at STORE_ROWS_MAX rows so that no store costs more than that.
 * Categories come in the back office's order (by id, contracts/menu.ts ORDERING.categories),
 * items and extra options by id, sizes, option sets and their selections by position.
 */
export const STORE_ROWS_MAX = 5_000;

type StoreItem = StoreCategory['items'][number];

function menuRows(db: Db, restaurantId: number) {
  const ofRestaurant = eq(categories.restaurantId, restaurantId);
  const available = and(ofRestaurant, eq(menuItems.available, true));
  return sideBySide(db, [
    () =>
      db
        .select({
          id: categories.id,
          name: categories.name,
          description: categories.description,
          imageUrl: categoryDetails.imageUrl,
          pricedBy: categoryDetails.pricedBy,
          allowToppings: categoryDetails.allowToppings,
          allowDressings: categoryDetails.allowDressings,
          allowRemoveToppings: categoryDetails.allowRemoveToppings,
          allowAddToppings: categoryDetails.allowAddToppings,
          maxExtraToppings: categoryDetails.maxExtraToppings,
        })
        .from(categories)
        .leftJoin(categoryDetails, eq(categoryDetails.categoryId, categories.id))
        .where(ofRestaurant)
        .orderBy(asc(categories.id))
        .limit(STORE_ROWS_MAX),
    () =>
      db
        .select({
          id: categorySizes.id,
          categoryId: categorySizes.categoryId,
          name: categorySizes.name,
          units: categorySizes.units,
          measurement: categorySizes.measurement,
        })
        .from(categorySizes)
        .innerJoin(categories, eq(categories.id, categorySizes.categoryId))
        .where(ofRestaurant)
        .orderBy(asc(categorySizes.position), asc(categorySizes.id))
        .limit(STORE_ROWS_MAX),
    () =>
      db
        .select({
          id: menuItems.id,
          categoryId: menuItems.categoryId,
          name: menuItems.name,
          description: menuItems.description,
          imageUrl: menuItems.imageUrl,
          price: menuItems.price,
          soldOutUntil: menuItems.soldOutUntil,
        })
        .from(menuItems)
        .innerJoin(categories, eq(categories.id, menuItems.categoryId))
        .where(available)
        .orderBy(asc(menuItems.id))
        .limit(STORE_ROWS_MAX),
    () =>
      db
        .select({ itemId: menuItemPrices.itemId, sizeId: menuItemPrices.sizeId, price: menuItemPrices.price })
        .from(menuItemPrices)
        .innerJoin(menuItems, eq(menuItems.id, menuItemPrices.itemId))
        .innerJoin(categories, eq(categories.id, menuItems.categoryId))
        .where(available)
        .limit(STORE_ROWS_MAX),
    () =>
      db
        .select({
          id: extraGroups.id,
          categoryId: extraGroups.categoryId,
          name: extraGroups.name,
          required: extraGroups.required,
          allowMultiple: extraGroups.allowMultiple,
        })
        .from(extraGroups)
        .innerJoin(categories, eq(categories.id, extraGroups.categoryId))
        .where(ofRestaurant)
        .orderBy(asc(extraGroups.id))
        .limit(STORE_ROWS_MAX),
    () =>
      db
        .select({
          id: extraSelections.id,
          groupId: extraSelections.groupId,
          name: extraSelections.name,
          price: extraSelections.price,
          imageUrl: extraSelections.imageUrl,
          soldOutUntil: extraSelections.soldOutUntil,
        })
        .from(extraSelections)
        .innerJoin(extraGroups, eq(extraGroups.id, extraSelections.groupId))
        .innerJoin(categories, eq(categories.id, extraGroups.categoryId))
        .where(ofRestaurant)
        .orderBy(asc(extraSelections.id))
        .limit(STORE_ROWS_MAX),
    () =>
      db
        .select({ categoryId: categoryToppings.categoryId, id: toppings.id, name: toppings.name, imageUrl: toppings.imageUrl })
        .from(categoryToppings)
        .innerJoin(toppings, eq(toppings.id, categoryToppings.toppingId))
        .innerJoin(categories, eq(categories.id, categoryToppings.categoryId))
        .where(ofRestaurant)
        .orderBy(asc(categoryToppings.id))
        .limit(STORE_ROWS_MAX),
    () =>
      db
        .select({ categoryId: categoryDressings.categoryId, id: dressings.id, name: dressings.name })
        .from(categoryDressings)
        .innerJoin(dressings, eq(dressings.id, categoryDressings.dressingId))
        .innerJoin(categories, eq(categories.id, categoryDressings.categoryId))
        .where(ofRestaurant)
        .orderBy(asc(categoryDressings.id))
        .limit(STORE_ROWS_MAX),
    () =>
      db
        .select({ categoryId: categoryDetails.categoryId, id: optionSets.id, name: optionSets.name })
        .from(categoryOptionSets)
        .innerJoin(optionSets, eq(optionSets.id, categoryOptionSets.optionSetId))
        .innerJoin(categoryDetails, eq(categoryDetails.id, categoryOptionSets.detailId))
        .innerJoin(categories, eq(categories.id, categoryDetails.categoryId))
        .where(ofRestaurant)
        .orderBy(asc(categoryOptionSets.position), asc(optionSets.id))
        .limit(STORE_ROWS_MAX),
    // A set (a platform one, say) several categories offer: its selections once (distinct).
    () =>
      db
        .selectDistinct({
          id: optionSetSelections.id,
          setId: optionSetSelections.setId,
          name: optionSetSelections.name,
          imageUrl: optionSetSelections.imageUrl,
          position: optionSetSelections.position,
        })
        .from(optionSetSelections)
        .innerJoin(categoryOptionSets, eq(categoryOptionSets.optionSetId, optionSetSelections.setId))
        .innerJoin(categoryDetails, eq(categoryDetails.id, categoryOptionSets.detailId))
        .innerJoin(categories, eq(categories.id, categoryDetails.categoryId))
        .where(ofRestaurant)
        .orderBy(asc(optionSetSelections.position), asc(optionSetSelections.id))
        .limit(STORE_ROWS_MAX),
  ] as const);
}

/**
 * `sold_out_until` (issue 45) only on a row that has one: the store data of a menu with nothing
 * sold out reads as before. A time already passed may still be there until the sweep clears it;
 * every reader compares it with its own clock (contracts/shared/sold-out.ts).
 */
const soldOut = (until: Date | null) => (until === null ? {} : { sold_out_until: until.toISOString() });

/** Rows grouped by a key, each group keeping the rows' order. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * The categories a customer can order from. An item is on the store when it is available and has
 * a price: its one `price`, or, in a category priced by size, a price in at least one size (a size
 * without one is not offered and left out). A category lists the sizes some item is offered in,
 * and toppings and dressings only when its detail allows them; a category left with no item is
 * not shown at all.
 */
export async function readStoreMenu(db: Db, restaurantId: number): Promise<StoreCategory[]> {
  const [categoryRows, sizeRows, itemRows, priceRows, groupRows, selectionRows, toppingRows, dressingRows, setRows, setSelectionRows] = await menuRows(
    db,
    restaurantId,
  );
  const sizesOf = groupBy(sizeRows, (row) => row.categoryId);
  const itemsOf = groupBy(itemRows, (row) => row.categoryId);
  const pricesOf = groupBy(priceRows, (row) => row.itemId);
  const groupsOf = groupBy(groupRows, (row) => row.categoryId);
  const selectionsOf = groupBy(selectionRows, (row) => row.groupId);
  const toppingsOf = groupBy(toppingRows, (row) => row.categoryId);
  const dressingsOf = groupBy(dressingRows, (row) => row.categoryId);
  const setsOf = groupBy(setRows, (row) => row.categoryId);
  const setSelectionsOf = groupBy(setSelectionRows, (row) => row.setId);

  return categoryRows.flatMap((category): StoreCategory[] => {
    const bySize = category.pricedBy === 'size';
    const sizes = sizesOf.get(category.id) ?? [];
    const position = new Map(sizes.map((size, index) => [size.id, index]));
    const items = (itemsOf.get(category.id) ?? []).flatMap((item): StoreItem[] => {
      const shown = { id: item.id, name: item.name, description: item.description, image_url: item.imageUrl, ...soldOut(item.soldOutUntil) };
      if (!bySize) return item.price === null ? [] : [{ ...shown, price: item.price, prices: [] }];
      const prices = (pricesOf.get(item.id) ?? [])
        .filter((row) => position.has(row.sizeId))
        .sort((a, b) => (position.get(a.sizeId) as number) - (position.get(b.sizeId) as number))
        .map((row) => ({ size_id: row.sizeId, price: row.price }));
      return prices.length === 0 ? [] : [{ ...shown, price: null, prices }];
    });
    if (items.length === 0) return [];
    const offered = new Set(items.flatMap((item) => item.prices.map((price) => price.size_id)));
    return [
      {
        id: category.id,
        name: category.name,
        description: category.description,
        image_url: category.imageUrl,
        sizes: sizes.filter((size) => offered.has(size.id)).map((size) => ({ id: size.id, name: size.name, units: size.units, measurement: size.measurement })),
        items,
        extra_groups: (groupsOf.get(category.id) ?? []).map((group) => ({
          id: group.id,
          name: group.name,
          required: group.required,
          allow_multiple: group.allowMultiple,
          selections: (selectionsOf.get(group.id) ?? []).map((selection) => ({
            id: selection.id,
            name: selection.name,
            price: selection.price,
            image_url: selection.imageUrl,
            ...soldOut(selection.soldOutUntil),
          })),
        })),
        toppings: category.allowToppings ? (toppingsOf.get(category.id) ?? []).map(({ id, name, imageUrl }) => ({ id, name, image_url: imageUrl })) : [],
        dressings: category.allowDressings ? (dressingsOf.get(category.id) ?? []).map(({ id, name }) => ({ id, name })) : [],
        // A set with no selection could never be chosen, so it would refuse every order: left out.
        primary_option_sets: (setsOf.get(category.id) ?? []).flatMap(({ id, name }) => {
          const selections = (setSelectionsOf.get(id) ?? []).map((selection) => ({ id: selection.id, name: selection.name, image_url: selection.imageUrl }));
          return selections.length === 0 ? [] : [{ id, name, selections }];
        }),
        // A category without a detail takes the specification's defaults.
        allow_remove_toppings: category.allowRemoveToppings ?? true,
        allow_add_toppings: category.allowAddToppings ?? true,
        max_extra_toppings: category.maxExtraToppings ?? 0,
      },
    ];
  });
}
