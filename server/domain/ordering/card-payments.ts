import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { paymentMoves, type OrderStatus } from '../../../contracts/ordering/order-lifecycle';
import type { Db } from '../../db/database';
import { coupons, orderEvents, orderPaymentAttempts, orders } from '../../db/schema-ordering';
import { HttpError } from '../../http-error';
import { PaymentRefused, PaymentUnavailable, type PaymentProvider, type PaymentStatus } from '../payments/provider';
import { notifyAboutOrder } from './notifications';
import { acceptByItself } from './auto-accept';
import type { OrderRow } from './order-shapes';
import type { StoreReaders } from './store-readers';

/**
 * Card orders (issue 44), from the order stored as `awaiting_payment` to the kitchen: the
 * provider's hosted page for each attempt, the provider's word (its webhook, or the customer
 * coming back) brought to the order, and unpaid orders expired. Every step can run any number of
 * times, in any order, on any server process, and ends the same: the order row is locked while
 * it changes, and each call to the provider carries a key derived from the order and the step.
 * No call to the provider is made inside a database transaction.
 */

export type CardPayments = {
  db: Db;
  provider: PaymentProvider;
  readers: StoreReaders;
  /** Where customers reach the app (the hosted page sends them back to their tracking page). */
  publicUrl: string;
  clock: () => Date;
};

/** The card payments of an app: its provider (there is one when this is called: a store offers cards only then). */
export const cardPayments = (
  context: { database: { db: Db }; payments: PaymentProvider | undefined; config: { publicUrl: string }; clock: () => Date },
  readers: StoreReaders,
): CardPayments => ({ db: context.database.db, provider: context.payments!, readers, publicUrl: context.config.publicUrl, clock: context.clock });

/**
 * How long an attempt's page takes payment. Stripe keeps a Checkout Session open at least 30
 * minutes from the call that creates it; a minute more covers the call's own time.
 */
export const PAYMENT_WINDOW_MS = 31 * 60_000;
/** Attempts a customer may start for one order (the first included): each new one holds its coupon for another window. */
export const PAYMENT_ATTEMPTS_MAX = 3;

export const paymentKeys = {
  create: (orderId: number, attempt: number) => `order-${orderId}-create-${attempt}`,
  capture: (orderId: number) => `order-${orderId}-capture`,
  release: (orderId: number) => `order-${orderId}-release`,
  /** A second authorisation of an order already paid (two tabs, two attempts) is given back. */
  releaseExtra: (orderId: number, paymentId: string) => `order-${orderId}-release-${paymentId}`,
  /** The refund row's own id (order_refunds.id): a retry of one refund is the same call, another refund never is. */
  refund: (orderId: number, refundId: number) => `order-${orderId}-refund-${refundId}`,
};

export const PAYMENT_UNAVAILABLE = 'Card payment is not available right now and nothing was charged. Please try again in a moment.';

/** The provider could not be reached (or refused a call it should have taken): the customer gets a sentence, nothing is charged. */
export function unavailable(error: unknown): never {
  if (error instanceof PaymentUnavailable) throw new HttpError(503, 'payment_unavailable', PAYMENT_UNAVAILABLE);
  throw error;
}

const trackingPage = (publicUrl: string, slug: string, token: string) => `${publicUrl}/${slug}/orders/${token}`;

async function orderByToken(db: Db, token: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.token, token));
  return row;
}

/**
 * The hosted page of the order's current attempt. Asked again (a retried placement, a reload) it
 * is the same page: the attempt's key makes the provider answer its first result. Null when the
 * order waits for no payment (paid meanwhile, expired, paid in person).
 */
export async function checkoutUrlOf(payments: CardPayments, token: string): Promise<string | null> {
  const row = await orderByToken(payments.db, token);
  if (!row || row.status !== 'awaiting_payment' || row.paymentDueBy === null) return null;
  const restaurant = (await payments.readers.restaurants(payments.db, [row.restaurantId])).get(row.restaurantId);
  const page = trackingPage(payments.publicUrl, restaurant?.slug ?? '', row.token);
  const created = await payments.provider
    .create({
      orderId: row.id,
      amount: row.totalCents,
      currency: row.currency.toLowerCase(),
      description: `Order ${row.number} at ${restaurant?.name ?? 'the restaurant'}`,
      customerEmail: row.customerEmail,
      returnUrl: `${page}?payment=done`,
      cancelUrl: `${page}?payment=cancelled`,
      expiresAt: row.paymentDueBy,
      idempotencyKey: paymentKeys.create(row.id, row.paymentAttempts),
    })
    .catch(unavailable);
  await payments.db.transaction(async (tx) => {
    await tx.insert(orderPaymentAttempts).values({ reference: created.reference, orderId: row.id, attempt: row.paymentAttempts }).onConflictDoNothing();
    // Only for the attempt it was made for: a newer attempt started meanwhile keeps its own.
    await tx
      .update(orders)
      .set({ paymentReference: created.reference })
      .where(and(eq(orders.id, row.id), eq(orders.paymentAttempts, row.paymentAttempts)));
  });
  return created.checkoutUrl;
}

/**
 * "Try again" on the tracking page: the current attempt's page is closed at the provider (so it
 * cannot be paid as well) and a new attempt opened, with a new window. 409 when the order waits
 * for no payment or has had its attempts.
 */
export async function retryPayment(payments: CardPayments, token: string): Promise<string> {
  const row = await orderByToken(payments.db, token);
  if (!row || row.status !== 'awaiting_payment') {
    throw new HttpError(409, 'not_awaiting_payment', 'This order is not waiting for a payment any more.');
  }
  if (row.paymentAttempts >= PAYMENT_ATTEMPTS_MAX) {
    throw new HttpError(409, 'payment_attempts_used', 'This order cannot be paid again: please place a new order.');
  }
  if (row.paymentReference !== null) {
    const closed = await closeAttempt(payments, row.paymentReference);
    if (closed === 'paid') throw new HttpError(409, 'not_awaiting_payment', 'This order is paid: it is with the restaurant.');
  }
  const now = payments.clock();
  await payments.db
    .update(orders)
    .set({
      paymentAttempts: sql`${orders.paymentAttempts} + 1`,
      paymentReference: null,
      paymentDueBy: new Date(now.getTime() + PAYMENT_WINDOW_MS),
      updatedAt: now,
    })
    .where(and(eq(orders.id, row.id), eq(orders.status, 'awaiting_payment'), eq(orders.paymentAttempts, row.paymentAttempts)));
  const url = await checkoutUrlOf(payments, token);
  if (url === null) throw new HttpError(409, 'not_awaiting_payment', 'This order is not waiting for a payment any more.');
  return url;
}

/** Closes an attempt's page; one paid meanwhile is brought to its order instead. */
async function closeAttempt(payments: CardPayments, reference: string): Promise<'closed' | 'paid'> {
  try {
    await payments.provider.expire(reference);
    return 'closed';
  } catch (error) {
    if (!(error instanceof PaymentRefused)) unavailable(error);
    await settleAttempt(payments, reference);
    return 'paid';
  }
}

/** What settling found to do after its transaction: mail and show a newly placed order, give back an authorisation nobody needs. */
export type Settled = { placedOrderId: number | null; released: boolean };

/**
 * The provider's word on an attempt brought to its order (the webhook, the customer's return, a
 * closed attempt): paid → `placed`, on the board from now; expired unpaid → `expired`. A payment
 * for an order that no longer waits for one (paid by another attempt, expired, cancelled) is
 * released at once: the customer is never charged for an order the restaurant does not have.
 */
export async function settleAttempt(payments: CardPayments, reference: string): Promise<Settled> {
  const status = await payments.provider.read(reference).catch(unavailable);
  return settleWith(payments, reference, status);
}

async function settleWith(payments: CardPayments, reference: string, status: PaymentStatus): Promise<Settled> {
  const now = payments.clock();
  const outcome = await payments.db.transaction(async (tx) => {
    const [attempt] = await tx
      .select({ orderId: orderPaymentAttempts.orderId })
      .from(orderPaymentAttempts)
      .where(eq(orderPaymentAttempts.reference, reference));
    if (!attempt) return { placedOrderId: null, extra: null as OrderRow | null };
    const [row] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId)).for('update');
    if (!row) return { placedOrderId: null, extra: null };
    const paid = status.state === 'authorized' || status.state === 'captured';
    if (paid && paymentMoves(row.status as OrderStatus, 'paid') === 'placed') {
      await placePaid(tx, row, reference, status, now);
      return { placedOrderId: row.id, extra: null };
    }
    if (paid && status.paymentId !== null && status.paymentId !== row.paymentId) return { placedOrderId: null, extra: row };
    if (status.state === 'expired' && row.paymentReference === reference) await expireOrder(tx, row, now);
    return { placedOrderId: null, extra: null };
  });
  if (outcome.extra && status.paymentId !== null && status.state === 'authorized') {
    await payments.provider.release(status.paymentId, paymentKeys.releaseExtra(outcome.extra.id, status.paymentId)).catch(unavailable);
    return { placedOrderId: outcome.placedOrderId, released: true };
  }
  return { placedOrderId: outcome.placedOrderId, released: false };
}

/**
 * Paid: the order goes to the kitchen now. Its placed time becomes the moment of payment, and an
 * as-soon-as-possible order keeps its wait from there (a booked one keeps its booked time).
 * A kitchen that auto-accepts accepts it at once (auto-accept.ts).
 */
async function placePaid(tx: Db, row: OrderRow, reference: string, status: PaymentStatus, now: Date): Promise<void> {
  const wait = row.estimatedAt === null ? 0 : row.estimatedAt.getTime() - row.placedAt.getTime();
  await tx
    .update(orders)
    .set({
      status: 'placed',
      paymentState: status.state,
      paymentReference: reference,
      paymentId: status.paymentId,
      authorizedCents: status.authorized,
      capturedCents: status.captured,
      paymentDueBy: null,
      placedAt: now,
      ...(row.scheduledFor === null ? { estimatedAt: new Date(now.getTime() + wait) } : {}),
      updatedAt: now,
    })
    .where(eq(orders.id, row.id));
  await tx.insert(orderEvents).values({ restaurantId: row.restaurantId, orderId: row.id, status: 'placed', at: now });
  await notifyAboutOrder(tx, 'order_placed', row, now);
  await acceptByItself(tx, { ...row, status: 'placed', placedAt: now }, now);
}

/** Not paid in time: the order never reaches the kitchen, and its coupon use is given back. */
async function expireOrder(tx: Db, row: OrderRow, now: Date): Promise<void> {
  if (paymentMoves(row.status as OrderStatus, 'expire') !== 'expired') return;
  await tx.update(orders).set({ status: 'expired', paymentState: 'expired', paymentDueBy: null, updatedAt: now }).where(eq(orders.id, row.id));
  await notifyAboutOrder(tx, 'payment_failed', row, now);
  if (row.couponId !== null) {
    await tx
      .update(coupons)
      .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
      .where(eq(coupons.id, row.couponId));
  }
}

/** Unpaid orders looked at per sweep: a bounded batch; the next sweep takes the rest. */
export const EXPIRY_BATCH = 50;

/**
 * Orders whose payment window has passed: each attempt's page closed at the provider (one paid at
 * the last moment is placed instead), then the order expired. Returns how many were looked at.
 */
export async function expireUnpaid(payments: CardPayments): Promise<number> {
  const now = payments.clock();
  const due = await payments.db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), lt(orders.paymentDueBy, now)))
    .orderBy(asc(orders.paymentDueBy))
    .limit(EXPIRY_BATCH);
  for (const row of due) {
    if (row.paymentReference !== null && (await closeAttempt(payments, row.paymentReference)) === 'paid') continue;
    await payments.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, row.id)).for('update');
      if (locked && locked.paymentAttempts === row.paymentAttempts && locked.paymentDueBy !== null && locked.paymentDueBy < now) {
        await expireOrder(tx, locked, now);
      }
    });
  }
  return due.length;
}

/**
 * The money follows the lifecycle (docs/decisions.md, "Card payments: capture on completion"):
 * a completed card order is captured for what was authorised, a cancelled one has its
 * authorisation released. Run after the move commits; a provider out of reach leaves the order
 * as it is, and the next sweep (`followUnsettled`) does it. Returns whether anything changed.
 */
export async function followLifecycle(payments: CardPayments, row: OrderRow): Promise<boolean> {
  if (row.paymentMethod !== 'card' || row.paymentId === null || row.paymentState !== 'authorized') return false;
  const paymentId = row.paymentId;
  let status: PaymentStatus;
  if (row.status === 'completed') status = await payments.provider.capture(paymentId, row.authorizedCents, paymentKeys.capture(row.id)).catch(unavailable);
  else if (row.status === 'cancelled') status = await payments.provider.release(paymentId, paymentKeys.release(row.id)).catch(unavailable);
  else return false;
  await payments.db
    .update(orders)
    .set({ paymentState: status.state, capturedCents: status.captured, updatedAt: payments.clock() })
    .where(and(eq(orders.id, row.id), eq(orders.paymentState, 'authorized')));
  return true;
}

/** Completed or cancelled card orders whose capture or release did not happen (the provider was out of reach): a bounded batch. */
export async function followUnsettled(payments: CardPayments): Promise<number> {
  const rows = await payments.db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentState, 'authorized'), sql`${orders.status} in ('completed', 'cancelled')`))
    .limit(EXPIRY_BATCH);
  for (const row of rows) await followLifecycle(payments, row);
  return rows.length;
}
