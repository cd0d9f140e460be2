import { and, eq, ne } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { categoryDressings, categoryToppings } from '../../db/schema-menu';
import { HttpError } from '../../http-error';
import { assertCategoryChild, categoryForNewRows, inReadableCategories } from './menu-categories';
import { dressingRows, toppingRows } from './menu-library';
import { listRows, type Listed, type ListRequest } from '../shared/listing';
import type { Scope } from '../shared/scope';
import { checkedRestaurantFilter, notFound } from '../shared/tenancy';

/**
 * Which toppings and which dressings a category offers. The two are the same rules over two
 * tables: a category the caller may change, and a topping/dressing that is the library's or
 * that category's restaurant's own (another restaurant's answers 404, like an unknown id).
 */
type AssignmentRow = { id: number; categoryId: number; refId: number };
type RefKey = 'topping_id' | 'dressing_id';
type Answer<K extends RefKey> = { id: number; category_id: number } & Record<K, number>;

type AssignmentKind<K extends RefKey> = {
  label: string;
  refLabel: string;
  refKey: K;
  table: PgTable & { id: AnyPgColumn; categoryId: AnyPgColumn };
  ref: AnyPgColumn;
  /** The table's own name of the reference column (toppingId, dressingId). */
  refProperty: string;
  usableIds: (db: Db, ids: number[], restaurantId: number) => Promise<Set<number>>;
};

export type AssignmentListQuery = ListRequest & { restaurant_id?: number; category_id?: number } & Partial<Record<RefKey, number>>;

function assignments<K extends RefKey>(kind: AssignmentKind<K>) {
  const { table } = kind;
  // Drizzle cannot infer row types through a generic table: rows are read back through `toRow`.
  const toRow = (row: Record<string, unknown>): AssignmentRow => ({
    id: row.id as number,
    categoryId: row.categoryId as number,
    refId: row[kind.refProperty] as number,
  });
  const toAnswer = (row: AssignmentRow) => ({ id: row.id, category_id: row.categoryId, [kind.refKey]: row.refId }) as Answer<K>;

  /** The assignment and its category's restaurant, when the scope acts in it; else 404. */
  const inScope = async (db: Db, scope: Scope, id: number): Promise<AssignmentRow & { restaurantId: number }> => {
    const [found] = (await db.select().from(table).where(eq(table.id, id))) as Record<string, unknown>[];
    if (!found) throw notFound(kind.label);
    const row = toRow(found);
    return { ...row, restaurantId: await assertCategoryChild(db, scope, row.categoryId, kind.label) };
  };

  /** 404 unless every id may be attached to a category of `restaurantId`. */
  const checkUsable = async (db: Db, ids: number[], restaurantId: number) => {
    const usable = await kind.usableIds(db, ids, restaurantId);
    const missing = ids.find((id) => !usable.has(id));
    if (missing !== undefined) {
      throw new HttpError(404, 'not_found', `${kind.refLabel} not found.`, { fields: { [kind.refKey]: `${kind.refLabel} ${missing} not found.` } });
    }
  };

  const duplicate = () => new HttpError(409, 'duplicate', `This ${kind.refLabel.toLowerCase()} is already assigned to the category.`);

  /** Attaches `refIds` to a category the caller may change (deep create uses this too). */
  const attach = async (tx: Db, category: { id: number; restaurantId: number }, refIds: number[]): Promise<Answer<K>[]> => {
    if (refIds.length === 0) return [];
    await checkUsable(tx, refIds, category.restaurantId);
    const rows = (await tx
      .insert(table)
      .values(refIds.map((refId) => ({ categoryId: category.id, [kind.refProperty]: refId })) as never)
      .onConflictDoNothing()
      .returning()) as Record<string, unknown>[];
    if (rows.length !== refIds.length) throw duplicate();
    return rows.map((row) => toAnswer(toRow(row)));
  };

  return {
    async list(db: Db, scope: Scope, query: AssignmentListQuery): Promise<Listed<Answer<K>>> {
      const restaurantId = await checkedRestaurantFilter(db, scope, query.restaurant_id);
      const refFilter = query[kind.refKey];
      const listed = await listRows(
        db,
        {
          table,
          where: [
            inReadableCategories(db, scope, table.categoryId, restaurantId),
            query.category_id === undefined ? undefined : eq(table.categoryId, query.category_id),
            refFilter === undefined ? undefined : eq(kind.ref, refFilter),
          ],
          searchIn: [],
          // ORDERING.categoryToppings / categoryDressings: id and the reference column.
          orderBy: { id: table.id, [kind.refKey]: kind.ref },
          id: table.id,
          viewer: scope.viewerCheck,
        },
        { ...query, search: undefined },
      );
      return { ...listed, rows: (listed.rows as Record<string, unknown>[]).map((row) => toAnswer(toRow(row))) };
    },

    async get(db: Db, scope: Scope, id: number): Promise<Answer<K>> {
      return toAnswer(await inScope(db, scope, id));
    },

    attach,

    async create(tx: Db, scope: Scope, body: { category_id: number; restaurant_id?: number } & Record<K, number>): Promise<Answer<K>> {
      const category = await categoryForNewRows(tx, scope, body.category_id, body.restaurant_id);
      const [row] = await attach(tx, category, [body[kind.refKey]]);
      return row as Answer<K>;
    },

    async update(tx: Db, scope: Scope, id: number, body: Record<K, number>): Promise<Answer<K>> {
      const current = await inScope(tx, scope, id);
      const refId = body[kind.refKey];
      await checkUsable(tx, [refId], current.restaurantId);
      const [clash] = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.categoryId, current.categoryId), eq(kind.ref, refId), ne(table.id, id)));
      if (clash) throw duplicate();
      const [row] = (await tx
        .update(table)
        .set({ [kind.refProperty]: refId } as never)
        .where(eq(table.id, id))
        .returning()) as Record<string, unknown>[];
      return toAnswer(toRow(row as Record<string, unknown>));
    },

    async remove(tx: Db, scope: Scope, id: number): Promise<void> {
      await inScope(tx, scope, id);
      await tx.delete(table).where(eq(table.id, id));
    },
  };
}

export const categoryToppingRows = assignments<'topping_id'>({
  label: 'Category topping',
  refLabel: 'Topping',
  refKey: 'topping_id',
  table: categoryToppings,
  ref: categoryToppings.toppingId,
  refProperty: 'toppingId',
  usableIds: toppingRows.usableIds,
});

export const categoryDressingRows = assignments<'dressing_id'>({
  label: 'Category dressing',
  refLabel: 'Dressing',
  refKey: 'dressing_id',
  table: categoryDressings,
  ref: categoryDressings.dressingId,
  refProperty: 'dressingId',
  usableIds: dressingRows.usableIds,
});
