/**
 * What the order flow needs from whoever takes the money (issue 44). Two providers answer it:
 * `in_person` (paid at the counter or the door; nothing to call) and `stripe` (Stripe Checkout,
 * hosted, with a manual capture). Amounts are integer minor units of the order's currency.
 *
 * Every call that changes money takes the idempotency key the caller derives from the order and
 * the operation (`order-123-create-1`, `order-123-capture`, `order-123-refund-2`), so a retry after a
 * lost answer never charges or refunds twice.
 */

/** Where a payment stands, as the provider reports it. */
export type PaymentState =
  /** Created; the customer has not paid yet. */
  | 'pending'
  /** The card is authorised for `authorized` and nothing is captured yet. */
  | 'authorized'
  /** Captured (`captured`), possibly partly refunded (`refunded`). */
  | 'captured'
  /** The authorisation was released before capture (the order was cancelled). */
  | 'released'
  /** The customer did not pay in time, or the card was refused and the session ended. */
  | 'expired';

export type PaymentStatus = {
  state: PaymentState;
  /** The provider's id for the money itself (Stripe's PaymentIntent), once there is one. */
  paymentId: string | null;
  authorized: number;
  captured: number;
  refunded: number;
};

export type CreatePayment = {
  orderId: number;
  /** The order engine's total: the only amount ever asked for. */
  amount: number;
  /** ISO 4217, lower case as Stripe wants it ('usd'). */
  currency: string;
  /** What the customer's statement and the hosted page call it ("Order 123 at Rosa's Kitchen"). */
  description: string;
  customerEmail: string;
  /** Where the hosted page sends the customer back, paid or not. */
  returnUrl: string;
  cancelUrl: string;
  /**
   * When the hosted page stops taking payment: at least 30 minutes after the call (Stripe's
   * minimum). Decided once and kept with the attempt: a retry under the same idempotency key must
   * send the very same request, or Stripe refuses it instead of answering the first one's result.
   */
  expiresAt: Date;
  idempotencyKey: string;
};

export type CreatedPayment = {
  /** The provider's id for this attempt (Stripe's Checkout Session). */
  reference: string;
  /** The hosted page the customer pays on. */
  checkoutUrl: string;
};

/** A webhook event, reduced to what the order flow acts on. */
export type PaymentEvent = {
  /** The provider's event id: a repeat is acknowledged and ignored. */
  eventId: string;
  kind: 'authorized' | 'captured' | 'expired' | 'refunded' | 'ignored';
  /** The attempt it is about (the reference `create` answered), when the event names one. */
  reference: string | null;
  paymentId: string | null;
  orderId: number | null;
  /** `refunded` events: what the provider has given back of the payment in all, in minor units. */
  refunded?: number;
};

export type PaymentProvider = {
  create(payment: CreatePayment): Promise<CreatedPayment>;
  /** Reads the attempt `create` answered for. */
  read(reference: string): Promise<PaymentStatus>;
  /** Captures `amount` (at most what was authorised) of an authorised payment. */
  capture(paymentId: string, amount: number, idempotencyKey: string): Promise<PaymentStatus>;
  /** Releases an authorisation that was never captured. */
  release(paymentId: string, idempotencyKey: string): Promise<PaymentStatus>;
  /** Refunds `amount` (at most what is captured and not yet refunded). */
  refund(paymentId: string, amount: number, idempotencyKey: string): Promise<PaymentStatus>;
  /** Ends an attempt nobody paid, so it cannot be paid later (the order expired). */
  expire(reference: string): Promise<void>;
  /**
   * Checks the signature over the raw body and reads the event; throws `BadSignature` when the
   * signature is missing, wrong or too old.
   */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
};

export class BadSignature extends Error {}

/** The provider could not be reached or refused the call: the customer gets a sentence, not a half-made order. */
export class PaymentUnavailable extends Error {}

/**
 * The provider answered and said no (a capture above what is authorised, a refund above what is
 * left, a repeated key with another request): trying again will not help. `code` is the
 * provider's own (Stripe's `amount_too_large`, `payment_intent_unexpected_state`…).
 */
export class PaymentRefused extends PaymentUnavailable {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}
