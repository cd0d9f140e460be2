import { and, asc, eq, gte } from 'drizzle-orm';
import { DEFAULT_WEEK, SPECIAL_DAYS_MAX, type OpeningDay, type SpecialDay } from '../../../contracts/shared/opening-hours';
import { addDays, openingStatus, wallClock, type Schedule } from '../../../contracts/shared/opening-status';
import { currencyOfCountry } from '../../../contracts/shared/restaurants';
import type { Storefront } from '../../../contracts/storefront';
import type { Db } from '../../db/database';
import { restaurantOpeningHours, restaurantSpecialDays } from '../../db/schema-onboarding';
import { openingDayOf, specialDayOf } from '../shared/opening-rows';
import { restaurantTimeZone } from '../../../contracts/shared/time-zones';
import { launchedStore, termsOf, type LaunchedStore } from './launched-store';
import { readStoreMenu } from './store-menu';
import { readStoreMoney } from './store-money';
import { readStorePace } from './store-pace';
import { sideBySide } from '../../db/side-by-side';

/**
 * The week (the hours step's days, or the step's default week when it was never saved) and the
 * special days from yesterday on, in date order. Yesterday's is read because a special day open
 * overnight (18:00 to 02:00) still decides whether the store is open early today; only those
 * from today on are shown. At most SPECIAL_DAYS_MAX are kept by the hours step, one more is read.
 */
export async function readHours(db: Db, store: Pick<LaunchedStore, 'id'>, today: string): Promise<{ days: OpeningDay[]; specialDays: SpecialDay[] }> {
  const [dayRows, specialRows] = await sideBySide(db, [
    () => db.select().from(restaurantOpeningHours).where(eq(restaurantOpeningHours.restaurantId, store.id)).orderBy(asc(restaurantOpeningHours.dayOfWeek)),
    () =>
      db
        .select()
        .from(restaurantSpecialDays)
        .where(and(eq(restaurantSpecialDays.restaurantId, store.id), gte(restaurantSpecialDays.date, addDays(today, -1))))
        .orderBy(asc(restaurantSpecialDays.date))
        .limit(SPECIAL_DAYS_MAX + 1),
  ] as const);
  return { days: dayRows.length === 0 ? DEFAULT_WEEK : dayRows.map(openingDayOf), specialDays: specialRows.map(specialDayOf) };
}

/** What the platform, rather than the restaurant, decides of a store: whether it has Stripe keys for cards online (issue 44). */
export type StorePlatform = { cardAvailable: boolean };

/**
 * A launched restaurant's public data (issue 29), or null for a slug that is unknown or not
 * launched yet. A fixed number of queries whatever the menu's size: the restaurant with its
 * one-row settings, the week and the special days, the menu's eight kinds of rows, and its tax,
 * tip (issue 43) and payment (issue 44) settings, and the kitchen's pace (issue 45).
 * Only what a customer may see is read: never the owner, the restaurant phone, fax or mobile.
 * The version is read first and the rest after it (side by side, each statement on its own), so
 * what is answered is at least as new as its version: a tag made from it never labels older data.
 */
export async function readStorefront(db: Db, slug: string, now: Date, platform: StorePlatform): Promise<Storefront | null> {
  const store = await launchedStore(db, slug);
  return store ? (await storefrontOf(db, store, now, platform)).storefront : null;
}

/**
 * The store data of a launched store already read, with the schedule its status was computed
 * from (yesterday's special day included): the ordering area checks an order's time against it.
 */
export async function storefrontOf(db: Db, store: LaunchedStore, now: Date, platform: StorePlatform): Promise<{ storefront: Storefront; schedule: Schedule }> {
  const timeZone = restaurantTimeZone(store);
  const today = wallClock(timeZone, now).date;
  const [{ days, specialDays }, categories, money, pace] = await sideBySide(db, [
    () => readHours(db, store, today),
    () => readStoreMenu(db, store.id),
    () => readStoreMoney(db, store.id, store.country, platform.cardAvailable),
    () => readStorePace(db, store.id, now),
  ] as const);
  const open247 = store.open247 ?? false;
  const { pickup, delivery } = termsOf(store);
  const schedule: Schedule = { time_zone: timeZone, open_247: open247, days, special_days: specialDays };
  const storefront: Storefront = {
    version: store.version,
    restaurant: {
      name: store.name ?? '',
      about: store.about ?? '',
      slug: store.slug ?? '',
      logo_url: store.logoUrl,
      currency: currencyOfCountry(store.country),
      time_zone: timeZone,
      country: store.country,
      address:
        store.street === null || store.city === null || store.state === null || store.zipCode === null || store.country === null
          ? null
          : { street: store.street, city: store.city, state: store.state, zip_code: store.zipCode, country: store.country },
      public_phone: store.publicPhone ?? '',
      contact_email: store.contactEmail ?? '',
    },
    hours: { open_247: open247, days, special_days: specialDays.filter((day) => day.date >= today) },
    status: openingStatus(schedule, now, store.country),
    pickup,
    delivery,
    categories,
    money,
    ...pace,
  };
  return { storefront, schedule };
}
