import { and, desc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { OrderEvent, KitchenStatus } from '../../../contracts/ordering';
import type { Db } from '../../db/database';
import { onboardings } from '../../db/schema';
import { orderEvents, orders } from '../../db/schema-ordering';

/**
 * The order board's events as the stream sends them: each order_events row with its order's
 * number. `status` is the status the event records (the order may have moved on since; the
 * board reads the order itself). Every read names one restaurant and is bounded.
 */
const eventColumns = {
  event_id: orderEvents.id,
  order_id: orderEvents.orderId,
  restaurant_id: orderEvents.restaurantId,
  number: orders.number,
  status: orderEvents.status,
  at: orderEvents.at,
};

type EventRow = { event_id: number; order_id: number; restaurant_id: number; number: number; status: string; at: Date };

const toEvent = (row: EventRow): OrderEvent => ({ ...row, status: row.status as KitchenStatus, at: row.at.toISOString() });

const eventsWhere = (db: Db, where: ReturnType<typeof and>, limit: number) =>
  db.select(eventColumns).from(orderEvents).innerJoin(orders, eq(orders.id, orderEvents.orderId)).where(where).orderBy(orderEvents.id).limit(limit);

/** The restaurant's events after `afterId`, oldest first, at most `limit`. */
export async function eventsAfter(db: Db, restaurantId: number, afterId: number, limit: number): Promise<OrderEvent[]> {
  return (await eventsWhere(db, and(eq(orderEvents.restaurantId, restaurantId), gt(orderEvents.id, afterId)), limit)).map(toEvent);
}

/** These events of the restaurant (the ids a notification named), oldest first; the caller bounds `ids`. */
export async function eventsByIds(db: Db, restaurantId: number, ids: readonly number[]): Promise<OrderEvent[]> {
  if (ids.length === 0) return [];
  return (await eventsWhere(db, and(eq(orderEvents.restaurantId, restaurantId), inArray(orderEvents.id, [...ids])), ids.length)).map(toEvent);
}

/** The id of the restaurant's latest event; 0 when it has none. */
export async function latestEventId(db: Db, restaurantId: number): Promise<number> {
  const [row] = await db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(eq(orderEvents.restaurantId, restaurantId))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  return row?.id ?? 0;
}

/** Whether the restaurant is launched: until it is, it takes no orders, so its owner has no board to follow. */
export async function isLaunched(db: Db, restaurantId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: onboardings.restaurantId })
    .from(onboardings)
    .where(and(eq(onboardings.restaurantId, restaurantId), isNotNull(onboardings.launchedAt)));
  return row !== undefined;
}
