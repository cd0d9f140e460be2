import type { ExtraOptionsSave, ExtraOptionsSaved } from '../../../contracts/menu';
import type { Db } from '../../db/database';
import type { Scope } from '../shared/scope';
import { notFound } from '../shared/tenancy';
import { categoryForNewRows } from './menu-categories';
import {
  deleteGroup,
  deleteSelection,
  getGroup,
  getSelection,
  insertGroup,
  insertSelections,
  toGroup,
  toSelection,
  updateGroup,
  updateSelection,
} from './menu-extras';

/**
 * POST /categories/{id}/extra-options/ (issue 27): the extra options screen's Save as one
 * batch. The caller runs it in one transaction, so any refusal part-way (a row of another
 * category, a name the contract refuses) throws and nothing of the batch is kept: before,
 * the client sent each row on its own and a refused row left the earlier ones saved.
 * Deletes go first, so a name freed by a deleted selection can be taken in the same Save.
 */
export async function saveExtraOptions(tx: Db, scope: Scope, categoryId: number, body: ExtraOptionsSave): Promise<ExtraOptionsSaved> {
  const category = await categoryForNewRows(tx, scope, categoryId);
  // A row named here must be of this category: another category's id answers 404 like an unknown one.
  const groupOfCategory = async (id: number) => {
    const group = await getGroup(tx, scope, id);
    if (group.category_id !== category.id) throw notFound('Extra option group');
    return group;
  };
  for (const id of body.removed_selections ?? []) {
    await groupOfCategory((await getSelection(tx, scope, id)).group_id);
    await deleteSelection(tx, scope, id);
  }
  for (const id of body.removed_groups ?? []) {
    await groupOfCategory(id);
    await deleteGroup(tx, scope, id);
  }

  const saved: ExtraOptionsSaved['groups'] = [];
  for (const { id, selections = [], ...fields } of body.groups) {
    if (id !== undefined) await groupOfCategory(id);
    const group = id === undefined ? toGroup(await insertGroup(tx, category.id, fields)) : await updateGroup(tx, scope, id, fields);
    const rows = [];
    for (const { id: selectionId, ...selection } of selections) {
      if (selectionId === undefined) rows.push(...(await insertSelections(tx, group.id, [selection])).map(toSelection));
      else {
        // A selection stays in its group: one listed under another group is refused.
        if ((await getSelection(tx, scope, selectionId)).group_id !== group.id) throw notFound('Extra selection');
        rows.push(await updateSelection(tx, scope, selectionId, selection));
      }
    }
    saved.push({ ...group, selections: rows });
  }
  return { groups: saved };
}
