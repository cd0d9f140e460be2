import { OrdersPage, OrdersQuery, OwnerOrder, TransitionBody, type OrderStatus } from '../../../contracts/ordering';
import { Readable } from 'node:stream';
import { json, oneOfMediaTypes, refusal, textFile } from '../../../contracts/shared/answers';
import { IdParams } from '../../../contracts/shared/lists';
import { NewOrdersCount, NewOrdersQuery } from '../../../contracts/shared/new-orders';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { newOrdersCount } from '../../domain/ordering/new-orders';
import { ordersCsv } from '../../domain/ordering/order-export';
import { listOrders, orderFilters, orderInScope, ownerView } from '../../domain/ordering/order-reads';
import type { OrderMailKind } from '../../domain/ordering/order-mail';
import { moveOrder } from '../../domain/ordering/order-transition';
import type { StoreReaders } from '../../domain/ordering/store-readers';
import { csvAttachment } from '../../domain/shared/csv';
import { scopeOf } from '../../domain/shared/tenancy';
import { signedInUser } from '../../plugins/auth';
import { toPage } from '../shared/list-answers';
import { mailCustomer } from './customer-mail';
import type { ContractApp } from '../../plugins/contract-types';
import { cardPayments, followLifecycle } from '../../domain/ordering/card-payments';

/** The moves the customer hears about by mail (out for delivery and completed they see happen). */
const mailAbout = (to: OrderStatus): OrderMailKind | null => (to === 'accepted' || to === 'ready' || to === 'cancelled' ? to : null);

/**
 * The owner’s side of orders (issue 30): the list (and, with `format=csv`, every order it matches
 * as a file: issue 43), one order, and moving it along its lifecycle; how many wait to be accepted (issue 40).
 * Tenancy as everywhere (server/domain/shared/tenancy.ts): an owner sees their restaurant's
 * orders only, another restaurant's order answers 404.
 */
export async function orderRoutes(app: ContractApp, context: AppContext, { readers }: { readers: StoreReaders }) {
  const { database, clock } = context;
  const { db } = database;

  // The guards run before the input is validated: a stranger gets 401 whatever they send.
  app.get(
    `${API_BASE}${paths.orders.list}`,
    {
      preValidation: app.requireUser,
      schema: {
        querystring: OrdersQuery,
        response: {
          200: oneOfMediaTypes(
            json(OrdersPage, 'A page of orders, newest first; with format=csv, every order matching the filters as CSV.'),
            textFile('text/csv', 'Every order matching the filters as CSV, newest first, as an attachment.'),
          ),
        },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(signedInUser(request));
      if (request.query.format === 'csv') {
        // The filters are read before the first byte, so a refused one (another's restaurant, a day with none) still answers 404 or 400.
        const filters = await orderFilters(db, readers, scope, request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', csvAttachment('orders', clock()))
          .send(Readable.from(ordersCsv(db, readers, filters)));
      }
      return toPage(request, await listOrders(db, readers, scope, request.query));
    },
  );

  // Before `/orders/{id}/`, which would not match it anyway (an id is digits).
  app.get(
    `${API_BASE}${paths.orders.newCount}`,
    {
      preValidation: app.requireUser,
      schema: {
        querystring: NewOrdersQuery,
        response: { 200: json(NewOrdersCount, 'How many orders wait to be accepted (status `placed`), and how many notifications are unread.') },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send((await newOrdersCount(db, scopeOf(signedInUser(request)), request.query.restaurant_id)) satisfies NewOrdersCount),
  );

  app.get(
    `${API_BASE}${paths.orders.one(':id')}`,
    {
      preValidation: app.requireUser,
      schema: { params: IdParams, response: { 200: json(OwnerOrder, 'The order, with how to reach the customer and the moves it allows.') } },
    },
    async (request) => (await ownerView(db, readers, await orderInScope(db, scopeOf(signedInUser(request)), request.params.id))) satisfies OwnerOrder,
  );

  app.post(
    `${API_BASE}${paths.orders.transition(':id')}`,
    {
      preValidation: app.requireUser,
      schema: {
        params: IdParams,
        body: TransitionBody,
        response: {
          200: json(OwnerOrder, 'The order moved: its new status, timeline and next moves.'),
          409: refusal(
            'The lifecycle does not allow this move from the order’s current status (`transition_not_allowed`), or a booked order’s prep window has not opened yet (`not_due_yet`).',
          ),
        },
      },
    },
    async (request) => {
      const scope = scopeOf(signedInUser(request));
      let moved = await db.transaction((tx) => moveOrder(tx, scope, request.params.id, request.body, clock()));
      // A card order's money follows the move (captured on completion, released on cancel); a
      // provider out of reach leaves that to the next sweep, never the move undone.
      if (context.payments && moved.paymentMethod === 'card') {
        const followed = await followLifecycle(cardPayments(context, readers), moved).catch((error: unknown) => {
          request.log.warn({ err: error, orderId: moved.id }, 'card payment not yet captured or released; the sweep retries');
          return false;
        });
        if (followed) moved = await orderInScope(db, scope, moved.id);
      }
      const order = await ownerView(db, readers, moved);
      const kind = mailAbout(request.body.to);
      if (kind) mailCustomer(context, request, kind, order, order.customer.email);
      return order satisfies OwnerOrder;
    },
  );
}
