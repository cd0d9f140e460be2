import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';

/**
 * The session epoch of each of these users now (a user who is gone is absent). Logout and a
 * password reset raise it (server/domain/accounts/sessions.ts), on whichever server they ran:
 * a token signed with an older epoch no longer stands, and neither does what it opened.
 */
export async function sessionEpochs(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, epoch: users.sessionEpoch })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((row) => [row.id, row.epoch]));
}
