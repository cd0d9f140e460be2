// Tables of the ordering area (issue 30): orders placed on the store page, their lines (a copy of
// what was priced, so a later menu change never rewrites an order), their events (the timeline,
// and the sequence the order board's event stream resumes from), and each restaurant's order
// counter. Money is kept in cents. Migration: server/db/migrations/0012_orders.sql; the customers
// tally: 0013_restaurant_customers.sql; taxes, tips and coupons (issue 43): 0016_money.sql.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { restaurants } from './schema';
import { categories } from './schema-menu';

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
    /** Issue 43: what the coupon took off, the tax and the tip; orders placed before read zeros. */
    discountCents: integer('discount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    tipCents: integer('tip_cents').notNull().default(0),
    /** Whether the tax was inside the prices when the order was placed (the setting may change later; issue 43). */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    /** The coupon used; the code is kept as typed, so a deleted coupon still shows on its orders. */
    couponId: integer('coupon_id').references((): AnyPgColumn => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    currency: text('currency').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    estimatedAt: timestamp('estimated_at', { withTimezone: true }),
    prepMinutes: integer('prep_minutes'),
    cancelReason: text('cancel_reason'),
    /**
     * How the customer pays (issue 44): 'in_person' (at pickup or on delivery) or 'card' (online,
     * through the payment provider). A card order waits in `awaiting_payment` until the provider
     * confirms the authorisation; then it is `placed` like any other.
     */
    paymentMethod: text('payment_method').notNull().default('in_person'),
    /** Card orders: server/domain/payments/provider.ts PaymentState; 'none' for in-person orders. */
    paymentState: text('payment_state').notNull().default('none'),
    /** The provider's current attempt (Stripe's Checkout Session) and its payment (the PaymentIntent). */
    paymentReference: text('payment_reference'),
    paymentId: text('payment_id'),
    /** Raised for each attempt, so each attempt's idempotency key is new (`order-123-create-2`). */
    paymentAttempts: integer('payment_attempts').notNull().default(0),
    authorizedCents: integer('authorized_cents').notNull().default(0),
    capturedCents: integer('captured_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** When an unpaid card order lapses (its coupon use given back); null once paid, and for in-person orders. */
    paymentDueBy: timestamp('payment_due_by', { withTimezone: true }),
    /**
     * The 15-minute slot the order takes of the kitchen's capacity (issue 45): its scheduled time,
     * or the slot its estimated time falls in when wanted now; null for orders placed before.
     */
    slotAt: timestamp('slot_at', { withTimezone: true }),
    /** Items in the order (the sum of its lines' quantities): what a slot's item limit counts. */
    itemCount: integer('item_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('orders_payment_method_check', sql`${table.paymentMethod} in ('in_person', 'card')`),
    check(
      'orders_payment_amounts_check',
      sql`${table.authorizedCents} >= 0 and ${table.capturedCents} >= 0 and ${table.refundedCents} between 0 and ${table.capturedCents}`,
    ),
    // The sweep that lapses unpaid card orders reads only those.
    index('orders_payment_due_idx').on(table.paymentDueBy).where(sql`${table.paymentDueBy} is not null`),
    // The sweep that captures or releases what a provider outage left authorised reads only open card payments.
    index('orders_payment_authorized_idx').on(table.id).where(sql`${table.paymentState} = 'authorized'`),
    // A provider event that names only the payment (a refund from the provider's dashboard) finds its order by it.
    index('orders_payment_id_idx').on(table.paymentId).where(sql`${table.paymentId} is not null`),
    unique('orders_restaurant_number_unique').on(table.restaurantId, table.number),
    index('orders_restaurant_placed_idx').on(table.restaurantId, table.placedAt),
    index('orders_restaurant_email_idx').on(table.restaurantId, table.customerEmail),
    // The back office's count of new orders and the history filtered by status (issue 40,
    // migration 0015): one restaurant's orders of one status, newest first.
    index('orders_restaurant_status_placed_idx').on(table.restaurantId, table.status, table.placedAt),
    // What each coupon gave away (the coupons list) and the delete's `set null`: only orders with one.
    index('orders_coupon_idx').on(table.couponId).where(sql`${table.couponId} is not null`),
    // What a slot already holds (issue 45): one restaurant's orders of one slot.
    index('orders_restaurant_slot_idx').on(table.restaurantId, table.slotAt).where(sql`${table.slotAt} is not null`),
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

/** Every payment attempt's provider reference, so a late webhook for an earlier attempt still finds its order. */
export const orderPaymentAttempts = pgTable('order_payment_attempts', {
  reference: text('reference').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  attempt: integer('attempt').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Provider events already acted on: a repeat is acknowledged and ignored (issue 44). */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Money given back on a card order: whole on cancel, or an amount or chosen lines from the owner's order view. */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /** The order lines refunded, when the owner chose lines rather than an amount. */
    linePositions: integer('line_positions').array(),
    /** Who refunded; null when the refund came with a cancel by the system. */
    byUserId: integer('by_user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * 'made' once the provider confirmed it; 'pending' while its answer is awaited or was lost
     * (migration 0019): the sweep asks again under the same key until the provider says made or
     * refused, so a refund is never made twice nor left unrecorded.
     */
    state: text('state').notNull().default('made'),
  },
  (table) => [
    check('order_refunds_amount_check', sql`${table.amountCents} > 0`),
    check('order_refunds_state_check', sql`${table.state} in ('pending', 'made')`),
    index('order_refunds_order_idx').on(table.orderId),
    index('order_refunds_pending_idx').on(table.id).where(sql`${table.state} = 'pending'`),
  ],
);

/** Which ways of paying a store offers (issue 44); no row: in person only. */
export const restaurantPaymentSettings = pgTable(
  'restaurant_payment_settings',
  {
    restaurantId: integer('restaurant_id')
      .primaryKey()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    cardOnline: boolean('card_online').notNull(),
    inPerson: boolean('in_person').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('restaurant_payment_settings_some_check', sql`${table.cardOnline} or ${table.inPerson}`)],
);

/**
 * How the kitchen sets its pace (issue 45): capacity per 15-minute slot (null: no limit), the
 * shortest notice it takes, whether new orders are accepted by themselves and with what prep time,
 * and busy mode: a pause of new orders (paused_at set; until paused_until, or until reopened when
 * that is null) and minutes added to every prep time until busy_until. No row: no limits, no pause.
 */
export const restaurantKitchenSettings = pgTable(
  'restaurant_kitchen_settings',
  {
    restaurantId: integer('restaurant_id')
      .primaryKey()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    maxOrdersPerSlot: integer('max_orders_per_slot'),
    maxItemsPerSlot: integer('max_items_per_slot'),
    minLeadMinutes: integer('min_lead_minutes').notNull().default(0),
    autoAccept: boolean('auto_accept').notNull().default(false),
    defaultPrepMinutes: integer('default_prep_minutes').notNull().default(20),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    busyExtraMinutes: integer('busy_extra_minutes').notNull().default(0),
    busyUntil: timestamp('busy_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'restaurant_kitchen_settings_limits_check',
      sql`(${table.maxOrdersPerSlot} is null or ${table.maxOrdersPerSlot} > 0) and (${table.maxItemsPerSlot} is null or ${table.maxItemsPerSlot} > 0)
        and ${table.minLeadMinutes} >= 0 and ${table.defaultPrepMinutes} > 0 and ${table.busyExtraMinutes} >= 0`,
    ),
  ],
);

/**
 * The restaurant's feed (issue 45, the Notifications screen): new orders, cancellations, payments
 * failed or refunded, coupons used up, items back from sold out; written in the transaction of the
 * change it tells of, so every server process reads the same feed. `detail` holds the words'
 * figures (order number, item name) as they were; read and unread are the restaurant's, not a user's.
 */
export const restaurantNotifications = pgTable(
  'restaurant_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    orderId: integer('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'cascade' }),
    /** A menu item or extra selection, or a coupon: no foreign key, the feed outlives a deleted one. */
    subjectId: integer('subject_id'),
    detail: jsonb('detail').$type<Record<string, string | number | null>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('restaurant_notifications_restaurant_idx').on(table.restaurantId, table.id),
    index('restaurant_notifications_unread_idx').on(table.restaurantId).where(sql`${table.readAt} is null`),
  ],
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

/** Tax rates are kept in thousandths of a percent (8.25 % is 8250): exact, and 30 % at most. */
const taxRateCheck = (column: AnyPgColumn) => sql`${column} between 0 and 30000`;

/**
 * A restaurant's taxes (issue 43, `/restaurants/{id}/settings/taxes/`). No row means the
 * defaults of its location (server/domain/ordering/tax-defaults.ts) and, in the US, that the
 * owner has still to set a rate.
 */
export const restaurantTaxSettings = pgTable(
  'restaurant_tax_settings',
  {
    restaurantId: integer('restaurant_id')
      .primaryKey()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    pricesIncludeTax: boolean('prices_include_tax').notNull(),
    defaultRate: integer('default_rate').notNull(),
    deliveryFeeTaxable: boolean('delivery_fee_taxable').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('restaurant_tax_settings_rate_check', taxRateCheck(table.defaultRate))],
);

/** A category taxed at another rate than the restaurant's default (thousandths of a percent). */
export const restaurantTaxCategoryRates = pgTable(
  'restaurant_tax_category_rates',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    rate: integer('rate').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.restaurantId, table.categoryId] }),
    // A category's delete finds its rate without reading every restaurant's.
    index('restaurant_tax_category_rates_category_idx').on(table.categoryId),
    check('restaurant_tax_category_rates_rate_check', taxRateCheck(table.rate)),
  ],
);

/**
 * A restaurant's tips (issue 43, `/restaurants/{id}/settings/tips/`): the percentages checkout
 * offers, in tenths of a percent (12.5 % is 125), at most four from 0 to 50 %. No row: the defaults.
 */
export const restaurantTipSettings = pgTable(
  'restaurant_tip_settings',
  {
    restaurantId: integer('restaurant_id')
      .primaryKey()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    choices: integer('choices').array().notNull(),
    allowCustom: boolean('allow_custom').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('restaurant_tip_settings_choices_check', sql`cardinality(${table.choices}) <= 4 and 0 <= all(${table.choices}) and 500 >= all(${table.choices})`),
  ],
);

/**
 * A restaurant's coupons (issue 43). `code` is kept as the owner typed it; `code_key` (upper-cased,
 * spaces removed) is what a customer's code is matched on, unique per restaurant. `value` is a
 * percent (1 to 100) or cents. `uses` is counted in the order's transaction by a conditional
 * UPDATE, so parallel orders never pass `max_uses`.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    codeKey: text('code_key').notNull(),
    kind: text('kind').$type<'percent' | 'amount'>().notNull(),
    value: integer('value').notNull(),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    /** Dates in the restaurant's zone, both days included. */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    maxUses: integer('max_uses'),
    /** Counted by the customer's email. */
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    uses: integer('uses').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('coupons_restaurant_code_key_unique').on(table.restaurantId, table.codeKey),
    check('coupons_kind_check', sql`${table.kind} in ('percent', 'amount')`),
    check('coupons_value_check', sql`(${table.kind} = 'percent' and ${table.value} between 1 and 100) or (${table.kind} = 'amount' and ${table.value} >= 1)`),
    check('coupons_min_subtotal_check', sql`${table.minSubtotalCents} >= 0`),
    check('coupons_dates_check', sql`${table.endsOn} is null or ${table.startsOn} is null or ${table.endsOn} >= ${table.startsOn}`),
    check(
      'coupons_limits_check',
      sql`(${table.maxUses} is null or ${table.maxUses} >= 1) and (${table.maxUsesPerCustomer} is null or ${table.maxUsesPerCustomer} >= 1) and ${table.uses} >= 0`,
    ),
  ],
);
