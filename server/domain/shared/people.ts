import type { users } from '../../db/schema';

/**
 * A person as every area sees them: the users row the auth guard loads for each request.
 * Accounts owns how people sign up and sign in (server/domain/accounts); the rest only read.
 */
export type UserRow = typeof users.$inferSelect;

/** Platform administrators: staff or superadmin (they see every restaurant and change the library). */
export const isAdmin = (user: Pick<UserRow, 'isStaff' | 'isSuperadmin'>) => user.isStaff || user.isSuperadmin;
