import { ORDER_TOTAL_MAX_CENTS, type OrderQuote, type PlaceOrderBody } from '../../../contracts/ordering';
import { orderMoney, type OrderMoney } from '../../../contracts/ordering/order-money';
import { fromCents } from '../../../contracts/shared/cents';
import { formatMoney } from '../../../contracts/shared/money-format';
import { wallClock } from '../../../contracts/shared/opening-status';
import { clockOf } from '../../../contracts/shared/clock-format';
import { soldOutLines } from '../../../contracts/shared/sold-out-words';
import type { PaymentMethod } from '../../../contracts/shared/payment-methods';
import type { Currency } from '../../../contracts/shared/restaurants';
import type { Db } from '../../db/database';
import { couponTerms, findCoupon, type CouponRow } from './order-coupon';
import { priceLines, type PricedLine } from './order-pricing';
import { quoteRefusals, refusal, type Refusal } from './order-refusals';
import { lineOf } from './order-shapes';
import { readKitchenPace, readSlotLoads } from './kitchen-pace';
import { orderTerms, orderTime, type KitchenLoad, type OrderTime } from './order-terms';
import { orderTip } from './order-tip';
import type { OrderingStore } from './store-readers';
import { taxTermsOf } from './tax-settings';
import { tipTermsOf } from './tip-settings';

/**
 * An order body priced and checked against the store as it is now (issue 43): the one path the
 * quote and placing share. The lines are priced from the menu, the terms give the fee and the
 * time, and the order engine (contracts/ordering/order-money.ts) the discount, tax, tip and
 * total, with the restaurant's tax and tip settings. Every refusal is kept, in the order placing
 * meets them: placing answers the first, the quote lists them all and prices what it can.
 */
export type PricedOrder = {
  lines: PricedLine[];
  money: OrderMoney;
  pricesIncludeTax: boolean;
  /** The coupon applied; null without one or when it is refused. */
  coupon: CouponRow | null;
  /** When it is due and the slot it takes; null when the time is refused. */
  time: OrderTime | null;
  currency: Currency;
  refusals: Refusal[];
};

/**
 * An order above ORDER_TOTAL_MAX_CENTS is refused (400): its money would not fit the order's
 * columns. When the food alone fits and the tip takes it over, the tip is what to change.
 */
function totalRefusal(money: OrderMoney, currency: Currency): Refusal | null {
  if (money.total <= ORDER_TOTAL_MAX_CENTS) return null;
  const format = (cents: number) => formatMoney(fromCents(cents), currency);
  const withoutTip = money.total - money.tip;
  if (withoutTip <= ORDER_TOTAL_MAX_CENTS) {
    return refusal(400, 'order_too_large', 'tip', `The tip can be at most ${format(ORDER_TOTAL_MAX_CENTS - withoutTip)} on this order.`);
  }
  const detail = `An order can come to at most ${format(ORDER_TOTAL_MAX_CENTS)}; this one comes to ${format(money.total)}. Please order less.`;
  return refusal(400, 'order_too_large', 'lines', detail);
}

/**
 * A way of paying the store does not offer (issue 44): card when the owner or the platform does
 * not take cards, in person (the default of a body that does not say) when the store takes cards only.
 */
function paymentRefusal(store: OrderingStore, method: PaymentMethod): Refusal | null {
  const offered = store.storefront.money?.payment_methods ?? ['in_person'];
  if (offered.includes(method)) return null;
  const detail = method === 'card' ? 'This store does not take card payments online.' : 'This store takes payment by card online only.';
  return refusal(409, 'payment_not_offered', 'payment', detail);
}

/** The kitchen's pace and what each slot holds now. */
const kitchenLoad = async (db: Db, restaurantId: number, now: Date): Promise<KitchenLoad> => ({
  pace: await readKitchenPace(db, restaurantId),
  taken: await readSlotLoads(db, restaurantId, now),
});

/**
 * The order's time counted again once placing holds the restaurant's counter row lock
 * (place-order.ts): placements of one restaurant pass it one at a time, so what each slot holds
 * is settled here, where the pricing's earlier read may be outrun by a placement committing meanwhile.
 */
export async function settledTime(db: Db, store: OrderingStore, body: PlaceOrderBody, now: Date): Promise<ReturnType<typeof orderTime>> {
  return orderTime(store, body, now, await kitchenLoad(db, store.restaurantId, now));
}

/**
 * Lines naming an item or selection sold out now (issue 45): 409 `sold_out`, each line's field
 * (`lines.N.item_id` or `lines.N.extra_selection_ids`) with its sentence ("Margherita is sold
 * out until 9:00 PM. Please remove it from your order."), the detail their sentences.
 */
function soldOutRefusal(store: OrderingStore, lines: PlaceOrderBody['lines'], now: Date): Refusal | null {
  const found = soldOutLines(store.storefront.categories, lines, clockOf(store.storefront.restaurant), now);
  if (found.size === 0) return null;
  const fields = Object.fromEntries([...found].map(([index, line]) => [`lines.${index}.${line.field}`, line.message]));
  const detail = [...new Set([...found.values()].map((line) => line.message))].join(' ');
  return { status: 409, code: 'sold_out', detail, fields };
}

/**
 * `placing`: the customer's coupon limits are checked under a lock held until the order commits
 * (order-coupon.ts); the quote reads them as they are.
 */
export async function priceOrder(db: Db, store: OrderingStore, body: PlaceOrderBody, now: Date, placing: boolean): Promise<PricedOrder> {
  const { restaurant, categories } = store.storefront;
  const priced = priceLines(body.lines, categories);
  const lines = priced.lines.map(({ line }) => line);
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const terms = orderTerms(store, body, subtotal, now, await kitchenLoad(db, store.restaurantId, now));
  const taxes = await taxTermsOf(db, store.restaurantId);
  const tip = orderTip(await tipTermsOf(db, store.restaurantId), body.tip);
  const code = body.coupon_code?.trim() ?? '';
  const found =
    code === ''
      ? { coupon: null, refusal: null }
      : await findCoupon(db, {
          restaurantId: store.restaurantId,
          code,
          email: body.customer.email.toLowerCase(),
          today: wallClock(restaurant.time_zone, now).date,
          country: restaurant.country,
          placing,
        });
  const money = orderMoney(
    {
      lines: priced.lines.map(({ line, categoryId }) => ({ line_cents: line.lineTotalCents, category_id: categoryId })),
      fee: terms.feeCents,
      taxes,
      coupon: found.coupon && couponTerms(found.coupon),
      tip: tip.choice,
    },
    restaurant.currency,
  );
  const belowMinimum = money.refusal === null ? null : refusal(400, 'coupon_below_minimum', 'coupon_code', money.refusal);
  const refusals = [
    priced.refusal,
    soldOutRefusal(store, body.lines, now),
    ...terms.refusals,
    tip.refusal,
    found.refusal,
    belowMinimum,
    totalRefusal(money, restaurant.currency),
    paymentRefusal(store, body.payment ?? 'in_person'),
  ];
  return {
    lines,
    money,
    pricesIncludeTax: taxes.prices_include_tax,
    coupon: belowMinimum ? null : found.coupon,
    time: terms.time,
    currency: restaurant.currency,
    refusals: refusals.filter((refused) => refused !== null),
  };
}

/** The priced order as the quote (and a 409 `price_changed`) answers it: money with two decimals. */
export function quoteOf(priced: PricedOrder): OrderQuote {
  const { money } = priced;
  return {
    lines: priced.lines.map((line, index) => ({ ...lineOf(line), discount: fromCents(money.lines[index]!.discount), tax: fromCents(money.lines[index]!.tax) })),
    subtotal: fromCents(money.subtotal),
    discount: fromCents(money.discount),
    tax: fromCents(money.tax),
    tip: fromCents(money.tip),
    fee: fromCents(money.fee),
    total: fromCents(money.total),
    prices_include_tax: priced.pricesIncludeTax,
    coupon_code: priced.coupon?.code ?? null,
    currency: priced.currency,
    estimated_at: priced.time?.at.toISOString() ?? null,
    asap_moved: priced.time?.asapMoved ?? false,
    refusals: priced.refusals.flatMap(quoteRefusals),
  };
}
