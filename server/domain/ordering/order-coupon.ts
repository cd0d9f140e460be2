import { and, count, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { couponCodeKey } from '../../../contracts/ordering/coupons';
import type { CouponTerms } from '../../../contracts/ordering/order-money';
import { formatDateWithYear } from '../../../contracts/shared/clock-format';
import type { Db } from '../../db/database';
import { coupons, orders } from '../../db/schema-ordering';
import { notify } from './notifications';
import { refusal, type Refusal } from './order-refusals';
import { counted } from './counted-orders';

/**
 * The coupon an order names (issue 43), matched in the store's own restaurant with case and
 * spaces ignored, and every rule of it that does not depend on the order's money (the minimum is
 * the engine's: contracts/ordering/order-money.ts). Each refusal is one sentence on `coupon_code`.
 * A use is counted only by placing, in the order's transaction (`countCouponUse`).
 */

export type CouponRow = typeof coupons.$inferSelect;

export const COUPON_REFUSALS = {
  unknown: 'This code is not valid at this store.',
  notStarted: (date: string) => `This code can be used from ${date}.`,
  expired: 'This code has expired.',
  usedUp: 'This code has been used as many times as it can be.',
  alreadyUsed: 'You have already used this code as many times as it allows.',
  firstOrder: 'This code is for a first order only.',
} as const;

const refused = (code: string, detail: string) => refusal(400, code, 'coupon_code', detail);

export const couponTerms = (coupon: CouponRow): CouponTerms => ({ kind: coupon.kind, value: coupon.value, min_subtotal: coupon.minSubtotalCents });

export type CouponAsk = {
  restaurantId: number;
  code: string;
  /** The customer's email, lower-cased: per-customer limits count by it. */
  email: string;
  /** Today in the restaurant's zone, `YYYY-MM-DD`. */
  today: string;
  /** How the restaurant's country writes a date. */
  country: string | null | undefined;
  /**
   * Placing: the customer's checks are made under a lock on the coupon and email, held until the
   * order commits, and whether a use is left is the count's own (countCouponUse), not read here.
   */
  placing: boolean;
};

/** The rules of the coupon itself: active, inside its dates, not used up (the quote's reading). */
function couponRefusal(coupon: CouponRow | undefined, ask: CouponAsk): Refusal | null {
  if (!coupon || !coupon.active) return refused('coupon_unknown', COUPON_REFUSALS.unknown);
  if (coupon.startsOn !== null && ask.today < coupon.startsOn) {
    return refused('coupon_not_started', COUPON_REFUSALS.notStarted(formatDateWithYear(coupon.startsOn, ask.country)));
  }
  if (coupon.endsOn !== null && ask.today > coupon.endsOn) return refused('coupon_expired', COUPON_REFUSALS.expired);
  if (!ask.placing && coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return refused('coupon_used_up', COUPON_REFUSALS.usedUp);
  return null;
}

/**
 * The customer's own limits: how often this email used the coupon (a cancelled order's use is
 * not given back, so it counts; a card order that expired unpaid gave its use back, issue 44), and
 * for a first-order coupon whether the email has an order at the restaurant that counts. Placing serializes these checks per coupon and email.
 */
async function customerRefusal(db: Db, coupon: CouponRow, ask: CouponAsk): Promise<Refusal | null> {
  if (coupon.maxUsesPerCustomer === null && !coupon.firstOrderOnly) return null;
  if (ask.placing) await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`coupon use\n${coupon.id}\n${ask.email}`}, 0))`);
  if (coupon.maxUsesPerCustomer !== null) {
    const [used] = await db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.couponId, coupon.id), eq(orders.customerEmail, ask.email), ne(orders.status, 'expired')));
    if (used!.n >= coupon.maxUsesPerCustomer) return refused('coupon_already_used', COUPON_REFUSALS.alreadyUsed);
  }
  if (coupon.firstOrderOnly) {
    const [earlier] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.restaurantId, ask.restaurantId), eq(orders.customerEmail, ask.email), counted))
      .limit(1);
    if (earlier) return refused('coupon_first_order_only', COUPON_REFUSALS.firstOrder);
  }
  return null;
}

/** The coupon `ask.code` names in the restaurant, or the refusal it meets (an unknown code of another restaurant is just unknown). */
export async function findCoupon(db: Db, ask: CouponAsk): Promise<{ coupon: CouponRow | null; refusal: Refusal | null }> {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.restaurantId, ask.restaurantId), eq(coupons.codeKey, couponCodeKey(ask.code))));
  const refused = couponRefusal(coupon, ask) ?? (await customerRefusal(db, coupon!, ask));
  return refused ? { coupon: null, refusal: refused } : { coupon: coupon!, refusal: null };
}

/**
 * Counts one use in the order's transaction, only while the coupon is active and not used up:
 * the row's lock queues parallel orders, each re-reading `uses` after the one before commits, so
 * `max_uses` is never passed. Answers the refusal when no use was left.
 */
export async function countCouponUse(tx: Db, couponId: number): Promise<Refusal | null> {
  const counted = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(and(eq(coupons.id, couponId), eq(coupons.active, true), or(isNull(coupons.maxUses), lt(coupons.uses, coupons.maxUses))))
    .returning({ id: coupons.id, restaurantId: coupons.restaurantId, code: coupons.code, uses: coupons.uses, maxUses: coupons.maxUses });
  const coupon = counted[0];
  if (!coupon) return refused('coupon_used_up', COUPON_REFUSALS.usedUp);
  // This use was the last one: the owner hears of it in the same transaction (issue 45).
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) {
    await notify(tx, { restaurantId: coupon.restaurantId, kind: 'coupon_exhausted', subjectId: coupon.id, detail: { code: coupon.code } });
  }
  return null;
}
