import { inPrepWindow } from '../../../contracts/ordering/order-lifecycle';
import type { Db } from '../../db/database';
import { readKitchenRow } from './kitchen-pace';
import type { OrderRow } from './order-shapes';
import { moveOrder } from './order-transition';

/**
 * Auto-accept (issue 45): when the kitchen turned it on, an order that reaches the kitchen (placed
 * in person, or a card order once paid) is accepted at once with the default prep time, by the
 * very transition an owner's click makes (order-transition.ts), in the same transaction: the same
 * event, and the callers mail the customer as for a manual accept. A booked order whose prep
 * window has not opened yet stays placed: the board accepts it when its time comes, as ever.
 * Answers the accepted row, or null when the order stays as it is.
 */
export async function acceptByItself(tx: Db, row: OrderRow, now: Date): Promise<OrderRow | null> {
  if (row.status !== 'placed') return null;
  const kitchen = await readKitchenRow(tx, row.restaurantId);
  if (!kitchen?.autoAccept) return null;
  if (row.scheduledFor !== null && !inPrepWindow(row.scheduledFor.toISOString(), now.toISOString())) return null;
  // The kitchen's own scope: the order is of its restaurant.
  const scope = { allRestaurants: false, administrator: false, restaurantId: row.restaurantId };
  return moveOrder(tx, scope, row.id, { to: 'accepted', prep_minutes: kitchen.defaultPrepMinutes }, now);
}
