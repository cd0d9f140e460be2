import { number, object, optional, type Infer } from 'superstruct';
import { IdText } from './lists';

/**
 * GET /api/v2/orders/new-count/?restaurant_id= (issue 40): how many orders wait to be accepted
 * (status `placed`), for the count beside "Orders" in the back office's sidebar on every page.
 * Shared because the sidebar belongs to no area; tenancy as the orders list (an owner their
 * restaurant, an administrator the one named or chosen).
 */
export const NewOrdersQuery = object({ restaurant_id: optional(IdText) });
export type NewOrdersQuery = Infer<typeof NewOrdersQuery>;
export const NewOrdersCount = object({ count: number() });
export type NewOrdersCount = Infer<typeof NewOrdersCount>;
