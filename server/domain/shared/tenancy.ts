import { eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { NO_RESTAURANT_MESSAGE } from '../../../contracts/shared/restaurants';
import type { Db } from '../../db/database';
import { restaurants } from '../../db/schema';
import { HttpError } from '../../http-error';
import { isAdmin, type UserRow } from './people';
import type { Scope } from './scope';

/**
 * Which restaurants a signed-in user may read and change: the one place the menu area decides
 * it (PRODUCT.md, "Tenancy"). Every menu domain function takes a Scope and asks these helpers;
 * none compares restaurant ids on its own.
 *
 * - Owners and staff act inside their active restaurant only. Superadmins act in any.
 * - Another restaurant's row looks exactly like a missing one: 404, never 403.
 * - A `restaurant_id` in a filter or body that the user may not act in is answered 404 too
 *   ("Restaurant not found."), so the answer never tells whether that restaurant exists.
 * - Platform library rows (restaurant_id null) are readable by everyone signed in; only
 *   administrators (staff or superadmin) change them. Anyone else gets 403 with a sentence
 *   saying so, since the row is visible to them anyway.
 */
export function scopeOf(user: Pick<UserRow, 'isStaff' | 'isSuperadmin' | 'activeRestaurantId'>): Scope {
  return { allRestaurants: user.isSuperadmin, administrator: isAdmin(user), restaurantId: user.activeRestaurantId };
}

/** What one restaurant itself may see: its own rows and the library (for checks on its behalf). */
export function restaurantScope(restaurantId: number): Scope {
  return { allRestaurants: false, administrator: false, restaurantId };
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found.`);

const restaurantNotFound = () => notFound('Restaurant');

const libraryReadOnly = (
  sentence = 'This belongs to the platform library; only a platform administrator can change it. Take a copy into your restaurant to change it there.',
) => new HttpError(403, 'library_read_only', sentence);

/** True when the scope may act in this restaurant (library rows excluded: see canRead). */
export function actsIn(scope: Scope, restaurantId: number): boolean {
  return scope.allRestaurants || scope.restaurantId === restaurantId;
}

/** True when the scope may read a row owned by `restaurantId` (null: the platform library). */
export function canRead(scope: Scope, restaurantId: number | null): boolean {
  return restaurantId === null || actsIn(scope, restaurantId);
}

/**
 * The rows of `column` the scope may read; `undefined` means every row (superadmins).
 * `library: true` adds the platform library (rows whose restaurant is null).
 */
export function readableRows(scope: Scope, column: AnyPgColumn, options: { library?: boolean } = {}): SQL | undefined {
  if (scope.allRestaurants) return undefined;
  const own = scope.restaurantId === null ? sql`false` : eq(column, scope.restaurantId);
  return options.library ? or(isNull(column), own) : own;
}

/**
 * A list's `restaurant_id=` filter, checked: the same id back when the scope may act in that
 * restaurant, else 404. Superadmins may name any restaurant that exists.
 */
export async function checkedRestaurantFilter(db: Db, scope: Scope, requested: number | undefined): Promise<number | undefined> {
  if (requested === undefined) return undefined;
  if (!actsIn(scope, requested)) throw restaurantNotFound();
  if (scope.allRestaurants) {
    const [row] = await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, requested));
    if (!row) throw restaurantNotFound();
  }
  return requested;
}

/**
 * The restaurant a new row goes into: a named one the scope acts in (else 404), or the
 * active one; without either, "No active restaurant selected." (400).
 */
export async function restaurantForNewRow(db: Db, scope: Scope, requested: number | undefined): Promise<number> {
  if (requested !== undefined) {
    await checkedRestaurantFilter(db, scope, requested);
    return requested;
  }
  if (scope.restaurantId !== null) return scope.restaurantId;
  throw new HttpError(400, 'no_active_restaurant', NO_RESTAURANT_MESSAGE);
}

/**
 * The owner of a new topping, dressing or option set: like `restaurantForNewRow`, except that
 * `null` asks for the platform library (administrators only, else 403), and an administrator
 * who names nothing and has no active restaurant adds to the library.
 */
export async function ownerForNewLibraryKindRow(db: Db, scope: Scope, requested: number | null | undefined): Promise<number | null> {
  if (requested === null) {
    if (!scope.administrator) throw libraryReadOnly('Only a platform administrator can add to the platform library.');
    return null;
  }
  if (requested === undefined && scope.restaurantId === null && scope.administrator) return null;
  return restaurantForNewRow(db, scope, requested);
}

/**
 * A body's `restaurant_id` on a row that hangs off a parent (a size of a category...): it may
 * only repeat the parent's restaurant. Anything else is a restaurant the caller does not act
 * in, or a contradiction; both answer 404 like every other foreign restaurant.
 */
export function checkSameRestaurant(requested: number | undefined, parentRestaurantId: number): void {
  if (requested !== undefined && requested !== parentRestaurantId) throw restaurantNotFound();
}

/** Before changing or deleting a row: 404 when the scope cannot see it, 403 for a library row. */
export function assertCanChange(scope: Scope, restaurantId: number | null, what: string): void {
  if (!canRead(scope, restaurantId)) throw notFound(what);
  if (restaurantId === null && !scope.administrator) throw libraryReadOnly();
}

/** A row looked up by id, as the scope may read it: 404 when missing or another restaurant's. */
export function readableRow<Row extends { restaurantId: number | null }>(scope: Scope, row: Row | undefined, what: string): Row {
  if (!row || !canRead(scope, row.restaurantId)) throw notFound(what);
  return row;
}

/** A row looked up by id, before changing or deleting it: 404 when missing, else as `assertCanChange` says. */
export function changeableRow<Row extends { restaurantId: number | null }>(scope: Scope, row: Row | undefined, what: string): Row {
  if (!row) throw notFound(what);
  assertCanChange(scope, row.restaurantId, what);
  return row;
}

/**
 * The list filter of a kind the platform library shares (toppings, dressings, option sets): what
 * the scope may read, library included; with a checked `restaurant_id=` filter, only that
 * restaurant's rows and the library.
 */
export function libraryKindRows(scope: Scope, column: AnyPgColumn, restaurantId: number | undefined): (SQL | undefined)[] {
  return [
    readableRows(scope, column, { library: true }),
    restaurantId === undefined ? undefined : readableRows(restaurantScope(restaurantId), column, { library: true }),
  ];
}

/**
 * Whether a topping, dressing or option set (owned by `ownerId`, null for the library) may be
 * attached to a category of `categoryRestaurantId`: only the library's or that restaurant's
 * own. Anything else is answered as unknown (404) by the caller.
 */
export function usableIn(categoryRestaurantId: number, ownerId: number | null): boolean {
  return ownerId === null || ownerId === categoryRestaurantId;
}

/**
 * Whose figures (the statistics calls, and those counted from orders): undefined for the whole
 * platform (administrators without `restaurant_id`), else a restaurant id. Owners see only their active restaurant: another id answers 404, as an
 * unknown one does (PRODUCT.md, tenancy); without an active restaurant, 400.
 */
export async function statsRestaurant(db: Db, user: UserRow, requested: number | undefined): Promise<number | undefined> {
  if (isAdmin(user)) {
    if (requested === undefined) return undefined;
    const [row] = await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, requested));
    if (!row) throw notFound('Restaurant');
    return row.id;
  }
  if (user.activeRestaurantId === null) throw new HttpError(400, 'no_active_restaurant', NO_RESTAURANT_MESSAGE);
  if (requested !== undefined && requested !== user.activeRestaurantId) throw notFound('Restaurant');
  return user.activeRestaurantId;
}
