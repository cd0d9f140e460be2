import type { DeliveryCheck } from '../../../contracts/storefront';
import type { Db } from '../../db/database';
import { launchedStore, termsOf, type LaunchedStore } from './launched-store';

/**
 * "Do you deliver to my zip?" (issue 29). The delivery step covers either a list of zip codes or
 * a distance; it saves no distance, so a store that covers by distance delivers within
 * DELIVERY_RADIUS_MILES of its own zip code: about a quarter of an hour's drive in town, what a
 * single restaurant's own drivers usually cover (docs/api.md says so to customers' developers).
 */
export const DELIVERY_RADIUS_MILES = 5;
const METERS_PER_MILE = 1609.344;
export const DELIVERY_RADIUS_METERS = DELIVERY_RADIUS_MILES * METERS_PER_MILE;

/** Metres between two zip codes, or undefined when either is not known (the territories area's zip data, handed in by server/app.ts). */
export type ZipDistance = (from: string, to: string) => number | undefined;

/**
 * One spelling per zip code, as people type them: case and spaces do not matter ("m5v3l9" is
 * "M5V 3L9"), and a US ZIP+4 is its five-digit zip ("62701-1234" is "62701").
 */
export function zipKey(zip: string): string {
  const compact = zip.replace(/\s+/g, '').toUpperCase();
  return /^\d{5}-\d{4}$/.test(compact) ? compact.slice(0, 5) : compact;
}

/**
 * Whether the launched store `slug` delivers to `zip`, with its terms; null for an unknown or
 * unlaunched store. One query.
 */
export async function checkDelivery(db: Db, slug: string, zip: string, zipDistance: ZipDistance): Promise<DeliveryCheck | null> {
  const store = await launchedStore(db, slug);
  if (!store) return null;
  const { delivery } = termsOf(store);
  return {
    zip: zip.trim(),
    delivers: deliversTo(store, zip, zipDistance),
    fee: delivery.fee,
    min_order: delivery.min_order,
    free_over: delivery.free_over,
    eta_from: delivery.eta_from,
    eta_to: delivery.eta_to,
  };
}

/**
 * Whether `store` delivers to `zip`: the delivery check's answer and the rule an order for
 * delivery is held to. Covered by zip: the zip is one of the delivery step's. Covered by
 * distance: the zip is the store's own, or both are known and lie within DELIVERY_RADIUS_MILES
 * (a zip the data does not know, e.g. outside the US, is not covered: the customer calls
 * instead). A store that does not deliver covers nothing.
 */
export function deliversTo(store: LaunchedStore, zip: string, zipDistance: ZipDistance): boolean {
  const { delivery, coverage, zips } = termsOf(store);
  const wanted = zipKey(zip);
  const own = store.zipCode === null ? null : zipKey(store.zipCode);
  const covered =
    coverage === 'zip'
      ? zips.some((served) => zipKey(served) === wanted)
      : own !== null && (own === wanted || (zipDistance(own, wanted) ?? Number.POSITIVE_INFINITY) <= DELIVERY_RADIUS_METERS);
  return delivery.available && covered;
}
