import { and, asc, count, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LIST_PAGE_SIZE_DEFAULT } from '../../../contracts/shared/lists';
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
  const [total] = await db.select({ value: count() }).from(spec.table as PgTable).where(where);
  const rows = await db
    .select()
    .from(spec.table as PgTable)
    .where(where)
    .orderBy(...orderingOf(spec as ListSpec<PgTable>, request.ordering))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { count: total?.value ?? 0, rows: rows as T['$inferSelect'][], page, pageSize };
}
