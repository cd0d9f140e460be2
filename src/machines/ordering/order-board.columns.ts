import type { OrderStatus, OwnerOrder } from '../../../contracts/ordering';
import { isFinal } from '../../../contracts/ordering/order-lifecycle';
import { wallClock } from '../../../contracts/shared/opening-status';

/**
 * Where an order sits on the board (issue 30): one column per stage of its lifecycle, and the
 * day's completed and cancelled orders together at the end. Pure, so the machine and the view
 * agree and the tests read it without a screen.
 */

export const BOARD_COLUMNS = [
  { key: 'new', label: 'New', statuses: ['placed'] },
  { key: 'kitchen', label: 'In the kitchen', statuses: ['accepted'] },
  { key: 'ready', label: 'Ready', statuses: ['ready'] },
  { key: 'out', label: 'Out', statuses: ['out_for_delivery'] },
  { key: 'done', label: 'Done today', statuses: ['completed', 'cancelled'] },
] as const satisfies readonly { key: string; label: string; statuses: readonly OrderStatus[] }[];

export type ColumnKey = (typeof BOARD_COLUMNS)[number]['key'];

/** When the order last changed: its timeline's last entry (placement when the timeline is empty). */
export const lastChangeOf = (order: OwnerOrder): string => order.timeline.at(-1)?.at ?? order.placed_at;

/**
 * The column of `order`, or null when the board leaves it out: a completed or cancelled order
 * belongs on it only on the restaurant's day it ended (`today`, in the order's own zone).
 */
export function columnOf(order: OwnerOrder, today: string | null): ColumnKey | null {
  if (isFinal(order.status)) {
    const ended = wallClock(order.restaurant.time_zone, new Date(lastChangeOf(order))).date;
    return ended === today ? 'done' : null;
  }
  return BOARD_COLUMNS.find((column) => (column.statuses as readonly OrderStatus[]).includes(order.status))!.key;
}

const byTime = (at: (order: OwnerOrder) => string, direction: 1 | -1) => (a: OwnerOrder, b: OwnerOrder) =>
  direction * (Date.parse(at(a)) - Date.parse(at(b))) || direction * (a.id - b.id);

/**
 * The board's columns with their orders: the open ones oldest first (the kitchen works them in
 * the order they came), the done ones latest first (what just happened is what is looked for).
 */
export function boardColumns(orders: readonly OwnerOrder[], today: string | null): Record<ColumnKey, OwnerOrder[]> {
  const columns: Record<ColumnKey, OwnerOrder[]> = { new: [], kitchen: [], ready: [], out: [], done: [] };
  for (const order of orders) {
    const key = columnOf(order, today);
    if (key) columns[key].push(order);
  }
  for (const key of ['new', 'kitchen', 'ready', 'out'] as const) columns[key].sort(byTime((order) => order.placed_at, 1));
  columns.done.sort(byTime(lastChangeOf, -1));
  return columns;
}

/** How many orders wait in New: the count the tab's title shows. */
export const newOrderCount = (orders: readonly OwnerOrder[]): number => orders.filter((order) => order.status === 'placed').length;

/** `order` in place of the one with its id, or added. */
export const withOrder = (orders: readonly OwnerOrder[], order: OwnerOrder): OwnerOrder[] =>
  orders.some((known) => known.id === order.id) ? orders.map((known) => (known.id === order.id ? order : known)) : [...orders, order];
