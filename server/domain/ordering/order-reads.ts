import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrdersQuery, OwnerOrder, TrackedOrder } from '../../../contracts/ordering';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema-ordering';
import { HttpError } from '../../http-error';
import { listRows, type Listed } from '../shared/listing';
import type { Scope } from '../shared/scope';
import { canRead, checkedRestaurantFilter, notFound, readableRows } from '../shared/tenancy';
import { orderSearch } from './order-search';
import { detailsOf, ownerOrder, trackedOrder, type OrderRow } from './order-shapes';
import type { OrderRestaurant, StoreReaders } from './store-readers';
import { reachedKitchen, type OrderStatus } from '../../../contracts/ordering/order-lifecycle';
import { inKitchen } from './counted-orders';
import { refundsOf } from './order-refund-reads';
import { sideBySide } from '../../db/side-by-side';

/** Reading orders: the customer's by token, the owner's one by id and their list. */

/** Only for the types: an order's restaurant cannot be missing (its rows go with it, ON DELETE CASCADE). */
const GONE: OrderRestaurant = { name: '', slug: '', time_zone: 'UTC', address: '', phone: '' };

async function restaurantOf(db: Db, readers: StoreReaders, restaurantId: number): Promise<OrderRestaurant> {
  return (await readers.restaurants(db, [restaurantId])).get(restaurantId) ?? GONE;
}

/** GET /api/v2/orders/track/{token}/: what the customer may see, or 404. */
export async function trackOrder(db: Db, readers: StoreReaders, token: string): Promise<TrackedOrder> {
  const [row] = await db.select().from(orders).where(eq(orders.token, token));
  if (!row) throw notFound('Order');
  const details = await detailsOf(db, [row.id]);
  return trackedOrder(row, details.get(row.id)!, await restaurantOf(db, readers, row.restaurantId));
}

/** The order by id when the scope acts in its restaurant; another restaurant's looks missing (404). */
export async function orderInScope(db: Db, scope: Scope, id: number, lock = false): Promise<OrderRow> {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !canRead(scope, row.restaurantId)) throw notFound('Order');
  return row;
}

/** The owner's view of one stored order; one awaiting its payment or expired unpaid is not the restaurant's yet (404). */
export async function ownerView(db: Db, readers: StoreReaders, row: OrderRow): Promise<OwnerOrder> {
  if (!reachedKitchen(row.status as OrderStatus)) throw notFound('Order');
  const [details, refunds] = await sideBySide(db, [() => detailsOf(db, [row.id]), () => refundsOf(db, [row.id])] as const);
  return { ...ownerOrder(row, details.get(row.id)!, await restaurantOf(db, readers, row.restaurantId)), refunds: refunds.get(row.id) ?? [] };
}

/**
 * `day=`: orders placed on that calendar date in the restaurant's own zone, compared in SQL
 * (the zone's midnight of that date and of the next). It needs one restaurant to read the zone of.
 */
async function placedOn(db: Db, readers: StoreReaders, day: string, restaurantId: number | null) {
  if (restaurantId === null) {
    throw new HttpError(400, 'invalid', 'Choose a restaurant to list its orders by day.', {
      fields: { day: 'Choose a restaurant (restaurant_id) to list its orders by day.' },
    });
  }
  const zone = (await restaurantOf(db, readers, restaurantId)).time_zone;
  return sql`${orders.placedAt} >= (${day}::date::timestamp at time zone ${zone}) and ${orders.placedAt} < ((${day}::date + 1)::timestamp at time zone ${zone})`;
}

/**
 * What the orders list's filters keep, as conditions on `orders`: tenancy as every list (an owner
 * their restaurant, a superadmin any or the one named by `restaurant_id`), then status, day and
 * search. Shared by the list's pages and its CSV (order-export.ts), so both read the same orders.
 */
export type OrderFilters = (SQL | undefined)[];

export async function orderFilters(db: Db, readers: StoreReaders, scope: Scope, query: OrdersQuery): Promise<OrderFilters> {
  const named = await checkedRestaurantFilter(db, scope, query.restaurant_id);
  const restaurantId = named ?? (scope.allRestaurants ? null : scope.restaurantId);
  return [
    readableRows(scope, orders.restaurantId),
    inKitchen,
    named === undefined ? undefined : eq(orders.restaurantId, named),
    query.status === undefined ? undefined : eq(orders.status, query.status),
    query.day === undefined ? undefined : await placedOn(db, readers, query.day, restaurantId),
    orderSearch(query.search),
  ];
}

/** GET /api/v2/orders/: newest first, paged, by the filters above. */
export async function listOrders(db: Db, readers: StoreReaders, scope: Scope, query: OrdersQuery): Promise<Listed<OwnerOrder>> {
  const listed = await listRows(
    db,
    {
      table: orders,
      where: await orderFilters(db, readers, scope, query),
      searchIn: [],
      orderBy: { placed: orders.placedAt, id: orders.id } satisfies Record<string, AnyPgColumn>,
      id: orders.id,
    },
    // Newest first; orders placed in the same instant, the later number first.
    { page: query.page, page_size: query.page_size, ordering: '-placed,-id' },
  );
  const ids = listed.rows.map((row) => row.id);
  const [details, refunds, restaurants] = await Promise.all([
    detailsOf(db, ids),
    refundsOf(db, ids),
    readers.restaurants(
      db,
      listed.rows.map((row) => row.restaurantId),
    ),
  ]);
  return {
    ...listed,
    rows: listed.rows.map((row) => ({
      ...ownerOrder(row, details.get(row.id)!, restaurants.get(row.restaurantId) ?? GONE),
      refunds: refunds.get(row.id) ?? [],
    })),
  };
}
