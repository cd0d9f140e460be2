// Tables of the ordering area (issue 30): orders placed on the store page, their lines (a copy of
// what was priced, so a later menu change never rewrites an order), their events (the timeline,
// and the sequence the order board's event stream resumes from), and each restaurant's order
// counter. Money is kept in cents. Migration: server/db/migrations/0012_orders.sql; the customers
// tally: 0013_restaurant_customers.sql.
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { restaurants } from './schema';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** Per restaurant, from restaurant_order_counters, in the transaction that stores the order. */
    number: integer('number').notNull(),
    /** The customer's tracking token: 128 random bits or more, base64url. */
    token: text('token').notNull().unique(),
    /** contracts/ordering/order-lifecycle.ts, ORDER_STATUSES. */
    status: text('status').notNull().default('placed'),
    fulfilment: text('fulfilment').notNull(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    /** Lower-cased: the customers list groups by it. */
    customerEmail: text('customer_email').notNull(),
    addressStreet: text('address_street'),
    addressCity: text('address_city'),
    addressZip: text('address_zip'),
    addressNotes: text('address_notes'),
    note: text('note').notNull().default(''),
    subtotalCents: integer('subtotal_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    estimatedAt: timestamp('estimated_at', { withTimezone: true }),
    prepMinutes: integer('prep_minutes'),
    cancelReason: text('cancel_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('orders_restaurant_number_unique').on(table.restaurantId, table.number),
    index('orders_restaurant_placed_idx').on(table.restaurantId, table.placedAt),
    index('orders_restaurant_email_idx').on(table.restaurantId, table.customerEmail),
    // The back office's count of new orders and the history filtered by status (issue 40,
    // migration 0015): one restaurant's orders of one status, newest first.
    index('orders_restaurant_status_placed_idx').on(table.restaurantId, table.status, table.placedAt),
  ],
);

export type OrderExtraCopy = { id: number; name: string; price_cents: number };

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The menu's ids when ordered; no foreign key, the menu may change after. */
    itemId: integer('item_id').notNull(),
    sizeId: integer('size_id'),
    name: text('name').notNull(),
    sizeName: text('size_name').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    extras: jsonb('extras').$type<OrderExtraCopy[]>().notNull().default([]),
    lineTotalCents: integer('line_total_cents').notNull(),
    note: text('note').notNull().default(''),
  },
  (table) => [index('order_lines_order_idx').on(table.orderId, table.position)],
);

/** One row per status an order reached, placed included: the timeline, and the board's event sequence. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** The prep minutes on accepted, the reason on cancelled. */
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_events_restaurant_idx').on(table.restaurantId, table.id), index('order_events_order_idx').on(table.orderId, table.id)],
);

/** The last order number each restaurant gave; raised in the transaction that stores the order. */
export const restaurantOrderCounters = pgTable('restaurant_order_counters', {
  restaurantId: integer('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * Each restaurant's customers, one row per lower-cased email, kept by a trigger on `orders` in the
 * transaction that stores or cancels an order (migration 0013): so the customers list reads one
 * row per customer instead of grouping every order the restaurant ever took on each request.
 * Cancelled orders count nowhere; a customer whose every order was cancelled has no row.
 */
export const restaurantCustomers = pgTable(
  'restaurant_customers',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** As on their latest order. */
    name: text('name').notNull(),
    orders: integer('orders').notNull(),
    spentCents: bigint('spent_cents', { mode: 'number' }).notNull(),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.restaurantId, table.email] }),
    index('restaurant_customers_latest_idx').on(table.restaurantId, table.lastOrderAt.desc(), table.email),
  ],
);
