import { array, coerce, enums, integer, object, optional, pattern, record, refine, size, string, validate, type Infer, type Struct } from 'superstruct';
import { invalid, type StripeFailure } from './errors';

/**
 * What Stripe accepts for the calls the product makes, as superstruct structs over the decoded
 * form (form.ts). A parameter Stripe has but the product never sends is refused as unknown, as
 * Stripe refuses a misspelt one: the double speaks only what it checks.
 */

/** Form values are text: Stripe reads digits as a whole number and refuses anything else. */
const wholeNumber = coerce(integer(), pattern(string(), /^-?\d+$/), Number);
const atLeast = (minimum: number) =>
  refine(wholeNumber, 'parameter_invalid_integer', (n) => n >= minimum || `This value must be greater than or equal to ${minimum}.`);

/** Stripe's largest amount: eight digits in the currency's minor unit. */
export const MAX_AMOUNT = 99_999_999;
const amount = (minimum: number) =>
  refine(atLeast(minimum), 'amount_too_large', (n) => n <= MAX_AMOUNT || `This value must be less than or equal to ${MAX_AMOUNT}.`);

/**
 * Stripe's smallest charge in each currency it settles (minor units); a currency missing here is
 * one Stripe does not take. Stripe documents currencies in lower case; the double refuses any
 * other spelling so the product never relies on Stripe folding it.
 */
export const MINIMUM_CHARGE: Record<string, number> = {
  usd: 50,
  aed: 200,
  aud: 50,
  bgn: 100,
  brl: 50,
  cad: 50,
  chf: 50,
  czk: 1500,
  dkk: 250,
  eur: 50,
  gbp: 30,
  hkd: 400,
  huf: 17500,
  inr: 50,
  jpy: 50,
  mxn: 1000,
  myr: 200,
  nok: 300,
  nzd: 50,
  pln: 200,
  ron: 200,
  sek: 300,
  sgd: 50,
  thb: 1000,
};
const currency = refine(
  string(),
  'currency',
  (value) =>
    (/^[a-z]{3}$/.test(value) && value in MINIMUM_CHARGE) ||
    `Invalid currency: ${value}. Stripe currently supports these currencies: ${Object.keys(MINIMUM_CHARGE).join(', ')}`,
);

const url = refine(size(string(), 1, 5000), 'url_invalid', (value) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol) || 'Not a valid URL';
  } catch {
    return 'Not a valid URL';
  }
});
const email = refine(size(string(), 1, 800), 'email_invalid', (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) || `Invalid email address: ${value}`);

/** Stripe's metadata: at most 50 keys of up to 40 characters, values of up to 500. */
const metadata = refine(
  record(size(string(), 1, 40), size(string(), 0, 500)),
  'metadata',
  (value) => Object.keys(value).length <= 50 || 'Metadata can have at most 50 keys.',
);
const expand = optional(array(size(string(), 1, 200)));

const lineItem = object({
  price_data: object({
    currency,
    unit_amount: amount(0),
    product_data: object({ name: size(string(), 1, 250), description: optional(size(string(), 1, 500)) }),
  }),
  quantity: atLeast(1),
});

export const SessionCreate = object({
  // Checkout's other modes (setup, subscription) are no part of the product.
  mode: enums(['payment']),
  line_items: size(array(lineItem), 1, 100),
  allowed_payment_method_types: optional(array(enums(['card']))),
  payment_intent_data: optional(
    object({
      capture_method: optional(enums(['automatic', 'automatic_async', 'manual'])),
      description: optional(size(string(), 1, 1000)),
      metadata: optional(metadata),
    }),
  ),
  metadata: optional(metadata),
  client_reference_id: optional(size(string(), 1, 200)),
  customer_email: optional(email),
  // Required here: the product always sends one, and a session without it strands the customer on the hosted page.
  success_url: url,
  cancel_url: optional(url),
  expires_at: optional(wholeNumber),
  expand,
});
export type SessionCreate = Infer<typeof SessionCreate>;

export const Retrieve = object({ expand });
export const Capture = object({ amount_to_capture: optional(amount(1)), expand });
export const Cancel = object({ cancellation_reason: optional(enums(['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'])), expand });
export const RefundCreate = object({
  payment_intent: size(string(), 1, 255),
  amount: optional(amount(1)),
  reason: optional(enums(['duplicate', 'fraudulent', 'requested_by_customer'])),
  metadata: optional(metadata),
  expand,
});

/** `['line_items', 0, 'price_data', 'currency']` → `line_items[0][price_data][currency]`, as Stripe names a parameter. */
const paramName = (path: (string | number)[]) => path.map((part, index) => (index === 0 ? String(part) : `[${part}]`)).join('');

/** The refinements named after one of Stripe's error codes answer with it. */
const STRIPE_CODES = new Set(['parameter_invalid_integer', 'amount_too_large', 'url_invalid', 'email_invalid']);

/** Reads `params` with `struct` or throws the 400 Stripe answers for its first wrong parameter. */
export function parseParams<T, S>(struct: Struct<T, S>, params: unknown): T {
  const [error, value] = validate(params, struct, { coerce: true });
  if (!error) return value;
  throw stripeRefusal(error.failures()[0] ?? error);
}

function stripeRefusal(failure: { path: (string | number)[]; type: string; value: unknown; refinement?: string; message: string }): StripeFailure {
  const param = paramName(failure.path);
  if (failure.type === 'never') return invalid(`Received unknown parameter: ${param}`, 'parameter_unknown', param);
  if (failure.value === undefined) return invalid(`Missing required param: ${param}.`, 'parameter_missing', param);
  if (failure.refinement) return invalid(failure.message, STRIPE_CODES.has(failure.refinement) ? failure.refinement : undefined, param);
  if (failure.type === 'integer') return invalid(`Invalid integer: ${String(failure.value)}`, 'parameter_invalid_integer', param);
  if (failure.type === 'enums')
    return invalid(`Invalid ${param}: must be one of ${failure.message.replace(/^Expected one of `|`, but received.*$/g, '')}`, undefined, param);
  if (failure.type === 'array') return invalid('Invalid array', 'parameter_invalid_array', param);
  if (failure.type === 'object' || failure.type === 'record') return invalid('Invalid object', 'parameter_invalid_object', param);
  return invalid(`Invalid ${param}: ${failure.message}`, 'parameter_invalid_string', param);
}
