import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Dressing, DressingCreate, DressingUpdate, ORDERING, Topping, ToppingCreate, ToppingListQuery, ToppingUpdate } from '../../../contracts/menu';
import type { Db } from '../../db/database';
import { dressings, toppings } from '../../db/schema-menu';
import { HttpError } from '../../http-error';
import { listRows, type Listed } from '../shared/listing';
import type { Scope } from '../shared/scope';
import {
  changeableRow,
  checkedRestaurantFilter,
  libraryKindRows,
  ownerForNewLibraryKindRow,
  readableRow,
  readableRows,
  restaurantForNewRow,
  restaurantScope,
} from '../shared/tenancy';
import { lockFor } from './menu-rows';

/**
 * Toppings and dressings: simple named rows that are either a restaurant's own or the platform
 * library's (restaurant_id null). Both follow exactly the same rules, so both are made by
 * `libraryRows` from a description of their table; only their columns differ.
 */
type LibraryTable = PgTable & { id: AnyPgColumn; restaurantId: AnyPgColumn; name: AnyPgColumn };
type LibraryRow = { id: number; restaurantId: number | null; name: string };

type LibraryKind<Row extends LibraryRow, Answer, Create extends { restaurant_id?: number | null }, Update> = {
  label: string;
  /** The refusal of a name another row of the same restaurant (or of the library) has. */
  nameTaken: string;
  table: LibraryTable;
  toAnswer: (row: Row) => Answer;
  /** Column values of a create or update body (restaurant_id excluded). */
  columnsOf: (body: Omit<Create, 'restaurant_id'> | Update) => Partial<Row>;
  /** The columns a copy takes over. */
  copyOf: (row: Row) => Partial<Row>;
};

/** `q` (spec section 7) and `search` are the same filter; `search` wins when both are sent. */
export type LibraryListQuery = Pick<ToppingListQuery, 'page' | 'page_size' | 'ordering' | 'search' | 'q' | 'restaurant_id'>;

function libraryRows<Row extends LibraryRow, Answer, Create extends { restaurant_id?: number | null }, Update>(kind: LibraryKind<Row, Answer, Create, Update>) {
  const { table } = kind;
  // Drizzle cannot infer row types through a generic table; the casts below restate `Row`,
  // which the two descriptions at the bottom of this file tie to their real tables.
  const find = async (db: Db, id: number): Promise<Row | undefined> => ((await db.select().from(table).where(eq(table.id, id))) as Row[])[0];

  const readable = async (db: Db, scope: Scope, id: number): Promise<Row> => readableRow(scope, await find(db, id), kind.label);
  const changeable = async (db: Db, scope: Scope, id: number): Promise<Row> => changeableRow(scope, await find(db, id), kind.label);

  /** Names compare as a person reads them: 'Olives' and ' olives' are one topping. */
  const sameName = (name: string) => sql`lower(btrim(${table.name})) = lower(btrim(${name}))`;

  /**
   * Refuses a name another row of the restaurant (or of the library) already has. No unique index
   * backs this: databases may hold such pairs from before the rule, and an index would make the
   * migration fail on them. Instead the check and the write run under one lock per restaurant
   * and kind, held to the end of the caller's transaction, so two saves cannot both pass it.
   */
  const assertNameFree = async (tx: Db, restaurantId: number | null, name: string, exceptId?: number): Promise<void> => {
    await lockFor(tx, `${kind.label} names`, restaurantId ?? 0);
    const [clash] = await tx
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          restaurantId === null ? isNull(table.restaurantId) : eq(table.restaurantId, restaurantId),
          sameName(name),
          exceptId === undefined ? undefined : ne(table.id, exceptId),
        ),
      )
      .limit(1);
    if (clash) throw new HttpError(409, 'duplicate', kind.nameTaken, { fields: { name: kind.nameTaken } });
  };

  const insert = async (tx: Db, values: Partial<Row>): Promise<Answer> => {
    await assertNameFree(tx, values.restaurantId ?? null, values.name ?? '');
    const [row] = (await tx
      .insert(table)
      .values(values as never)
      .returning()) as Row[];
    return kind.toAnswer(row as Row);
  };

  return {
    /** The caller's restaurant's rows and the library, or one restaurant's when filtered. */
    async list(db: Db, scope: Scope, query: LibraryListQuery): Promise<Listed<Answer>> {
      const restaurantId = await checkedRestaurantFilter(db, scope, query.restaurant_id);
      const listed = await listRows(
        db,
        {
          table,
          where: libraryKindRows(scope, table.restaurantId, restaurantId),
          searchIn: [table.name],
          orderBy: { id: table.id, name: table.name } satisfies Record<(typeof ORDERING.toppings)[number], AnyPgColumn>,
          id: table.id,
          viewer: scope.viewerCheck,
        },
        { ...query, search: query.search ?? query.q },
      );
      return { ...listed, rows: (listed.rows as Row[]).map(kind.toAnswer) };
    },

    async get(db: Db, scope: Scope, id: number): Promise<Answer> {
      return kind.toAnswer(await readable(db, scope, id));
    },

    async create(tx: Db, scope: Scope, body: Create): Promise<Answer> {
      const { restaurant_id: requested, ...rest } = body;
      const restaurantId = await ownerForNewLibraryKindRow(tx, scope, requested);
      return insert(tx, { ...kind.columnsOf(rest), restaurantId } as Partial<Row>);
    },

    async update(tx: Db, scope: Scope, id: number, body: Update): Promise<Answer> {
      const current = await changeable(tx, scope, id);
      const changes = kind.columnsOf(body);
      if (Object.keys(changes).length === 0) return kind.toAnswer(current);
      // Only a new name is checked: a pair saved before the rule can still have its picture changed.
      if (changes.name !== undefined && changes.name.trim().toLowerCase() !== current.name.trim().toLowerCase()) {
        await assertNameFree(tx, current.restaurantId, changes.name, id);
      }
      const [row] = (await tx
        .update(table)
        .set(changes as never)
        .where(eq(table.id, id))
        .returning()) as Row[];
      return kind.toAnswer(row as Row);
    },

    async remove(tx: Db, scope: Scope, id: number): Promise<void> {
      await changeable(tx, scope, id);
      await tx.delete(table).where(eq(table.id, id));
    },

    /** An editable copy of a readable row (usually a library one) in a restaurant the caller acts in. */
    async copy(tx: Db, scope: Scope, id: number, requested: number | undefined): Promise<Answer> {
      const source = await readable(tx, scope, id);
      const restaurantId = await restaurantForNewRow(tx, scope, requested);
      return insert(tx, { ...kind.copyOf(source), restaurantId } as Partial<Row>);
    },

    /** The rows among `ids` that may be attached to a category of `restaurantId`, by id. */
    async usableIds(db: Db, ids: number[], restaurantId: number): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = (await db
        .select()
        .from(table)
        .where(and(inArray(table.id, ids), readableRows(restaurantScope(restaurantId), table.restaurantId, { library: true })))) as Row[];
      return new Set(rows.map((row) => row.id));
    },
  };
}

type ToppingRow = typeof toppings.$inferSelect;
type DressingRow = typeof dressings.$inferSelect;

export const toppingRows = libraryRows<ToppingRow, Topping, ToppingCreate, ToppingUpdate>({
  label: 'Topping',
  nameTaken: 'This name is already used by another topping.',
  table: toppings,
  toAnswer: (row) => ({ id: row.id, name: row.name, image_url: row.imageUrl, restaurant_id: row.restaurantId }),
  columnsOf: (body) => ({
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(body.image_url === undefined ? {} : { imageUrl: body.image_url }),
  }),
  copyOf: (row) => ({ name: row.name, imageUrl: row.imageUrl }),
});

export const dressingRows = libraryRows<DressingRow, Dressing, DressingCreate, DressingUpdate>({
  label: 'Dressing',
  nameTaken: 'This name is already used by another dressing.',
  table: dressings,
  toAnswer: (row) => ({ id: row.id, name: row.name, restaurant_id: row.restaurantId }),
  columnsOf: (body) => (body.name === undefined ? {} : { name: body.name }),
  copyOf: (row) => ({ name: row.name }),
});
