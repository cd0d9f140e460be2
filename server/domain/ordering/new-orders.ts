import { and, count, eq } from 'drizzle-orm';
import type { NewOrdersCount } from '../../../contracts/shared/new-orders';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema-ordering';
import type { Scope } from '../shared/scope';
import { checkedRestaurantFilter, readableRows } from '../shared/tenancy';
import { unreadCounted } from './notifications';

/**
 * GET /api/v2/orders/new-count/ (issue 40): the orders waiting to be accepted, for the sidebar's
 * count. One index-only count (orders_restaurant_status_placed_idx, migration 0015), so every
 * open back-office tab may ask for it every few seconds. Tenancy as the orders list. With it, for
 * the restaurant worked on, its unread notifications (issue 45), counted up to a bound.
 */
export async function newOrdersCount(db: Db, scope: Scope, requested: number | undefined): Promise<NewOrdersCount> {
  const named = await checkedRestaurantFilter(db, scope, requested);
  const restaurantId = named ?? scope.restaurantId;
  const [row] = await db
    .select({ value: count() })
    .from(orders)
    .where(and(readableRows(scope, orders.restaurantId), named === undefined ? undefined : eq(orders.restaurantId, named), eq(orders.status, 'placed')));
  const orderCount = row?.value ?? 0;
  // The unread notifications are one restaurant's feed: none to count across every restaurant.
  return restaurantId === null ? { count: orderCount } : { count: orderCount, unread_notifications: await unreadCounted(db, restaurantId) };
}
