import { eq, inArray, sql } from 'drizzle-orm';
import { MENU_DEFAULTS, type ExtraOptionsSave, type ExtraOptionsSaved } from '../../../contracts/menu';
import type { Db } from '../../db/database';
import { statementChunks } from '../../db/multi-row';
import { extraGroups, extraSelections } from '../../db/schema-menu';
import type { Scope } from '../shared/scope';
import { notFound } from '../shared/tenancy';
import { categoryForNewRows } from './menu-categories';
import { freeName, groupColumns, insertNewGroups, SELECTION_COLUMNS, toGroup, toSelection, type GroupRow, type SelectionRow } from './menu-extras';
import { lockAllFor } from './menu-rows';

type SavedGroup = ExtraOptionsSave['groups'][number];
type SavedSelection = NonNullable<SavedGroup['selections']>[number];

const groupGone = () => notFound('Extra option group');
const selectionGone = () => notFound('Extra selection');

/**
 * POST /categories/{id}/extra-options/ (issue 27): the extra options screen's Save as one
 * batch. The caller runs it in one transaction, so any refusal part-way (a row of another
 * category, a name the contract refuses) throws and nothing of the batch is kept: before,
 * the client sent each row on its own and a refused row left the earlier ones saved.
 * Deletes go first, so a name freed by a deleted selection can be taken in the same Save.
 *
 * The screen sends every row of the category on each Save, so the batch is written in a
 * handful of statements (issue 28): the category's groups and selections are read once and
 * every id is checked against them in memory, a row the Save leaves as it was is not written,
 * and new rows go in as multi-row inserts. Written one statement per row (three or more with the
 * checks), a 500-row Save held PGlite for 0.7 s and ten of them queued health for 7 s.
 */
export async function saveExtraOptions(tx: Db, scope: Scope, categoryId: number, body: ExtraOptionsSave): Promise<ExtraOptionsSaved> {
  const category = await categoryForNewRows(tx, scope, categoryId);
  const groups = new Map((await tx.select().from(extraGroups).where(eq(extraGroups.categoryId, category.id))).map((row) => [row.id, row]));
  // Names are made unique per group from what is stored: writers of a group's selections take
  // its lock (lockFor), so none changes them between this read and the writes.
  await lockAllFor(tx, 'extra-selections', [...groups.keys()]);
  const selections = new Map(
    groups.size === 0
      ? []
      : (
          await tx
            .select()
            .from(extraSelections)
            .where(inArray(extraSelections.groupId, [...groups.keys()]))
        ).map((row) => [row.id, row]),
  );

  await removeRows(tx, body, groups, selections);

  // A row named here must be of this category (another category's id answers 404 like an
  // unknown one), and a listed selection must stay in its group.
  for (const group of body.groups) {
    if (group.id !== undefined && !groups.has(group.id)) throw groupGone();
    for (const selection of group.selections ?? []) {
      if (selection.id !== undefined && selections.get(selection.id)?.groupId !== group.id) throw selectionGone();
    }
  }

  const made = await insertNewGroups(
    tx,
    category.id,
    body.groups.filter((group) => group.id === undefined),
  );
  const saved: ExtraOptionsSaved['groups'] = [];
  for (const group of body.groups) {
    if (group.id === undefined) saved.push(made.shift()!);
    else saved.push(await saveGroup(tx, groups.get(group.id)!, group, selections));
  }
  return { groups: saved };
}

/** The Save's deletes, two statements; what they remove leaves the maps too (a row named again after its delete is gone). */
async function removeRows(tx: Db, body: ExtraOptionsSave, groups: Map<number, GroupRow>, selections: Map<number, SelectionRow>): Promise<void> {
  const removedSelections = body.removed_selections ?? [];
  const removedGroups = body.removed_groups ?? [];
  if (removedSelections.some((id) => !selections.has(id))) throw selectionGone();
  if (removedGroups.some((id) => !groups.has(id))) throw groupGone();
  if (removedSelections.length > 0) await tx.delete(extraSelections).where(inArray(extraSelections.id, removedSelections));
  if (removedGroups.length > 0) await tx.delete(extraGroups).where(inArray(extraGroups.id, removedGroups));
  for (const id of removedSelections) selections.delete(id);
  for (const id of removedGroups) groups.delete(id);
  for (const [id, row] of selections) if (!groups.has(row.groupId)) selections.delete(id);
}

/**
 * One existing group: its own fields if they changed, then its selections in the Save's order.
 * Names are made unique as if each row were written in turn (a rename frees the old name for
 * the rows after it); a changed row is one UPDATE, the group's new rows one multi-row INSERT.
 */
async function saveGroup(
  tx: Db,
  current: GroupRow,
  { id: _id, selections: listed = [], ...fields }: SavedGroup,
  selections: Map<number, SelectionRow>,
): Promise<ExtraOptionsSaved['groups'][number]> {
  const groupChanges = changedColumns(current, groupColumns(fields));
  const group = groupChanges ? ((await tx.update(extraGroups).set(groupChanges).where(eq(extraGroups.id, current.id)).returning())[0] as GroupRow) : current;

  const taken = new Set([...selections.values()].filter((row) => row.groupId === current.id).map((row) => row.name.toLowerCase()));
  const rows: (SelectionRow | number)[] = [];
  const inserts: (typeof extraSelections.$inferInsert)[] = [];
  const repriced: SelectionRow[] = [];
  for (const selection of listed) {
    if (selection.id === undefined) {
      const name = freeName(taken, selection.name ?? MENU_DEFAULTS.selectionName);
      taken.add(name.toLowerCase());
      rows.push(inserts.length);
      inserts.push({ groupId: current.id, name, price: selection.price ?? MENU_DEFAULTS.price, imageUrl: selection.image_url ?? null });
    } else {
      rows.push(await saveSelection(tx, selections.get(selection.id)!, selection, taken, repriced));
    }
  }
  await writePricesAndImages(tx, repriced);
  const inserted: SelectionRow[] = [];
  for (const chunk of statementChunks(inserts, SELECTION_COLUMNS)) inserted.push(...(await tx.insert(extraSelections).values(chunk).returning()));
  inserted.sort((a, b) => a.id - b.id);
  return { ...toGroup(group), selections: rows.map((row) => toSelection(typeof row === 'number' ? inserted[row]! : row)) };
}

/**
 * One listed selection, written only when the Save changes it; `taken` follows its name. A new
 * name is written at once, in the Save's order (each row's name is checked against the unique
 * index as it is written); a row whose price or image alone changed joins `repriced`, written
 * with the others in one statement.
 */
async function saveSelection(tx: Db, current: SelectionRow, selection: SavedSelection, taken: Set<string>, repriced: SelectionRow[]): Promise<SelectionRow> {
  let name = current.name;
  if (selection.name !== undefined) {
    taken.delete(current.name.toLowerCase());
    name = freeName(taken, selection.name);
    taken.add(name.toLowerCase());
  }
  const changes = changedColumns(current, {
    name,
    ...(selection.price === undefined ? {} : { price: selection.price }),
    ...(selection.image_url === undefined ? {} : { imageUrl: selection.image_url }),
  });
  if (!changes) return current;
  if (changes.name === undefined) {
    const row = { ...current, ...changes };
    repriced.push(row);
    return row;
  }
  return (await tx.update(extraSelections).set(changes).where(eq(extraSelections.id, current.id)).returning())[0] as SelectionRow;
}

/** Bind parameters one repriced row takes: its id, price and image. */
const REPRICED_COLUMNS = 3;

/** Prices and images of many selections in one UPDATE … FROM (VALUES …) per chunk: neither is unique, so no order matters. */
async function writePricesAndImages(tx: Db, rows: readonly SelectionRow[]): Promise<void> {
  for (const chunk of statementChunks(rows, REPRICED_COLUMNS)) {
    const values = sql.join(
      chunk.map((row) => sql`(${row.id}::int, ${row.price}::numeric, ${row.imageUrl}::text)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${extraSelections} set price = v.price, image_url = v.image_url from (values ${values}) as v(id, price, image_url) where ${extraSelections.id} = v.id`,
    );
  }
}

/** The columns of `wanted` whose value differs from the stored row, or null when none does. */
function changedColumns<R extends Record<string, unknown>>(row: R, wanted: Partial<R>): Partial<R> | null {
  const changed = Object.fromEntries(Object.entries(wanted).filter(([column, value]) => row[column] !== value)) as Partial<R>;
  return Object.keys(changed).length === 0 ? null : changed;
}
