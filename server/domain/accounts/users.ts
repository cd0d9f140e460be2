import { eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../contracts/shared/session';
import type { Db } from '../../db/database';
import { restaurants, users } from '../../db/schema';
import type { UserRow } from '../shared/people';

/**
 * Accounts. Emails arrive lower-cased and trimmed from the contracts; `normalizeEmail` is
 * applied again here so callers that did not come through a contract (the CLI, Google's
 * claims) cannot create a second account that differs only in case.
 */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row;
}

const prepareUserById = (db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_by_id');

// Every signed-in request looks its user up: the query is built once per database handle and
// sent as a named statement, which PostgreSQL parses and plans once per connection.
const userByIdStatements = new WeakMap<Db, ReturnType<typeof prepareUserById>>();

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  let statement = userByIdStatements.get(db);
  if (!statement) {
    statement = prepareUserById(db);
    userByIdStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  return row;
}

/**
 * The user with this email, created when there is none (sign-in by code, Google). Safe under
 * concurrency: a simultaneous insert of the same address is absorbed by the unique index.
 * Names are only used when the user is created; an existing account keeps its own.
 */
export async function findOrCreateUserByEmail(
  db: Db,
  input: { email: string; firstName?: string; lastName?: string },
): Promise<{ user: UserRow; created: boolean }> {
  const email = normalizeEmail(input.email);
  const [inserted] = await db
    .insert(users)
    .values({ email, firstName: input.firstName?.trim() ?? '', lastName: input.lastName?.trim() ?? '' })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (inserted) return { user: inserted, created: true };
  const existing = await findUserByEmail(db, email);
  if (!existing) throw new Error('user vanished between insert and select');
  return { user: existing, created: false };
}

/** Without a password or a name the registration's "Join" step is still to do. */
export const needsProfile = (user: UserRow) => !user.passwordHash || !user.firstName || !user.lastName;

export async function updateProfile(db: Db, userId: number, profile: { firstName: string; lastName: string; passwordHash: string }): Promise<void> {
  await db.update(users).set(profile).where(eq(users.id, userId));
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Only the command line calls this (server/cli/create-admin.ts); no route can grant staff. */
export async function grantStaff(db: Db, userId: number, options: { superadmin: boolean }): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ isStaff: true, ...(options.superadmin ? { isSuperadmin: true } : {}) })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error(`user ${userId} not found`);
  return row;
}

/**
 * The restaurant an administrator works on (null: none chosen). Locks the restaurant's row so a
 * concurrent delete cannot leave the user pointing at nothing. Answers the updated user, or
 * undefined when the restaurant does not exist.
 */
export async function chooseActiveRestaurant(tx: Db, userId: number, restaurantId: number | null): Promise<UserRow | undefined> {
  if (restaurantId !== null) {
    const [row] = await tx.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, restaurantId)).for('update');
    if (!row) return undefined;
  }
  const [updated] = await tx.update(users).set({ activeRestaurantId: restaurantId }).where(eq(users.id, userId)).returning();
  return updated;
}

export async function toCurrentUser(db: Db, user: UserRow): Promise<CurrentUser> {
  const [restaurant] =
    user.activeRestaurantId === null ? [] : await db.select({ name: restaurants.name }).from(restaurants).where(eq(restaurants.id, user.activeRestaurantId));
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    is_staff: user.isStaff,
    is_superadmin: user.isSuperadmin,
    active_restaurant_id: restaurant ? user.activeRestaurantId : null,
    active_restaurant_name: restaurant?.name ?? null,
  };
}
