// Tables of the territories area (second document, section 3): where the platform operates, as
// zip codes and circles, who represents it there, and its social links. Child rows belong to
// their territory and go with it. Migration: server/db/migrations/0006_territories.sql.
import { boolean, date, doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const territories = pgTable('territories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Optional, but unique among territories when given. */
  slug: text('slug').unique(),
  phone: text('phone'),
  email: text('email'),
  repName: text('rep_name'),
  repDob: date('rep_dob', { mode: 'string' }),
  repMezeEmail: text('rep_meze_email'),
  repPersonalEmail: text('rep_personal_email'),
  repPhone: text('rep_phone'),
  repAddress: text('rep_address'),
  currentCommission: text('current_commission'),
  settlementDate: date('settlement_date', { mode: 'string' }),
  isActive: boolean('is_active').notNull().default(true),
  /** Our own /uploads/ addresses (re-encoded images), or null. */
  repPhoto: text('rep_photo'),
  wallpaper: text('wallpaper'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The zip codes a territory lists, in the order the administrator gave them. */
export const territoryZips = pgTable(
  'territory_zips',
  {
    territoryId: integer('territory_id')
      .notNull()
      .references(() => territories.id, { onDelete: 'cascade' }),
    zipCode: text('zip_code').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.territoryId, table.zipCode] }),
    // "Which territories list this zip": the question every store and sign-up asks.
    index('territory_zips_zip_code_idx').on(table.zipCode),
  ],
);

export const territoryCircles = pgTable(
  'territory_circles',
  {
    id: serial('id').primaryKey(),
    territoryId: integer('territory_id')
      .notNull()
      .references(() => territories.id, { onDelete: 'cascade' }),
    centerLat: doublePrecision('center_lat').notNull(),
    centerLng: doublePrecision('center_lng').notNull(),
    radiusMeters: integer('radius_meters').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [index('territory_circles_territory_idx').on(table.territoryId, table.position)],
);

export const territorySocials = pgTable(
  'territory_socials',
  {
    id: serial('id').primaryKey(),
    territoryId: integer('territory_id')
      .notNull()
      .references(() => territories.id, { onDelete: 'cascade' }),
    platformName: text('platform_name').notNull(),
    platformUrl: text('platform_url').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [index('territory_socials_territory_idx').on(table.territoryId, table.position)],
);
