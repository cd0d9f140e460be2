import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import type { Scope } from './scope';
import { scopeOf } from './tenancy';

/** [is_staff, is_superadmin, active_restaurant_id, session_epoch], as `viewerScopeColumn` reads them. */
type ViewerFlags = [boolean, boolean, number | null, number];

/**
 * The scope-deciding columns of the user `userIdPlaceholder` names, as one JSON value (null when
 * the user is gone): a subquery PostgreSQL runs once per statement, like the list's count.
 */
export function viewerScopeColumn(db: Db, userIdPlaceholder: string): SQL {
  const flags = db
    .select({ flags: sql`json_build_array(${users.isStaff}, ${users.isSuperadmin}, ${users.activeRestaurantId}, ${users.sessionEpoch})` })
    .from(users)
    .where(eq(users.id, sql.placeholder(userIdPlaceholder)));
  // Drizzle puts a subquery in parentheses itself, as it does the list's count.
  return sql`${flags}`;
}

/** The scope the column above read (pg has already parsed its JSON); null when the user is gone or `epoch` is not theirs any more. */
export function viewerScopeOf(value: unknown, epoch: number): Scope | null {
  if (value === null) return null;
  const [isStaff, isSuperadmin, activeRestaurantId, sessionEpoch] = value as ViewerFlags;
  if (sessionEpoch !== epoch) return null;
  return scopeOf({ isStaff, isSuperadmin, activeRestaurantId });
}

export const sameScope = (a: Scope, b: Scope) =>
  a.allRestaurants === b.allRestaurants && a.administrator === b.administrator && a.restaurantId === b.restaurantId;
