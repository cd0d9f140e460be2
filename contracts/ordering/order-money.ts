import { fromCents } from '../shared/cents';
import { formatMoney } from '../shared/money-format';
import type { Currency } from '../shared/restaurants';
import { milliPercent, percentOf, spread, taxInside, wholeFromZero } from './cents-shares';

/**
 * What an order comes to once its lines are priced (issue 43): the coupon's discount, the tax,
 * the tip, the fee and the total, in integer cents, and each line's share of the discount and of
 * the tax. The one set of money rules the quote, the order and the checkout's review run; the rules
 * in words are docs/api.md, "How an order's money is worked out".
 */

/** A priced line (order-pricing's `line_cents`: unit × quantity) and the category its tax rate comes from. */
export type MoneyLine = { line_cents: number; category_id: number };

/** The restaurant's tax settings; rates are percents, 0–30, up to three decimals. */
export type TaxTerms = {
  prices_include_tax: boolean;
  default_rate: number;
  delivery_fee_taxable: boolean;
  category_rates: readonly { category_id: number; rate: number }[];
};

/** A coupon's terms: `value` a percent (0–100) or cents; `min_subtotal` in cents. */
export type CouponTerms = { kind: 'percent' | 'amount'; value: number; min_subtotal: number };

/** A percent of the subtotal, an amount in cents, or no tip. */
export type TipChoice = { percent: number } | { amount: number } | null;

export type MoneyInput = {
  lines: readonly MoneyLine[];
  /** The delivery fee in cents (order-terms' feeCents; 0 for pickup). */
  fee: number;
  taxes: TaxTerms;
  coupon: CouponTerms | null;
  tip: TipChoice;
};

/**
 * The order's money in cents. `tax` is the lines' taxes and `fee_tax` (the fee's), added to the
 * total when prices exclude tax and only shown when they include it. `refusal` is the sentence a
 * coupon is refused with (then no discount), else null.
 */
export type OrderMoney = {
  lines: { discount: number; tax: number }[];
  subtotal: number;
  discount: number;
  tax: number;
  fee_tax: number;
  tip: number;
  fee: number;
  total: number;
  refusal: string | null;
};

export const COUPON_MESSAGES = {
  minimum: (minimum: string) => `This code needs an order of ${minimum} or more.`,
} as const;

/** The coupon's discount on `subtotal`: a percent of it half up, or its amount; never more than the subtotal. */
function discountCents(subtotal: number, coupon: CouponTerms): number {
  if (coupon.kind === 'percent') return percentOf(subtotal, Math.min(milliPercent(coupon.value), milliPercent(100)));
  return Math.min(wholeFromZero(coupon.value, 'An amount coupon'), subtotal);
}

/** The tip on the subtotal before any discount. */
function tipCents(subtotal: number, tip: TipChoice): number {
  if (tip === null) return 0;
  return 'percent' in tip ? percentOf(subtotal, milliPercent(tip.percent)) : wholeFromZero(tip.amount, 'A tip');
}

/** The order's money from its priced lines; `currency` writes the coupon's refusal. Cents that are not whole and from 0 on throw (a caller's bug). */
export function orderMoney({ lines, fee, taxes, coupon, tip }: MoneyInput, currency: Currency): OrderMoney {
  const lineCents = lines.map((line) => wholeFromZero(line.line_cents, 'A line'));
  const feeCents = wholeFromZero(fee, 'A delivery fee');
  const subtotal = lineCents.reduce((sum, cents) => sum + cents, 0);
  const minimum = coupon === null ? 0 : wholeFromZero(coupon.min_subtotal, "A coupon's minimum");
  const refusal = coupon !== null && subtotal < minimum ? COUPON_MESSAGES.minimum(formatMoney(fromCents(minimum), currency)) : null;
  const discount = coupon === null || refusal !== null ? 0 : discountCents(subtotal, coupon);
  const discounts = spread(discount, lineCents);

  const defaultRate = milliPercent(taxes.default_rate);
  const categoryRates = new Map(taxes.category_rates.map(({ category_id, rate }) => [category_id, milliPercent(rate)]));
  const taxOf = taxes.prices_include_tax ? taxInside : percentOf;
  const lineTaxes = lines.map((line, index) => taxOf(lineCents[index]! - discounts[index]!, categoryRates.get(line.category_id) ?? defaultRate));
  const feeTax = taxes.delivery_fee_taxable ? taxOf(feeCents, defaultRate) : 0;
  const tax = lineTaxes.reduce((sum, cents) => sum + cents, feeTax);

  const tipped = tipCents(subtotal, tip);
  const total = subtotal - discount + (taxes.prices_include_tax ? 0 : tax) + feeCents + tipped;
  return {
    lines: lines.map((_, index) => ({ discount: discounts[index]!, tax: lineTaxes[index]! })),
    subtotal,
    discount,
    tax,
    fee_tax: feeTax,
    tip: tipped,
    fee: feeCents,
    total,
    refusal,
  };
}
