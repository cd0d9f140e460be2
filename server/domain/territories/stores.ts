import type { TerritoryCircle } from '../../../contracts/territories';
import type { Db } from '../../db/database';
import { insideAnyCircle, zipPoint } from './zip-points';

/** A restaurant and its location's zip code (the onboarding area's `RestaurantZip`). */
export type Store = { id: number; name: string; zip_code: string };

/**
 * Reads every restaurant that has a location. The onboarding area owns those tables; the
 * composition root (server/app.ts) hands its reader in, since this area may not import that one.
 */
export type StoresReader = (db: Db) => Promise<Store[]>;

/** What decides whether a store is inside a territory: its listed zips and its circles. */
export type Area = { zips: ReadonlySet<string>; circles: readonly TerritoryCircle[] };

/** A store is inside when its zip is listed, or when its zip's point lies inside one of the circles. */
export function storeInside(store: Store, area: Area): boolean {
  if (area.zips.has(store.zip_code)) return true;
  if (area.circles.length === 0) return false;
  const point = zipPoint(store.zip_code);
  return point !== undefined && insideAnyCircle(point, area.circles);
}

export const storesInside = (stores: readonly Store[], area: Area) => stores.filter((store) => storeInside(store, area));
