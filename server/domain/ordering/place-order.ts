import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { PlacedOrder, PlaceOrderBody } from '../../../contracts/ordering';
import { fromCents, toCents } from '../../../contracts/shared/cents';
import { formatMoney } from '../../../contracts/shared/money-format';
import type { Db } from '../../db/database';
import { orderEvents, orderLines, orders, restaurantOrderCounters } from '../../db/schema-ordering';
import { HttpError } from '../../http-error';
import { runIdempotent, type IdempotentAnswer } from '../shared/idempotency';
import { notFound } from '../shared/tenancy';
import { acceptByItself } from './auto-accept';
import { PAYMENT_WINDOW_MS } from './card-payments';
import { notifyAboutOrder } from './notifications';
import { countCouponUse } from './order-coupon';
import type { PricedLine } from './order-pricing';
import { refusalError } from './order-refusals';
import { trackedOrder, type OrderRow } from './order-shapes';
import { priceOrder, quoteOf, settledTime, type PricedOrder } from './price-order';
import type { StoreReaders } from './store-readers';

/** 24 random bytes: 192 bits, 32 characters of base64url; nobody guesses another customer's order. */
const newToken = () => randomBytes(24).toString('base64url');

export type PlaceOrderRequest = {
  slug: string;
  body: PlaceOrderBody;
  idempotencyKey: string | undefined;
  /** Who sends it (routes/ordering/order-client.ts): a key is the client's own, never shared with another client. */
  client: string;
  now: Date;
};

/**
 * Where an order's Idempotency-Key is looked up: the store and the client. Per store only, a
 * second client sending the same key and body was answered the first customer's order, token
 * and all; keys are chosen by clients, so one client's must never reach another's answer.
 */
const idempotencyScope = (slug: string, client: string) => `POST /storefront/${slug}/orders/ client ${client}`;

/** The stored order the confirmation mail is written from; absent on a replayed answer. */
export type Placement = { answer: IdempotentAnswer; placed?: { order: PlacedOrder; email: string } };

/** The order's number: the restaurant's counter raised in the order's own transaction (its row lock queues placements of one restaurant). */
async function nextNumber(tx: Db, restaurantId: number): Promise<number> {
  const [counter] = await tx
    .insert(restaurantOrderCounters)
    .values({ restaurantId, lastNumber: 1 })
    .onConflictDoUpdate({ target: restaurantOrderCounters.restaurantId, set: { lastNumber: sql`${restaurantOrderCounters.lastNumber} + 1` } })
    .returning({ number: restaurantOrderCounters.lastNumber });
  return counter!.number;
}

/**
 * The total the customer agreed to (the checkout's review) is the total charged: when the server's
 * differs, 409 `price_changed` with the order's figures as they are now, and nothing is stored.
 */
function checkAgreedTotal(body: PlaceOrderBody, priced: PricedOrder): void {
  if (body.agreed_total === undefined || toCents(body.agreed_total) === priced.money.total) return;
  const total = formatMoney(fromCents(priced.money.total), priced.currency);
  const detail = `The total changed to ${total} since you reviewed your order. Please check it and place the order again.`;
  throw new HttpError(409, 'price_changed', detail, { more: { quote: quoteOf(priced) } });
}

function lineRows(orderId: number, lines: readonly PricedLine[]) {
  return lines.map((line, position) => ({ orderId, position, ...line }));
}

/**
 * POST /api/v2/storefront/{slug}/orders/ (issue 30). In one transaction, under the
 * Idempotency-Key (required: 428 without): read the store as it is now, price every line, hold
 * the order to the store's terms, work out its money (price-order.ts, the quote's path too), check
 * the total the customer agreed to, count the coupon's use, then store the order with its number,
 * its slot and item count (issue 45: the slot counted again under the counter's row lock), lines
 * and `placed` event, accepted at once when the kitchen auto-accepts (auto-accept.ts). A refusal stores nothing; the same key and body answer the same order again.
 */
export async function placeOrder(db: Db, readers: StoreReaders, request: PlaceOrderRequest): Promise<Placement> {
  const { slug, body, now } = request;
  if (request.idempotencyKey === undefined) {
    throw new HttpError(428, 'idempotency_key_required', 'An Idempotency-Key header is required, so that a retried order is never placed twice.');
  }
  let placed: Placement['placed'];
  const answer = await runIdempotent(db, { scope: idempotencyScope(slug, request.client), key: request.idempotencyKey, payload: body }, async (tx) => {
    const store = await readers.store(tx, slug, now);
    if (!store) throw notFound('Store');
    const priced = await priceOrder(tx, store, body, now, true);
    const refused = priced.refusals[0];
    if (refused) throw refusalError(refused);
    checkAgreedTotal(body, priced);
    const couponRefused = priced.coupon && (await countCouponUse(tx, priced.coupon.id));
    if (couponRefused) throw refusalError(couponRefused);
    const number = await nextNumber(tx, store.restaurantId);
    // Under the counter's row lock: the slot's count is settled (a refusal rolls the number back).
    const settled = await settledTime(tx, store, body, now);
    if (settled.refusal) throw refusalError(settled.refusal);
    const time = settled.time!;
    // A card order waits for its payment out of the kitchen's sight (card-payments.ts).
    const byCard = body.payment === 'card';
    const address = body.fulfilment === 'delivery' ? body.address : null;
    const [row] = await tx
      .insert(orders)
      .values({
        restaurantId: store.restaurantId,
        number,
        token: newToken(),
        fulfilment: body.fulfilment,
        customerName: body.customer.name,
        customerPhone: body.customer.phone,
        customerEmail: body.customer.email.toLowerCase(),
        addressStreet: address?.street ?? null,
        addressCity: address?.city ?? null,
        addressZip: address?.zip_code ?? null,
        addressNotes: address?.notes ?? null,
        note: body.note ?? '',
        subtotalCents: priced.money.subtotal,
        discountCents: priced.money.discount,
        taxCents: priced.money.tax,
        tipCents: priced.money.tip,
        feeCents: priced.money.fee,
        totalCents: priced.money.total,
        pricesIncludeTax: priced.pricesIncludeTax,
        couponId: priced.coupon?.id ?? null,
        // As the restaurant wrote it, as the review's quote showed it: every receipt names it alike.
        couponCode: priced.coupon?.code ?? null,
        currency: store.storefront.restaurant.currency,
        placedAt: now,
        scheduledFor: body.scheduled_for === null ? null : new Date(body.scheduled_for),
        estimatedAt: time.at,
        slotAt: time.slot,
        itemCount: body.lines.reduce((sum, line) => sum + line.quantity, 0),
        status: byCard ? 'awaiting_payment' : 'placed',
        paymentMethod: byCard ? 'card' : 'in_person',
        paymentState: byCard ? 'pending' : 'none',
        paymentAttempts: byCard ? 1 : 0,
        paymentDueBy: byCard ? new Date(now.getTime() + PAYMENT_WINDOW_MS) : null,
        updatedAt: now,
      })
      .returning();
    const lines = await tx.insert(orderLines).values(lineRows(row!.id, priced.lines)).returning();
    // The board hears of an order by its `placed` event: a card order's comes with its payment.
    if (!byCard) await tx.insert(orderEvents).values({ restaurantId: store.restaurantId, orderId: row!.id, status: 'placed', at: now });
    if (!byCard) await notifyAboutOrder(tx, 'order_placed', row as OrderRow, now);
    const order = (await acceptByItself(tx, row as OrderRow, now)) ?? (row as OrderRow);
    const events = await tx.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id));
    const answered: PlacedOrder = { id: order.id, ...trackedOrder(order, { lines, events }, store.restaurant) };
    placed = { order: answered, email: order.customerEmail };
    return { statusCode: 201, body: answered };
  });
  return { answer, placed: answer.replayed ? undefined : placed };
}
