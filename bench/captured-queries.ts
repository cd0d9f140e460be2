// The SQL the server runs for one page of the category list, captured from the domain code
// itself (a Drizzle logger), so the database's own rate is measured on exactly those queries.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../server/db/database';
import { findUserById } from '../server/domain/accounts/users';
import { listCategories } from '../server/domain/menu/menu-categories';
import { scopeOf } from '../server/domain/shared/tenancy';
import { ViewerCheck } from '../server/domain/shared/scope';

export type CapturedQuery = { text: string; params: unknown[] };

/**
 * The queries `listCategories` sends for `query` as `userId` sees it, with their parameters, as
 * on every request of a token after its first: the page's statement reads the user's scope too
 * (server/plugins/auth.ts, readAsViewer), so it is the whole of the request's database work.
 * `withViewer: false` leaves the user's read out: the page and its count alone, which is what
 * the ratio was measured against before the user's read joined the page's statement.
 */
export async function captureListQueries(
  databaseUrl: string,
  userId: number,
  query: { page: number; page_size: number },
  { withViewer = true } = {},
): Promise<CapturedQuery[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const captured: CapturedQuery[] = [];
    const plain = drizzle({ client: pool }) as unknown as Db;
    const user = await findUserById(plain, userId);
    if (!user) throw new Error(`bench user ${userId} is missing`);
    const logging = drizzle({ client: pool, logger: { logQuery: (text, params) => captured.push({ text, params }) } }) as unknown as Db;
    await listCategories(logging, { ...scopeOf(user), ...(withViewer ? { viewerCheck: new ViewerCheck(userId, user.sessionEpoch) } : {}) }, query);
    return captured;
  } finally {
    await pool.end();
  }
}

/** A query with its parameters written in as literals (pgbench scripts take no bind parameters). */
export function withLiterals({ text, params }: CapturedQuery): string {
  const literal = (value: unknown) => {
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number' || typeof value === 'bigint') return String(value);
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    return `'${String(value).replaceAll("'", "''")}'`;
  };
  // From the highest number down, so that $1 does not eat the start of $10.
  return params.reduceRight<string>((sql, value, index) => sql.replaceAll(`$${index + 1}`, literal(value)), text);
}
