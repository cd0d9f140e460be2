import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orderRefunds, orders } from '../../db/schema-ordering';
import { PaymentRefused, PaymentUnavailable } from '../payments/provider';
import { EXPIRY_BATCH, paymentKeys } from './card-payments';
import { markRefundMade, takeBackRefund, type Refunding } from './order-refunds';

/**
 * Refunds whose answer never came (order-refunds.ts), brought to what the provider did (issue 44):
 * the sweep asks again under the refund's own key, so the provider answers what it did the first
 * time (or does it now, as the owner asked); the provider's `charge.refunded` event says at once
 * how much it gave back in all. Either way a refund is made once, and recorded.
 */

/** A refund confirmed here: the customer is told of it now, as the owner's request would have. */
export type ConfirmedRefund = { orderId: number; amountCents: number; reason: string };

/**
 * How long a pending refund is left to its own request first: the request's call and the SDK's
 * retries of it end within about 35 seconds; a second call under the same key while the first runs
 * would be refused by the provider as concurrent.
 */
export const REFUND_CONFIRM_AFTER_MS = 2 * 60_000;

/** What the minute sweep does with pending refunds older than REFUND_CONFIRM_AFTER_MS: a bounded batch, oldest first. */
export async function confirmPendingRefunds(refunding: Refunding): Promise<ConfirmedRefund[]> {
  const { db, provider } = refunding;
  const before = new Date(refunding.clock().getTime() - REFUND_CONFIRM_AFTER_MS);
  const pending = await db
    .select({
      id: orderRefunds.id,
      orderId: orderRefunds.orderId,
      amountCents: orderRefunds.amountCents,
      reason: orderRefunds.reason,
      paymentId: orders.paymentId,
    })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(and(eq(orderRefunds.state, 'pending'), lt(orderRefunds.at, before)))
    .orderBy(asc(orderRefunds.id))
    .limit(EXPIRY_BATCH);
  const confirmed: ConfirmedRefund[] = [];
  for (const refund of pending) {
    try {
      await provider.refund(refund.paymentId!, refund.amountCents, paymentKeys.refund(refund.orderId, refund.id));
      if (await markRefundMade(db, refund.id)) confirmed.push({ orderId: refund.orderId, amountCents: refund.amountCents, reason: refund.reason });
    } catch (error) {
      if (error instanceof PaymentRefused) await takeBackRefund(db, refund.id);
      // Still no answer: the next sweep asks again.
      else if (!(error instanceof PaymentUnavailable)) throw error;
    }
  }
  return confirmed;
}

/** What the owner's order calls a refund given outside the product (the provider's dashboard). */
export const OUTSIDE_REFUND_REASON = 'Refunded by the restaurant';

/**
 * The provider says it has given back `refundedCents` of the order's payment in all. Pending
 * refunds that total covers were made; what it gave back beyond every refund recorded here (a
 * refund from the provider's dashboard) is recorded too, so the order and the Money screen say
 * what the card was given back.
 */
export async function reconcileRefunds(db: Db, paymentId: string, refundedCents: number, at: Date): Promise<ConfirmedRefund[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.paymentId, paymentId)).for('update');
    if (!row || refundedCents < row.refundedCents) return [];
    const made = await tx
      .update(orderRefunds)
      .set({ state: 'made' })
      .where(and(eq(orderRefunds.orderId, row.id), eq(orderRefunds.state, 'pending')))
      .returning({ orderId: orderRefunds.orderId, amountCents: orderRefunds.amountCents, reason: orderRefunds.reason });
    const outside = Math.min(refundedCents, row.capturedCents) - row.refundedCents;
    if (outside <= 0) return made;
    await tx.insert(orderRefunds).values({ orderId: row.id, amountCents: outside, reason: OUTSIDE_REFUND_REASON, byUserId: null, at, state: 'made' });
    await tx
      .update(orders)
      .set({ refundedCents: sql`${orders.refundedCents} + ${outside}`, updatedAt: at })
      .where(eq(orders.id, row.id));
    return [...made, { orderId: row.id, amountCents: outside, reason: OUTSIDE_REFUND_REASON }];
  });
}
