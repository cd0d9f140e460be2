import { ExtraOptionsSave } from '../../../contracts/menu';
import { checkWith } from '../../../contracts/shared/validation';
import type { EditorRow, GroupRow, SelectionRow } from './category-editor.rows';

/**
 * The extra options screen's Save as one request (issue 27): the body the server writes in one
 * transaction, checked here first with the same contract, and the way back from the contract's
 * field paths (`groups.1.selections.0.price`) to the rows and inputs on screen.
 */

export type RemovedRow = { table: 'group' | 'selection'; id: number };

/**
 * Field errors by input, as the groups panel reads them: a row's key for its name (the category
 * editor's name errors use the same key), `key.field` for its other fields (`tmp-3.price`).
 */
export type FieldErrors = Record<string, string>;

export type Batch = { body: ExtraOptionsSave; rowKeys: Map<string, string> };

export function batchOf(rows: readonly EditorRow[], removed: readonly RemovedRow[]): Batch {
  const rowKeys = new Map<string, string>();
  const ids = (table: RemovedRow['table']) => removed.filter((row) => row.table === table).map((row) => row.id);
  const groups = rows
    .filter((row): row is GroupRow => row.table === 'group')
    .map((group, groupIndex) => {
      rowKeys.set(`groups.${groupIndex}`, group.key);
      const selections = rows
        .filter((row): row is SelectionRow => row.table === 'selection' && row.groupKey === group.key)
        .map((selection, index) => {
          rowKeys.set(`groups.${groupIndex}.selections.${index}`, selection.key);
          return { ...(selection.id === null ? {} : { id: selection.id }), name: selection.name, price: selection.price, image_url: selection.image_url };
        });
      return {
        ...(group.id === null ? {} : { id: group.id }),
        name: group.name,
        required: group.required,
        allow_multiple: group.allow_multiple,
        add_images_to_selections: group.add_images_to_selections,
        selections,
      };
    });
  return { body: { removed_groups: ids('group'), removed_selections: ids('selection'), groups }, rowKeys };
}

/** The contract's (or the server's) `fields` turned into the inputs they belong to; paths of no input are left out. */
export function fieldErrorsOf(fields: Record<string, string>, rowKeys: ReadonlyMap<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const cut = path.lastIndexOf('.');
    const rowKey = rowKeys.get(path.slice(0, cut));
    const field = path.slice(cut + 1);
    if (rowKey !== undefined) errors[field === 'name' ? rowKey : `${rowKey}.${field}`] ??= message;
  }
  return errors;
}

/** Every row checked before anything is sent: null when the batch may go, else the inputs in error. */
export function batchErrors(batch: Batch): FieldErrors | null {
  const checked = checkWith(ExtraOptionsSave, batch.body);
  return checked.ok ? null : fieldErrorsOf(checked.fields, batch.rowKeys);
}

/** A row's errors dropped once it is edited: the person is fixing it. */
export const withoutRowErrors = (errors: FieldErrors, rowKey: string): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => key !== rowKey && !key.startsWith(`${rowKey}.`)));
