import { eq } from 'drizzle-orm';
import { STATS_TOP, type AnalyticsStats, type GeneralStats, type MenuStats } from '../../../contracts/insights';
import { DEFAULT_CURRENCY, NO_RESTAURANT_MESSAGE } from '../../../contracts/shared/restaurants';
import type { Db } from '../../db/database';
import { restaurants } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { FigureReaders } from './figure-readers';
import { isAdmin, type UserRow } from '../shared/people';
import { currencyOfRestaurant } from '../shared/restaurants';
import { notFound } from '../shared/tenancy';

/**
 * The three statistics calls. The counting lives with the tables' own areas (menu, onboarding);
 * this area decides whose figures a caller sees and shapes the answers. Each answer is one
 * round of SQL: one statement per area, run side by side.
 */
/**
 * Whose figures: undefined for the whole platform (administrators without `restaurant_id`), else
 * a restaurant id. Owners see only their active restaurant: another id answers 404, as an
 * unknown one does (PRODUCT.md, tenancy); without an active restaurant, 400.
 */
export async function statsRestaurant(db: Db, user: UserRow, requested: number | undefined): Promise<number | undefined> {
  if (isAdmin(user)) {
    if (requested === undefined) return undefined;
    const [row] = await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, requested));
    if (!row) throw notFound('Restaurant');
    return row.id;
  }
  if (user.activeRestaurantId === null) throw new HttpError(400, 'no_active_restaurant', NO_RESTAURANT_MESSAGE);
  if (requested !== undefined && requested !== user.activeRestaurantId) throw notFound('Restaurant');
  return user.activeRestaurantId;
}

async function figures(db: Db, readers: FigureReaders, restaurantId: number | undefined) {
  const [menu, places] = await Promise.all([readers.menu(db, restaurantId, STATS_TOP), readers.places(db, restaurantId, STATS_TOP)]);
  return { menu, places };
}

export async function menuStats(db: Db, readers: FigureReaders, restaurantId: number | undefined): Promise<MenuStats> {
  const { menu, places } = await figures(db, readers, restaurantId);
  return {
    counts: {
      countries: places.countries,
      cities: places.cities,
      restaurants: places.restaurants,
      categories: menu.categories,
      menuItems: menu.menuItems,
      optionGroups: menu.optionGroups,
      options: menu.options,
    },
    restaurantsByCity: places.restaurantsByCity,
    optionGroupBreakdown: menu.optionGroupBreakdown,
    itemsPerCategory: menu.itemsPerCategory,
  };
}

export async function generalStats(db: Db, readers: FigureReaders, restaurantId: number | undefined): Promise<GeneralStats> {
  const { menu, places } = await figures(db, readers, restaurantId);
  return { restaurants: places.restaurants, cities: places.cities, menuItems: menu.menuItems, categories: menu.categories };
}

/**
 * Analytics' money is in the chosen restaurant's currency; the whole platform's, whose restaurants
 * price in several, in the specification's USD.
 */
export async function analyticsStats(db: Db, readers: FigureReaders, restaurantId: number | undefined): Promise<AnalyticsStats> {
  const [{ menu, places }, currency] = await Promise.all([
    figures(db, readers, restaurantId),
    restaurantId === undefined ? DEFAULT_CURRENCY : currencyOfRestaurant(db, restaurantId),
  ]);
  return {
    currency,
    countries: places.countries,
    cities: places.cities,
    restaurants: places.restaurants,
    menuItems: menu.menuItems,
    categories: menu.categories,
    optionGroups: menu.optionGroups,
    options: menu.options,
    itemsPerCategory: menu.itemsPerCategory,
  };
}
