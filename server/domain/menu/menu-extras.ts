import { soldOutOf } from './menu-items';
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MENU_DEFAULTS } from '../../../contracts/menu';
import type {
  ExtraGroup,
  ExtraGroupCreate,
  ExtraGroupListQuery,
  ExtraGroupUpdate,
  ExtraSelection,
  ExtraSelectionCreate,
  ExtraSelectionListQuery,
  ExtraSelectionUpdate,
  ORDERING,
} from '../../../contracts/menu';
import type { Db } from '../../db/database';
import { statementChunks } from '../../db/multi-row';
import { extraGroups, extraSelections } from '../../db/schema-menu';
import { assertCategoryChild, categoryForNewRows, inReadableCategories } from './menu-categories';
import { listRows, type Listed } from '../shared/listing';
import { lockFor } from './menu-rows';
import type { Scope } from '../shared/scope';
import { checkedRestaurantFilter, checkSameRestaurant, notFound } from '../shared/tenancy';

/**
 * Extra option groups of a category and their priced selections (spec sections 3 and 5):
 * a new group is 'New group' with images on; a selection's name is made unique within its
 * group with a number suffix ('New', 'New 2', ...).
 */
export type GroupRow = typeof extraGroups.$inferSelect;
export type SelectionRow = typeof extraSelections.$inferSelect;
export type NewGroup = Omit<ExtraGroupCreate, 'category_id' | 'restaurant_id'>;
export type NewSelection = Omit<ExtraSelectionCreate, 'group_id' | 'restaurant_id'>;

export const toGroup = (row: GroupRow): ExtraGroup => ({
  id: row.id,
  category_id: row.categoryId,
  name: row.name,
  required: row.required,
  allow_multiple: row.allowMultiple,
  add_images_to_selections: row.addImagesToSelections,
});

export const toSelection = (row: SelectionRow): ExtraSelection => ({
  id: row.id,
  group_id: row.groupId,
  name: row.name,
  price: row.price,
  image_url: row.imageUrl,
  ...soldOutOf(row.soldOutUntil),
});

// ---- Groups --------------------------------------------------------------------------------

async function groupInScope(db: Db, scope: Scope, id: number, what = 'Extra option group', lock = false): Promise<GroupRow & { restaurantId: number }> {
  const query = db.select().from(extraGroups).where(eq(extraGroups.id, id));
  const [row] = lock ? await query.for('key share') : await query;
  if (!row) throw notFound(what);
  return { ...row, restaurantId: await assertCategoryChild(db, scope, row.categoryId, what) };
}

/** `groupInScope` for a new selection: locked against deletion (its own or its category's), as `categoryForNewRows` says why. */
const groupForNewRows = (tx: Db, scope: Scope, id: number) => groupInScope(tx, scope, id, undefined, true);

export async function listGroups(db: Db, scope: Scope, query: ExtraGroupListQuery): Promise<Listed<ExtraGroup>> {
  const restaurantId = await checkedRestaurantFilter(db, scope, query.restaurant_id);
  const listed = await listRows(
    db,
    {
      table: extraGroups,
      where: [
        inReadableCategories(db, scope, extraGroups.categoryId, restaurantId),
        query.category_id === undefined ? undefined : eq(extraGroups.categoryId, query.category_id),
      ],
      searchIn: [extraGroups.name],
      orderBy: { id: extraGroups.id, name: extraGroups.name } satisfies Record<(typeof ORDERING.extraGroups)[number], AnyPgColumn>,
      id: extraGroups.id,
      viewer: scope.viewerCheck,
    },
    query,
  );
  return { ...listed, rows: listed.rows.map(toGroup) };
}

export async function getGroup(db: Db, scope: Scope, id: number): Promise<ExtraGroup> {
  return toGroup(await groupInScope(db, scope, id));
}

export const groupColumns = (body: NewGroup) => ({
  ...(body.name === undefined ? {} : { name: body.name }),
  ...(body.required === undefined ? {} : { required: body.required }),
  ...(body.allow_multiple === undefined ? {} : { allowMultiple: body.allow_multiple }),
  ...(body.add_images_to_selections === undefined ? {} : { addImagesToSelections: body.add_images_to_selections }),
});

/** A group of a category the caller may change (deep create uses this too). */
export async function insertGroup(tx: Db, categoryId: number, body: NewGroup): Promise<GroupRow> {
  const [row] = await tx
    .insert(extraGroups)
    .values({ categoryId, name: MENU_DEFAULTS.groupName, addImagesToSelections: MENU_DEFAULTS.addImagesToSelections, ...groupColumns(body) })
    .returning();
  if (!row) throw new Error('insert returned no group');
  return row;
}

export async function createGroup(tx: Db, scope: Scope, body: ExtraGroupCreate): Promise<ExtraGroup> {
  const category = await categoryForNewRows(tx, scope, body.category_id, body.restaurant_id);
  const { category_id: _category, restaurant_id: _restaurant, ...group } = body;
  return toGroup(await insertGroup(tx, category.id, group));
}

export async function updateGroup(tx: Db, scope: Scope, id: number, body: ExtraGroupUpdate): Promise<ExtraGroup> {
  const current = await groupInScope(tx, scope, id);
  const changes = groupColumns(body);
  if (Object.keys(changes).length === 0) return toGroup(current);
  const [row] = await tx.update(extraGroups).set(changes).where(eq(extraGroups.id, id)).returning();
  return toGroup(row as GroupRow);
}

/** Its selections go with it (ON DELETE CASCADE). */
export async function deleteGroup(tx: Db, scope: Scope, id: number): Promise<void> {
  await groupInScope(tx, scope, id);
  await tx.delete(extraGroups).where(eq(extraGroups.id, id));
}

// ---- Selections ----------------------------------------------------------------------------

/**
 * `wanted` if no name in `taken` (lower-cased) is the same ignoring case; else the first free
 * `base n` from 2, where base is `wanted` without a number suffix of its own, so a second
 * 'New 2' becomes 'New 3' rather than 'New 2 2'.
 */
export function freeName(taken: ReadonlySet<string>, wanted: string): string {
  if (!taken.has(wanted.toLowerCase())) return wanted;
  const base = wanted.replace(/ \d+$/, '') || wanted;
  for (let n = 2; ; n += 1) {
    const candidate = `${base} ${n}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** freeName among the group's stored selections. The caller holds the group's lock. */
async function uniqueName(tx: Db, groupId: number, wanted: string, exceptId?: number): Promise<string> {
  const rows = await tx
    .select({ name: extraSelections.name })
    .from(extraSelections)
    .where(and(eq(extraSelections.groupId, groupId), exceptId === undefined ? undefined : ne(extraSelections.id, exceptId)));
  return freeName(new Set(rows.map((row) => row.name.toLowerCase())), wanted);
}

async function selectionInScope(db: Db, scope: Scope, id: number): Promise<SelectionRow> {
  const [row] = await db.select().from(extraSelections).where(eq(extraSelections.id, id));
  if (!row) throw notFound('Extra selection');
  await groupInScope(db, scope, row.groupId, 'Extra selection');
  return row;
}

/** Selections of groups whose category the scope may read. */
function inReadableGroups(db: Db, scope: Scope, restaurantId: number | undefined): SQL | undefined {
  const groups = inReadableCategories(db, scope, extraGroups.categoryId, restaurantId);
  return groups && inArray(extraSelections.groupId, db.select({ id: extraGroups.id }).from(extraGroups).where(groups));
}

export async function listSelections(db: Db, scope: Scope, query: ExtraSelectionListQuery): Promise<Listed<ExtraSelection>> {
  const restaurantId = await checkedRestaurantFilter(db, scope, query.restaurant_id);
  const listed = await listRows(
    db,
    {
      table: extraSelections,
      where: [inReadableGroups(db, scope, restaurantId), query.group_id === undefined ? undefined : eq(extraSelections.groupId, query.group_id)],
      searchIn: [extraSelections.name],
      orderBy: { id: extraSelections.id, name: extraSelections.name, price: extraSelections.price } satisfies Record<
        (typeof ORDERING.extraSelections)[number],
        AnyPgColumn
      >,
      id: extraSelections.id,
      viewer: scope.viewerCheck,
    },
    query,
  );
  return { ...listed, rows: listed.rows.map(toSelection) };
}

export async function getSelection(db: Db, scope: Scope, id: number): Promise<ExtraSelection> {
  return toSelection(await selectionInScope(db, scope, id));
}

/** Selections of a group the caller may change, in order, each name made unique. */
export async function insertSelections(tx: Db, groupId: number, selections: NewSelection[]): Promise<SelectionRow[]> {
  if (selections.length === 0) return [];
  await lockFor(tx, 'extra-selections', groupId);
  const rows: SelectionRow[] = [];
  for (const selection of selections) {
    const [row] = await tx
      .insert(extraSelections)
      .values({
        groupId,
        name: await uniqueName(tx, groupId, selection.name ?? MENU_DEFAULTS.selectionName),
        price: selection.price ?? MENU_DEFAULTS.price,
        imageUrl: selection.image_url ?? null,
      })
      .returning();
    rows.push(row as SelectionRow);
  }
  return rows;
}

/** A new group with its new selections, as the deep create receives them. */
export type NewGroupWithSelections = NewGroup & { selections?: NewSelection[] };

/**
 * Groups of a category made in this transaction, with their selections, in a handful of
 * statements (issue 28): every group in one multi-row insert, then every selection in another
 * (cut where one would pass the bind-parameter limit). One statement per row held PGlite, and a
 * PostgreSQL connection, for a minute and more at 20,100 rows. The groups are new, so nobody
 * else can see them: no lock is needed and names are made unique in memory, as insertSelections
 * would make them one by one. Rows come back in the order given: a multi-row insert takes serial
 * ids in the order of its VALUES, and the answer is sorted by id to rely on nothing else.
 */
export async function insertNewGroups(
  tx: Db,
  categoryId: number,
  groups: NewGroupWithSelections[],
): Promise<(ExtraGroup & { selections: ExtraSelection[] })[]> {
  if (groups.length === 0) return [];
  const groupValues = groups.map(({ selections: _selections, ...group }) => ({
    categoryId,
    name: MENU_DEFAULTS.groupName,
    addImagesToSelections: MENU_DEFAULTS.addImagesToSelections,
    ...groupColumns(group),
  }));
  const groupRows: GroupRow[] = [];
  for (const chunk of statementChunks(groupValues, GROUP_COLUMNS)) groupRows.push(...(await tx.insert(extraGroups).values(chunk).returning()));
  groupRows.sort((a, b) => a.id - b.id);

  const selectionValues = groups.flatMap((group, index) => {
    const groupId = (groupRows[index] as GroupRow).id;
    const taken = new Set<string>();
    return (group.selections ?? []).map((selection) => {
      const name = freeName(taken, selection.name ?? MENU_DEFAULTS.selectionName);
      taken.add(name.toLowerCase());
      return { groupId, name, price: selection.price ?? MENU_DEFAULTS.price, imageUrl: selection.image_url ?? null };
    });
  });
  const selectionRows: SelectionRow[] = [];
  for (const chunk of statementChunks(selectionValues, SELECTION_COLUMNS)) {
    selectionRows.push(...(await tx.insert(extraSelections).values(chunk).returning()));
  }
  selectionRows.sort((a, b) => a.id - b.id);
  return groupRows.map((row) => ({ ...toGroup(row), selections: selectionRows.filter((selection) => selection.groupId === row.id).map(toSelection) }));
}

/** Bind parameters one inserted row may take (every column but the id). */
const GROUP_COLUMNS = 5;
export const SELECTION_COLUMNS = 4;

export async function createSelection(tx: Db, scope: Scope, body: ExtraSelectionCreate): Promise<ExtraSelection> {
  const group = await groupForNewRows(tx, scope, body.group_id);
  checkSameRestaurant(body.restaurant_id, group.restaurantId);
  const { group_id: _group, restaurant_id: _restaurant, ...selection } = body;
  const [row] = await insertSelections(tx, group.id, [selection]);
  return toSelection(row as SelectionRow);
}

export async function updateSelection(tx: Db, scope: Scope, id: number, body: ExtraSelectionUpdate): Promise<ExtraSelection> {
  const current = await selectionInScope(tx, scope, id);
  if (body.name !== undefined) await lockFor(tx, 'extra-selections', current.groupId);
  const changes = {
    ...(body.name === undefined ? {} : { name: await uniqueName(tx, current.groupId, body.name, id) }),
    ...(body.price === undefined ? {} : { price: body.price }),
    ...(body.image_url === undefined ? {} : { imageUrl: body.image_url }),
  };
  if (Object.keys(changes).length === 0) return toSelection(current);
  const [row] = await tx.update(extraSelections).set(changes).where(eq(extraSelections.id, id)).returning();
  return toSelection(row as SelectionRow);
}

export async function deleteSelection(tx: Db, scope: Scope, id: number): Promise<void> {
  await selectionInScope(tx, scope, id);
  await tx.delete(extraSelections).where(eq(extraSelections.id, id));
}
