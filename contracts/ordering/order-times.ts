import { clockOf, formatDayTime, formatTime } from '../shared/clock-format';

/**
 * How an order's expected or booked time is written to its customer (tracking page, mails;
 * issue 40): the time alone for an order wanted now, the day too for a scheduled one, which may
 * be for another day ("Tue, Dec 1, 6:00 PM" / "Tue 1 Dec, 18:00").
 */
export const orderTimeText = (at: string, order: { scheduled_for: string | null; restaurant: { time_zone: string; country?: string | null } }) =>
  (order.scheduled_for ? formatDayTime : formatTime)(at, clockOf(order.restaurant));
