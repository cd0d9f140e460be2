import { inArray, sql, type SQL } from 'drizzle-orm';
import { KITCHEN_STATUSES, type KitchenStatus } from '../../../contracts/ordering/order-lifecycle';
import { orders } from '../../db/schema-ordering';

/**
 * Which orders are the restaurant's (issue 44): a card order awaiting its payment, or expired
 * unpaid, never reached the kitchen, so no board, list, figure, customer or coupon count holds it.
 */
export const inKitchen: SQL = inArray(orders.status, [...KITCHEN_STATUSES]);

/** The orders that count in the figures: the restaurant's, cancelled ones left out. */
export const COUNTED_STATUSES: readonly KitchenStatus[] = KITCHEN_STATUSES.filter((status) => status !== 'cancelled');
export const counted: SQL = inArray(orders.status, [...COUNTED_STATUSES]);

/** The same list for the hand-written queries (`o.status in ${COUNTED_LIST}`): constant words, never input. */
export const COUNTED_LIST: SQL = sql.raw(`(${COUNTED_STATUSES.map((status) => `'${status}'`).join(', ')})`);
