import { MENU_MESSAGES } from '../../../contracts/menu';
import type { CategoryEditorData } from '../../services/menu/menu-types';
import { TEXT_FIELDS, type CategoryEditorContext, type CategoryForm, type TextField } from './category-editor.context';
import {
  chipsFromData,
  enqueue,
  findChip,
  findRow,
  hasQueuedJob,
  mergeReread,
  newGroup,
  newSelection,
  newSize,
  patchRow,
  pickPatch,
  putChip,
  removeFamily,
  rowsFromData,
  setStatus,
  type ChipList,
  type Job,
  type RowPatch,
} from './category-editor.rows';

/**
 * What the person's edits and the server's reads do to the category editor's context, as pure
 * functions. In edit mode a change also queues the job that brings the server in line; in new
 * mode it stays local until Save.
 */

type Change = Partial<CategoryEditorContext>;
const live = (context: CategoryEditorContext) => context.mode === 'edit';
const queued = (context: CategoryEditorContext, job: Job) => (live(context) ? enqueue(context.queue, job) : context.queue);

function formFrom(data: CategoryEditorData, fallback: CategoryForm): CategoryForm {
  const { category, detail } = data;
  if (!category) return fallback;
  return {
    ...fallback,
    name: category.name,
    description: category.description,
    imageUrl: detail?.image_url ?? '',
    pricedBy: detail?.priced_by ?? 'none',
    primaryOptionSets: detail?.primary_option_sets ?? [],
    allowToppings: detail?.allow_toppings ?? false,
    allowDressings: detail?.allow_dressings ?? false,
  };
}

export const applyLoaded = (context: CategoryEditorContext, data: CategoryEditorData): Change => ({
  form: formFrom(data, context.form),
  savedName: data.category?.name ?? '',
  detailId: data.detail?.id ?? null,
  rows: rowsFromData(data),
  chips: chipsFromData(data),
  toppings: data.toppings,
  dressings: data.dressings,
  optionSets: data.optionSets,
  currency: data.currency,
  restaurant: data.category ? { id: data.category.restaurant_id, name: data.restaurantName } : null,
});

/** Spec section 8: after a failed save the category is read again; what is still queued keeps the owner's version. */
export function applyReread(context: CategoryEditorContext, data: CategoryEditorData): Change {
  const merged = mergeReread(data, context);
  // Name, description or detail fields still queued keep what the owner typed.
  const formWaiting = merged.queue.some((job) => job.kind === 'category' || job.kind === 'detail');
  return {
    ...merged,
    detailId: data.detail?.id ?? context.detailId,
    form: data.detail && !formWaiting ? formFrom(data, context.form) : context.form,
  };
}

export function setField(context: CategoryEditorContext, field: TextField, value: string): Change {
  if (!TEXT_FIELDS.includes(field)) return {};
  return { form: { ...context.form, [field]: value }, nameError: field === 'name' ? null : context.nameError };
}

/** A change that changes nothing sends nothing. */
export function setDetail(context: CategoryEditorContext, patch: Partial<CategoryForm>): Change {
  const form = { ...context.form, ...patch };
  if (JSON.stringify(form) === JSON.stringify(context.form)) return {};
  return { form, queue: queued(context, { kind: 'detail' }) };
}

export function toggleChip(context: CategoryEditorContext, list: ChipList, id: number | undefined): Change {
  const catalogue: readonly { id: number }[] = list === 'toppings' ? context.toppings : context.dressings;
  if (id === undefined || !catalogue.some((item) => item.id === id)) return {};
  const chip = findChip(context.chips, list, id);
  const next = { ...chip, assigned: !chip.assigned, status: live(context) ? ('saving' as const) : ('idle' as const) };
  return { chips: putChip(context.chips, next), queue: queued(context, { kind: 'chip', list, itemId: id }), error: null };
}

/** `size.add`, `group.add` or `selection.add` (with the group it goes in). */
export function addRow(context: CategoryEditorContext, event: { type: string; groupKey?: string }): Change {
  if (context.rows.length >= context.rowLimit) return {};
  // Sizes exist only for a category priced by size (the table is shown only then).
  const row =
    event.type === 'size.add'
      ? context.form.pricedBy === 'size'
        ? newSize(context.rows)
        : null
      : event.type === 'group.add'
        ? newGroup(context.rows)
        : event.type === 'selection.add' && event.groupKey && findRow(context.rows, event.groupKey)?.table === 'group'
          ? newSelection(context.rows, event.groupKey)
          : null;
  if (!row) return {};
  return { rows: [...context.rows, live(context) ? { ...row, status: 'saving' as const } : row], queue: queued(context, { kind: 'create', key: row.key }) };
}

/** The row errors without `key`'s. */
function withoutRowError(rowErrors: Record<string, string>, key: string): Record<string, string> {
  return key in rowErrors ? Object.fromEntries(Object.entries(rowErrors).filter(([errorKey]) => errorKey !== key)) : rowErrors;
}

export function changeRow(context: CategoryEditorContext, key: string, patch: RowPatch): Change {
  const row = findRow(context.rows, key);
  if (!row || row.status === 'deleting') return {};
  // A new name answers the row's refusal; the owner sees the sentence go as they type.
  const rowErrors = patch.name !== undefined ? withoutRowError(context.rowErrors, key) : context.rowErrors;
  return { rows: patchRow(context.rows, key, pickPatch(row, patch)), rowErrors };
}

/** A row's save; a blank name is refused here (spec section 5), as the server would refuse it. */
export function saveRow(context: CategoryEditorContext, key: string): Change {
  const row = findRow(context.rows, key);
  if (!row || row.status === 'deleting') return {};
  if (row.name.trim() === '') return { rowErrors: { ...context.rowErrors, [key]: MENU_MESSAGES.name } };
  return {
    rows: setStatus(context.rows, key, 'saving'),
    queue: enqueue(context.queue, { kind: 'update', key }),
    rowErrors: withoutRowError(context.rowErrors, key),
  };
}

/**
 * Removing a row in edit mode. A row the server has never heard of (its create still waits) just
 * goes; otherwise it is marked deleting (hidden, kept in place) until the server agrees.
 */
export function removeLive(context: CategoryEditorContext, key: string): Change {
  const row = findRow(context.rows, key);
  if (!row || row.status === 'deleting') return {};
  if (hasQueuedJob(context.queue, key, 'create')) return removeFamily(context.rows, context.queue, key);
  // A waiting update stays: should the delete fail, the row comes back as the person left it,
  // and the server must have that too.
  return { rows: setStatus(context.rows, key, 'deleting'), queue: enqueue(context.queue, { kind: 'delete', key }) };
}

/** A size the server has (so menu items may price it), not already on its way out. */
export function isSavedSize(context: CategoryEditorContext, key: string): boolean {
  const row = findRow(context.rows, key);
  return row?.table === 'size' && row.id !== null && row.status !== 'deleting';
}

export function askRemoval(context: CategoryEditorContext, key: string): Change {
  const row = findRow(context.rows, key);
  return { sizeRemoval: row ? { key: row.key, name: row.table === 'size' ? row.name : '', prices: null } : null };
}

export const setRemovalCount = (context: CategoryEditorContext, prices: number): Change => ({
  sizeRemoval: context.sizeRemoval && { ...context.sizeRemoval, prices },
});

export const removeAskedSize = (context: CategoryEditorContext): Change => ({
  ...(context.sizeRemoval ? removeLive(context, context.sizeRemoval.key) : {}),
  sizeRemoval: null,
});

export function enqueueForField(context: CategoryEditorContext, field: TextField): Change {
  if (!TEXT_FIELDS.includes(field)) return {};
  // Name and description go out together: neither is sent while the name is blank.
  if (field !== 'imageUrl' && context.form.name.trim() === '') return { nameError: MENU_MESSAGES.categoryName };
  return { queue: enqueue(context.queue, { kind: field === 'imageUrl' ? 'detail' : 'category' }) };
}

/** Save in edit mode: the name and description go out behind what is queued. */
export function startSave(context: CategoryEditorContext): Change {
  if (context.form.name.trim() === '') return { nameError: MENU_MESSAGES.categoryName, error: null };
  return { error: null, nameError: null, queue: enqueue(context.queue, { kind: 'category' }) };
}

export const setUploadedImage = (context: CategoryEditorContext, url: string): Change => ({
  form: { ...context.form, imageUrl: url },
  queue: queued(context, { kind: 'detail' }),
});
