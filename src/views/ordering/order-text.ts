import type { OrderLine, OwnerOrder } from '../../../contracts/ordering';
import { clockOf, formatTimeOrDayTime } from '../../../contracts/shared/clock-format';

/**
 * How an order reads on its card and its kitchen ticket: times on the restaurant's own clock
 * (the kitchen's, whatever the browser's zone), and each line as the kitchen makes it.
 */

/** "12:05" / "12:05 PM", or "Sat 28 Nov, 12:05" / "Sat, Nov 28, 12:05 PM" when it is not the board's day (the restaurant's country decides, issue 40). */
export const clockTime = (instant: string, order: Pick<OwnerOrder, 'restaurant'>, today: string | null): string =>
  formatTimeOrDayTime(instant, clockOf(order.restaurant), today);

export const fulfilmentWord = (order: Pick<OwnerOrder, 'fulfilment'>) => (order.fulfilment === 'delivery' ? 'Delivery' : 'Pickup');

/** "As soon as possible" or "For 13:30" / "For 1:30 PM". */
export const whenWanted = (order: OwnerOrder, today: string | null) =>
  order.scheduled_for === null ? 'As soon as possible' : `For ${clockTime(order.scheduled_for, order, today)}`;

/** "2 × Margherita (Large)". */
export const lineTitle = (line: OrderLine) => `${line.quantity} × ${line.name}${line.size_name ? ` (${line.size_name})` : ''}`;

/** "+ Olives, Basil", or '' without extras. */
export const lineExtras = (line: OrderLine) => (line.extras.length === 0 ? '' : `+ ${line.extras.map((extra) => extra.name).join(', ')}`);

export const cardId = (orderId: number) => `order-card-${orderId}`;
