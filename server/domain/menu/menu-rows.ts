import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/**
 * Serialises writers of one parent (a category's sizes, a group's selections) until the
 * transaction ends, so "last position + 1" and "make the name unique" see each other's rows.
 * Works the same on PGlite and PostgreSQL.
 */
export async function lockFor(tx: Db, kind: string, id: number): Promise<void> {
  await lockAllFor(tx, kind, [id]);
}

/** lockFor on many parents in one statement, in id order (so two writers never wait on each other crosswise). */
export async function lockAllFor(tx: Db, kind: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  // The key is `${kind}\n${id}`; the ids are integers, so they go in as text.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${kind}\n`} || id::text, 0)) from unnest(${sql.raw(`array[${sorted.join(',')}]::int[]`)}) as id`,
  );
}
