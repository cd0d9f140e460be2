import type { Coupon } from '../../../contracts/ordering/coupons';
import type { Currency } from '../../../contracts/shared/restaurants';
import { formatMoney } from '../shared/money-format';

/** How the Coupons screen says a coupon's figures (issue 43), the same in its table and its phone cards. */

/** "10 %" or "$5.00". */
export const couponValue = (coupon: Pick<Coupon, 'kind' | 'value'>, currency: Currency) =>
  coupon.kind === 'percent' ? `${coupon.value} %` : formatMoney(coupon.value, currency);

export const couponMinimum = (coupon: Coupon, currency: Currency) => (coupon.min_subtotal === 0 ? 'None' : formatMoney(coupon.min_subtotal, currency));

// A coupon's dates are calendar dates of the restaurant: said in the owner's own way of writing
// dates (the browser's), read at UTC midnight so no zone moves them to the day before.
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const day = (date: string) => DAY.format(new Date(`${date}T00:00:00Z`));

/** "Dec 1, 2026 to Dec 31, 2026", "From …", "Until …", "Any day". */
export function couponDates(coupon: Coupon): string {
  if (coupon.starts_on && coupon.ends_on) return `${day(coupon.starts_on)} to ${day(coupon.ends_on)}`;
  if (coupon.starts_on) return `From ${day(coupon.starts_on)}`;
  if (coupon.ends_on) return `Until ${day(coupon.ends_on)}`;
  return 'Any day';
}

/** "100 in all, 1 per customer, first orders only", or "No limit". */
export function couponLimits(coupon: Coupon): string {
  const limits = [
    coupon.max_uses === null ? null : `${coupon.max_uses} in all`,
    coupon.max_uses_per_customer === null ? null : `${coupon.max_uses_per_customer} per customer`,
    coupon.first_order_only ? 'first orders only' : null,
  ].filter((limit) => limit !== null);
  if (limits.length === 0) return 'No limit';
  const said = limits.join(', ');
  return said.charAt(0).toUpperCase() + said.slice(1);
}

/** "3 uses, $12.40 off". */
export const couponUse = (coupon: Coupon, currency: Currency) =>
  `${coupon.uses} ${coupon.uses === 1 ? 'use' : 'uses'}, ${formatMoney(coupon.given_away, currency)} off`;

export type CouponColumn = readonly [label: string, value: (coupon: Coupon, currency: Currency) => string];

/** The list's columns after the code, in order. */
export const COUPON_COLUMNS: readonly CouponColumn[] = [
  ['Discount', couponValue],
  ['Minimum order', couponMinimum],
  ['Dates', couponDates],
  ['Limits', couponLimits],
  ['Status', (coupon) => (coupon.active ? 'Active' : 'Paused')],
  ['Used', couponUse],
];
