import Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import { stripeEvent } from './stripe-events';
import { BadSignature, PaymentRefused, PaymentUnavailable, type PaymentProvider, type PaymentStatus } from './provider';

/**
 * Card payments through Stripe Checkout (issue 44), with the official SDK: a hosted page takes the
 * card (no card data touches our pages), the amount is only authorised (manual capture) and taken
 * when the order flow says so. Every call that moves money carries the caller's idempotency key.
 */

export type StripeProviderOptions = {
  /** The longest one try may take; the customer waits for it when placing an order. */
  timeoutMs?: number;
  /** The SDK's own retries on a lost connection, a 409 or a 5xx (same request, same key). */
  maxNetworkRetries?: number;
};

/** STRIPE_API_URL as the SDK takes it: host, port and protocol apart. */
function apiAddress(apiUrl: string) {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port) || (protocol === 'http' ? 80 : 443), protocol } as const;
}

/** Stripe refused the call (it answered, and will answer the same again), or could not be reached or answer. */
function unavailableOrRefused(error: unknown): Error {
  if (!(error instanceof Stripe.errors.StripeError)) return error instanceof Error ? error : new Error(String(error));
  const refused =
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeIdempotencyError ||
    error instanceof Stripe.errors.StripeCardError;
  const failure = refused ? new PaymentRefused(error.message, error.code) : new PaymentUnavailable(`Stripe could not be reached or failed: ${error.message}`);
  failure.cause = error;
  return failure;
}

async function calling<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    throw unavailableOrRefused(error);
  }
}

const expanded = <T extends { id: string }>(value: string | T | null): T | null => (typeof value === 'object' ? value : null);

/** What a PaymentIntent (its charge expanded) says of the money. */
function intentStatus(intent: Stripe.PaymentIntent): PaymentStatus {
  const charge = expanded(intent.latest_charge);
  const paymentId = intent.id;
  if (intent.status === 'requires_capture') return { state: 'authorized', paymentId, authorized: intent.amount_capturable, captured: 0, refunded: 0 };
  if (intent.status === 'succeeded') {
    return {
      state: 'captured',
      paymentId,
      authorized: charge?.amount ?? intent.amount,
      captured: intent.amount_received,
      refunded: charge?.amount_refunded ?? 0,
    };
  }
  // A hold released before capture; a PaymentIntent that never held anything is only an unpaid attempt.
  if (intent.status === 'canceled' && charge) return { state: 'released', paymentId, authorized: 0, captured: 0, refunded: 0 };
  return { state: 'pending', paymentId, authorized: 0, captured: 0, refunded: 0 };
}

const INTENT_WITH_CHARGE = ['latest_charge'];

export function stripeProvider(config: StripeConfig, options: StripeProviderOptions = {}): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    ...apiAddress(config.apiUrl),
    timeout: options.timeoutMs ?? 10_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    telemetry: false,
  });

  const intent = (paymentId: string) => calling(stripe.paymentIntents.retrieve(paymentId, { expand: INTENT_WITH_CHARGE }));

  return {
    async create(payment) {
      const orderId = String(payment.orderId);
      const session = await calling(
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            // No list of payment methods: the parameter's name changed between API versions
            // (`payment_method_types`, now `allowed_payment_method_types`), and Checkout offers only
            // methods that can be captured later when the capture is manual. The order is placed on
            // what Stripe reports of the PaymentIntent (authorised), never on the session's word.
            line_items: [{ quantity: 1, price_data: { currency: payment.currency, unit_amount: payment.amount, product_data: { name: payment.description } } }],
            payment_intent_data: { capture_method: 'manual', description: payment.description, metadata: { order_id: orderId } },
            metadata: { order_id: orderId },
            client_reference_id: orderId,
            customer_email: payment.customerEmail,
            success_url: payment.returnUrl,
            cancel_url: payment.cancelUrl,
            expires_at: Math.floor(payment.expiresAt.getTime() / 1000),
          },
          { idempotencyKey: payment.idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentUnavailable(`Stripe answered checkout session ${session.id} without a page to pay on.`);
      return { reference: session.id, checkoutUrl: session.url };
    },

    async read(reference) {
      const session = await calling(stripe.checkout.sessions.retrieve(reference, { expand: ['payment_intent.latest_charge'] }));
      // A server that does not expand (an older API, a mock) answers the id: the PaymentIntent is read on its own then.
      const paid = typeof session.payment_intent === 'string' ? await intent(session.payment_intent) : expanded(session.payment_intent);
      const status = paid ? intentStatus(paid) : null;
      if (status && status.state !== 'pending') return status;
      return { state: session.status === 'expired' ? 'expired' : 'pending', paymentId: paid?.id ?? null, authorized: 0, captured: 0, refunded: 0 };
    },

    async capture(paymentId, amount, idempotencyKey) {
      return intentStatus(
        await calling(stripe.paymentIntents.capture(paymentId, { amount_to_capture: amount, expand: INTENT_WITH_CHARGE }, { idempotencyKey })),
      );
    },

    async release(paymentId, idempotencyKey) {
      return intentStatus(await calling(stripe.paymentIntents.cancel(paymentId, { expand: INTENT_WITH_CHARGE }, { idempotencyKey })));
    },

    async refund(paymentId, amount, idempotencyKey) {
      await calling(stripe.refunds.create({ payment_intent: paymentId, amount }, { idempotencyKey }));
      return intentStatus(await intent(paymentId));
    },

    async expire(reference) {
      try {
        await calling(stripe.checkout.sessions.expire(reference));
      } catch (error) {
        // Already over (Stripe's own expiry came first) is what was asked; paid meanwhile is not, and the caller must know.
        if (!(error instanceof PaymentRefused)) throw error;
        const session = await calling(stripe.checkout.sessions.retrieve(reference));
        if (session.status !== 'expired') throw error;
      }
    },

    parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new BadSignature('The Stripe-Signature header is missing.');
      try {
        return stripeEvent(stripe.webhooks.constructEvent(rawBody, signatureHeader, config.webhookSecret));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new BadSignature(error.message);
        throw error;
      }
    },
  };
}
