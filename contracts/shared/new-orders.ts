import { number, object, optional, type Infer } from 'superstruct';
import { IdText } from './lists';

/**
 * GET /api/v2/orders/new-count/?restaurant_id= (issue 40): how many orders wait to be accepted
 * (status `placed`), for the count beside "Orders" in the back office's sidebar on every page,
 * and how many notifications are unread, for the one beside "Notifications".
 * Shared because the sidebar belongs to no area; tenancy as the orders list (an owner their
 * restaurant, an administrator the one named or chosen).
 */
export const NewOrdersQuery = object({ restaurant_id: optional(IdText) });
export type NewOrdersQuery = Infer<typeof NewOrdersQuery>;
/** The most unread notifications counted: the sidebar says "99+" past 99, and counting stops there. */
export const UNREAD_COUNTED_MAX = 100;

/**
 * `count`: the orders waiting. `unread_notifications` (issue 45): the restaurant's unread
 * notifications, at most UNREAD_COUNTED_MAX, for the count beside "Notifications"; absent when
 * the orders counted are not one restaurant's (a superadmin with none chosen), and from a server
 * from before.
 */
export const NewOrdersCount = object({ count: number(), unread_notifications: optional(number()) });
export type NewOrdersCount = Infer<typeof NewOrdersCount>;
