import type { OrderLine, OwnerOrder } from '../../../contracts/ordering';
import { isFinal, prepWindowOpensAt } from '../../../contracts/ordering/order-lifecycle';
import { clockOf, formatDateWithYear, formatTime, formatTimeOrDayTime, wallDateTime } from '../../../contracts/shared/clock-format';

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

/** "18:00" / "6:00 PM": the booked time's clock, for "Accept for 18:00" (the prep window opens the same evening). */
export const bookedClock = (order: OwnerOrder) => (order.scheduled_for === null ? '' : formatTime(order.scheduled_for, clockOf(order.restaurant)));

/** "17:00" / "5:00 PM": when a booked order's prep window opens, on the restaurant's clock. */
export const prepWindowClock = (order: OwnerOrder) =>
  order.scheduled_for === null ? '' : formatTime(prepWindowOpensAt(order.scheduled_for), clockOf(order.restaurant));

/**
 * "Waiting 7 min", "Waiting 1 h 5 min": how long an open order has waited at `now`, from its
 * placing, or for a booked order from its prep window; null for a done order or a booked one
 * whose window is still ahead.
 */
export function waitedWords(order: OwnerOrder, now: string): string | null {
  if (isFinal(order.status)) return null;
  const opens = order.scheduled_for === null ? 0 : prepWindowOpensAt(order.scheduled_for).getTime();
  if (Date.parse(now) < opens) return null;
  // The board's clock is renewed each minute: an order that came in since is "0 min" old, not unknown.
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Math.max(Date.parse(order.placed_at), opens)) / 60_000));
  if (minutes < 60) return `Waiting ${minutes} min`;
  return `Waiting ${Math.floor(minutes / 60)} h${minutes % 60 === 0 ? '' : ` ${minutes % 60} min`}`;
}

/** "Sun 29 Nov 2026" / "Sun, Nov 29, 2026": the day the order was placed, in the restaurant's zone (its ticket's date). */
export const placedDate = (order: OwnerOrder) => formatDateWithYear(wallDateTime(order.placed_at, order.restaurant.time_zone).date, order.restaurant.country);

/** "1 Main St, 60601 Chicago". */
export const addressLine = (address: NonNullable<OwnerOrder['address']>) => `${address.street}, ${address.zip_code} ${address.city}`;

/** "2 × Margherita (Large)". */
export const lineTitle = (line: OrderLine) => `${line.quantity} × ${line.name}${line.size_name ? ` (${line.size_name})` : ''}`;

/**
 * "Crust: Thin, No onions, Olives", or '' without extras: the words the order keeps for each choice,
 * as the cart showed them (no "+": a removed topping or a chosen crust is not an addition).
 */
export const lineExtras = (line: OrderLine) => line.extras.map((extra) => extra.name).join(', ');

export const cardId = (orderId: number) => `order-card-${orderId}`;
