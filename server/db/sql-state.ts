/**
 * Whether PostgreSQL refused a statement with SQLSTATE `state`. Both drivers put it in `code`
 * (node-postgres' DatabaseError and PGlite's alike), and Drizzle wraps either in an error whose
 * `cause` is the driver's: the chain of causes is followed.
 */
export function hasSqlState(error: unknown, state: string): boolean {
  if (!(error instanceof Error)) return false;
  if ((error as { code?: unknown }).code === state) return true;
  return error.cause !== undefined && hasSqlState(error.cause, state);
}

/** SQLSTATE 23503: a row named by a foreign key is not there (removed by a request running at the same time). */
export const FOREIGN_KEY_VIOLATION = '23503';

/**
 * SQLSTATE 40P01: PostgreSQL broke a deadlock by refusing this transaction (two writers of one
 * restaurant that each hold a row the other wants, now that every change also raises the
 * restaurant's version). Nothing of it was kept; the same request again succeeds.
 */
export const DEADLOCK_DETECTED = '40P01';

/**
 * Whether PostgreSQL refused a write because it would break the unique constraint `constraint`
 * (SQLSTATE 23505): raised by the index itself, or by a trigger that refuses in its name (migration
 * 0014's, for a restaurant's former store address), whose message names it where `constraint` is unset.
 */
export function breaksUnique(error: unknown, constraint: string): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint: named } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (named === constraint || cause.message.includes(constraint))) return true;
  }
  return false;
}
