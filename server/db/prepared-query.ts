import type { Query } from 'drizzle-orm';
import type { Db } from './database';

/**
 * The one place the server reaches past Drizzle's public API: a named prepared statement whose rows
 * (arrays, in the select's column order) go to a reader of our own instead of Drizzle's mapping.
 *
 * Why: a list page's query is the same for every request of one shape (server/domain/shared/listing.ts
 * keeps one per shape), and Drizzle's public `select.prepare(name)` maps each row by asking each field
 * which kind of field it is, a tenth of a list request's CPU (docs/performance.md). Drizzle has no
 * public way to hand a prepared select a mapper of its own (only its relational queries use one), so
 * this calls what `prepare` itself calls, `db._.session.prepareQuery(query, fields, name, arrayMode,
 * mapper)`, with the mapper in place of the fields.
 *
 * That signature is Drizzle's internal business and may change with any release:
 * tests/server/shared/prepared-query.test.ts fails, naming the installed version, when an upgrade
 * moves it, and this module refuses loudly at the first list rather than answering wrong rows.
 */
export const DRIZZLE_VERSION_READ = '0.45.4';

export type PreparedQuery<Result> = { execute: (values: Record<string, unknown>) => Promise<Result> };

type Session = { prepareQuery?: unknown };

export function preparedWithReader<Result>(db: Db, query: Query, name: string, read: (rows: unknown[][]) => Result): PreparedQuery<Result> {
  const session: Session | undefined = db._?.session;
  if (typeof session?.prepareQuery !== 'function' || session.prepareQuery.length < 5) {
    throw new Error(
      `server/db/prepared-query.ts calls drizzle-orm's internal session.prepareQuery(query, fields, name, arrayMode, mapper), ` +
        `read in drizzle-orm ${DRIZZLE_VERSION_READ}; the installed drizzle-orm has no such method. ` +
        `Read its pg-core/session.d.ts and adapt the module (or go back to ${DRIZZLE_VERSION_READ}).`,
    );
  }
  return db._.session.prepareQuery<{ execute: Result; all: unknown; values: unknown }>(query, undefined, name, true, read);
}
