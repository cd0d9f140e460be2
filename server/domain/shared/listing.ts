import { and, asc, count, desc, getTableColumns, getTableName, ilike, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { LIST_PAGE_SIZE_DEFAULT } from '../../../contracts/shared/lists';
import type { Db } from '../../db/database';
import { preparedWithReader, type PreparedQuery } from '../../db/prepared-query';
import type { ViewerCheck } from './scope';
import { viewerScopeColumn, viewerScopeOf } from './viewer-check';

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
  /** The caller's `scope.viewerCheck`: the page's query then reads the user's scope as well. */
  viewer?: ViewerCheck;
};

export type Listed<Row> = { count: number; rows: Row[]; page: number; pageSize: number };

/** The count's key in each row of the page query; no table has a column of that name. */
const TOTAL = '__listTotal';
/** The viewer's scope, in the page queries that confirm one (`ListSpec.viewer`). */
const VIEWER = '__listViewer';

/** `%`, `_` and `\` typed by a person are searched for literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The ORDER BY terms, and a key naming their columns and directions. The terms are built only
 * when asked for (`terms()`): a remembered shape needs the key alone.
 */
function orderingOf(spec: ListSpec<PgTable>, ordering: string | undefined): { terms: () => SQL[]; key: string } {
  const names = ordering ? ordering.split(',') : [Object.keys(spec.orderBy)[0] as string];
  const columns = names.flatMap((name) => {
    const column = spec.orderBy[name.replace(/^-/, '')];
    return column ? [{ column, descending: name.startsWith('-') }] : [];
  });
  // The id breaks ties, unless the list is already ordered by it.
  if (!columns.some(({ column }) => column === spec.id)) columns.push({ column: spec.id, descending: false });
  return {
    terms: () => columns.map(({ column, descending }) => (descending ? desc(column) : asc(column))),
    key: columns.map(({ column, descending }) => `${column.name}${descending ? ' desc' : ''}`).join(','),
  };
}

/**
 * The rows of one page (without the count), and the count carried by its first row, with the
 * viewer's scope column when the query reads it (undefined on an empty page).
 */
type PageRows = { rows: Record<string, unknown>[]; total: number | undefined; viewer: unknown };
type PageQuery = PreparedQuery<PageRows>;

/**
 * Reads the page's rows, which arrive as arrays in the select's column order: the table's
 * columns, then the count. Drizzle's own mapping asked each field of each row which kind of
 * field it is before decoding it (a tenth of the list's CPU, docs/performance.md); here the
 * decoders are looked up once per shape.
 */
function pageRowsReader(table: PgTable): (rows: unknown[][]) => PageRows {
  const columns = Object.entries(getTableColumns(table));
  const totalIndex = columns.length;
  return (rows) => ({
    total: rows[0] === undefined ? undefined : Number(rows[0][totalIndex]),
    viewer: rows[0]?.[totalIndex + 1],
    rows: rows.map((values) => {
      const row: Record<string, unknown> = {};
      for (const [index, [key, column]] of columns.entries()) {
        const value = values[index];
        row[key] = value === null ? null : column.mapFromDriverValue(value);
      }
      return row;
    }),
  });
}

/**
 * The page, with the count riding along as a subquery PostgreSQL runs once (an InitPlan): one
 * round trip instead of two, and the count and the rows come from the same snapshot. Limit and
 * offset are placeholders; `filter` may hold placeholders too (see `filterTemplate`).
 * A remembered shape runs as a named statement (`list_page_<n>`): PostgreSQL parses it once per
 * connection instead of on every request (+18 % req/s, docs/performance.md). Names are never
 * reused, so a forgotten shape cannot collide with a new one; shapes are bounded (SHAPES_MAX).
 */
function pageQuery(db: Db, table: PgTable, filter: SQL, ordering: SQL[], withViewer: boolean, name = ''): PageQuery {
  const counted = db.select({ value: count() }).from(table).where(filter);
  const viewer: Record<string, SQL> = withViewer ? { [VIEWER]: viewerScopeColumn(db, 'viewer_id') } : {};
  const select = db
    .select({ ...getTableColumns(table), [TOTAL]: sql`${counted}`, ...viewer })
    .from(table)
    .where(filter)
    .orderBy(...ordering)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  // What `select.prepare(name)` does, with the reader above in place of Drizzle's mapping.
  return preparedWithReader(db, dialect.sqlToQuery(select.getSQL()), name, pageRowsReader(table));
}

const dialect = new PgDialect();

/**
 * The filter as SQL text with placeholders `p1`...`pN` where its values were, so one query
 * built from it serves every request of that shape. Undefined when the text's `$n` markers are
 * not exactly the values in order (a `$1` written into the SQL itself): that filter is then
 * built into its query afresh each time.
 */
function filterTemplate(text: string, valueCount: number): SQL | undefined {
  // Odd entries are the numbers of the markers, even ones the text between them.
  const pieces = text.split(/\$(\d+)/);
  if (pieces.length !== 2 * valueCount + 1) return undefined;
  const chunks: SQL[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (index % 2 === 0) chunks.push(sql.raw(piece));
    else if (Number(piece) === (index + 1) / 2) chunks.push(sql`${sql.placeholder(`p${piece}`)}`);
    else return undefined;
  }
  return sql.join(chunks);
}

/** Shapes kept per database handle; the oldest is forgotten first (it is only built again). */
const SHAPES_MAX = 1000;
const pageQueriesByDb = new WeakMap<Db, Map<string, PageQuery>>();
let shapesBuilt = 0;

/**
 * Drizzle spends more CPU building the page query (~70 µs) than anything else in a list
 * request, yet the query is the same for every request of one list, caller kind, search or
 * not, and ordering: only the values differ. So each shape is built once and run with each
 * request's values. The shape is the table, the filter's text (cheap to render on its own) and
 * the ordering's columns.
 */
function cachedPageQuery(
  db: Db,
  table: PgTable,
  filter: { sql: string; params: unknown[] },
  ordering: { terms: () => SQL[]; key: string },
  withViewer: boolean,
): PageQuery | undefined {
  let shapes = pageQueriesByDb.get(db);
  if (!shapes) {
    shapes = new Map();
    pageQueriesByDb.set(db, shapes);
  }
  const shape = `${getTableName(table)}\n${filter.sql}\n${ordering.key}${withViewer ? '\nviewer' : ''}`;
  const known = shapes.get(shape);
  if (known) return known;
  const template = filterTemplate(filter.sql, filter.params.length);
  if (!template) return undefined;
  shapesBuilt += 1;
  const query = pageQuery(db, table, template, ordering.terms(), withViewer, `list_page_${shapesBuilt}`);
  if (shapes.size >= SHAPES_MAX) shapes.delete(shapes.keys().next().value as string);
  shapes.set(shape, query);
  return query;
}

export async function listRows<T extends PgTable>(db: Db, spec: ListSpec<T>, request: ListRequest): Promise<Listed<T['$inferSelect']>> {
  const page = request.page ?? 1;
  const pageSize = request.page_size ?? LIST_PAGE_SIZE_DEFAULT;
  const search = request.search?.trim();
  const where = and(...spec.where, search ? or(...spec.searchIn.map((column) => ilike(column, likePattern(search)))) : undefined) ?? sql`true`;
  const table = spec.table as PgTable;
  const ordering = orderingOf(spec as ListSpec<PgTable>, request.ordering);
  const filter = dialect.sqlToQuery(where);
  const withViewer = spec.viewer !== undefined;
  const query = cachedPageQuery(db, table, filter, ordering, withViewer) ?? pageQuery(db, table, where, ordering.terms(), withViewer);
  const values: Record<string, unknown> = { limit: pageSize, offset: (page - 1) * pageSize };
  for (const [index, value] of filter.params.entries()) values[`p${index + 1}`] = value;
  if (spec.viewer) values.viewer_id = spec.viewer.userId;
  const { rows, total, viewer } = await query.execute(values);
  // An empty page has no row to carry it: the viewer is then read by whoever asked (readAsViewer).
  if (spec.viewer && rows.length > 0) spec.viewer.seen = viewerScopeOf(viewer, spec.viewer.epoch);
  // A page past the end (or an empty list) has no row to carry the count: asked for on its own.
  const counted = total ?? (await db.select({ value: count() }).from(table).where(where))[0]?.value ?? 0;
  return { count: counted, rows: rows as T['$inferSelect'][], page, pageSize };
}
