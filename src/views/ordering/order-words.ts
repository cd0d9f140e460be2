import type { OrderStatus, Fulfilment } from '../../../contracts/ordering';

/** How the customer's pages say statuses (issue 30); times and dates are written by contracts/shared/clock-format.ts. */

export function statusWords(status: OrderStatus, fulfilment: Fulfilment): string {
  switch (status) {
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
  }
}

export const paymentWords = (fulfilment: Fulfilment) => (fulfilment === 'pickup' ? 'Pay at pickup' : 'Pay on delivery');
