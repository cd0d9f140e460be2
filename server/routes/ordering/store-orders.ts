import { OrderQuote, OrderRefusal, PlacedOrder, PlaceOrderBody, PlaceOrderParams, TrackedOrder, TrackParams } from '../../../contracts/ordering';
import { json, refusal } from '../../../contracts/shared/answers';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { cardPayments, checkoutUrlOf } from '../../domain/ordering/card-payments';
import { placeOrder } from '../../domain/ordering/place-order';
import { quoteOrder } from '../../domain/ordering/order-quote';
import { trackOrder } from '../../domain/ordering/order-reads';
import type { NewOrderMailTo } from '../../domain/ordering/restaurant-order-mail';
import type { StoreReaders } from '../../domain/ordering/store-readers';
import { IDEMPOTENT_REFUSALS, idempotencyKeyOf, sendIdempotent } from '../shared/idempotent-answer';
import { mailCustomer } from './customer-mail';
import { clientScope, orderLimitKey, quoteLimitKey } from './order-client';
import { mailRestaurant } from './restaurant-mail';
import type { ContractApp } from '../../plugins/contract-types';

/** How many quotes a client may ask for each order it may place (ORDER_LIMIT_PER_MINUTE). */
const QUOTES_PER_ORDER = 6;

/** The customer's side of orders (issue 30): placing one on the store, following it by its token. No token needed. */
export async function storeOrderRoutes(
  app: ContractApp,
  context: AppContext,
  { readers, newOrderMailTo }: { readers: StoreReaders; newOrderMailTo: NewOrderMailTo },
) {
  const { database, clock, config } = context;

  // Public, so each client address may place only a few orders a minute on each store (shared
  // through Redis when REDIS_URL is set, like every limit: server/plugins/security.ts).
  app.post(
    `${API_BASE}${paths.storefrontOrders(':slug')}`,
    {
      schema: {
        params: PlaceOrderParams,
        body: PlaceOrderBody,
        response: {
          201: json(PlacedOrder, 'The order is placed: its number, tracking token, priced lines and total (a retried Idempotency-Key answers it again).'),
          404: refusal('No launched store has this URL.'),
          ...IDEMPOTENT_REFUSALS,
          400: refusal(
            'The body is not valid, or the store refuses it (`code` and `fields` say what to change): a choice that does not fit the menu, ' +
              'a tip the store does not take (`tip`), a coupon it does not take (`coupon_code`), an order too large.',
          ),
          409: json(
            OrderRefusal,
            'The store cannot take this order as it is (`code` says why and `fields` names what to change: a dish or choice no longer offered, ' +
              'pickup or delivery not offered, a zip not covered, below the minimum, closed now, not a time offered), ' +
              'or the Idempotency-Key was used with another body. `price_changed`: the total is not the `agreed_total`; ' +
              '`quote` carries the order priced as it is now, and nothing was stored.',
          ),
          428: refusal('The Idempotency-Key header is missing.'),
        },
      },
      config: { rateLimit: { max: config.orderLimitPerMinute, timeWindow: 60_000, keyGenerator: orderLimitKey } },
    },
    async (request, reply) => {
      const placement = await placeOrder(database.db, readers, {
        slug: request.params.slug,
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request),
        client: clientScope(context.keys.clientHash, request),
        now: clock(),
      });
      const order = placement.answer.body as PlacedOrder;
      if (placement.answer.statusCode === 201 && order.payment.method === 'card') {
        // Placed or replayed alike: the order as it is now, with its attempt's payment page
        // (the same page again for the same attempt). The customer is mailed once it is paid.
        const checkoutUrl = context.payments ? await checkoutUrlOf(cardPayments(context, readers), order.token) : null;
        const now = await trackOrder(database.db, readers, order.token);
        return sendIdempotent(reply, { ...placement.answer, body: { id: order.id, ...now, payment: { ...now.payment, checkout_url: checkoutUrl } } });
      }
      if (placement.placed) {
        mailCustomer(context, request, 'placed', placement.placed.order, placement.placed.email);
        // Accepted by itself (a kitchen that auto-accepts): told as a manual accept is.
        if (placement.placed.order.status === 'accepted') mailCustomer(context, request, 'accepted', placement.placed.order, placement.placed.email);
        mailRestaurant(context, request, readers, newOrderMailTo, placement.placed.order.id);
      }
      return sendIdempotent(reply, placement.answer);
    },
  );

  // The checkout's review asks again as the customer changes the tip or the coupon: a few
  // times an order, each a store read and a few small queries. Counted per client and store like
  // orders, QUOTES_PER_ORDER times their limit, which also bounds guessing coupon codes.
  app.post(
    `${API_BASE}${paths.storefrontQuote(':slug')}`,
    {
      schema: {
        params: PlaceOrderParams,
        body: PlaceOrderBody,
        response: {
          200: json(
            OrderQuote,
            'The order priced as placing it now would price it, and every refusal placing would meet (none: it would be accepted). Nothing is stored.',
          ),
          404: refusal('No launched store has this URL.'),
        },
      },
      config: { rateLimit: { max: config.orderLimitPerMinute * QUOTES_PER_ORDER, timeWindow: 60_000, keyGenerator: quoteLimitKey } },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send((await quoteOrder(database.db, readers, request.params.slug, request.body, clock())) satisfies OrderQuote),
  );

  app.get(
    `${API_BASE}${paths.orderTracking(':token')}`,
    {
      schema: {
        params: TrackParams,
        response: {
          200: json(TrackedOrder, 'The order as its customer may see it: status, timeline, lines and totals (never the phone or email).'),
          404: refusal('No order has this token.'),
        },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send((await trackOrder(database.db, readers, request.params.token)) satisfies TrackedOrder),
  );
}
