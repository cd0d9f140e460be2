import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { restaurants } from '../../db/schema';
import { restaurantLocations } from '../../db/schema-onboarding';

/** A restaurant and the zip code of its location, as other areas may see it. */
export type RestaurantZip = { id: number; name: string; zip_code: string };

/**
 * Every restaurant that has a location, with its zip code (trimmed): one query, for areas that
 * place restaurants on a map (territories). The composition root (server/app.ts) hands this
 * function to them, since they may not read the onboarding area's tables.
 */
export async function restaurantZipsOf(db: Db): Promise<RestaurantZip[]> {
  const rows = await db
    .select({ id: restaurants.id, name: restaurants.name, zipCode: restaurantLocations.zipCode })
    .from(restaurantLocations)
    .innerJoin(restaurants, eq(restaurants.id, restaurantLocations.restaurantId))
    .orderBy(asc(restaurants.id));
  return rows.map((row) => ({ id: row.id, name: row.name ?? '', zip_code: row.zipCode.trim() }));
}
