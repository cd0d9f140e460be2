import type { CategoryDeepCreate, CategoryDetailUpdate } from '../../../contracts/menu';
import type { MenuScope } from '../../services/menu/menu-types';
import type { CategoryEditorContext } from './category-editor.context';
import { assignedIds, findChip, findRow, type ChipList, type EditorRow, type SizeRow } from './category-editor.rows';

/**
 * What each of the editor's calls is given, and which call the current job needs, as pure
 * functions of the editor's context: a job names what to bring in line with the server, and the
 * values are read here, when it is sent.
 */

/**
 * The detail's fields the editor changes: exactly a CategoryDetailUpdate (the PATCH body). The
 * category a detail belongs to is fixed when it is created, so `category_id` goes only into the
 * create (CreateDetailCall); the server refuses it in an update (issue 10).
 */
export type LoadEditorCall = { categoryId: number | null; scope: MenuScope };
export type CreateCategoryCall = { payload: CategoryDeepCreate; scope: MenuScope };
export type DetailValues = Required<Pick<CategoryDetailUpdate, 'priced_by' | 'primary_option_sets' | 'allow_toppings' | 'allow_dressings' | 'image_url'>>;
export type CreateDetailCall = { categoryId: number; values: DetailValues; scope: MenuScope };
export type UpdateDetailCall = { detailId: number; values: DetailValues };
export type ChipCall = { list: ChipList; categoryId: number; itemId: number; scope: MenuScope };
export type UpdateCategoryCall = { id: number; name: string; description: string };
export type UnchipCall = { list: ChipList; assignmentId: number };
export type RereadChipsCall = { list: ChipList; categoryId: number; scope: MenuScope };
export type CreateRowCall = { row: EditorRow; categoryId: number; groupId: number | null; scope: MenuScope };
export type UpdateRowCall = { row: EditorRow };
export type DeleteRowCall = { table: EditorRow['table']; id: number };
export type CountPricesCall = { categoryId: number; sizeId: number; scope: MenuScope };

/** A call of the row queue's sender (category-row-sync.machine.ts): a row or a chip. */
export type RowCall =
  | { actor: 'assignChip'; input: ChipCall }
  | { actor: 'unassignChip'; input: UnchipCall }
  | { actor: 'createRow'; input: CreateRowCall }
  | { actor: 'updateRow'; input: UpdateRowCall }
  | { actor: 'deleteRow'; input: DeleteRowCall };

/** A call of the detail's sender (category-detail-sync.machine.ts): the category's own fields. */
export type DetailCall = { actor: 'updateCategory'; input: UpdateCategoryCall } | { actor: 'updateDetail'; input: UpdateDetailCall };

/** The call the current job needs, or null when it has become unnecessary (row gone, chip in line). */
export type EditorCall = RowCall | DetailCall;

/** What a child that sends the queue's jobs is given: the call, and the category it is about. */
export interface SyncInput<Call extends EditorCall> {
  call: Call;
  categoryId: number;
  scope: MenuScope;
}

export const detailValues = (context: CategoryEditorContext): DetailValues => ({
  priced_by: context.form.pricedBy,
  primary_option_sets: context.form.primaryOptionSets,
  allow_toppings: context.form.allowToppings,
  allow_dressings: context.form.allowDressings,
  image_url: context.form.imageUrl.trim() === '' ? null : context.form.imageUrl.trim(),
});

const groupIdOf = (context: CategoryEditorContext, row: EditorRow): number | null =>
  row.table === 'selection' ? (findRow(context.rows, row.groupKey)?.id ?? null) : null;

/** Pure: what to send for the current job, read from the latest values. */
export function resolveCall(context: CategoryEditorContext): EditorCall | null {
  const job = context.current;
  const categoryId = context.categoryId;
  if (!job || categoryId === null) return null;
  if (job.kind === 'category') {
    return { actor: 'updateCategory', input: { id: categoryId, name: context.form.name.trim(), description: context.form.description.trim() } };
  }
  if (job.kind === 'detail') {
    // `live` is entered only once a detail exists (read, or created on load).
    return context.detailId === null ? null : { actor: 'updateDetail', input: { detailId: context.detailId, values: detailValues(context) } };
  }
  if (job.kind === 'chip') {
    const chip = findChip(context.chips, job.list, job.itemId);
    if (chip.assigned && chip.assignmentId === null) {
      return { actor: 'assignChip', input: { list: job.list, categoryId, itemId: job.itemId, scope: context.scope } };
    }
    if (!chip.assigned && chip.assignmentId !== null) return { actor: 'unassignChip', input: { list: job.list, assignmentId: chip.assignmentId } };
    return null;
  }
  const row = findRow(context.rows, job.key);
  if (!row) return null;
  const groupId = groupIdOf(context, row);
  if (row.table === 'selection' && groupId === null) return null;
  if (job.kind === 'create') return { actor: 'createRow', input: { row, categoryId, groupId, scope: context.scope } };
  if (row.id === null) return null;
  if (job.kind === 'update') return { actor: 'updateRow', input: { row } };
  return { actor: 'deleteRow', input: { table: row.table, id: row.id } };
}

/** The child's input for the current job (the editor's dispatch has checked which child sends it). */
export const syncInput = <Call extends EditorCall>(context: CategoryEditorContext): SyncInput<Call> => ({
  call: resolveCall(context) as Call,
  categoryId: context.categoryId ?? 0,
  scope: context.scope,
});

/** Spec section 4: a category with no detail gets one, priced by nothing. */
export const missingDetailCall = (context: CategoryEditorContext): CreateDetailCall => ({
  categoryId: context.categoryId ?? 0,
  values: { ...detailValues(context), priced_by: 'none' },
  scope: context.scope,
});

/** How many menu item prices use the size asked about (issue 10). */
export const countPricesCall = (context: CategoryEditorContext): CountPricesCall => ({
  categoryId: context.categoryId ?? 0,
  sizeId: findRow(context.rows, context.sizeRemoval?.key)?.id ?? 0,
  scope: context.scope,
});

const DETAIL_ACTORS: readonly string[] = ['updateCategory', 'updateDetail'] satisfies DetailCall['actor'][];

export const isDetailCall = (call: EditorCall | null): call is DetailCall => call !== null && DETAIL_ACTORS.includes(call.actor);
export const isRowCall = (call: EditorCall | null): call is RowCall => call !== null && !isDetailCall(call);

/** Spec section 3: the creation payload. Sizes only when priced by size; groups are added after. */
export function deepPayload(context: CategoryEditorContext, restaurantId: number): CategoryDeepCreate {
  const sizes = context.rows.filter((row): row is SizeRow => row.table === 'size');
  return {
    restaurant_id: restaurantId,
    name: context.form.name.trim(),
    description: context.form.description.trim(),
    detail: detailValues(context),
    sizes:
      context.form.pricedBy === 'size'
        ? sizes.map((size) => ({ name: size.name.trim(), units: size.units, measurement: size.measurement, position: size.position }))
        : [],
    toppings: context.form.allowToppings ? assignedIds(context.chips, 'toppings') : [],
    dressings: context.form.allowDressings ? assignedIds(context.chips, 'dressings') : [],
    extra_groups: [],
  };
}
