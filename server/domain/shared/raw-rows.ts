import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';

/**
 * The rows of one hand-written statement (aggregations with CTEs that the query builder cannot
 * express). Both drivers, PGlite and node-postgres, answer `{ rows }`; `Db` is typed for either,
 * so its `execute` result is opaque and is read here, once.
 */
export async function selectRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}
