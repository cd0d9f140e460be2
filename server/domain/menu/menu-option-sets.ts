import { asc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MENU_MESSAGES } from '../../../contracts/menu';
import type { ORDERING, PrimaryOptionSet, PrimaryOptionSetCreate, PrimaryOptionSetListQuery, PrimaryOptionSetUpdate } from '../../../contracts/menu';
import type { Db } from '../../db/database';
import { optionSetSelections, optionSets } from '../../db/schema-menu';
import { HttpError } from '../../http-error';
import { listRows, type Listed } from '../shared/listing';
import type { Scope } from '../shared/scope';
import { changeableRow, checkedRestaurantFilter, libraryKindRows, ownerForNewLibraryKindRow, readableRow, restaurantForNewRow } from '../shared/tenancy';

/**
 * Primary option sets and their ordered selections. A set is a restaurant's own or the
 * platform library's; a library set whose `prevent_restaurant_changes` is off may be copied
 * into a restaurant, where the copy is the owner's to change.
 */
type SetRow = typeof optionSets.$inferSelect;
type SelectionRow = typeof optionSetSelections.$inferSelect;

async function selectionsOf(db: Db, setIds: number[]): Promise<Map<number, SelectionRow[]>> {
  const bySet = new Map<number, SelectionRow[]>(setIds.map((id) => [id, []]));
  if (setIds.length === 0) return bySet;
  const rows = await db
    .select()
    .from(optionSetSelections)
    .where(inArray(optionSetSelections.setId, setIds))
    .orderBy(asc(optionSetSelections.position), asc(optionSetSelections.id));
  for (const row of rows) bySet.get(row.setId)?.push(row);
  return bySet;
}

const toSet = (row: SetRow, selections: SelectionRow[]): PrimaryOptionSet => ({
  id: row.id,
  name: row.name,
  restaurant_id: row.restaurantId,
  prevent_restaurant_changes: row.preventRestaurantChanges,
  allow_images: row.allowImages,
  selections: selections.map((selection) => ({ id: selection.id, name: selection.name, image_url: selection.imageUrl, position: selection.position })),
});

async function answer(db: Db, row: SetRow): Promise<PrimaryOptionSet> {
  return toSet(row, (await selectionsOf(db, [row.id])).get(row.id) ?? []);
}

async function findSet(db: Db, id: number): Promise<SetRow | undefined> {
  const [row] = await db.select().from(optionSets).where(eq(optionSets.id, id));
  return row;
}

const readableSet = async (db: Db, scope: Scope, id: number): Promise<SetRow> => readableRow(scope, await findSet(db, id), 'Primary option set');
const changeableSet = async (db: Db, scope: Scope, id: number): Promise<SetRow> => changeableRow(scope, await findSet(db, id), 'Primary option set');

export async function listOptionSets(db: Db, scope: Scope, query: PrimaryOptionSetListQuery): Promise<Listed<PrimaryOptionSet>> {
  const restaurantId = await checkedRestaurantFilter(db, scope, query.restaurant_id);
  const listed = await listRows(
    db,
    {
      table: optionSets,
      where: libraryKindRows(scope, optionSets.restaurantId, restaurantId),
      searchIn: [optionSets.name],
      orderBy: { id: optionSets.id, name: optionSets.name } satisfies Record<(typeof ORDERING.primaryOptions)[number], AnyPgColumn>,
      id: optionSets.id,
      viewer: scope.viewerCheck,
    },
    query,
  );
  const selections = await selectionsOf(
    db,
    listed.rows.map((row) => row.id),
  );
  return { ...listed, rows: listed.rows.map((row) => toSet(row, selections.get(row.id) ?? [])) };
}

export async function getOptionSet(db: Db, scope: Scope, id: number): Promise<PrimaryOptionSet> {
  return answer(db, await readableSet(db, scope, id));
}

async function insertSet(tx: Db, values: typeof optionSets.$inferInsert, selections: { name: string; image_url?: string | null }[]): Promise<PrimaryOptionSet> {
  const [row] = await tx.insert(optionSets).values(values).returning();
  if (!row) throw new Error('insert returned no option set');
  await tx.insert(optionSetSelections).values(
    selections.map((selection, position) => ({
      setId: row.id,
      name: selection.name,
      imageUrl: selection.image_url ?? null,
      position,
    })),
  );
  return answer(tx, row);
}

export async function createOptionSet(tx: Db, scope: Scope, body: PrimaryOptionSetCreate): Promise<PrimaryOptionSet> {
  const restaurantId = await ownerForNewLibraryKindRow(tx, scope, body.restaurant_id);
  return insertSet(
    tx,
    {
      restaurantId,
      name: body.name,
      preventRestaurantChanges: body.prevent_restaurant_changes ?? false,
      allowImages: body.allow_images ?? false,
    },
    body.selections,
  );
}

const invalidSelections = (message: string) => new HttpError(400, 'invalid', 'Some fields are not valid.', { fields: { selections: message } });

/**
 * Makes the set's selections exactly `wanted`, in that order: listed ids are kept (and
 * renamed or re-imaged when those fields are given), new entries are added, the rest removed.
 */
async function replaceSelections(tx: Db, setId: number, wanted: NonNullable<PrimaryOptionSetUpdate['selections']>): Promise<void> {
  const existing = new Map(((await selectionsOf(tx, [setId])).get(setId) ?? []).map((row) => [row.id, row]));
  const stranger = wanted.find((selection) => selection.id !== undefined && !existing.has(selection.id));
  if (stranger) throw invalidSelections(`Selection ${stranger.id} is not part of this set.`);
  const names = wanted.map((selection) => (selection.id === undefined ? selection.name : (selection.name ?? existing.get(selection.id)?.name)) ?? '');
  const keys = names.map((name) => name.toLowerCase());
  if (keys.some((key) => key === '') || new Set(keys).size !== keys.length) throw invalidSelections(MENU_MESSAGES.optionSet);

  const kept = new Set(wanted.flatMap((selection) => (selection.id === undefined ? [] : [selection.id])));
  const removed = [...existing.keys()].filter((id) => !kept.has(id));
  if (removed.length > 0) await tx.delete(optionSetSelections).where(inArray(optionSetSelections.id, removed));
  for (const [position, selection] of wanted.entries()) {
    const name = names[position] as string;
    if (selection.id === undefined) {
      await tx.insert(optionSetSelections).values({ setId, name, imageUrl: selection.image_url ?? null, position });
    } else {
      await tx
        .update(optionSetSelections)
        .set({ name, position, ...(selection.image_url === undefined ? {} : { imageUrl: selection.image_url }) })
        .where(eq(optionSetSelections.id, selection.id));
    }
  }
}

export async function updateOptionSet(tx: Db, scope: Scope, id: number, body: PrimaryOptionSetUpdate): Promise<PrimaryOptionSet> {
  const current = await changeableSet(tx, scope, id);
  const changes = {
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(body.prevent_restaurant_changes === undefined ? {} : { preventRestaurantChanges: body.prevent_restaurant_changes }),
    ...(body.allow_images === undefined ? {} : { allowImages: body.allow_images }),
  };
  const [row] = Object.keys(changes).length === 0 ? [current] : await tx.update(optionSets).set(changes).where(eq(optionSets.id, id)).returning();
  if (body.selections !== undefined) await replaceSelections(tx, id, body.selections);
  return answer(tx, row as SetRow);
}

export async function deleteOptionSet(tx: Db, scope: Scope, id: number): Promise<void> {
  await changeableSet(tx, scope, id);
  await tx.delete(optionSets).where(eq(optionSets.id, id));
}

/**
 * An editable copy, with its selections, in a restaurant the caller acts in. A set the
 * platform locked (`prevent_restaurant_changes`) cannot be copied, except by administrators.
 */
export async function copyOptionSet(tx: Db, scope: Scope, id: number, requested: number | undefined): Promise<PrimaryOptionSet> {
  const source = await readableSet(tx, scope, id);
  if (source.preventRestaurantChanges && !scope.administrator) {
    throw new HttpError(403, 'locked', 'The platform does not allow changes to this option set, so it cannot be copied.');
  }
  const restaurantId = await restaurantForNewRow(tx, scope, requested);
  const selections = (await selectionsOf(tx, [id])).get(id) ?? [];
  return insertSet(
    tx,
    { restaurantId, name: source.name, preventRestaurantChanges: false, allowImages: source.allowImages },
    selections.map((selection) => ({ name: selection.name, image_url: selection.imageUrl })),
  );
}
