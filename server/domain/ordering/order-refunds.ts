import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Currency } from '../../../contracts/shared/restaurants';
import { reachedKitchen, type OrderStatus } from '../../../contracts/ordering/order-lifecycle';
import { REFUND_MESSAGES, refundTooLarge, type RefundBody } from '../../../contracts/ordering/refunds';
import { fromCents, toCents } from '../../../contracts/shared/cents';
import { formatMoney } from '../../../contracts/shared/money-format';
import type { Db } from '../../db/database';
import { orderLines, orderRefunds, orders } from '../../db/schema-ordering';
import { HttpError } from '../../http-error';
import { PaymentRefused, PaymentUnavailable, type PaymentProvider } from '../payments/provider';
import type { Scope } from '../shared/scope';
import { notFound } from '../shared/tenancy';
import { paymentKeys, unavailable } from './card-payments';
import { notifyAboutOrder } from './notifications';
import { orderInScope } from './order-reads';
import type { OrderRow } from './order-shapes';

/**
 * Refunds from the owner's order view (issue 44, item 4): an amount, or chosen lines, with a
 * reason, on a card order that was captured, never more than is left. The refund is reserved
 * first (the order row locked, the refund recorded and the order's `refunded_cents` raised, in one
 * transaction), so two refunds at once can never together give back more than was taken; the
 * provider is called after the commit, never inside a transaction. If the provider refuses it, the
 * reservation is taken back and nothing was refunded; if its answer never comes (an outage, a lost
 * connection: the refund may or may not be made), the refund stays `pending` and
 * refund-confirmations.ts asks again under the same key until the provider says which.
 */

export type Refunding = { db: Db; provider: PaymentProvider; clock: () => Date };

/**
 * `made`: the provider made it, and this request recorded so (the customer is told now); `made
 * already`: the provider's event was first to record it (and told the customer); `pending`: its
 * answer did not come, and the refund is recorded as pending.
 */
export type Refunded = { order: OrderRow; amountCents: number; reason: string; outcome: 'made' | 'made already' | 'pending' };

const refused = (field: 'amount' | 'line_positions', sentence: string) => new HttpError(400, 'invalid', sentence, { fields: { [field]: sentence } });

/** The cents the body asks for, checked against the order's lines: the amount, or the chosen lines' totals. */
async function askedCents(tx: Db, row: OrderRow, body: RefundBody): Promise<number> {
  if (body.amount !== undefined && body.line_positions !== undefined) throw refused('amount', REFUND_MESSAGES.oneWay);
  if (body.amount !== undefined) return toCents(body.amount);
  if (body.line_positions === undefined) throw refused('amount', REFUND_MESSAGES.noWay);
  const lines = await tx.select({ position: orderLines.position, cents: orderLines.lineTotalCents }).from(orderLines).where(eq(orderLines.orderId, row.id));
  const byPosition = new Map(lines.map((line) => [line.position, line.cents]));
  if (body.line_positions.some((position) => !byPosition.has(position))) throw refused('line_positions', REFUND_MESSAGES.unknownLines);
  const earlier = await tx
    .select({ positions: orderRefunds.linePositions })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, row.id), isNotNull(orderRefunds.linePositions)))
    .orderBy(asc(orderRefunds.id));
  const refundedLines = new Set(earlier.flatMap((refund) => refund.positions ?? []));
  const again = body.line_positions.find((position) => refundedLines.has(position));
  if (again !== undefined) throw refused('line_positions', `Line ${again + 1} was refunded already.`);
  return body.line_positions.reduce((sum, position) => sum + byPosition.get(position)!, 0);
}

/** Locks the order, checks the refund and records it: the reservation the provider's call then makes good. */
async function reserve(tx: Db, scope: Scope, orderId: number, body: RefundBody, userId: number, at: Date) {
  const row = await orderInScope(tx, scope, orderId, true);
  // An order still awaiting its payment is not the restaurant's yet, as on GET /orders/{id}/.
  if (!reachedKitchen(row.status as OrderStatus)) throw notFound('Order');
  if (row.paymentMethod !== 'card' || row.paymentState !== 'captured' || row.paymentId === null) {
    throw new HttpError(409, 'not_refundable', REFUND_MESSAGES.notRefundable);
  }
  const cents = await askedCents(tx, row, body);
  const left = row.capturedCents - row.refundedCents;
  if (cents > left) {
    throw refused(body.amount === undefined ? 'line_positions' : 'amount', refundTooLarge(formatMoney(fromCents(left), row.currency as Currency)));
  }
  const [refund] = await tx
    .insert(orderRefunds)
    .values({ orderId: row.id, amountCents: cents, reason: body.reason, linePositions: body.line_positions ?? null, byUserId: userId, at, state: 'pending' })
    .returning({ id: orderRefunds.id });
  await tx
    .update(orders)
    .set({ refundedCents: sql`${orders.refundedCents} + ${cents}`, updatedAt: at })
    .where(eq(orders.id, row.id));
  return { refundId: refund!.id, paymentId: row.paymentId, cents };
}

/**
 * Locks the order a refund belongs to, before the refund's own row is touched: every writer of an
 * order's refunds (reserve, markRefundMade, takeBackRefund, reconcileRefunds) takes the order's
 * lock first, so two of them never each hold a row the other waits for (found on PostgreSQL: a
 * refund marked made while the provider's event reconciled the same order deadlocked). Null
 * when the refund is gone.
 */
async function lockOrderOfRefund(tx: Db, refundId: number): Promise<OrderRow | null> {
  const [refund] = await tx.select({ orderId: orderRefunds.orderId }).from(orderRefunds).where(eq(orderRefunds.id, refundId));
  if (!refund) return null;
  const [row] = await tx.select().from(orders).where(eq(orders.id, refund.orderId)).for('update');
  return row ?? null;
}

/**
 * Takes a pending refund back (the provider refused it): the row goes and the order's
 * `refunded_cents` comes down by its amount, only while it is still pending.
 */
export async function takeBackRefund(db: Db, refundId: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockOrderOfRefund(tx, refundId))) return;
    const [gone] = await tx
      .delete(orderRefunds)
      .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.state, 'pending')))
      .returning({ orderId: orderRefunds.orderId, cents: orderRefunds.amountCents });
    if (!gone) return;
    await tx
      .update(orders)
      .set({ refundedCents: sql`${orders.refundedCents} - ${gone.cents}` })
      .where(eq(orders.id, gone.orderId));
  });
}

/**
 * The provider made it: the pending refund is made, and the restaurant's feed says so (in the same
 * transaction: the feed never tells of a refund not made). Answers whether this call was the one
 * that recorded it (the request, the sweep and the provider's event may each try).
 */
export async function markRefundMade(db: Db, refundId: number, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockOrderOfRefund(tx, refundId);
    if (!row) return false;
    const [made] = await tx
      .update(orderRefunds)
      .set({ state: 'made' })
      .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.state, 'pending')))
      .returning({ cents: orderRefunds.amountCents });
    if (!made) return false;
    await notifyAboutOrder(tx, 'refund', row, at, { amount: fromCents(made.cents) });
    return true;
  });
}

/**
 * POST /api/v2/orders/{id}/refunds/ for `scope`'s user. The provider's key carries the refund's
 * own id, never reused: a key the provider saw fail keeps answering that failure (Stripe keeps the
 * first result of a key, errors included), so a later refund must not inherit it.
 */
export async function refundOrder(refunding: Refunding, scope: Scope, orderId: number, body: RefundBody, userId: number): Promise<Refunded> {
  const { db, provider } = refunding;
  const reserved = await db.transaction((tx) => reserve(tx, scope, orderId, body, userId, refunding.clock()));
  let outcome: Refunded['outcome'];
  try {
    await provider.refund(reserved.paymentId, reserved.cents, paymentKeys.refund(orderId, reserved.refundId));
    outcome = (await markRefundMade(db, reserved.refundId, refunding.clock())) ? 'made' : 'made already';
  } catch (error) {
    if (error instanceof PaymentRefused) {
      await takeBackRefund(db, reserved.refundId);
      unavailable(error);
    }
    // No answer: made or not, only the provider knows; asked again later under the same key.
    if (!(error instanceof PaymentUnavailable)) throw error;
    outcome = 'pending';
  }
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return { order: row!, amountCents: reserved.cents, reason: body.reason, outcome };
}
