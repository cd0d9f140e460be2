import { NewOrdersCount } from '../../../contracts/shared/new-orders';
import { paths } from '../../../contracts/shared/paths';
import { api } from './api';

/**
 * How many orders wait to be accepted (issue 40) and notifications are unread (issue 45): the
 * numbers beside "Orders" and "Notifications" in the back office's sidebar. For the restaurant worked on; null asks for the caller's own (an owner's) or, for a
 * superadmin with no restaurant chosen, every restaurant's.
 */
export async function loadNewOrdersCount({ restaurantId }: { restaurantId: number | null }): Promise<NewOrdersCount> {
  return api.get(paths.orders.newCount, {
    struct: NewOrdersCount,
    searchParams: restaurantId === null ? {} : { restaurant_id: restaurantId },
  });
}
