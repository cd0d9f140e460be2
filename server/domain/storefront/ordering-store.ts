import { eq, inArray } from 'drizzle-orm';
import type { Schedule } from '../../../contracts/shared/opening-status';
import type { Storefront } from '../../../contracts/storefront';
import type { Db } from '../../db/database';
import { restaurants } from '../../db/schema';
import { cities, countries, restaurantLocations } from '../../db/schema-onboarding';
import { deliversTo, type ZipDistance } from './delivery-check';
import { launchedStore, timeZoneOf } from './launched-store';
import { storefrontOf } from './storefront';

/**
 * What the ordering area reads of the store (issue 30), handed to it by server/app.ts: the very
 * data and rules the store page shows customers (menu, terms, hours, coverage), so an order is
 * judged by what the customer was shown and no rule is written twice.
 */
export type StoreForOrders = {
  restaurantId: number;
  storefront: Storefront;
  /** The schedule the status was computed from; order slots are checked against it. */
  schedule: Schedule;
  delivers: (zip: string) => boolean;
};

/** The launched store `slug` as an order sees it, or null for an unknown or unlaunched slug. */
export async function storeForOrders(db: Db, slug: string, now: Date, zipDistance: ZipDistance): Promise<StoreForOrders | null> {
  const store = await launchedStore(db, slug);
  if (!store) return null;
  const { storefront, schedule } = await storefrontOf(db, store, now);
  return { restaurantId: store.id, storefront, schedule, delivers: (zip) => deliversTo(store, zip, zipDistance) };
}

export type OrderRestaurant = { name: string; slug: string; time_zone: string; country: string | null };

/**
 * Name, store address and time zone of each restaurant in `ids` (one query; ids come from a
 * bounded page of orders): what an order shows of the restaurant it was placed with.
 */
export async function orderRestaurants(db: Db, ids: readonly number[]): Promise<Map<number, OrderRestaurant>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      slug: restaurants.slug,
      timeZone: restaurants.timeZone,
      state: cities.state,
      country: countries.name,
    })
    .from(restaurants)
    .leftJoin(restaurantLocations, eq(restaurantLocations.restaurantId, restaurants.id))
    .leftJoin(cities, eq(cities.id, restaurantLocations.cityId))
    .leftJoin(countries, eq(countries.id, cities.countryId))
    .where(inArray(restaurants.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { name: row.name ?? '', slug: row.slug ?? '', time_zone: timeZoneOf(row), country: row.country }]));
}
