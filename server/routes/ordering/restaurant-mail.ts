import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { newOrderMail, type NewOrderMailTo } from '../../domain/ordering/restaurant-order-mail';
import type { StoreReaders } from '../../domain/ordering/store-readers';

/**
 * Mails the restaurant about a new order (issue 40) after the order's transaction committed and
 * after the answer: reading where to send it, a slow mail server or a failure never delays or
 * undoes the order. The log names the order's id only, never the customer or the address.
 */
export function mailRestaurant(
  context: AppContext,
  request: Pick<FastifyRequest, 'log'>,
  readers: StoreReaders,
  mailTo: NewOrderMailTo,
  orderId: number,
): void {
  const sending = (async () => {
    const mail = await newOrderMail(context.database.db, readers, mailTo, orderId, context.config.publicUrl);
    if (mail) await context.mailer.send(mail);
  })();
  context.background(sending.catch((error: unknown) => request.log.warn({ err: error, orderId }, 'new order mail to the restaurant not sent')));
}
