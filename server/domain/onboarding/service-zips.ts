import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { restaurantDelivery, restaurantLocations } from '../../db/schema-onboarding';

/** The zip codes a restaurant serves, and where they came from (the leads area's DemandSource, spelled here: areas share no contracts). */
export type ServiceZips = { source: 'delivery_zips' | 'location_zip' | 'none'; zips: string[] };

/**
 * The zip codes a restaurant serves, read from its onboarding: the delivery step's zip list when
 * it delivers by zip; otherwise (delivery by distance, no delivery, or no delivery step saved yet)
 * the zip of its own location; none when it has no location either. Other areas get this
 * function handed to them by the composition root (server/app.ts) instead of reading these tables.
 */
export async function serviceZipsOf(db: Db, restaurantId: number): Promise<ServiceZips> {
  const [delivery] = await db
    .select({ hasDelivery: restaurantDelivery.hasDelivery, coverageMode: restaurantDelivery.coverageMode, zipCodes: restaurantDelivery.zipCodes })
    .from(restaurantDelivery)
    .where(eq(restaurantDelivery.restaurantId, restaurantId));
  if (delivery?.hasDelivery && delivery.coverageMode === 'zip' && delivery.zipCodes.length > 0) {
    return { source: 'delivery_zips', zips: delivery.zipCodes };
  }
  const [location] = await db
    .select({ zipCode: restaurantLocations.zipCode })
    .from(restaurantLocations)
    .where(eq(restaurantLocations.restaurantId, restaurantId));
  return location ? { source: 'location_zip', zips: [location.zipCode] } : { source: 'none', zips: [] };
}
