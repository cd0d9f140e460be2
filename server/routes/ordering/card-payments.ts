import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { boolean, object, string } from 'superstruct';
import { TrackedOrder, TrackParams } from '../../../contracts/ordering';
import { json, refusal } from '../../../contracts/shared/answers';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { orders, paymentEvents } from '../../db/schema-ordering';
import { expireUnpaid, followUnsettled, retryPayment, settleAttempt, cardPayments, type CardPayments, type Settled } from '../../domain/ordering/card-payments';
import { trackOrder } from '../../domain/ordering/order-reads';
import { confirmPendingRefunds, reconcileRefunds, type ConfirmedRefund } from '../../domain/ordering/refund-confirmations';
import { fromCents } from '../../../contracts/shared/cents';
import type { NewOrderMailTo } from '../../domain/ordering/restaurant-order-mail';
import type { StoreReaders } from '../../domain/ordering/store-readers';
import { BadSignature, type PaymentEvent, type PaymentProvider } from '../../domain/payments/provider';
import { HttpError } from '../../http-error';
import type { ContractApp } from '../../plugins/contract-types';
import { mailCustomer } from './customer-mail';
import { orderLimitKey } from './order-client';
import { mailRestaurant } from './restaurant-mail';

const WebhookAnswer = object({ received: boolean() });
const RetryAnswer = object({ checkout_url: string() });

/** The largest event body taken (Stripe's own events are a few kilobytes; its documentation bounds none above this). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** How often each process looks for unpaid orders past their window and payments a provider outage left open. */
const SWEEP_EVERY_MS = 60_000;

type Dependencies = { readers: StoreReaders; newOrderMailTo: NewOrderMailTo };

/**
 * Card payments' public side (issue 44): the provider's signed events, the customer back from the
 * payment page, a new attempt; and the sweep that expires unpaid orders. Registered only when the
 * platform takes cards (STRIPE_* set).
 */
export async function cardPaymentRoutes(app: ContractApp, context: AppContext, dependencies: Dependencies) {
  const provider = context.payments;
  if (!provider) return;
  const payments = cardPayments(context, dependencies.readers);

  /** A card order the payment placed is announced as an order placed in person is: mails now, the board by its event. */
  const announce = async (settled: Settled, log: FastifyBaseLogger) => {
    if (settled.placedOrderId === null) return;
    const [row] = await payments.db.select({ token: orders.token, email: orders.customerEmail }).from(orders).where(eq(orders.id, settled.placedOrderId));
    if (!row) return;
    const order = await trackOrder(payments.db, dependencies.readers, row.token);
    mailCustomer(context, { log }, 'placed', order, row.email);
    // Accepted by itself (a kitchen that auto-accepts): told as a manual accept is.
    if (order.status === 'accepted') mailCustomer(context, { log }, 'accepted', order, row.email);
    mailRestaurant(context, { log }, dependencies.readers, dependencies.newOrderMailTo, settled.placedOrderId);
  };

  /** Refunds confirmed after their request ended: the customer is told now, as the request would have. */
  const announceRefunds = async (confirmed: ConfirmedRefund[], log: FastifyBaseLogger) => {
    for (const refund of confirmed) {
      const [row] = await payments.db.select({ token: orders.token, email: orders.customerEmail }).from(orders).where(eq(orders.id, refund.orderId));
      if (!row) continue;
      const order = await trackOrder(payments.db, dependencies.readers, row.token);
      mailCustomer(context, { log }, 'refunded', order, row.email, { amount: fromCents(refund.amountCents), reason: refund.reason });
    }
  };

  webhookRoute(app, payments, provider, { announce, announceRefunds });

  // The customer's return from the payment page: the provider is asked at once rather than waiting
  // for its webhook, so the page can say "Payment received" (the webhook, arriving before or
  // after, finds the order already placed). Counted like placing orders: each is a call to the provider.
  app.post(
    `${API_BASE}${paths.orderPayment(':token')}`,
    {
      schema: {
        params: TrackParams,
        response: {
          200: json(TrackedOrder, 'The order after the payment provider was asked how its payment stands.'),
          404: refusal('No order has this token.'),
          503: refusal('The payment provider could not be reached; the order is as it was (`payment_unavailable`).'),
        },
      },
      config: { rateLimit: { max: context.config.orderLimitPerMinute, timeWindow: 60_000, keyGenerator: orderLimitKey } },
    },
    async (request, reply) => {
      // The order's status and attempt first (one small read); the answer is read once, after settling.
      const [row] = await payments.db
        .select({ status: orders.status, reference: orders.paymentReference })
        .from(orders)
        .where(eq(orders.token, request.params.token));
      if (row?.status === 'awaiting_payment' && row.reference) await announce(await settleAttempt(payments, row.reference), request.log);
      return reply.header('cache-control', 'no-store').send(await trackOrder(payments.db, dependencies.readers, request.params.token));
    },
  );

  app.post(
    `${API_BASE}${paths.orderPaymentRetry(':token')}`,
    {
      schema: {
        params: TrackParams,
        response: {
          200: json(RetryAnswer, "A new attempt: the payment provider's page to pay the same order on."),
          404: refusal('No order has this token.'),
          409: refusal('The order waits for no payment (`not_awaiting_payment`), or has had its attempts (`payment_attempts_used`).'),
          503: refusal('The payment provider could not be reached (`payment_unavailable`); nothing was charged.'),
        },
      },
      config: { rateLimit: { max: context.config.orderLimitPerMinute, timeWindow: 60_000, keyGenerator: orderLimitKey } },
    },
    async (request) => {
      await trackOrder(payments.db, dependencies.readers, request.params.token);
      return { checkout_url: await retryPayment(payments, request.params.token) };
    },
  );

  const sweep = async () => {
    try {
      await expireUnpaid(payments);
      await followUnsettled(payments);
      await announceRefunds(await confirmPendingRefunds(payments), app.log);
    } catch (error) {
      app.log.warn({ err: error }, 'card payment sweep stopped; the next one goes on');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * POST /api/v2/payments/stripe/webhook/: only events whose signature verifies over the raw body
 * (400 otherwise, nothing changed). An event seen before is acknowledged and ignored; the work
 * itself is safe to repeat, so an event is recorded once it was acted on: a crash between the two
 * means Stripe's retry acts again, to the same end.
 */
function webhookRoute(
  app: ContractApp,
  payments: CardPayments,
  provider: PaymentProvider,
  {
    announce,
    announceRefunds,
  }: {
    announce: (settled: Settled, log: FastifyBaseLogger) => Promise<void>;
    announceRefunds: (confirmed: ConfirmedRefund[], log: FastifyBaseLogger) => Promise<void>;
  },
) {
  app.register(async (raw) => {
    // The signature is over the bytes Stripe sent: this route alone reads its body unparsed.
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    (raw as ContractApp).post(
      `${API_BASE}${paths.stripeWebhook}`,
      {
        // Stripe's events are a few kilobytes: a megabyte of anyone's bytes is refused before it is read whole.
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          response: {
            200: json(WebhookAnswer, 'The event was verified and acted on, or had been already.'),
            400: refusal('The Stripe-Signature header is missing, or does not verify over the body (`bad_signature`).'),
            503: refusal('The payment provider could not be reached to confirm the event; Stripe sends it again.'),
          },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        let event;
        try {
          event = provider.parseWebhook(body, request.headers['stripe-signature'] as string | undefined);
        } catch (error) {
          if (error instanceof BadSignature) throw new HttpError(400, 'bad_signature', 'The event’s signature does not verify.');
          throw error;
        }
        const [seen] = await payments.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.eventId));
        if (seen) return { received: true };
        const reference = event.reference ?? (await awaitedAttempt(payments, event));
        if (reference !== null && (event.kind === 'authorized' || event.kind === 'expired' || event.kind === 'captured')) {
          await announce(await settleAttempt(payments, reference), request.log);
        }
        if (event.kind === 'refunded' && event.paymentId !== null && event.refunded !== undefined) {
          await announceRefunds(await reconcileRefunds(payments.db, event.paymentId, event.refunded, payments.clock()), request.log);
        }
        await payments.db.insert(paymentEvents).values({ eventId: event.eventId }).onConflictDoNothing();
        return { received: true };
      },
    );
  });
}

/**
 * An event about the payment rather than the attempt (`payment_intent.amount_capturable_updated`,
 * `…succeeded`) names its order: the attempt the order waits on is settled, so an endpoint that
 * hears only of PaymentIntents still places paid orders. Null when the order waits for nothing.
 */
async function awaitedAttempt(payments: CardPayments, event: PaymentEvent): Promise<string | null> {
  if (event.orderId === null || (event.kind !== 'authorized' && event.kind !== 'captured')) return null;
  const [row] = await payments.db
    .select({ reference: orders.paymentReference })
    .from(orders)
    .where(and(eq(orders.id, event.orderId), eq(orders.status, 'awaiting_payment')));
  return row?.reference ?? null;
}
