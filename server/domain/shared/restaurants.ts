import { eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  currencyOfCountry,
  type Currency,
  type Restaurant,
  type RESTAURANT_ORDERING,
  type RestaurantCreate,
  type RestaurantListQuery,
} from '../../../contracts/shared/restaurants';
import { RESERVED_SLUGS } from '../../../contracts/shared/site-pages';
import { restaurantTimeZone } from '../../../contracts/shared/time-zones';
import type { Db } from '../../db/database';
import { restaurants } from '../../db/schema';
import { cities, countries, restaurantLocations, storeSlugHistory } from '../../db/schema-onboarding';
import { breaksUnique } from '../../db/sql-state';
import { HttpError } from '../../http-error';
import { listRows, type Listed } from './listing';
import type { Scope } from './scope';
import { checkedRestaurantFilter } from './tenancy';

/**
 * `/restaurants/`: list (administrators see every restaurant; anyone else only the one they
 * work in) and create (administrators only; the route guards it).
 */
type RestaurantRow = typeof restaurants.$inferSelect;

/** Where a restaurant's location is: its country and state (a restaurant without a location has neither). */
type Place = { country: string; state: string | null };

const toRestaurant = (row: RestaurantRow, place: Place | undefined): Restaurant => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  currency: currencyOfCountry(place?.country),
  time_zone: restaurantTimeZone({ timeZone: row.timeZone, country: place?.country ?? null, state: place?.state ?? null }),
  country: place?.country ?? null,
});

/** The place of each restaurant's location, in one query. */
async function placesOf(db: Db, ids: number[]): Promise<Map<number, Place>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ restaurantId: restaurantLocations.restaurantId, country: countries.name, state: cities.state })
    .from(restaurantLocations)
    .innerJoin(cities, eq(cities.id, restaurantLocations.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(inArray(restaurantLocations.restaurantId, ids));
  return new Map(rows.map((row) => [row.restaurantId, { country: row.country, state: row.state }]));
}

/** The currency a restaurant prices in, from its location's country (USD without one). */
export async function currencyOfRestaurant(db: Db, id: number): Promise<Currency> {
  return currencyOfCountry((await placesOf(db, [id])).get(id)?.country);
}

export async function listRestaurants(db: Db, scope: Scope, query: RestaurantListQuery): Promise<Listed<Restaurant>> {
  const requested = scope.administrator ? query.restaurant_id : await checkedRestaurantFilter(db, scope, query.restaurant_id);
  const own = scope.restaurantId === null ? sql`false` : eq(restaurants.id, scope.restaurantId);
  const listed = await listRows(
    db,
    {
      table: restaurants,
      where: [scope.administrator ? undefined : own, requested === undefined ? undefined : eq(restaurants.id, requested)],
      searchIn: [restaurants.name as AnyPgColumn, restaurants.slug as AnyPgColumn],
      orderBy: { id: restaurants.id, name: restaurants.name } satisfies Record<(typeof RESTAURANT_ORDERING)[number], AnyPgColumn>,
      id: restaurants.id,
    },
    query,
  );
  const places = await placesOf(
    db,
    listed.rows.map((row) => row.id),
  );
  return { ...listed, rows: listed.rows.map((row) => toRestaurant(row, places.get(row.id))) };
}

/** 'Pizza Loco' → 'pizza-loco'; a name with no letters or digits gets 'restaurant'. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/, '');
  return slug || 'restaurant';
}

/** The unique constraint on a restaurant's slug, which migration 0014's trigger also refuses in the name of. */
export const RESTAURANT_SLUG_UNIQUE = 'restaurants_slug_unique';

/**
 * A named slug that is taken answers 409; a slug made from the name gets the first free
 * number suffix instead ('pizza-loco-2'), since the person did not choose it.
 */
export async function createRestaurant(tx: Db, body: RestaurantCreate): Promise<Restaurant> {
  const base = body.slug ?? slugify(body.name);
  // A name that is one of the site's own addresses ('Login') starts at 'login-2'.
  for (let n = body.slug === undefined && RESERVED_SLUGS.has(base) ? 2 : 1; ; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    // A launched store's former address stays its own (migration 0014's trigger refuses it): taken too.
    const [retired] = await tx.select({ slug: storeSlugHistory.slug }).from(storeSlugHistory).where(eq(storeSlugHistory.slug, slug));
    const row = retired ? null : await insertUnlessTaken(tx, body.name, slug);
    // A new restaurant has no location yet.
    if (row) return toRestaurant(row, undefined);
    if (body.slug !== undefined)
      throw new HttpError(409, 'slug_taken', 'This address is already taken by another restaurant.', { fields: { slug: 'This address is already taken.' } });
  }
}

/**
 * The new restaurant, or null when `slug` is taken: by a restaurant (the unique index), or by a
 * store renamed away from it since the look above (the trigger refuses a former address once the
 * rename commits). The insert runs in a savepoint so that the trigger's refusal leaves the
 * transaction usable for the next suffix.
 */
async function insertUnlessTaken(tx: Db, name: string, slug: string) {
  try {
    return await tx.transaction(async (savepoint) => {
      const [row] = await savepoint.insert(restaurants).values({ name, slug }).onConflictDoNothing({ target: restaurants.slug }).returning();
      return row ?? null;
    });
  } catch (error) {
    if (breaksUnique(error, RESTAURANT_SLUG_UNIQUE)) return null;
    throw error;
  }
}

/**
 * Where a restaurant's figures are counted (issue 30): the zone its days are read in (the owner's
 * choice, else its location's, contracts/shared/time-zones.ts), the currency it prices in, and its
 * country (which decides how its times are written, contracts/shared/clock-format.ts).
 */
export async function restaurantLocale(db: Db, id: number): Promise<{ timeZone: string; currency: Currency; country: string | null }> {
  const [row] = await db
    .select({ timeZone: restaurants.timeZone, state: cities.state, country: countries.name })
    .from(restaurants)
    .leftJoin(restaurantLocations, eq(restaurantLocations.restaurantId, restaurants.id))
    .leftJoin(cities, eq(cities.id, restaurantLocations.cityId))
    .leftJoin(countries, eq(countries.id, cities.countryId))
    .where(eq(restaurants.id, id));
  const country = row?.country ?? null;
  return {
    timeZone: restaurantTimeZone({ timeZone: row?.timeZone ?? null, country, state: row?.state ?? null }),
    currency: currencyOfCountry(country),
    country,
  };
}
