import { NO_RESTAURANT_MESSAGE } from '../../../contracts/shared/restaurants';
import type { Db } from '../../db/database';
import { HttpError } from '../../http-error';
import type { UserRow } from '../shared/people';
import { statsRestaurant } from '../shared/tenancy';

/**
 * The one restaurant whose orders a caller's figures are counted from: owners their active
 * restaurant, administrators the `restaurant_id` they name (as the other statistics calls
 * decide, shared/tenancy.ts), else their own active one. Unlike the menu's statistics there is
 * no platform-wide answer: days are read in one restaurant's time zone and money is in one
 * currency, and customers belong to the restaurant they ordered from (PRODUCT.md).
 */
export async function figuresRestaurant(db: Db, user: UserRow, requested: number | undefined): Promise<number> {
  const restaurantId = (await statsRestaurant(db, user, requested)) ?? user.activeRestaurantId;
  if (restaurantId === null) throw new HttpError(400, 'no_active_restaurant', NO_RESTAURANT_MESSAGE);
  return restaurantId;
}
