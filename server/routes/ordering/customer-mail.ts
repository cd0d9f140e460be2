import type { FastifyRequest } from 'fastify';
import type { TrackedOrder } from '../../../contracts/ordering';
import type { AppContext } from '../../app-context';
import { orderEmail, type OrderMailKind, type RefundNote } from '../../domain/ordering/order-mail';

/**
 * Mails the customer about their order after its transaction committed and without holding up
 * the answer: a slow or failing mail server never delays or undoes an order (the failure is logged).
 */
export function mailCustomer(
  context: AppContext,
  request: Pick<FastifyRequest, 'log'>,
  kind: OrderMailKind,
  order: TrackedOrder,
  email: string,
  refund?: RefundNote,
): void {
  const sending = context.mailer.send({ to: email, ...orderEmail(kind, order, context.config.publicUrl, refund) });
  context.background(sending.catch((error: unknown) => request.log.warn({ err: error, kind }, 'order mail not sent')));
}
