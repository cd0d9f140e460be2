import { CouponCreate, couponProblems, type Coupon, type CouponFields, type CouponKind } from '../../../contracts/ordering/coupons';
import { checkWith } from '../../../contracts/shared/validation';
import { numberOf } from './typed-number';

/**
 * The coupon form (issue 43) as the inputs hold it: numbers as typed, empty meaning "none", and
 * its way to the body the server takes. The create contract checks it whole before a call, for
 * an edit too (the edit sends every field, so the coupon it makes is the one checked).
 */
export type CouponForm = {
  code: string;
  kind: CouponKind;
  value: string;
  min_subtotal: string;
  starts_on: string;
  ends_on: string;
  max_uses: string;
  max_uses_per_customer: string;
  first_order_only: boolean;
  active: boolean;
};

export type CouponField = keyof CouponForm;

export const BLANK_COUPON: CouponForm = {
  code: '',
  kind: 'percent',
  value: '',
  min_subtotal: '',
  starts_on: '',
  ends_on: '',
  max_uses: '',
  max_uses_per_customer: '',
  first_order_only: false,
  active: true,
};

const text = (value: number | null) => (value === null ? '' : String(value));

/** A saved coupon in the form; no minimum shows as an empty field, as it was typed. */
export const formOf = (coupon: Coupon): CouponForm => ({
  code: coupon.code,
  kind: coupon.kind,
  value: coupon.kind === 'amount' ? coupon.value.toFixed(2) : String(coupon.value),
  min_subtotal: coupon.min_subtotal === 0 ? '' : coupon.min_subtotal.toFixed(2),
  starts_on: coupon.starts_on ?? '',
  ends_on: coupon.ends_on ?? '',
  max_uses: text(coupon.max_uses),
  max_uses_per_customer: text(coupon.max_uses_per_customer),
  first_order_only: coupon.first_order_only,
  active: coupon.active,
});

/** The body both the create and the edit send (the create adds the restaurant). */
export const bodyOf = (form: CouponForm): CouponFields => ({
  code: form.code,
  kind: form.kind,
  value: numberOf(form.value, Number.NaN),
  min_subtotal: numberOf(form.min_subtotal, 0),
  starts_on: form.starts_on || null,
  ends_on: form.ends_on || null,
  max_uses: numberOf(form.max_uses, null),
  max_uses_per_customer: numberOf(form.max_uses_per_customer, null),
  first_order_only: form.first_order_only,
  active: form.active,
});

export const VALUE_MISSING = 'Please enter how much the coupon takes off.';

/** The form's refusals by field, none when the contract takes it. */
export function couponFormErrors(form: CouponForm): Partial<Record<CouponField, string>> {
  const body = bodyOf(form);
  const checked = checkWith(CouponCreate, body);
  if (checked.ok) return {};
  // The contract checks the dates' order only once every field passes: said at once here, so one
  // submit shows every sentence.
  const errors: Partial<Record<CouponField, string>> = { ends_on: couponProblems(body).ends_on, ...checked.fields };
  if (errors.ends_on === undefined) delete errors.ends_on;
  if (form.value.trim() === '') errors.value = VALUE_MISSING;
  return errors;
}
