import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/**
 * Serialises writers of one parent (a category's sizes, a group's selections) until the
 * transaction ends, so "last position + 1" and "make the name unique" see each other's rows.
 * Works the same on PGlite and PostgreSQL.
 */
export async function lockFor(tx: Db, kind: string, id: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${kind}\n${id}`}, 0))`);
}
