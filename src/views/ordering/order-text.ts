import type { OrderLine, OwnerOrder } from '../../../contracts/ordering';
import { wallClock } from '../../../contracts/shared/opening-status';

/**
 * How an order reads on its card and its kitchen ticket: times on the restaurant's own clock
 * (the kitchen's, whatever the browser's zone), and each line as the kitchen makes it.
 */

/** "12:05", or "Sat 2026-11-28 12:05" when it is not the board's day. */
export function clockTime(instant: string, order: Pick<OwnerOrder, 'restaurant'>, today: string | null): string {
  const at = wallClock(order.restaurant.time_zone, new Date(instant));
  return at.date === today ? at.time : `${at.date} ${at.time}`;
}

export const fulfilmentWord = (order: Pick<OwnerOrder, 'fulfilment'>) => (order.fulfilment === 'delivery' ? 'Delivery' : 'Pickup');

/** "As soon as possible" or "For 13:30". */
export const whenWanted = (order: OwnerOrder, today: string | null) =>
  order.scheduled_for === null ? 'As soon as possible' : `For ${clockTime(order.scheduled_for, order, today)}`;

/** "2 × Margherita (Large)". */
export const lineTitle = (line: OrderLine) => `${line.quantity} × ${line.name}${line.size_name ? ` (${line.size_name})` : ''}`;

/** "+ Olives, Basil", or '' without extras. */
export const lineExtras = (line: OrderLine) => (line.extras.length === 0 ? '' : `+ ${line.extras.map((extra) => extra.name).join(', ')}`);

export const cardId = (orderId: number) => `order-card-${orderId}`;
