import { array, boolean, enums, integer, is, nullable, number, object, optional, refine, size, string, union, type Infer } from 'superstruct';
import { documented } from './shared/documented';
import { ApiErrorBody } from './shared/errors';
import { Id, IdText, Page, PAGING, SearchText } from './shared/lists';
import { CalendarDate } from './shared/opening-hours';
import { CURRENCIES } from './shared/restaurants';
import { StoreSlug } from './shared/store-slug';
import { boundedText, Email, trimmed } from './shared/text';
import { CANCEL_REASON_MAX, KITCHEN_STATUSES, ORDER_STATUSES, PAYMENT_METHODS, PREP_MINUTES_MAX, PREP_MINUTES_MIN } from './ordering/order-lifecycle';
import type { CategoryOptions } from './ordering/order-options';
import { OrderRefund } from './ordering/refunds';

/**
 * Orders (issue 30): a customer places one on the store page, the owner works it on the order
 * board, the customer follows it by its token. Money is a number with at most two decimals in the
 * restaurant's currency; the server counts in cents and never takes a price from the body.
 */

export { KITCHEN_STATUSES, ORDER_STATUSES, type KitchenStatus, type OrderStatus, type Fulfilment } from './ordering/order-lifecycle';
export const FULFILMENTS = ['pickup', 'delivery'] as const;

export const ORDER_LINES_MAX = 50;
export const LINE_QUANTITY_MAX = 50;
export const LINE_EXTRAS_MAX = 30;
export const LINE_NOTE_MAX = 200;
export const ORDER_NOTE_MAX = 500;
export const CUSTOMER_NAME_MAX = 80;
export const CUSTOMER_PHONE_MAX = 30;
/**
 * The most one order may come to, in cents of its currency (issue 40): far above any restaurant
 * order, and below the 2^31 cents the order's money columns hold, so a larger one is refused in
 * words (400) instead of failing to be stored (500).
 */
export const ORDER_TOTAL_MAX_CENTS = 100_000_000;

export const ORDER_MESSAGES = {
  name: 'Please enter your name.',
  phone: 'Please enter a phone number we can call (digits, spaces and + ( ) - .).',
  street: 'Please enter the street and number.',
  city: 'Please enter the city.',
  zip: 'Please enter a zip or postal code.',
  quantity: `Choose a quantity from 1 to ${LINE_QUANTITY_MAX}.`,
  lines: `An order holds 1 to ${ORDER_LINES_MAX} lines.`,
  scheduledFor: 'Choose a time as an ISO 8601 instant, or none for as soon as possible.',
  scheduledForZone: 'Give the time with its offset from UTC (Z or +01:00, say): without one, nobody can tell which 08:00 is meant.',
  money: `Enter an amount from 0 to ${ORDER_TOTAL_MAX_CENTS / 100} with at most two decimals.`,
  tipPercent: 'Choose a tip from 0 to 100 percent, with at most one decimal.',
} as const;

/** The longest coupon code an order may name (a restaurant's codes are at most 32 characters: contracts/ordering/coupons.ts). */
export const ORDER_COUPON_CODE_MAX = 64;

const requiredText = (max: number, message: string) =>
  documented(
    trimmed(
      refine(string(), 'required', (value) => (value.length >= 1 && value.length <= max) || (value.length === 0 ? message : `At most ${max} characters.`)),
    ),
    { minLength: 1, maxLength: max },
  );

export const CustomerPhone = documented(
  trimmed(
    refine(
      string(),
      'phone',
      (value) => (value.length <= CUSTOMER_PHONE_MAX && /^[0-9+()\-.\s]*$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 7) || ORDER_MESSAGES.phone,
    ),
  ),
  { maxLength: CUSTOMER_PHONE_MAX },
);

/**
 * What ordering reads of a store's category (the storefront's StoreCategory has these and more):
 * the server prices lines from it, the store page's cart checks its kept lines against it.
 */
export type OrderingCategory = {
  sizes: ReadonlyArray<{ id: number; name: string }>;
  /** An item has one `price`, or (priced by size) `prices` for the sizes it is offered in. */
  /** `sold_out_until`: sold out until then (issue 45, contracts/shared/sold-out.ts). */
  items: ReadonlyArray<{
    id: number;
    name: string;
    price: number | null;
    prices: ReadonlyArray<{ size_id: number; price: number }>;
    sold_out_until?: string | null;
  }>;
  extra_groups: ReadonlyArray<{
    id: number;
    name: string;
    required: boolean;
    allow_multiple: boolean;
    selections: ReadonlyArray<{ id: number; name: string; price: number; sold_out_until?: string | null }>;
  }>;
} & CategoryOptions;

export const OrderCustomer = object({
  name: requiredText(CUSTOMER_NAME_MAX, ORDER_MESSAGES.name),
  phone: CustomerPhone,
  email: Email,
});
export type OrderCustomer = Infer<typeof OrderCustomer>;

export const OrderAddress = object({
  street: requiredText(200, ORDER_MESSAGES.street),
  city: requiredText(100, ORDER_MESSAGES.city),
  zip_code: requiredText(10, ORDER_MESSAGES.zip),
  /** Flat, floor, what the driver should know. */
  notes: optional(boundedText(200, 'Delivery notes')),
});
export type OrderAddress = Infer<typeof OrderAddress>;

export const OrderLineInput = object({
  item_id: Id,
  /** The size the item is ordered in; null for a category not priced by size. */
  size_id: nullable(Id),
  quantity: refine(integer(), 'quantity', (n) => (n >= 1 && n <= LINE_QUANTITY_MAX) || ORDER_MESSAGES.quantity),
  extra_selection_ids: size(array(Id), 0, LINE_EXTRAS_MAX),
  note: optional(boundedText(LINE_NOTE_MAX, 'A line note')),
  /**
   * The category's choice model (issue 42; optional, so a client that sends none keeps working):
   * one selection of each primary option set (left out: each set's first), the toppings left
   * off, the extra toppings (at most the category's `max_extra_toppings`), one dressing.
   */
  primary_selection_ids: optional(size(array(Id), 0, LINE_EXTRAS_MAX)),
  removed_topping_ids: optional(size(array(Id), 0, LINE_EXTRAS_MAX)),
  added_topping_ids: optional(size(array(Id), 0, LINE_EXTRAS_MAX)),
  dressing_id: optional(nullable(Id)),
});
export type OrderLineInput = Infer<typeof OrderLineInput>;

/** An ISO 8601 instant of a real calendar date, with its offset ("Z" or "+01:00"). */
const INSTANT = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
/** The same without an offset, which Date.parse would read in the server's own zone (issue 40): refused with its own sentence. */
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;
const IsoInstant = refine(string(), 'instant', (value) => {
  const date = INSTANT.exec(value)?.[1];
  if (date === undefined) return LOCAL_TIME.test(value) ? ORDER_MESSAGES.scheduledForZone : ORDER_MESSAGES.scheduledFor;
  return (is(date, CalendarDate) && !Number.isNaN(Date.parse(value))) || ORDER_MESSAGES.scheduledFor;
});

/** Money the customer types (a tip, the total they agreed to): from 0, at most two decimals. */
const TypedMoney = documented(
  refine(
    number(),
    'money',
    (value) =>
      (Number.isFinite(value) && value >= 0 && value <= ORDER_TOTAL_MAX_CENTS / 100 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6) ||
      ORDER_MESSAGES.money,
  ),
  { minimum: 0, maximum: ORDER_TOTAL_MAX_CENTS / 100 },
);

/** The most a tip may be as a percent of the subtotal (a custom percent; the restaurant offers its own choices, at most 50). */
export const TIP_PERCENT_INPUT_MAX = 100;

/**
 * A tip (issue 43): a percent of the subtotal before any discount (one decimal at most), or an
 * amount in the store's currency. Never taxed, never discounted; refused when the store takes no tips.
 */
export const TipInput = union([
  object({
    percent: documented(
      refine(
        number(),
        'percent',
        (value) => (value >= 0 && value <= TIP_PERCENT_INPUT_MAX && Math.abs(value * 10 - Math.round(value * 10)) < 1e-6) || ORDER_MESSAGES.tipPercent,
      ),
      { minimum: 0, maximum: TIP_PERCENT_INPUT_MAX },
    ),
  }),
  object({ amount: TypedMoney }),
]);
export type TipInput = Infer<typeof TipInput>;

/**
 * POST /api/v2/storefront/{slug}/orders/ (public; `Idempotency-Key` required). No price anywhere:
 * an unknown field such as `price` is refused like any other. Issue 43 adds three optional
 * fields, so a body written from the specification alone is served as before (no tip, no coupon,
 * the total not checked): `tip`, `coupon_code` (case and spaces ignored) and `agreed_total`, the
 * total the customer's review showed; when the server's differs (a price changed meanwhile) it
 * answers 409 `price_changed` with the order's figures as they are now (`OrderQuote`).
 */
export const PlaceOrderBody = object({
  fulfilment: enums(FULFILMENTS),
  lines: refine(array(OrderLineInput), 'lines', (lines) => (lines.length >= 1 && lines.length <= ORDER_LINES_MAX) || ORDER_MESSAGES.lines),
  customer: OrderCustomer,
  /** Required for delivery, refused for pickup. */
  address: optional(nullable(OrderAddress)),
  /** null: as soon as possible. Otherwise one of the 15-minute slots inside the hours. */
  scheduled_for: nullable(IsoInstant),
  note: optional(boundedText(ORDER_NOTE_MAX, 'The order note')),
  tip: optional(nullable(TipInput)),
  coupon_code: optional(nullable(boundedText(ORDER_COUPON_CODE_MAX, 'A coupon code'))),
  agreed_total: optional(TypedMoney),
  /**
   * How the customer pays (issue 44); in person unless said. A card order waits for its payment
   * (`awaiting_payment`, answered with `payment.checkout_url`) and reaches the restaurant when paid.
   */
  payment: optional(enums(PAYMENT_METHODS)),
});
export type PlaceOrderBody = Infer<typeof PlaceOrderBody>;
export const PlaceOrderParams = object({ slug: StoreSlug });
export type PlaceOrderParams = Infer<typeof PlaceOrderParams>;

const Money = number();

export const OrderLine = object({
  item_id: number(),
  size_id: nullable(number()),
  name: string(),
  /** '' when the category is not priced by size. */
  size_name: string(),
  quantity: number(),
  unit_price: Money,
  extras: array(object({ id: number(), name: string(), price: Money })),
  /** (unit price + extras) × quantity. */
  line_total: Money,
  note: string(),
});
export type OrderLine = Infer<typeof OrderLine>;

/** The timeline is what the restaurant did: the payment's wait before it had the order is not on it. */
export const TimelineEntry = object({
  status: enums(KITCHEN_STATUSES),
  at: string(),
  /** The prep time on accepted, the reason on cancelled, else null. */
  detail: nullable(string()),
});
export type TimelineEntry = Infer<typeof TimelineEntry>;

/**
 * An order's money, on every order answer and on the quote (issue 43): the coupon's discount, the
 * tax (inside the prices when `prices_include_tax`, else added) and the tip are 0 on older orders.
 */
const ORDER_MONEY = {
  subtotal: Money,
  discount: Money,
  tax: Money,
  tip: Money,
  fee: Money,
  /** subtotal − discount + tax (when added) + fee + tip. */
  total: Money,
  prices_include_tax: boolean(),
  /** The coupon's code as the restaurant wrote it; null without one (on a quote: none given, or refused). */
  coupon_code: nullable(string()),
  currency: enums(CURRENCIES),
};

/**
 * How an order is paid (issue 44): `method`, the payment's `state` (server/domain/payments/
 * provider.ts; `none` when paid in person), and what was taken and given back. `checkout_url`,
 * on the answer to placing a card order and to a retry, is the provider's page to pay on.
 */
export const PAYMENT_STATES = ['none', 'pending', 'authorized', 'captured', 'released', 'expired'] as const;
export const OrderPayment = object({
  method: enums(PAYMENT_METHODS),
  state: enums(PAYMENT_STATES),
  /** Captured, once the order is completed; authorised until then. */
  paid: Money,
  refunded: Money,
  checkout_url: optional(nullable(string())),
});
export type OrderPayment = Infer<typeof OrderPayment>;

/** What the customer may see of an order: the answer to placing it, and its tracking. Never the phone or email. */
export const TrackedOrder = object({
  number: number(),
  token: string(),
  status: enums(ORDER_STATUSES),
  fulfilment: enums(FULFILMENTS),
  restaurant: object({
    name: string(),
    slug: string(),
    time_zone: string(),
    /** `country` (issue 40): the location's, which decides how times are written (contracts/shared/clock-format.ts). */
    country: optional(nullable(string())),
    /** Where a pickup is collected ("12 Market St, Springfield, IL 62701"); '' when not given. */
    address: optional(string()),
    /** The restaurant's public phone ('' when not given); never a private number. */
    phone: optional(string()),
  }),
  lines: array(OrderLine),
  ...ORDER_MONEY,
  placed_at: string(),
  scheduled_for: nullable(string()),
  /** When the order should be ready (pickup) or arrive (delivery); null once completed or cancelled. */
  estimated_at: nullable(string()),
  timeline: array(TimelineEntry),
  cancel_reason: nullable(string()),
  payment: OrderPayment,
});
export type TrackedOrder = Infer<typeof TrackedOrder>;

/**
 * POST /api/v2/storefront/{slug}/quote/ (public; no Idempotency-Key; the order body, `agreed_total`
 * ignored): the order priced as placing it would price it, stored nowhere, and the refusals
 * placing it would meet now (each with its field, as a 400 or 409 of placing would say it: a
 * coupon unknown, expired, used up or below its minimum; a dish gone; the delivery minimum; the
 * store closed). Empty `refusals`: placing this body now would be accepted. The checkout's review
 * shows these figures line by line; the 409 `price_changed` of placing answers the same shape.
 */
export const QuoteLine = object({ ...OrderLine.schema, discount: Money, tax: Money });
export type QuoteLine = Infer<typeof QuoteLine>;
export const QuoteRefusal = object({ field: string(), code: string(), detail: string() });
export type QuoteRefusal = Infer<typeof QuoteRefusal>;
export const OrderQuote = object({
  lines: array(QuoteLine),
  ...ORDER_MONEY,
  refusals: array(QuoteRefusal),
  /**
   * Issue 45: when the order would be ready (pickup) or arrive (delivery), null when its time is
   * refused; `asap_moved` true when as soon as possible takes a later slot, the earlier ones full.
   * Absent from a server from before.
   */
  estimated_at: optional(nullable(string())),
  asap_moved: optional(boolean()),
});
export type OrderQuote = Infer<typeof OrderQuote>;

/**
 * A refusal of placing an order: the common error shape, and with 409 `price_changed` (the total
 * differs from `agreed_total`) the order's figures as they are now under `quote`.
 */
export const OrderRefusal = object({ ...ApiErrorBody.schema, quote: optional(OrderQuote) });
export type OrderRefusal = Infer<typeof OrderRefusal>;

/** 201 to POST …/orders/: the tracked order and its id. */
export const PlacedOrder = object({ id: number(), ...TrackedOrder.schema });
export type PlacedOrder = Infer<typeof PlacedOrder>;

export const TrackParams = object({
  token: documented(
    refine(string(), 'token', (value) => /^[A-Za-z0-9_-]{22,64}$/.test(value) || 'Not an order token.'),
    { minLength: 22, maxLength: 64 },
  ),
});
export type TrackParams = Infer<typeof TrackParams>;

/** The owner's view of an order (board, list, GET /api/v2/orders/{id}/): everything, including how to reach the customer. */
export const OwnerOrder = object({
  id: number(),
  restaurant_id: number(),
  ...TrackedOrder.schema,
  /** The restaurant never has an order awaiting its payment or expired unpaid (issue 44). */
  status: enums(KITCHEN_STATUSES),
  customer: object({ name: string(), phone: string(), email: string() }),
  address: nullable(object({ street: string(), city: string(), zip_code: string(), notes: string() })),
  note: string(),
  /** The moves the lifecycle allows from here (contracts/ordering/order-lifecycle.ts). */
  next_statuses: array(enums(ORDER_STATUSES)),
  /** The money given back, oldest first (issue 44; contracts/ordering/refunds.ts): absent reads as none. */
  refunds: optional(array(OrderRefund)),
});
export type OwnerOrder = Infer<typeof OwnerOrder>;

/** POST /api/v2/orders/{id}/transition/ */
export const TransitionBody = object({
  to: enums(KITCHEN_STATUSES),
  prep_minutes: optional(
    refine(
      integer(),
      'prep_minutes',
      (n) => (n >= PREP_MINUTES_MIN && n <= PREP_MINUTES_MAX) || `Choose a preparation time from ${PREP_MINUTES_MIN} to ${PREP_MINUTES_MAX} minutes.`,
    ),
  ),
  reason: optional(boundedText(CANCEL_REASON_MAX, 'The reason')),
});
export type TransitionBody = Infer<typeof TransitionBody>;

/**
 * GET /api/v2/orders/?status=&day=&search=&page=&page_size=&restaurant_id= (newest first; day in
 * the restaurant's zone). `search` (issue 40, the order history) finds an order by its number
 * ("12" or "#12"), the customer's name, or their phone whatever its punctuation. `format=csv`
 * (issue 43): every order the filters match, not one page, as a CSV file.
 */
export const OrdersQuery = object({
  ...PAGING,
  restaurant_id: optional(IdText),
  status: optional(enums(KITCHEN_STATUSES)),
  day: optional(CalendarDate),
  search: optional(SearchText),
  format: optional(enums(['json', 'csv'])),
});
export type OrdersQuery = Infer<typeof OrdersQuery>;
export const OrdersPage = Page(OwnerOrder);

/**
 * The orders CSV's columns, in order (docs/api.md, "Orders as CSV"): named as the JSON order's
 * fields; `placed_at` on the restaurant's wall clock with its offset, money with two decimals.
 */
export const ORDER_CSV_COLUMNS = [
  'id',
  'number',
  'placed_at',
  'time_zone',
  'status',
  'fulfilment',
  'customer_name',
  'customer_email',
  'subtotal',
  'discount',
  'tax',
  'tip',
  'fee',
  'total',
  'currency',
  'coupon_code',
  'prices_include_tax',
] as const;
export type OrderCsvColumn = (typeof ORDER_CSV_COLUMNS)[number];

/**
 * GET /api/v2/orders/events/?restaurant_id= (Server-Sent Events; bearer header; `Last-Event-ID`
 * resumes after that event). Each event is `event: order`, `id: <event_id>`, `data: <OrderEvent
 * JSON>`: an order placed or moved. Small on purpose: the board reads the order itself with
 * `GET /api/v2/orders/{id}/`, so a stream never carries a customer's details to a stale listener.
 */
export const OrderEventsQuery = object({ restaurant_id: optional(IdText) });
export type OrderEventsQuery = Infer<typeof OrderEventsQuery>;
export const OrderEvent = object({
  event_id: number(),
  order_id: number(),
  restaurant_id: number(),
  number: number(),
  status: enums(KITCHEN_STATUSES),
  at: string(),
});
export type OrderEvent = Infer<typeof OrderEvent>;
