import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ORDER_TOTAL_MAX_CENTS, type PlacedOrder, type PlaceOrderBody } from '../../../contracts/ordering';
import { fromCents } from '../../../contracts/shared/cents';
import { formatMoney } from '../../../contracts/shared/money-format';
import type { Currency } from '../../../contracts/shared/restaurants';
import type { Db } from '../../db/database';
import { orderEvents, orderLines, orders, restaurantOrderCounters } from '../../db/schema-ordering';
import { HttpError } from '../../http-error';
import { runIdempotent, type IdempotentAnswer } from '../shared/idempotency';
import { notFound } from '../shared/tenancy';
import { priceLines, type PricedLine } from './order-pricing';
import { trackedOrder, type OrderRow } from './order-shapes';
import { orderTerms } from './order-terms';
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

/** An order above ORDER_TOTAL_MAX_CENTS is refused (400) before anything is stored: its money would not fit the order's columns. */
function checkTotal(totalCents: number, currency: Currency): void {
  if (totalCents <= ORDER_TOTAL_MAX_CENTS) return;
  const money = (cents: number) => formatMoney(fromCents(cents), currency);
  const detail = `An order can come to at most ${money(ORDER_TOTAL_MAX_CENTS)}; this one comes to ${money(totalCents)}. Please order less.`;
  throw new HttpError(400, 'order_too_large', detail, { fields: { lines: detail } });
}

function lineRows(orderId: number, lines: readonly PricedLine[]) {
  return lines.map((line, position) => ({ orderId, position, ...line }));
}

/**
 * POST /api/v2/storefront/{slug}/orders/ (issue 30). In one transaction, under the
 * Idempotency-Key (required: 428 without): read the store as it is now, price every line, hold
 * the order to the store's terms, then store the order with its number, lines and `placed`
 * event. A refusal stores nothing; the same key and body answer the same order again.
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
    const priced = priceLines(body.lines, store.storefront.categories);
    const terms = orderTerms(store, body, priced.subtotalCents, now);
    const totalCents = priced.subtotalCents + terms.feeCents;
    checkTotal(totalCents, store.storefront.restaurant.currency);
    const number = await nextNumber(tx, store.restaurantId);
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
        subtotalCents: priced.subtotalCents,
        feeCents: terms.feeCents,
        totalCents,
        currency: store.storefront.restaurant.currency,
        placedAt: now,
        scheduledFor: body.scheduled_for === null ? null : new Date(body.scheduled_for),
        estimatedAt: terms.estimatedAt,
        updatedAt: now,
      })
      .returning();
    const order = row as OrderRow;
    const lines = await tx.insert(orderLines).values(lineRows(order.id, priced.lines)).returning();
    const events = await tx.insert(orderEvents).values({ restaurantId: store.restaurantId, orderId: order.id, status: 'placed', at: now }).returning();
    const answered: PlacedOrder = { id: order.id, ...trackedOrder(order, { lines, events }, store.restaurant) };
    placed = { order: answered, email: order.customerEmail };
    return { statusCode: 201, body: answered };
  });
  return { answer, placed: answer.replayed ? undefined : placed };
}
