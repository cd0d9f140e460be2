import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { scopeOf, type Scope } from './tenancy';

/**
 * A read made with the scope its user had on their previous request, before that user is read
 * again. The list query that uses the scope reads the user's scope too, in the same statement
 * (`viewerScopeColumn`), so a signed-in list costs one round trip instead of two
 * (docs/performance.md). Whoever ran the read compares `seen` with the scope it assumed and
 * reads again when they differ (server/plugins/auth.ts, `readAsViewer`).
 */
export class ViewerCheck {
  /** The user's scope as the statement read it; null: no such user; undefined: no statement read it. */
  seen: Scope | null | undefined = undefined;

  constructor(readonly userId: number) {}
}

/** [is_staff, is_superadmin, active_restaurant_id], as `viewerScopeColumn` reads them. */
type ViewerFlags = [boolean, boolean, number | null];

/**
 * The scope-deciding columns of the user `userIdPlaceholder` names, as one JSON value (null when
 * the user is gone): a subquery PostgreSQL runs once per statement, like the list's count.
 */
export function viewerScopeColumn(db: Db, userIdPlaceholder: string): SQL {
  const flags = db
    .select({ flags: sql`json_build_array(${users.isStaff}, ${users.isSuperadmin}, ${users.activeRestaurantId})` })
    .from(users)
    .where(eq(users.id, sql.placeholder(userIdPlaceholder)));
  // Drizzle puts a subquery in parentheses itself, as it does the list's count.
  return sql`${flags}`;
}

/** The scope the column above read (pg has already parsed its JSON). */
export function viewerScopeOf(value: unknown): Scope | null {
  if (value === null) return null;
  const [isStaff, isSuperadmin, activeRestaurantId] = value as ViewerFlags;
  return scopeOf({ isStaff, isSuperadmin, activeRestaurantId });
}

export const sameScope = (a: Scope, b: Scope) =>
  a.allRestaurants === b.allRestaurants && a.administrator === b.administrator && a.restaurantId === b.restaurantId;
