import { asc, inArray } from 'drizzle-orm';
import { fromCents } from '../../../contracts/shared/cents';
import type { OrderLine, OrderPayment, OwnerOrder, TimelineEntry, TrackedOrder } from '../../../contracts/ordering';
import { isFinal, nextStatuses, type Fulfilment, type KitchenStatus, type OrderStatus, type PaymentMethod } from '../../../contracts/ordering/order-lifecycle';
import type { Currency } from '../../../contracts/shared/restaurants';
import type { Db } from '../../db/database';
import { orderEvents, orderLines, type orders } from '../../db/schema-ordering';
import type { OrderRestaurant } from './store-readers';
import { sideBySide } from '../../db/side-by-side';

/**
 * Stored orders as the API answers them: the customer's view (never their phone, email or
 * address) and the owner's (everything). Rows keep cents; answers speak money with two decimals.
 */
export type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type EventRow = typeof orderEvents.$inferSelect;
export type OrderDetails = { lines: LineRow[]; events: EventRow[] };

const instant = (at: Date | null) => (at === null ? null : at.toISOString());

/** A stored line, or a line just priced (the quote's): the same fields. */
export type LineFields = Pick<LineRow, 'itemId' | 'sizeId' | 'name' | 'sizeName' | 'quantity' | 'unitPriceCents' | 'extras' | 'lineTotalCents' | 'note'>;

export function lineOf(row: LineFields): OrderLine {
  return {
    item_id: row.itemId,
    size_id: row.sizeId,
    name: row.name,
    size_name: row.sizeName,
    quantity: row.quantity,
    unit_price: fromCents(row.unitPriceCents),
    extras: row.extras.map((extra) => ({ id: extra.id, name: extra.name, price: fromCents(extra.price_cents) })),
    line_total: fromCents(row.lineTotalCents),
    note: row.note,
  };
}

const entryOf = (row: EventRow): TimelineEntry => ({ status: row.status as KitchenStatus, at: row.at.toISOString(), detail: row.detail });

export function trackedOrder(row: OrderRow, details: OrderDetails, restaurant: OrderRestaurant): TrackedOrder {
  const status = row.status as OrderStatus;
  return {
    number: row.number,
    token: row.token,
    status,
    fulfilment: row.fulfilment as Fulfilment,
    restaurant: {
      name: restaurant.name,
      slug: restaurant.slug,
      time_zone: restaurant.time_zone,
      address: restaurant.address,
      phone: restaurant.phone,
      country: restaurant.country ?? null,
    },
    lines: details.lines.map(lineOf),
    subtotal: fromCents(row.subtotalCents),
    discount: fromCents(row.discountCents),
    tax: fromCents(row.taxCents),
    tip: fromCents(row.tipCents),
    fee: fromCents(row.feeCents),
    total: fromCents(row.totalCents),
    prices_include_tax: row.pricesIncludeTax,
    coupon_code: row.couponCode,
    currency: row.currency as Currency,
    placed_at: row.placedAt.toISOString(),
    scheduled_for: instant(row.scheduledFor),
    // Once an order is done nothing is expected any more.
    estimated_at: isFinal(status) ? null : instant(row.estimatedAt),
    timeline: details.events.map(entryOf),
    cancel_reason: row.cancelReason,
    payment: paymentOf(row),
  };
}

/** How the order is paid: what the card holds (authorised, then captured; nothing once released) and what went back; in person, nothing yet. */
export const paymentOf = (row: OrderRow): OrderPayment => ({
  method: row.paymentMethod as PaymentMethod,
  state: row.paymentState as OrderPayment['state'],
  paid: fromCents(row.paymentState === 'authorized' ? row.authorizedCents : row.capturedCents),
  refunded: fromCents(row.refundedCents),
});

export function ownerOrder(row: OrderRow, details: OrderDetails, restaurant: OrderRestaurant): OwnerOrder {
  const delivering = row.addressStreet !== null;
  return {
    id: row.id,
    restaurant_id: row.restaurantId,
    ...trackedOrder(row, details, restaurant),
    // The owner's reads hold only orders the restaurant has (order-reads.ts, `reachedKitchen`).
    status: row.status as KitchenStatus,
    customer: { name: row.customerName, phone: row.customerPhone, email: row.customerEmail },
    address: delivering
      ? { street: row.addressStreet ?? '', city: row.addressCity ?? '', zip_code: row.addressZip ?? '', notes: row.addressNotes ?? '' }
      : null,
    note: row.note,
    next_statuses: nextStatuses(row.status as OrderStatus, row.fulfilment as Fulfilment),
  };
}

/**
 * The lines and timeline of a bounded set of orders (one page at most), two queries whatever
 * their number, each in its order.
 */
export async function detailsOf(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderDetails>> {
  const details = new Map<number, OrderDetails>(orderIds.map((id) => [id, { lines: [], events: [] }]));
  if (orderIds.length === 0) return details;
  const [lines, events] = await sideBySide(db, [
    () => db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.orderId), asc(orderLines.position)),
    () => db.select().from(orderEvents).where(inArray(orderEvents.orderId, orderIds)).orderBy(asc(orderEvents.orderId), asc(orderEvents.id)),
  ] as const);
  for (const line of lines) details.get(line.orderId)?.lines.push(line);
  for (const event of events) details.get(event.orderId)?.events.push(event);
  return details;
}
