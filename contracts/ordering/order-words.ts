import type { Fulfilment, OrderStatus } from './order-lifecycle';

/**
 * How statuses are said (issue 42), once for every layer: `STATUS_WORDS` inside a sentence (the
 * server's refusal of a move, the board's announcement: "This order is ready; it cannot become
 * new."), `statusWords` to the customer (tracking page, mails), who reads what happens next.
 */
export const STATUS_WORDS: Record<OrderStatus, string> = {
  awaiting_payment: 'awaiting payment',
  placed: 'new',
  accepted: 'accepted',
  ready: 'ready',
  out_for_delivery: 'out for delivery',
  completed: 'completed',
  cancelled: 'cancelled',
  expired: 'not paid in time',
};

export function statusWords(status: OrderStatus, fulfilment: Fulfilment): string {
  switch (status) {
    case 'awaiting_payment':
      return 'Waiting for your payment';
    case 'placed':
      return 'Placed: waiting for the restaurant to accept it';
    case 'accepted':
      return 'Accepted: being prepared';
    case 'ready':
      return fulfilment === 'pickup' ? 'Ready for pickup' : 'Ready: waiting for the driver';
    case 'out_for_delivery':
      return 'Out for delivery';
    case 'completed':
      return fulfilment === 'pickup' ? 'Picked up' : 'Delivered';
    case 'cancelled':
      return 'Cancelled';
    case 'expired':
      return 'Not paid: the order was not sent to the restaurant';
  }
}

export const paymentWords = (fulfilment: Fulfilment) => (fulfilment === 'pickup' ? 'Pay at pickup' : 'Pay on delivery');
