import { eq, inArray } from 'drizzle-orm';
import type { Schedule } from '../../../contracts/shared/opening-status';
import type { Storefront } from '../../../contracts/storefront';
import type { Db } from '../../db/database';
import { restaurants } from '../../db/schema';
import { cities, countries, restaurantContacts, restaurantLocations } from '../../db/schema-onboarding';
import { deliversTo, type ZipDistance } from './delivery-check';
import { restaurantTimeZone } from '../../../contracts/shared/time-zones';
import { launchedStore } from './launched-store';
import { addressLine } from '../../../contracts/storefront/store-words';
import { storefrontOf, type StorePlatform } from './storefront';

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
  /** What the order shows of the restaurant, from the same store data. */
  restaurant: OrderRestaurant;
};

/** The launched store `slug` as an order sees it, or null for an unknown or unlaunched slug. */
export async function storeForOrders(db: Db, slug: string, now: Date, zipDistance: ZipDistance, platform: StorePlatform): Promise<StoreForOrders | null> {
  const store = await launchedStore(db, slug);
  if (!store) return null;
  const { storefront, schedule } = await storefrontOf(db, store, now, platform);
  return {
    restaurantId: store.id,
    storefront,
    schedule,
    delivers: (zip) => deliversTo(store, zip, zipDistance),
    restaurant: orderRestaurantOf(storefront.restaurant),
  };
}

const orderRestaurantOf = (restaurant: Storefront['restaurant']): OrderRestaurant => ({
  name: restaurant.name,
  slug: restaurant.slug,
  time_zone: restaurant.time_zone,
  address: restaurant.address ? addressLine(restaurant.address) : '',
  phone: restaurant.public_phone,
  country: restaurant.country ?? null,
});

/** `address` and `phone` ('' when not given): where a pickup is collected and who to call (the public phone only); `country` decides how times are written. */
export type OrderRestaurant = { name: string; slug: string; time_zone: string; address: string; phone: string; country: string | null };

/**
 * Name, store address, time zone, street address and public phone of each restaurant in `ids`
 * (one query; ids come from a bounded page of orders): what an order shows of the restaurant it
 * was placed with. The contacts' private numbers are never read.
 */
export async function orderRestaurants(db: Db, ids: readonly number[]): Promise<Map<number, OrderRestaurant>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      slug: restaurants.slug,
      timeZone: restaurants.timeZone,
      street: restaurantLocations.street,
      zipCode: restaurantLocations.zipCode,
      city: cities.name,
      state: cities.state,
      country: countries.name,
      publicPhone: restaurantContacts.publicPhone,
    })
    .from(restaurants)
    .leftJoin(restaurantLocations, eq(restaurantLocations.restaurantId, restaurants.id))
    .leftJoin(cities, eq(cities.id, restaurantLocations.cityId))
    .leftJoin(countries, eq(countries.id, cities.countryId))
    .leftJoin(restaurantContacts, eq(restaurantContacts.restaurantId, restaurants.id))
    .where(inArray(restaurants.id, [...new Set(ids)]));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        name: row.name ?? '',
        slug: row.slug ?? '',
        time_zone: restaurantTimeZone(row),
        address: row.street
          ? addressLine({ street: row.street, city: row.city ?? '', state: row.state ?? '', zip_code: row.zipCode ?? '', country: row.country ?? '' })
          : '',
        phone: row.publicPhone ?? '',
        country: row.country,
      },
    ]),
  );
}
