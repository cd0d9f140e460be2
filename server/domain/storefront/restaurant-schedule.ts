import { eq } from 'drizzle-orm';
import { wallClock, type Schedule } from '../../../contracts/shared/opening-status';
import type { Db } from '../../db/database';
import { restaurants } from '../../db/schema';
import { cities, countries, restaurantLocations, restaurantSchedules } from '../../db/schema-onboarding';
import { restaurantTimeZone } from '../../../contracts/shared/time-zones';
import { readHours } from './storefront';

/**
 * The hours of a restaurant, launched or not, as the store reads them (its zone, the week, the
 * special days from yesterday on), with its country (how its times are written): the menu area's
 * "sold out until close" (issue 45) ends when the store says the restaurant closes. Null for a
 * restaurant that does not exist.
 */
export async function restaurantSchedule(db: Db, restaurantId: number, now: Date): Promise<{ schedule: Schedule; country: string | null } | null> {
  const [row] = await db
    .select({ timeZone: restaurants.timeZone, country: countries.name, state: cities.state, open247: restaurantSchedules.open247 })
    .from(restaurants)
    .leftJoin(restaurantLocations, eq(restaurantLocations.restaurantId, restaurants.id))
    .leftJoin(cities, eq(cities.id, restaurantLocations.cityId))
    .leftJoin(countries, eq(countries.id, cities.countryId))
    .leftJoin(restaurantSchedules, eq(restaurantSchedules.restaurantId, restaurants.id))
    .where(eq(restaurants.id, restaurantId));
  if (!row) return null;
  const timeZone = restaurantTimeZone(row);
  const { days, specialDays } = await readHours(db, { id: restaurantId }, wallClock(timeZone, now).date);
  return { schedule: { time_zone: timeZone, open_247: row.open247 ?? false, days, special_days: specialDays }, country: row.country };
}
