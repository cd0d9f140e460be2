import { and, asc, count, desc, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LIST_PAGE_SIZE_DEFAULT } from '../../../contracts/menu';
import type { Db } from '../../db/database';

/**
 * The one list query of the menu area (PRODUCT.md: paging, `ordering=`, `search=`, field
 * filters): every resource describes its table, which columns it may be ordered by and
 * searched in, and which rows the caller may see; this turns that into a count and a page.
 */
export type ListRequest = { page?: number; page_size?: number; ordering?: string; search?: string };

export type ListSpec<T extends PgTable> = {
  table: T;
  /** Tenancy and field filters; `undefined` entries are ignored. */
  where: (SQL | undefined)[];
  /** Columns `search=` looks in (case-insensitive substring). */
  searchIn: AnyPgColumn[];
  /** `ordering=` names and their columns; the first is the default. `id` breaks ties. */
  orderBy: Record<string, AnyPgColumn>;
  id: AnyPgColumn;
};

export type Listed<Row> = { count: number; rows: Row[]; page: number; pageSize: number };

/** The count's key in each row of the page query; no table has a column of that name. */
const TOTAL = '__listTotal';

/** `%`, `_` and `\` typed by a person are searched for literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function orderingOf(spec: ListSpec<PgTable>, ordering: string | undefined): SQL[] {
  const names = ordering ? ordering.split(',') : [Object.keys(spec.orderBy)[0] as string];
  const terms = names.flatMap((name) => {
    const column = spec.orderBy[name.replace(/^-/, '')];
    if (!column) return [];
    return [name.startsWith('-') ? desc(column) : asc(column)];
  });
  return [...terms, asc(spec.id)];
}

export async function listRows<T extends PgTable>(db: Db, spec: ListSpec<T>, request: ListRequest): Promise<Listed<T['$inferSelect']>> {
  const page = request.page ?? 1;
  const pageSize = request.page_size ?? LIST_PAGE_SIZE_DEFAULT;
  const search = request.search?.trim();
  const where = and(
    ...spec.where,
    search ? or(...spec.searchIn.map((column) => ilike(column, likePattern(search)))) : undefined,
  ) ?? sql`true`;
  const table = spec.table as PgTable;
  const counted = db.select({ value: count() }).from(table).where(where);
  // The count rides along with the page as a subquery PostgreSQL runs once (an InitPlan): one
  // round trip instead of two, and the count and the rows come from the same snapshot.
  const pageRows = await db
    .select({ ...getTableColumns(table), [TOTAL]: sql`${counted}`.mapWith(Number) })
    .from(table)
    .where(where)
    .orderBy(...orderingOf(spec as ListSpec<PgTable>, request.ordering))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // A page past the end (or an empty list) has no row to carry the count: asked for on its own.
  const total = pageRows[0]?.[TOTAL] ?? (await counted)[0]?.value ?? 0;
  const rows = pageRows.map(({ [TOTAL]: _total, ...row }) => row);
  return { count: total, rows: rows as T['$inferSelect'][], page, pageSize };
}
