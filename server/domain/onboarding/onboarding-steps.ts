import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import {
  ADDITIONAL_GROUPS,
  ADDITIONAL_GROUP_NAMES,
  DEFAULT_DELIVERY,
  DEFAULT_HOURS,
  DEFAULT_LOCATION,
  DEFAULT_CONTACTS,
  type AboutStep,
  type AdditionalAnswer,
  type AdditionalStep,
  type ContactsStep,
  type Country,
  type DeliveryStep,
  type HoursStepBody,
  type LocationStep,
  type OnboardingStepAnswers,
  type OnboardingStepName,
  type OrderType,
} from '../../../contracts/onboarding';
import { fromCents, toCents } from '../../../contracts/shared/cents';
import { wallClock } from '../../../contracts/shared/opening-status';
import { defaultTimeZone } from '../../../contracts/shared/time-zones';
import { UPLOADS_URL_PREFIX } from '../../../contracts/shared/upload';
import type { Db } from '../../db/database';
import { restaurants } from '../../db/schema';
import { breaksUnique } from '../../db/sql-state';
import { RESTAURANT_SLUG_UNIQUE } from '../shared/restaurants';
import {
  cities,
  countries,
  restaurantContacts,
  restaurantDelivery,
  restaurantFeatures,
  restaurantLocations,
  restaurantOpeningHours,
  restaurantSchedules,
  restaurantSpecialDays,
  uploadedImages,
} from '../../db/schema-onboarding';
import { HttpError } from '../../http-error';
import { openingDayOf, specialDayOf } from '../shared/opening-rows';

/**
 * Reading and writing each onboarding step's own tables. Callers have already decided that the
 * restaurant is the caller's (server/domain/onboarding/onboarding.ts); writers run inside its transaction.
 */

/** Whose restaurant (`ownerId`), who is asking (`userId`: the owner or an administrator), and when. */
export type StepScope = { restaurantId: number; userId: number; ownerId: number; now: Date };

export type StepBodies = {
  location: LocationStep;
  about: AboutStep;
  delivery: DeliveryStep;
  hours: HoursStepBody;
  additional: AdditionalStep;
  contacts: ContactsStep;
};

type StepStore<S extends OnboardingStepName> = {
  read(db: Db, scope: StepScope): Promise<OnboardingStepAnswers[S]>;
  write(tx: Db, scope: StepScope, value: StepBodies[S]): Promise<void>;
};

/** Serialises find-or-create of one natural key across concurrent transactions. */
async function lockKey(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

async function findOrCreateCountry(tx: Db, name: string): Promise<number> {
  await tx.insert(countries).values({ name }).onConflictDoNothing({ target: countries.name });
  const [row] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.name, name));
  if (!row) throw new Error(`country ${name} vanished`);
  return row.id;
}

/** One city row per (country, state, name) whatever the capitals typed: "toronto" finds "Toronto". */
async function findOrCreateCity(tx: Db, countryId: number, state: string, name: string): Promise<number> {
  await lockKey(tx, `city\n${countryId}\n${state}\n${name.toLowerCase()}`);
  const match = and(eq(cities.countryId, countryId), eq(cities.state, state), sql`lower(${cities.name}) = lower(${name})`);
  const [existing] = await tx.select({ id: cities.id }).from(cities).where(match).limit(1);
  if (existing) return existing.id;
  const [created] = await tx.insert(cities).values({ countryId, state, name }).returning({ id: cities.id });
  if (!created) throw new Error('insert returned no city');
  return created.id;
}

const location: StepStore<'location'> = {
  async read(db, { restaurantId }) {
    const [row] = await db
      .select({ country: countries.name, street: restaurantLocations.street, city: cities.name, state: cities.state, zip: restaurantLocations.zipCode })
      .from(restaurantLocations)
      .innerJoin(cities, eq(cities.id, restaurantLocations.cityId))
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .where(eq(restaurantLocations.restaurantId, restaurantId));
    if (!row) return DEFAULT_LOCATION;
    return { country: row.country as Country, street: row.street, city: row.city, state: row.state, zip_code: row.zip };
  },
  async write(tx, { restaurantId, now }, value) {
    const countryId = await findOrCreateCountry(tx, value.country);
    const cityId = await findOrCreateCity(tx, countryId, value.state, value.city);
    const fields = { cityId, street: value.street, zipCode: value.zip_code, updatedAt: now };
    await tx
      .insert(restaurantLocations)
      .values({ restaurantId, ...fields })
      .onConflictDoUpdate({ target: restaurantLocations.restaurantId, set: fields });
  },
};

function slugTaken(slug: string): HttpError {
  const detail = `The store URL “${slug}” is already taken. Please choose another.`;
  return new HttpError(409, 'slug_taken', detail, { fields: { slug: detail } });
}

/**
 * A logo must be the one the restaurant already shows, or an image uploaded by the restaurant's
 * owner or by whoever saves (an administrator changing it in the Store screen uploads it as
 * themselves): anyone else's upload is refused exactly like an address that was never uploaded.
 */
async function checkLogo(tx: Db, { restaurantId, userId, ownerId }: StepScope, logoUrl: string): Promise<void> {
  if (logoUrl === '') return;
  const [current] = await tx.select({ logoUrl: restaurants.logoUrl }).from(restaurants).where(eq(restaurants.id, restaurantId));
  if (current?.logoUrl === logoUrl) return;
  const [upload] = await tx
    .select({ id: uploadedImages.id })
    .from(uploadedImages)
    .where(and(eq(uploadedImages.path, logoUrl.slice(UPLOADS_URL_PREFIX.length)), inArray(uploadedImages.ownerId, [ownerId, userId])));
  if (!upload) {
    throw new HttpError(400, 'invalid', 'Some fields are not valid.', { fields: { logo_url: 'The logo must be an image you uploaded here.' } });
  }
}

const about: StepStore<'about'> = {
  async read(db, { restaurantId }) {
    const [row] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
    return { name: row?.name ?? '', about: row?.about ?? '', slug: row?.slug ?? '', logo_url: row?.logoUrl ?? '' };
  },
  async write(tx, scope, value) {
    await checkLogo(tx, scope, value.logo_url);
    // Checked first for a clear answer; the unique constraint still decides a simultaneous race.
    const [taken] = await tx
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(and(eq(restaurants.slug, value.slug), ne(restaurants.id, scope.restaurantId)));
    if (taken) throw slugTaken(value.slug);
    try {
      await tx
        .update(restaurants)
        .set({ name: value.name, about: value.about, slug: value.slug, logoUrl: value.logo_url === '' ? null : value.logo_url })
        .where(eq(restaurants.id, scope.restaurantId));
    } catch (error) {
      if (breaksUnique(error, RESTAURANT_SLUG_UNIQUE)) throw slugTaken(value.slug);
      throw error;
    }
  },
};

const delivery: StepStore<'delivery'> = {
  async read(db, { restaurantId }) {
    const [row] = await db.select().from(restaurantDelivery).where(eq(restaurantDelivery.restaurantId, restaurantId));
    if (!row) return DEFAULT_DELIVERY;
    return {
      has_delivery: row.hasDelivery,
      has_pickup: row.hasPickup,
      has_dine_in: row.hasDineIn,
      coverage_mode: row.coverageMode,
      zip_codes: row.zipCodes,
      delivery_eta_from: row.deliveryEtaFrom,
      delivery_eta_to: row.deliveryEtaTo,
      pickup_eta_from: row.pickupEtaFrom,
      pickup_eta_to: row.pickupEtaTo,
      apply_delivery_fee: row.applyDeliveryFee,
      delivery_fee: fromCents(row.deliveryFeeCents),
      min_order_enabled: row.minOrderEnabled,
      min_order_amount: fromCents(row.minOrderCents),
      free_over_enabled: row.freeOverEnabled,
      free_over_amount: fromCents(row.freeOverCents),
      auto_request_driver: row.autoRequestDriver,
      order_types: row.orderTypes as OrderType[],
    };
  },
  async write(tx, { restaurantId, now }, value) {
    const fields = {
      hasDelivery: value.has_delivery,
      hasPickup: value.has_pickup,
      hasDineIn: value.has_dine_in,
      coverageMode: value.coverage_mode,
      zipCodes: value.zip_codes,
      deliveryEtaFrom: value.delivery_eta_from,
      deliveryEtaTo: value.delivery_eta_to,
      pickupEtaFrom: value.pickup_eta_from,
      pickupEtaTo: value.pickup_eta_to,
      applyDeliveryFee: value.apply_delivery_fee,
      deliveryFeeCents: toCents(value.delivery_fee),
      minOrderEnabled: value.min_order_enabled,
      minOrderCents: toCents(value.min_order_amount),
      freeOverEnabled: value.free_over_enabled,
      freeOverCents: toCents(value.free_over_amount),
      autoRequestDriver: value.auto_request_driver,
      orderTypes: value.order_types,
      updatedAt: now,
    };
    await tx
      .insert(restaurantDelivery)
      .values({ restaurantId, ...fields })
      .onConflictDoUpdate({ target: restaurantDelivery.restaurantId, set: fields });
  },
};

/**
 * The zone the restaurant's hours are read in: the one its owner saved, else its location's
 * (issue 29), so a restaurant in Texas is not read on New York's clock before anyone chose.
 */
async function timeZoneOf(db: Db, scope: StepScope): Promise<string> {
  const [row] = await db.select({ timeZone: restaurants.timeZone }).from(restaurants).where(eq(restaurants.id, scope.restaurantId));
  if (row?.timeZone) return row.timeZone;
  const place = await location.read(db, scope);
  return defaultTimeZone(place.country, place.state);
}

const hours: StepStore<'hours'> = {
  async read(db, scope) {
    const { restaurantId, now } = scope;
    const timeZone = await timeZoneOf(db, scope);
    // Special days are kept from today on, today being the restaurant's (issue 29).
    const today = wallClock(timeZone, now).date;
    const specialDays = await db
      .select()
      .from(restaurantSpecialDays)
      .where(and(eq(restaurantSpecialDays.restaurantId, restaurantId), gte(restaurantSpecialDays.date, today)))
      .orderBy(asc(restaurantSpecialDays.date));
    const extras = {
      time_zone: timeZone,
      special_days: specialDays.map(specialDayOf),
    };
    const [schedule] = await db.select().from(restaurantSchedules).where(eq(restaurantSchedules.restaurantId, restaurantId));
    if (!schedule) return { ...DEFAULT_HOURS, ...extras };
    const days = await db
      .select()
      .from(restaurantOpeningHours)
      .where(eq(restaurantOpeningHours.restaurantId, restaurantId))
      .orderBy(asc(restaurantOpeningHours.dayOfWeek));
    return {
      open_247: schedule.open247,
      closed_within: schedule.closedWithin,
      hours: days.map(openingDayOf),
      ...extras,
    };
  },
  async write(tx, scope, value) {
    const { restaurantId, now } = scope;
    const fields = { open247: value.open_247, closedWithin: value.closed_within, updatedAt: now };
    await tx
      .insert(restaurantSchedules)
      .values({ restaurantId, ...fields })
      .onConflictDoUpdate({ target: restaurantSchedules.restaurantId, set: fields });
    await tx.delete(restaurantOpeningHours).where(eq(restaurantOpeningHours.restaurantId, restaurantId));
    await tx.insert(restaurantOpeningHours).values(
      value.hours.map((day) => ({
        restaurantId,
        dayOfWeek: day.day_of_week,
        closed: day.closed,
        openTime: day.open_time,
        breakStart: day.break_start,
        reopenTime: day.reopen_time,
        closeTime: day.close_time,
      })),
    );
    // Issue 40: the zone and the special days are ours, beyond the specification. A body without
    // them (a client written from it) keeps the saved ones; an unsaved zone stays unsaved, so the
    // hours go on following the location's zone.
    if (value.time_zone !== undefined) await tx.update(restaurants).set({ timeZone: value.time_zone }).where(eq(restaurants.id, restaurantId));
    if (value.special_days === undefined) return;
    // A day already over in the restaurant's zone can never apply again: it is dropped, not kept.
    const today = wallClock(await timeZoneOf(tx, scope), now).date;
    const upcoming = value.special_days.filter((day) => day.date >= today);
    await tx.delete(restaurantSpecialDays).where(eq(restaurantSpecialDays.restaurantId, restaurantId));
    if (upcoming.length === 0) return;
    await tx
      .insert(restaurantSpecialDays)
      .values(
        upcoming.map((day) => ({ restaurantId, date: day.date, closed: day.closed, openTime: day.open_time, closeTime: day.close_time, note: day.note })),
      );
  },
};

const additional: StepStore<'additional'> = {
  async read(db, { restaurantId }) {
    const rows = await db.select().from(restaurantFeatures).where(eq(restaurantFeatures.restaurantId, restaurantId));
    const chosen = new Set(rows.map((row) => `${row.groupName}\n${row.label}`));
    // Labels in the contract's order, so the answer does not depend on how rows come back.
    const selections = Object.fromEntries(
      ADDITIONAL_GROUP_NAMES.map((group) => [
        group,
        (ADDITIONAL_GROUPS[group].labels as readonly string[]).filter((label) => chosen.has(`${group}\n${label}`)),
      ]),
    );
    return { selections } as AdditionalAnswer;
  },
  async write(tx, { restaurantId }, value) {
    await tx.delete(restaurantFeatures).where(eq(restaurantFeatures.restaurantId, restaurantId));
    const rows = ADDITIONAL_GROUP_NAMES.flatMap((group) => (value.selections[group] ?? []).map((label) => ({ restaurantId, groupName: group, label })));
    if (rows.length > 0) await tx.insert(restaurantFeatures).values(rows);
  },
};

const contacts: StepStore<'contacts'> = {
  async read(db, { restaurantId }) {
    const [row] = await db.select().from(restaurantContacts).where(eq(restaurantContacts.restaurantId, restaurantId));
    if (!row) return DEFAULT_CONTACTS;
    return {
      restaurant_phone: row.restaurantPhone,
      public_phone: row.publicPhone,
      fax_number: row.faxNumber,
      mobile_phone: row.mobilePhone,
      contact_email: row.contactEmail,
    };
  },
  async write(tx, { restaurantId, now }, value) {
    const fields = {
      restaurantPhone: value.restaurant_phone,
      publicPhone: value.public_phone,
      faxNumber: value.fax_number,
      mobilePhone: value.mobile_phone,
      contactEmail: value.contact_email,
      updatedAt: now,
    };
    await tx
      .insert(restaurantContacts)
      .values({ restaurantId, ...fields })
      .onConflictDoUpdate({ target: restaurantContacts.restaurantId, set: fields });
  },
};

export const STEP_STORES: { [S in OnboardingStepName]: StepStore<S> } = { location, about, delivery, hours, additional, contacts };

/** What launch still needs: a saved location, and a name and store URL (true = missing). */
export async function launchGaps(db: Db, restaurantId: number): Promise<{ location: boolean; about: boolean }> {
  const [row] = await db
    .select({ name: restaurants.name, slug: restaurants.slug, located: restaurantLocations.restaurantId })
    .from(restaurants)
    .leftJoin(restaurantLocations, eq(restaurantLocations.restaurantId, restaurants.id))
    .where(eq(restaurants.id, restaurantId));
  return { location: row?.located == null, about: !row?.name || !row.slug };
}
