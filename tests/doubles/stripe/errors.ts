/**
 * Stripe's error answer: a status code and `{ error: { type, code?, message, param? } }`. The SDK
 * turns the status and type into its own error classes (StripeInvalidRequestError,
 * StripeAuthenticationError, StripeIdempotencyError, StripeAPIError…), so both must be Stripe's.
 */
export type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error';

export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  get body() {
    return { error: { type: this.type, message: this.message, ...(this.code ? { code: this.code } : {}), ...(this.param ? { param: this.param } : {}) } };
  }
}

export const invalid = (message: string, code?: string, param?: string) => new StripeFailure(400, 'invalid_request_error', message, code, param);

export const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeFailure(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

/** A PaymentIntent asked to do what its status does not allow (capture twice, cancel a captured one…). */
export const unexpectedState = (message: string) => invalid(message, 'payment_intent_unexpected_state');
