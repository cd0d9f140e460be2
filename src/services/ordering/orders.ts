import { OwnerOrder, type KitchenStatus, type OrdersQuery, type TransitionBody } from '../../../contracts/ordering';
import type { RefundBody } from '../../../contracts/ordering/refunds';
import { wallClock } from '../../../contracts/shared/opening-status';
import { paths } from '../../../contracts/shared/paths';
import { api, type DownloadedFile } from '../shared/api';

/**
 * The owner's orders for the order board (issue 30): what the board loads, one order read again
 * after an event, and a move of its lifecycle; the history's CSV (issue 43). Every answer is
 * checked with contracts/ordering.ts.
 */

/** The statuses an order can still leave: the board shows these whatever day they were placed on. */
export const OPEN_STATUSES: readonly KitchenStatus[] = ['placed', 'accepted', 'ready', 'out_for_delivery'];

/**
 * Rows per list call. A kitchen works far fewer orders at once; the board says so when a list
 * had more (`complete: false`) rather than paging through an unbounded day.
 */
export const BOARD_PAGE_SIZE = { today: 200, open: 100 } as const;

export type BoardLoad = {
  /** Today's orders and every still-open order from earlier days, each once. */
  orders: OwnerOrder[];
  /** The restaurant's calendar date now, in its own zone; null while it has never had an order. */
  today: string | null;
  /** False when a list held more orders than one call reads. */
  complete: boolean;
};

export type BoardInput = { restaurantId: number | null; now: Date };

const scoped = (restaurantId: number | null, query: Omit<OrdersQuery, 'restaurant_id'>): OrdersQuery =>
  restaurantId === null ? query : { ...query, restaurant_id: restaurantId };

export async function listOrders(query: OrdersQuery) {
  return api.getList(paths.orders.list, { struct: OwnerOrder, searchParams: query });
}

/** The list's filters without its page: what a download covers. */
export type OrdersFilters = Omit<OrdersQuery, 'page' | 'page_size' | 'format'>;

/** Every order the filters match as the server's CSV file, named by it. */
export function downloadOrdersCsv(filters: OrdersFilters): Promise<DownloadedFile> {
  return api.getFile(paths.orders.list, { searchParams: { ...filters, format: 'csv' } });
}

/**
 * The board's orders. "Today" is the restaurant's date, not the browser's, and only an order
 * carries the restaurant's zone: so the newest order is read first (none: nothing to show), then
 * today's orders and the open ones of each status in parallel. Open orders of earlier days stay
 * on the board until they are worked off (a scheduled order placed yesterday for today, or one
 * forgotten overnight), so nothing waiting is ever hidden; completed and cancelled ones of earlier
 * days are not loaded.
 */
export async function loadBoard({ restaurantId, now }: BoardInput): Promise<BoardLoad> {
  const newest = await listOrders(scoped(restaurantId, { page_size: 1 }));
  const zone = newest.items[0]?.restaurant.time_zone;
  if (zone === undefined) return { orders: [], today: null, complete: true };
  const today = wallClock(zone, now).date;
  const pages = await Promise.all([
    listOrders(scoped(restaurantId, { day: today, page_size: BOARD_PAGE_SIZE.today })),
    ...OPEN_STATUSES.map((status) => listOrders(scoped(restaurantId, { status, page_size: BOARD_PAGE_SIZE.open }))),
  ]);
  const byId = new Map<number, OwnerOrder>();
  for (const page of pages) for (const order of page.items) byId.set(order.id, order);
  return { orders: [...byId.values()], today, complete: pages.every((page) => page.items.length >= page.count) };
}

/** One order as the server has it now. */
export async function readOrder({ orderId }: { orderId: number }): Promise<OwnerOrder> {
  return api.get(paths.orders.one(orderId), { struct: OwnerOrder });
}

/** Asks the server for a move; its answer is the order as it keeps it now, `next_statuses` included. */
export function moveOrder({ orderId, body }: { orderId: number; body: TransitionBody }): Promise<OwnerOrder> {
  return api.post(paths.orders.transition(orderId), body, { struct: OwnerOrder });
}

/** Gives money back on a captured card order; the answer is the order with `payment.refunded` and its refunds. */
export function refundOrder({ orderId, body }: { orderId: number; body: RefundBody }): Promise<OwnerOrder> {
  return api.post(paths.orders.refunds(orderId), body, { struct: OwnerOrder });
}
