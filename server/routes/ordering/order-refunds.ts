import { OwnerOrder } from '../../../contracts/ordering';
import { REFUND_MESSAGES, RefundBody } from '../../../contracts/ordering/refunds';
import { json, refusal } from '../../../contracts/shared/answers';
import { IdParams } from '../../../contracts/shared/lists';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import { fromCents } from '../../../contracts/shared/cents';
import type { AppContext } from '../../app-context';
import { orderInScope, ownerView } from '../../domain/ordering/order-reads';
import { refundOrder } from '../../domain/ordering/order-refunds';
import type { StoreReaders } from '../../domain/ordering/store-readers';
import { scopeOf } from '../../domain/shared/tenancy';
import { HttpError } from '../../http-error';
import { signedInUser } from '../../plugins/auth';
import type { ContractApp } from '../../plugins/contract-types';
import { mailCustomer } from './customer-mail';

/**
 * POST /api/v2/orders/{id}/refunds/ (issue 44): the owner (or an administrator) gives money back on
 * a captured card order; another restaurant's order answers 404. The customer is mailed once the
 * refund is made.
 */
export async function orderRefundRoutes(app: ContractApp, context: AppContext, { readers }: { readers: StoreReaders }) {
  const { database, clock } = context;
  const { db } = database;

  app.post(
    `${API_BASE}${paths.orders.refunds(':id')}`,
    {
      preValidation: app.requireUser,
      schema: {
        params: IdParams,
        body: RefundBody,
        response: {
          201: json(OwnerOrder, 'The order with the refund: `payment.refunded` is what was given back in all, `refunds` each refund.'),
          202: json(
            OwnerOrder,
            'The payment provider did not answer: the refund is recorded as `pending` and confirmed within minutes under the same key (never made twice); the customer is mailed then.',
          ),
          400: refusal(
            'Neither or both of `amount` and `line_positions`, a line the order does not have or refunded already, or more than is left to refund (the sentence names it).',
          ),
          404: refusal('No such order in your restaurant.'),
          409: refusal('The order is not a card order whose payment was captured (`not_refundable`).'),
          503: refusal('The payment provider refused the refund (`payment_unavailable`); nothing was refunded.'),
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const scope = scopeOf(user);
      if (!context.payments) {
        // Without a platform provider no order is paid by card: none can be refunded (another restaurant's is still 404).
        await orderInScope(db, scope, request.params.id);
        throw new HttpError(409, 'not_refundable', REFUND_MESSAGES.notRefundable);
      }
      const refunded = await refundOrder({ db, provider: context.payments, clock }, scope, request.params.id, request.body, user.id);
      const order = await ownerView(db, readers, refunded.order);
      if (refunded.outcome === 'pending') return reply.status(202).send(order satisfies OwnerOrder);
      // Stripe's event may have recorded it first, and told the customer then.
      if (refunded.outcome === 'made')
        mailCustomer(context, request, 'refunded', order, order.customer.email, { amount: fromCents(refunded.amountCents), reason: refunded.reason });
      return reply.status(201).send(order satisfies OwnerOrder);
    },
  );
}
