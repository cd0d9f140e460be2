import { and, eq, isNotNull } from 'drizzle-orm';
import { fromCents } from '../../../contracts/shared/cents';
import { DEFAULT_DELIVERY_TERMS, type DeliveryTerms } from '../../../contracts/shared/delivery-terms';
import type { Storefront } from '../../../contracts/storefront';
import type { Db } from '../../db/database';
import { onboardings, restaurants } from '../../db/schema';
import { cities, countries, restaurantContacts, restaurantDelivery, restaurantLocations, restaurantSchedules } from '../../db/schema-onboarding';

/**
 * A launched restaurant found by its slug, with every one-row setting the store shows (location,
 * contacts, delivery, the hours' toggle), in one query: the store data and the delivery check
 * both start here. Contacts' private numbers and the owner are never read.
 */
export async function launchedStore(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      about: restaurants.about,
      slug: restaurants.slug,
      logoUrl: restaurants.logoUrl,
      timeZone: restaurants.timeZone,
      version: restaurants.version,
      street: restaurantLocations.street,
      zipCode: restaurantLocations.zipCode,
      city: cities.name,
      state: cities.state,
      country: countries.name,
      publicPhone: restaurantContacts.publicPhone,
      contactEmail: restaurantContacts.contactEmail,
      delivery: restaurantDelivery,
      open247: restaurantSchedules.open247,
    })
    .from(restaurants)
    .innerJoin(onboardings, and(eq(onboardings.restaurantId, restaurants.id), isNotNull(onboardings.launchedAt)))
    .leftJoin(restaurantLocations, eq(restaurantLocations.restaurantId, restaurants.id))
    .leftJoin(cities, eq(cities.id, restaurantLocations.cityId))
    .leftJoin(countries, eq(countries.id, cities.countryId))
    .leftJoin(restaurantContacts, eq(restaurantContacts.restaurantId, restaurants.id))
    .leftJoin(restaurantDelivery, eq(restaurantDelivery.restaurantId, restaurants.id))
    .leftJoin(restaurantSchedules, eq(restaurantSchedules.restaurantId, restaurants.id))
    .where(eq(restaurants.slug, slug));
  return row ?? null;
}
export type LaunchedStore = NonNullable<Awaited<ReturnType<typeof launchedStore>>>;

/** The delivery step's settings as the store reads them, in money rather than cents. */
type DeliverySettings = DeliveryTerms & { zip_codes: readonly string[] };

function deliverySettingsOf(store: LaunchedStore): DeliverySettings {
  const saved = store.delivery;
  if (!saved) return { ...DEFAULT_DELIVERY_TERMS, zip_codes: [] };
  return {
    has_delivery: saved.hasDelivery,
    has_pickup: saved.hasPickup,
    coverage_mode: saved.coverageMode,
    zip_codes: saved.zipCodes,
    delivery_eta_from: saved.deliveryEtaFrom,
    delivery_eta_to: saved.deliveryEtaTo,
    pickup_eta_from: saved.pickupEtaFrom,
    pickup_eta_to: saved.pickupEtaTo,
    apply_delivery_fee: saved.applyDeliveryFee,
    delivery_fee: fromCents(saved.deliveryFeeCents),
    min_order_enabled: saved.minOrderEnabled,
    min_order_amount: fromCents(saved.minOrderCents),
    free_over_enabled: saved.freeOverEnabled,
    free_over_amount: fromCents(saved.freeOverCents),
  };
}

export type StoreTerms = { pickup: Storefront['pickup']; delivery: Storefront['delivery']; coverage: 'distance' | 'zip'; zips: readonly string[] };

/**
 * What a customer is told about pickup and delivery: each amount only when its toggle is on
 * (no fee is 0, no minimum or free-over is null). A restaurant that never saved its delivery step
 * offers what the step would have started from (contracts/shared/delivery-terms.ts).
 */
export function termsOf(store: LaunchedStore): StoreTerms {
  const settings = deliverySettingsOf(store);
  return {
    pickup: { available: settings.has_pickup, eta_from: settings.pickup_eta_from, eta_to: settings.pickup_eta_to },
    delivery: {
      available: settings.has_delivery,
      eta_from: settings.delivery_eta_from,
      eta_to: settings.delivery_eta_to,
      fee: settings.apply_delivery_fee ? settings.delivery_fee : 0,
      min_order: settings.min_order_enabled ? settings.min_order_amount : null,
      free_over: settings.free_over_enabled ? settings.free_over_amount : null,
    },
    coverage: settings.coverage_mode,
    zips: settings.zip_codes,
  };
}
