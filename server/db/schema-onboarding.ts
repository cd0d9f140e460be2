// Tables of the onboarding area (restaurant location, delivery, hours, additional, contacts;
// countries and cities; uploaded images). The about step lives on `restaurants` itself (name,
// slug, about, logo_url). Migration: server/db/migrations/0003_onboarding.sql.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { restaurants, users } from './schema';

/** Countries restaurants are in, recorded as locations are saved (the platform's lists). */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Cities restaurants are in, one row per (country, state, name) as first typed. */
export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    state: text('state').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('cities_country_state_name_idx').on(table.countryId, table.state, table.name)],
);

/** The location step: the city row carries the country, state and city name. */
export const restaurantLocations = pgTable(
  'restaurant_locations',
  {
    restaurantId: integer('restaurant_id')
      .primaryKey()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    street: text('street').notNull(),
    zipCode: text('zip_code').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('restaurant_locations_city_idx').on(table.cityId)],
);

export const coverageMode = pgEnum('coverage_mode', ['distance', 'zip']);

/** The delivery step. Money is kept in whole cents; estimates in minutes. */
export const restaurantDelivery = pgTable(
  'restaurant_delivery',
  {
    restaurantId: integer('restaurant_id')
      .primaryKey()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    hasDelivery: boolean('has_delivery').notNull(),
    hasPickup: boolean('has_pickup').notNull(),
    hasDineIn: boolean('has_dine_in').notNull(),
    coverageMode: coverageMode('coverage_mode').notNull(),
    zipCodes: text('zip_codes').array().notNull(),
    deliveryEtaFrom: integer('delivery_eta_from').notNull(),
    deliveryEtaTo: integer('delivery_eta_to').notNull(),
    pickupEtaFrom: integer('pickup_eta_from').notNull(),
    pickupEtaTo: integer('pickup_eta_to').notNull(),
    applyDeliveryFee: boolean('apply_delivery_fee').notNull(),
    deliveryFeeCents: integer('delivery_fee_cents').notNull(),
    minOrderEnabled: boolean('min_order_enabled').notNull(),
    minOrderCents: integer('min_order_cents').notNull(),
    freeOverEnabled: boolean('free_over_enabled').notNull(),
    freeOverCents: integer('free_over_cents').notNull(),
    autoRequestDriver: boolean('auto_request_driver').notNull(),
    orderTypes: text('order_types').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('restaurant_delivery_amounts_check', sql`${table.deliveryFeeCents} >= 0 and ${table.minOrderCents} >= 0 and ${table.freeOverCents} >= 0`)],
);

/** The hours step's two toggles; the days are rows of restaurant_opening_hours. */
export const restaurantSchedules = pgTable('restaurant_schedules', {
  restaurantId: integer('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  open247: boolean('open_247').notNull(),
  closedWithin: boolean('closed_within').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per day (1 = Monday … 7 = Sunday). A close_time earlier than open_time means closing
 * on the next day (overnight hours); times are null on closed days and when open 24/7.
 */
export const restaurantOpeningHours = pgTable(
  'restaurant_opening_hours',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    closed: boolean('closed').notNull(),
    openTime: time('open_time'),
    breakStart: time('break_start'),
    reopenTime: time('reopen_time'),
    closeTime: time('close_time'),
  },
  (table) => [
    primaryKey({ columns: [table.restaurantId, table.dayOfWeek] }),
    check('restaurant_opening_hours_day_check', sql`${table.dayOfWeek} between 1 and 7`),
  ],
);

/**
 * The hours step's special days (issue 29): a date closed, or open with its own times (a closing
 * time earlier than the opening time closes on the next day), and a note shown to customers.
 */
export const restaurantSpecialDays = pgTable(
  'restaurant_special_days',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    closed: boolean('closed').notNull(),
    openTime: time('open_time'),
    closeTime: time('close_time'),
    note: text('note').notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.restaurantId, table.date] })],
);

/** The additional step: one row per chosen label (labels come from the contract's groups). */
export const restaurantFeatures = pgTable(
  'restaurant_features',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    groupName: text('group_name').notNull(),
    label: text('label').notNull(),
  },
  (table) => [primaryKey({ columns: [table.restaurantId, table.groupName, table.label] })],
);

/** The contacts step. */
export const restaurantContacts = pgTable('restaurant_contacts', {
  restaurantId: integer('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  restaurantPhone: text('restaurant_phone').notNull(),
  publicPhone: text('public_phone').notNull(),
  faxNumber: text('fax_number').notNull(),
  mobilePhone: text('mobile_phone').notNull(),
  contactEmail: text('contact_email').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** PostgreSQL's binary column; node-postgres reads it as a Buffer, PGlite as a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The bytes of every uploaded image, once per content (keyed by its SHA-256 in hex), in the
 * database so that every server process reads the same pictures. A blob goes when the last
 * upload pointing at it is deleted (a trigger, migration 0007), whichever way that row goes.
 */
export const imageBlobs = pgTable('image_blobs', {
  sha256: text('sha256').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Images stored by POST /upload/image/ under the public name `path` (/uploads/<path>), with who
 * uploaded them, so a restaurant can only point at its owner's own uploads. `sha256` names the
 * stored bytes; null only for an upload made before migration 0007 whose file still waits in
 * `<DATA_DIR>/uploads` for `npm run images:migrate`.
 */
export const uploadedImages = pgTable(
  'uploaded_images',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull().unique(),
    sha256: text('sha256').references(() => imageBlobs.sha256),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('uploaded_images_owner_idx').on(table.ownerId), index('uploaded_images_sha256_idx').on(table.sha256)],
);

/**
 * A launched store's former addresses (issue 40, item 16): mailed tracking links and shared
 * links keep working after a rename, because each old slug stays its restaurant's (no other
 * restaurant may take it) and its store page redirects to the current one. Written by the
 * restaurants table's trigger when a launched restaurant's slug changes; migration 0014.
 */
export const storeSlugHistory = pgTable(
  'store_slug_history',
  {
    slug: text('slug').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('store_slug_history_restaurant_idx').on(table.restaurantId)],
);

/**
 * The Store screen's Notifications section (issue 40, `/restaurants/{id}/settings/notifications/`):
 * whether every new order is mailed to the restaurant's contact address. No row means the
 * defaults (mail on), so restaurants made before migration 0015 need none.
 */
export const restaurantNotificationSettings = pgTable('restaurant_notification_settings', {
  restaurantId: integer('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  newOrderMail: boolean('new_order_mail').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
