import type { CurrentUser } from '../../../contracts/shared/session';
import type { Db } from '../../db/database';
import { HttpError } from '../../http-error';
import { chooseActiveRestaurant, toCurrentUser } from './users';
import { isAdmin, type UserRow } from '../shared/people';

/**
 * Staff and superadmins choose the restaurant they work on (null: none); it is stored on the
 * user, so every server instance and every device of theirs agrees. Owners work in the
 * restaurant their onboarding made and cannot switch (403): tenancy rests on the active restaurant.
 */
export async function switchActiveRestaurant(db: Db, user: UserRow, restaurantId: number | null): Promise<CurrentUser> {
  if (!isAdmin(user)) throw new HttpError(403, 'forbidden', 'Only platform staff can choose the restaurant they work on.');
  return db.transaction(async (tx) => {
    const updated = await chooseActiveRestaurant(tx, user.id, restaurantId);
    if (!updated) throw new HttpError(404, 'not_found', 'Restaurant not found.', { fields: { active_restaurant_id: 'Restaurant not found.' } });
    return toCurrentUser(tx, updated);
  });
}
