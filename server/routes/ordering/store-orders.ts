import { PlacedOrder, PlaceOrderBody, PlaceOrderParams, TrackedOrder, TrackParams } from '../../../contracts/ordering';
import { json, refusal } from '../../../contracts/shared/answers';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { placeOrder } from '../../domain/ordering/place-order';
import { trackOrder } from '../../domain/ordering/order-reads';
import type { NewOrderMailTo } from '../../domain/ordering/restaurant-order-mail';
import type { StoreReaders } from '../../domain/ordering/store-readers';
import { IDEMPOTENT_REFUSALS, idempotencyKeyOf, sendIdempotent } from '../shared/idempotent-answer';
import { mailCustomer } from './customer-mail';
import { clientScope, orderLimitKey } from './order-client';
import { mailRestaurant } from './restaurant-mail';
import type { ContractApp } from '../../plugins/contract-types';

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
          409: refusal(
            'The store cannot take this order as it is (`code` says why and `fields` names what to change: a dish or choice no longer offered, ' +
              'pickup or delivery not offered, a zip not covered, below the minimum, closed now, not a time offered), ' +
              'or the Idempotency-Key was used with another body.',
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
      if (placement.placed) {
        mailCustomer(context, request, 'placed', placement.placed.order, placement.placed.email);
        mailRestaurant(context, request, readers, newOrderMailTo, placement.placed.order.id);
      }
      return sendIdempotent(reply, placement.answer);
    },
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
