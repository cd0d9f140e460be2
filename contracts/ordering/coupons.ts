import { boolean, enums, integer, nullable, number, object, optional, refine, string, type Infer } from 'superstruct';
import { toCents } from '../shared/cents';
import { documented } from '../shared/documented';
import { BooleanText, Id, ID_MAX, listQuery, Page } from '../shared/lists';
import { CalendarDate } from '../shared/opening-hours';
import { trimmed } from '../shared/text';
import { fieldFailure } from '../shared/validation';

/**
 * A restaurant's coupons (issue 43): `GET/POST /api/v2/coupons/`, `GET/PATCH/DELETE
 * /api/v2/coupons/{id}/`, in the caller's restaurant (an administrator names one with
 * `restaurant_id`). A code is matched with case and spaces ignored (`couponCodeKey`), so
 * "Summer 10" and "SUMMER10" are one code of a restaurant. Money has two decimals on the wire and
 * is kept in cents; a percent coupon's `value` is a whole percentage.
 */

export const COUPON_KINDS = ['percent', 'amount'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const COUPON_CODE_MAX = 32;
export const COUPON_MONEY_MAX = 99_999.99;

/** What a code is matched on: upper-cased, spaces removed. */
export const couponCodeKey = (code: string): string => code.replace(/\s+/g, '').toUpperCase();

const CODE_PATTERN = /^[\p{L}\p{N} _-]+$/u;

const CouponCode = documented(
  trimmed(
    refine(string(), 'code', (value) => {
      if (value.length === 0) return 'Please enter a code.';
      if (value.length > COUPON_CODE_MAX) return `A code must be at most ${COUPON_CODE_MAX} characters.`;
      return CODE_PATTERN.test(value) || 'A code may hold letters, digits, spaces, hyphens and underscores only.';
    }),
  ),
  { minLength: 1, maxLength: COUPON_CODE_MAX, description: 'Trimmed; unique in its restaurant with case and spaces ignored.' },
);

/** Whole cents from 0 to COUPON_MONEY_MAX, or null. */
const centsOf = (amount: number): number | null =>
  Number.isFinite(amount) && amount >= 0 && amount <= COUPON_MONEY_MAX && Math.abs(amount * 100 - toCents(amount)) < 1e-6 ? toCents(amount) : null;

const Money = documented(
  refine(number(), 'money', (value) => centsOf(value) !== null || `Enter an amount from 0 to ${COUPON_MONEY_MAX} with at most two decimals.`),
  { minimum: 0, maximum: COUPON_MONEY_MAX },
);

const UseLimit = documented(
  refine(integer(), 'limit', (value) => (value >= 1 && value <= ID_MAX) || 'Leave it empty for no limit, or give a whole number from 1.'),
  { minimum: 1, maximum: ID_MAX },
);

/** A coupon's fields as a create is read, the optional ones filled in (the defaults below). */
export type CouponFields = {
  code: string;
  kind: CouponKind;
  value: number;
  min_subtotal: number;
  starts_on: string | null;
  ends_on: string | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  first_order_only: boolean;
  active: boolean;
};

export const COUPON_DEFAULTS = {
  min_subtotal: 0,
  starts_on: null,
  ends_on: null,
  max_uses: null,
  max_uses_per_customer: null,
  first_order_only: false,
  active: true,
} as const satisfies Partial<CouponFields>;

/**
 * What is wrong with a whole coupon that no single field shows: its value for its kind, and its
 * dates in order. Checked on a create's body, and on a saved coupon with a PATCH applied.
 */
export function couponProblems(coupon: Pick<CouponFields, 'kind' | 'value' | 'starts_on' | 'ends_on'>): Record<string, string> {
  const problems: Record<string, string> = {};
  if (coupon.kind === 'percent' && !(Number.isInteger(coupon.value) && coupon.value >= 1 && coupon.value <= 100)) {
    problems.value = 'A percent coupon takes off a whole percentage from 1 to 100.';
  }
  if (coupon.kind === 'amount' && !(centsOf(coupon.value) !== null && coupon.value > 0)) {
    problems.value = `An amount coupon takes off an amount from 0.01 to ${COUPON_MONEY_MAX} with at most two decimals.`;
  }
  if (coupon.starts_on !== null && coupon.ends_on !== null && coupon.ends_on < coupon.starts_on) {
    problems.ends_on = 'The last day cannot be before the first day.';
  }
  return problems;
}

const optionalFields = {
  min_subtotal: optional(Money),
  starts_on: optional(nullable(CalendarDate)),
  ends_on: optional(nullable(CalendarDate)),
  max_uses: optional(nullable(UseLimit)),
  max_uses_per_customer: optional(nullable(UseLimit)),
  first_order_only: optional(boolean()),
  active: optional(boolean()),
};

const Value = documented(number(), { description: 'A whole percentage from 1 to 100 (`percent`), or money with two decimals (`amount`).' });

/** POST /api/v2/coupons/: `code`, `kind` and `value`; the rest default (no minimum, no dates or limits, active). */
export const CouponCreate = refine(
  object({ code: CouponCode, kind: enums(COUPON_KINDS), value: Value, ...optionalFields, restaurant_id: optional(Id) }),
  'coupon',
  function* (body, context) {
    for (const [field, sentence] of Object.entries(couponProblems({ ...COUPON_DEFAULTS, ...body }))) yield fieldFailure(context, [field], sentence);
  },
);
export type CouponCreate = Infer<typeof CouponCreate>;

/** PATCH /api/v2/coupons/{id}/: any of the fields; the coupon it makes is checked whole (`couponProblems`). */
export const CouponUpdate = object({ code: optional(CouponCode), kind: optional(enums(COUPON_KINDS)), value: optional(Value), ...optionalFields });
export type CouponUpdate = Infer<typeof CouponUpdate>;

/** A coupon as answered: money with two decimals, how often it was used and what it gave away (cancelled orders left out). */
export const Coupon = object({
  id: number(),
  restaurant_id: number(),
  code: string(),
  kind: enums(COUPON_KINDS),
  value: number(),
  min_subtotal: number(),
  starts_on: nullable(string()),
  ends_on: nullable(string()),
  max_uses: nullable(number()),
  max_uses_per_customer: nullable(number()),
  first_order_only: boolean(),
  active: boolean(),
  uses: number(),
  given_away: number(),
});
export type Coupon = Infer<typeof Coupon>;

export const COUPON_ORDERING = ['created', 'code'] as const;

/** GET /api/v2/coupons/: paged, newest first unless `ordering=` says otherwise; `search=` in the code; `active=`. */
export const CouponListQuery = listQuery({ active: optional(BooleanText) }, COUPON_ORDERING);
export type CouponListQuery = Infer<typeof CouponListQuery>;
export const CouponsPage = Page(Coupon);
