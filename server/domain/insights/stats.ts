import { STATS_TOP, type AnalyticsStats, type GeneralStats, type MenuStats } from '../../../contracts/insights';
import { DEFAULT_CURRENCY } from '../../../contracts/shared/restaurants';
import type { Db } from '../../db/database';
import type { FigureReaders } from './figure-readers';
import { currencyOfRestaurant } from '../shared/restaurants';

/**
 * The three statistics calls. The counting lives with the tables' own areas (menu, onboarding);
 * this area decides whose figures a caller sees and shapes the answers. Each answer is one
 * round of SQL: one statement per area, run side by side.
 */
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
