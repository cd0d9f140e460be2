import { and, assign, fromPromise, setup, stateIn } from 'xstate';
import { IMAGE_BOUNDS, type UploadedImage } from '../../../contracts/shared/upload';
import {
  assignItem,
  createCategoryDeep,
  createCategoryDetail,
  createGroup,
  createSelection,
  createSize,
  deleteGroup,
  deleteSelection,
  deleteSize,
  findFirstRestaurantId,
  listAssignments,
  countSizePrices,
  loadCategoryEditor,
  unassignItem,
  updateCategory,
  updateCategoryDetail,
  updateGroup,
  updateSelection,
  updateSize,
} from '../../services/menu/menu';
import { MENU_MESSAGES, type Category, type CategoryDeepCreate, type CategoryDetail, type CategoryDetailUpdate, type Dressing, type PricedBy, type PrimaryOptionSet, type Topping } from '../../../contracts/menu';
import { type Currency } from '../../../contracts/shared/restaurants';
import type { Assignment, CategoryEditorData, MenuScope } from '../../services/menu/menu-types';
import { uploadImage } from '../../services/shared/upload';
import {
  assignedIds,
  chipsFromData,
  enqueue,
  findChip,
  findRow,
  hasQueuedJob,
  mergeChips,
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
  settledStatus,
  type Chip,
  type ChipList,
  type EditorRow,
  type GroupRow,
  type Job,
  type RowPatch,
  type SizeRow,
} from './category-editor.rows';
import { MENU_ALERTS, chipFailure, reason, statusOf } from './menu-errors';

/**
 * The category editor (spec sections 2, 4, 5 and 8; issue 6).
 *
 *   editor.loading --done [detail missing]--> creatingDetail --done--> live
 *   editor.loading --done--> drafting (new) | live (edit) ; --error [404]--> notFound ; --error--> loadFailed
 *
 *   drafting (new mode): every change stays here until category.save
 *     editing --save [name, restaurant known]--> creating --done--> created
 *     editing --save [superadmin, no restaurant]--> findingRestaurant --done--> creating
 *
 *   live (edit mode), two regions:
 *     sync: idle --job queued--> dispatch --> one state per call --done/error--> idle
 *           a chip's call --done/error--> rereadingChips (its list read again) --> idle
 *           an update that fails --> rereading (the category read again) --> idle
 *           a detail update answering 404 --> recreatingDetail --> idle
 *     leave: editing --category.save--> leaving --queue settled--> left (the view returns to the list)
 *     removal: idle --size.remove [saved]--> counting --done [no prices]--> idle (removed)
 *              counting --done [prices] / error--> confirming --removal.confirm--> idle (removed) ; --removal.cancel--> idle
 *
 *   upload (beside editor): idle --image.upload--> uploading --> idle
 *
 * Row and chip statuses live in context (category-editor.rows.ts); which call is out is a state.
 */

export interface CategoryForm {
  name: string;
  description: string;
  imageUrl: string;
  pricedBy: PricedBy;
  primaryOptionSets: number[];
  allowToppings: boolean;
  allowDressings: boolean;
}
export type TextField = 'name' | 'description' | 'imageUrl';
const TEXT_FIELDS: readonly string[] = ['name', 'description', 'imageUrl'] satisfies TextField[];
export type DetailPatch = Partial<Pick<CategoryForm, 'pricedBy' | 'primaryOptionSets' | 'allowToppings' | 'allowDressings'>>;

export interface CategoryEditorInput {
  /** null: a new category. */
  categoryId: number | null;
  scope: MenuScope;
  /** Most rows (sizes, groups, selections) one category may have; tests keep it small. */
  rowLimit?: number;
}

/** Far above any real menu; it only stops a runaway of clicks from building an unusable page. */
export const ROW_LIMIT = 300;

export interface CategoryEditorContext {
  mode: 'new' | 'edit';
  categoryId: number | null;
  scope: MenuScope;
  detailId: number | null;
  form: CategoryForm;
  rows: EditorRow[];
  chips: Chip[];
  /** The catalogues the chips and the multi-select offer. */
  toppings: Topping[];
  dressings: Dressing[];
  optionSets: PrimaryOptionSet[];
  /** What the category's restaurant prices in. */
  currency: Currency;
  /** Edit mode: jobs waiting, and the one being sent. */
  queue: Job[];
  current: Job | null;
  /** The size whose removal is being checked or confirmed. */
  sizeRemoval: SizeRemoval | null;
  /** The alert (spec section 8). */
  error: string | null;
  nameError: string | null;
  /** The new category's id once created. */
  createdId: number | null;
  rowLimit: number;
}

export type CategoryEditorEvent =
  | { type: 'load.retry' }
  | { type: 'field.change'; field: TextField; value: string }
  | { type: 'field.save'; field: TextField }
  | { type: 'detail.change'; patch: DetailPatch }
  | { type: 'topping.toggle'; id: number }
  | { type: 'dressing.toggle'; id: number }
  | { type: 'size.add' }
  | { type: 'group.add' }
  | { type: 'selection.add'; groupKey: string }
  | { type: 'row.change'; key: string; patch: RowPatch }
  | { type: 'row.save'; key: string }
  | { type: 'row.remove'; key: string }
  /** A size's Remove: a saved size that menu items price asks first (issue 10). */
  | { type: 'size.remove'; key: string }
  | { type: 'removal.confirm' }
  | { type: 'removal.cancel' }
  | { type: 'image.upload'; file: Blob }
  | { type: 'category.save' }
  | { type: 'alert.dismiss' };

// ---------------------------------------------------------------------------------------------
// What each actor is given.

/**
 * The detail's fields the editor changes: exactly a CategoryDetailUpdate (the PATCH body). The
 * category a detail belongs to is fixed when it is created, so `category_id` goes only into the
 * create (CreateDetailCall); the server refuses it in an update (issue 10).
 */
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

/** A size waiting to be removed: `prices` is how many menu item prices use it (null: could not be counted). */
export interface SizeRemoval {
  key: string;
  name: string;
  prices: number | null;
}

/** The call the current job needs, or null when it has become unnecessary (row gone, chip in line). */
export type EditorCall =
  | { actor: 'updateCategory'; input: UpdateCategoryCall }
  | { actor: 'updateDetail'; input: UpdateDetailCall }
  | { actor: 'assignChip'; input: ChipCall }
  | { actor: 'unassignChip'; input: UnchipCall }
  | { actor: 'createRow'; input: CreateRowCall }
  | { actor: 'updateRow'; input: UpdateRowCall }
  | { actor: 'deleteRow'; input: DeleteRowCall };

const EMPTY_FORM: CategoryForm = {
  name: '', description: '', imageUrl: '', pricedBy: 'none', primaryOptionSets: [], allowToppings: false, allowDressings: false,
};

const detailValues = (context: CategoryEditorContext): DetailValues => ({
  priced_by: context.form.pricedBy,
  primary_option_sets: context.form.primaryOptionSets,
  allow_toppings: context.form.allowToppings,
  allow_dressings: context.form.allowDressings,
  image_url: context.form.imageUrl.trim() === '' ? null : context.form.imageUrl.trim(),
});

/**
 * Removing a row in edit mode. A row the server has never heard of (its create still waits) just
 * goes; otherwise it is marked deleting (hidden, kept in place) until the server agrees.
 */
function removeLive(context: CategoryEditorContext, key: string): Partial<CategoryEditorContext> {
  const row = findRow(context.rows, key);
  if (!row || row.status === 'deleting') return {};
  if (hasQueuedJob(context.queue, key, 'create')) return removeFamily(context.rows, context.queue, key);
  // A waiting update stays: should the delete fail, the row comes back as the person left it,
  // and the server must have that too.
  return { rows: setStatus(context.rows, key, 'deleting'), queue: enqueue(context.queue, { kind: 'delete', key }) };
}

const groupIdOf = (context: CategoryEditorContext, row: EditorRow): number | null =>
  (row.table === 'selection' ? (findRow(context.rows, row.groupKey)?.id ?? null) : null);

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

/** Spec section 3: the creation payload. Sizes only when priced by size; groups are added after. */
export function deepPayload(context: CategoryEditorContext, restaurantId: number): CategoryDeepCreate {
  const sizes = context.rows.filter((row): row is SizeRow => row.table === 'size');
  return {
    restaurant_id: restaurantId,
    name: context.form.name.trim(),
    description: context.form.description.trim(),
    detail: detailValues(context),
    sizes: context.form.pricedBy === 'size'
      ? sizes.map((size) => ({ name: size.name.trim(), units: size.units, measurement: size.measurement, position: size.position }))
      : [],
    toppings: context.form.allowToppings ? assignedIds(context.chips, 'toppings') : [],
    dressings: context.form.allowDressings ? assignedIds(context.chips, 'dressings') : [],
    extra_groups: [],
  };
}

const groupValues = (row: GroupRow) =>
  ({ name: row.name.trim(), required: row.required, allow_multiple: row.allow_multiple, add_images_to_selections: row.add_images_to_selections });

const callIs = (actor: EditorCall['actor']) => ({ type: 'callIs', params: { actor } }) as const;

// ---------------------------------------------------------------------------------------------

export const categoryEditorMachine = setup({
  types: {
    context: {} as CategoryEditorContext,
    events: {} as CategoryEditorEvent,
    input: {} as CategoryEditorInput,
  },
  actors: {
    loadEditor: fromPromise<CategoryEditorData, { categoryId: number | null; scope: MenuScope }>(({ input }) =>
      loadCategoryEditor(input.categoryId, input.scope)),
    createDetail: fromPromise<CategoryDetail, CreateDetailCall>(({ input }) =>
      createCategoryDetail({ category_id: input.categoryId, ...input.values }, input.scope)),
    findFirstRestaurant: fromPromise<number | null>(() => findFirstRestaurantId()),
    createCategory: fromPromise<Category, { payload: CategoryDeepCreate; scope: MenuScope }>(({ input }) =>
      createCategoryDeep(input.payload, input.scope)),
    updateCategory: fromPromise<Category, UpdateCategoryCall>(({ input }) =>
      updateCategory(input.id, { name: input.name, description: input.description })),
    updateDetail: fromPromise<CategoryDetail, UpdateDetailCall>(({ input }) => updateCategoryDetail(input.detailId, input.values)),
    assignChip: fromPromise<Assignment, ChipCall>(({ input }) => assignItem(input.list, input.categoryId, input.itemId, input.scope)),
    unassignChip: fromPromise<void, UnchipCall>(({ input }) => unassignItem(input.list, input.assignmentId)),
    rereadChips: fromPromise<Assignment[], RereadChipsCall>(({ input }) => listAssignments(input.list, input.scope, input.categoryId)),
    createRow: fromPromise<{ id: number }, CreateRowCall>(({ input }) => {
      const { row } = input;
      const { scope } = input;
      if (row.table === 'size') {
        return createSize({ category_id: input.categoryId, name: row.name.trim(), units: row.units, measurement: row.measurement, position: row.position }, scope);
      }
      if (row.table === 'group') {
        return createGroup({ category_id: input.categoryId, ...groupValues(row) }, scope);
      }
      return createSelection({ group_id: input.groupId ?? 0, name: row.name.trim(), price: row.price, image_url: row.image_url }, scope);
    }),
    updateRow: fromPromise<unknown, UpdateRowCall>(({ input }) => {
      const { row } = input;
      const id = row.id ?? 0;
      if (row.table === 'size') return updateSize(id, { name: row.name.trim(), units: row.units, measurement: row.measurement, position: row.position });
      if (row.table === 'group') {
        return updateGroup(id, groupValues(row));
      }
      return updateSelection(id, { name: row.name.trim(), price: row.price, image_url: row.image_url });
    }),
    deleteRow: fromPromise<void, DeleteRowCall>(({ input }) => {
      if (input.table === 'size') return deleteSize(input.id);
      if (input.table === 'group') return deleteGroup(input.id);
      return deleteSelection(input.id);
    }),
    countSizePrices: fromPromise<number, CountPricesCall>(({ input }) => countSizePrices(input.scope, input.categoryId, input.sizeId)),
    uploadHero: fromPromise<UploadedImage, { file: Blob }>(({ input }) => uploadImage(input.file, IMAGE_BOUNDS.categoryHero)),
  },
  guards: {
    isNew: ({ context }) => context.mode === 'new',
    hasFile: ({ event }) => event.type === 'image.upload' && event.file instanceof Blob,
    detailMissing: ({ context }) => context.mode === 'edit' && context.detailId === null,
    notFound: (_, params: { error: unknown }) => statusOf(params.error) === 404,
    nameMissing: ({ context }) => context.form.name.trim() === '',
    restaurantKnown: ({ context }) => context.scope.restaurantId !== null,
    mayLookUpRestaurant: ({ context }) => context.scope.superadmin,
    restaurantFound: (_, params: { id: number | null }) => params.id !== null,
    hasJobs: ({ context }) => context.queue.length > 0,
    callIs: ({ context }, params: { actor: EditorCall['actor'] }) => resolveCall(context)?.actor === params.actor,
    queueSettled: ({ context }) => context.queue.length === 0 && context.current === null,
    saveRefused: ({ context }) => context.error !== null || context.nameError !== null,
    /** A size the server has (so menu items may price it), not already on its way out. */
    sizeSaved: ({ context }, params: { key: string }) => {
      const row = findRow(context.rows, params.key);
      return row?.table === 'size' && row.id !== null && row.status !== 'deleting';
    },
    unpriced: (_, params: { prices: number }) => params.prices === 0,
  },
  actions: {
    applyLoaded: assign(({ context }, params: { data: CategoryEditorData }) => {
      const { data } = params;
      const detail = data.detail;
      const form: CategoryForm = data.category
        ? {
            name: data.category.name,
            description: data.category.description,
            imageUrl: detail?.image_url ?? '',
            pricedBy: detail?.priced_by ?? 'none',
            primaryOptionSets: detail?.primary_option_sets ?? [],
            allowToppings: detail?.allow_toppings ?? false,
            allowDressings: detail?.allow_dressings ?? false,
          }
        : context.form;
      return {
        form,
        detailId: detail?.id ?? null,
        rows: rowsFromData(data),
        chips: chipsFromData(data),
        toppings: data.toppings,
        dressings: data.dressings,
        optionSets: data.optionSets,
        currency: data.currency,
      };
    }),
    applyReread: assign(({ context }, params: { data: CategoryEditorData }) => {
      const merged = mergeReread(params.data, context);
      const detail = params.data.detail;
      // Name, description or detail fields still queued keep what the owner typed.
      const formWaiting = merged.queue.some((job) => job.kind === 'category' || job.kind === 'detail');
      return {
        ...merged,
        detailId: detail?.id ?? context.detailId,
        form: params.data.category && detail && !formWaiting
          ? {
              ...context.form,
              name: params.data.category.name,
              description: params.data.category.description,
              imageUrl: detail.image_url ?? '',
              pricedBy: detail.priced_by,
              primaryOptionSets: detail.primary_option_sets,
              allowToppings: detail.allow_toppings,
              allowDressings: detail.allow_dressings,
            }
          : context.form,
      };
    }),
    setDetailId: assign((_, params: { detail: CategoryDetail }) => ({ detailId: params.detail.id })),
    showLoadFailure: assign((_, params: { error: unknown }) => ({ error: reason(params.error) })),
    clearAlert: assign({ error: null }),
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change' || !TEXT_FIELDS.includes(event.field)) return {};
      return { form: { ...context.form, [event.field]: event.value }, nameError: event.field === 'name' ? null : context.nameError };
    }),
    /** A change that changes nothing sends nothing. */
    setDetail: assign(({ context, event }) => {
      if (event.type !== 'detail.change') return {};
      const form = { ...context.form, ...event.patch };
      if (JSON.stringify(form) === JSON.stringify(context.form)) return {};
      return { form, queue: context.mode === 'edit' ? enqueue(context.queue, { kind: 'detail' }) : context.queue };
    }),
    toggleChip: assign(({ context }, params: { list: ChipList; id: number | undefined }) => {
      const catalogue: readonly { id: number }[] = params.list === 'toppings' ? context.toppings : context.dressings;
      if (!catalogue.some((item) => item.id === params.id) || params.id === undefined) return {};
      const chip = findChip(context.chips, params.list, params.id);
      const live = context.mode === 'edit';
      const next: Chip = { ...chip, assigned: !chip.assigned, status: live ? 'saving' : 'idle' };
      return {
        chips: putChip(context.chips, next),
        queue: live ? enqueue(context.queue, { kind: 'chip', list: params.list, itemId: params.id }) : context.queue,
        error: null,
      };
    }),
    addRow: assign(({ context, event }) => {
      if (context.rows.length >= context.rowLimit) return {};
      // Sizes exist only for a category priced by size (the table is shown only then).
      const row = event.type === 'size.add' ? (context.form.pricedBy === 'size' ? newSize(context.rows) : null)
        : event.type === 'group.add' ? newGroup(context.rows)
          : event.type === 'selection.add' && findRow(context.rows, event.groupKey)?.table === 'group' ? newSelection(context.rows, event.groupKey)
            : null;
      if (!row) return {};
      const live = context.mode === 'edit';
      return {
        rows: [...context.rows, live ? { ...row, status: 'saving' as const } : row],
        queue: live ? enqueue(context.queue, { kind: 'create', key: row.key }) : context.queue,
      };
    }),
    changeRow: assign(({ context, event }) => {
      if (event.type !== 'row.change') return {};
      const row = findRow(context.rows, event.key);
      if (!row || row.status === 'deleting') return {};
      return { rows: patchRow(context.rows, event.key, pickPatch(row, event.patch)) };
    }),
    saveRow: assign(({ context, event }) => {
      if (event.type !== 'row.save') return {};
      const row = findRow(context.rows, event.key);
      if (!row || row.status === 'deleting') return {};
      return { rows: setStatus(context.rows, event.key, 'saving'), queue: enqueue(context.queue, { kind: 'update', key: event.key }) };
    }),
    removeRowLocally: assign(({ context }, params: { key: string }) => removeFamily(context.rows, context.queue, params.key)),
    removeRowLive: assign(({ context }, params: { key: string }) => removeLive(context, params.key)),
    askRemoval: assign(({ context }, params: { key: string }) => {
      const row = findRow(context.rows, params.key);
      return { sizeRemoval: row ? { key: row.key, name: row.table === 'size' ? row.name : '', prices: null } : null };
    }),
    setRemovalCount: assign(({ context }, params: { prices: number }) =>
      ({ sizeRemoval: context.sizeRemoval && { ...context.sizeRemoval, prices: params.prices } })),
    removeAskedSize: assign(({ context }) =>
      ({ ...(context.sizeRemoval ? removeLive(context, context.sizeRemoval.key) : {}), sizeRemoval: null })),
    clearRemoval: assign({ sizeRemoval: null }),
    enqueueForField: assign(({ context, event }) => {
      if (event.type !== 'field.save' || !TEXT_FIELDS.includes(event.field)) return {};
      // Name and description go out together: neither is sent while the name is blank.
      if (event.field !== 'imageUrl' && context.form.name.trim() === '') return { nameError: MENU_MESSAGES.categoryName };
      return { queue: enqueue(context.queue, { kind: event.field === 'imageUrl' ? 'detail' : 'category' }) };
    }),
    refuseNewGroup: assign({ error: MENU_ALERTS.saveCategoryFirst }),
    requireName: assign({ nameError: MENU_MESSAGES.categoryName }),
    refuseNoRestaurant: assign({ error: MENU_MESSAGES.noRestaurant }),
    useRestaurant: assign(({ context }, params: { id: number | null }) => ({ scope: { ...context.scope, restaurantId: params.id } })),
    showCreateFailure: assign((_, params: { error: unknown }) => ({ error: `${MENU_ALERTS.createFailed}${reason(params.error)}` })),
    setCreated: assign((_, params: { category: Category }) => ({ createdId: params.category.id })),
    startSave: assign(({ context }) => {
      if (context.form.name.trim() === '') return { nameError: MENU_MESSAGES.categoryName, error: null };
      return { error: null, nameError: null, queue: enqueue(context.queue, { kind: 'category' }) };
    }),
    takeJob: assign(({ context }) => ({ current: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    finishJob: assign({ current: null }),
    /**
     * A job with nothing to send: a row that can no longer be created (its group is gone) goes
     * too, and a chip already in line with the server is settled.
     */
    dropJob: assign(({ context }) => {
      const job = context.current;
      if (job?.kind === 'create') return { ...removeFamily(context.rows, context.queue, job.key), current: null };
      if (job?.kind === 'chip') {
        const chip = findChip(context.chips, job.list, job.itemId);
        const waiting = context.queue.some((other) => other.kind === 'chip' && other.list === job.list && other.itemId === job.itemId);
        return { chips: putChip(context.chips, { ...chip, status: waiting ? 'saving' : 'confirmed' }), current: null };
      }
      if (job && 'key' in job && findRow(context.rows, job.key)) {
        return { rows: setStatus(context.rows, job.key, settledStatus(context.queue, job.key)), current: null };
      }
      return { current: null };
    }),
    // --- outcomes of the calls
    chipDone: assign(({ context }, params: { assignmentId: number | null }) => {
      const job = context.current;
      if (job?.kind !== 'chip') return {};
      const chip = { ...findChip(context.chips, job.list, job.itemId), assignmentId: params.assignmentId };
      const waiting = context.queue.some((other) => other.kind === 'chip' && other.list === job.list && other.itemId === job.itemId);
      return { chips: putChip(context.chips, { ...chip, status: waiting ? 'saving' : 'confirmed' }) };
    }),
    /** Back to what the server has; a toggle queued behind it is dropped, since it built on a change that did not happen. */
    chipRollback: assign(({ context }, params: { assign: boolean }) => {
      const job = context.current;
      if (job?.kind !== 'chip') return { current: null };
      const chip = findChip(context.chips, job.list, job.itemId);
      return {
        chips: putChip(context.chips, { ...chip, assigned: chip.assignmentId !== null, status: 'rolledBack' }),
        queue: context.queue.filter((other) => !(other.kind === 'chip' && other.list === job.list && other.itemId === job.itemId)),
        error: chipFailure(params.assign, job.list),
      };
    }),
    /** The chip's job stays current through its re-read, which says which list to read. */
    applyChipReread: assign(({ context }, params: { assignments: Assignment[] }) => {
      const job = context.current;
      if (job?.kind !== 'chip') return { current: null };
      return { chips: mergeChips(job.list, params.assignments, context.chips, context.queue), current: null };
    }),
    rowCreated: assign(({ context }, params: { id: number }) => {
      const job = context.current;
      if (!job || !('key' in job)) return { current: null };
      // A row deleted while its create was out stays hidden: its delete now has an id to use.
      const rows = context.rows.map((row) => (row.key === job.key
        ? { ...row, id: params.id, status: row.status === 'deleting' ? row.status : settledStatus(context.queue, job.key) }
        : row));
      return { rows, current: null };
    }),
    rowCreateFailed: assign(({ context }) => {
      const job = context.current;
      if (!job || !('key' in job)) return { current: null };
      const row = findRow(context.rows, job.key);
      const message = row?.table === 'selection' ? MENU_ALERTS.addSelectionFailed
        : row?.table === 'group' ? MENU_ALERTS.addGroupFailed : MENU_ALERTS.saveChangeFailed;
      return { ...removeFamily(context.rows, context.queue, job.key), error: message, current: null };
    }),
    rowUpdated: assign(({ context }) => {
      const job = context.current;
      if (!job || !('key' in job)) return { current: null };
      const row = findRow(context.rows, job.key);
      if (!row || row.status === 'deleting') return { current: null };
      return { rows: setStatus(context.rows, job.key, settledStatus(context.queue, job.key)), current: null };
    }),
    rowDeleted: assign(({ context }) => {
      const job = context.current;
      if (!job || !('key' in job)) return { current: null };
      return { ...removeFamily(context.rows, context.queue, job.key), current: null };
    }),
    rowDeleteFailed: assign(({ context }, params: { error: unknown }) => {
      const job = context.current;
      if (!job || !('key' in job)) return { current: null };
      const row = findRow(context.rows, job.key);
      const message = row?.table === 'selection' ? MENU_ALERTS.deleteSelectionFailed : `${MENU_ALERTS.deleteFailed}${reason(params.error)}`;
      return { rows: setStatus(context.rows, job.key, 'idle'), error: message, current: null };
    }),
    updateFailed: assign({ error: MENU_ALERTS.saveChangeFailed, current: null }),
    showUploadFailure: assign((_, params: { error: unknown }) => ({ error: `${MENU_ALERTS.uploadFailed}${reason(params.error)}` })),
    setUploadedImage: assign(({ context }, params: { image: UploadedImage }) => {
      const form = { ...context.form, imageUrl: params.image.url };
      return context.mode === 'edit' ? { form, queue: enqueue(context.queue, { kind: 'detail' }) } : { form };
    }),
  },
}).createMachine({
  id: 'categoryEditor',
  context: ({ input }) => ({
    mode: input.categoryId === null ? 'new' : 'edit',
    categoryId: input.categoryId,
    scope: input.scope,
    detailId: null,
    form: EMPTY_FORM,
    rows: [],
    chips: [],
    sizeRemoval: null,
    toppings: [],
    dressings: [],
    optionSets: [],
    currency: 'USD',
    queue: [],
    current: null,
    error: null,
    nameError: null,
    createdId: null,
    rowLimit: input.rowLimit ?? ROW_LIMIT,
  }),
  type: 'parallel',
  on: { 'alert.dismiss': { actions: 'clearAlert' } },
  states: {
    editor: {
      initial: 'loading',
      states: {
        loading: {
          entry: 'clearAlert',
          invoke: {
            id: 'loadEditor',
            src: 'loadEditor',
            input: ({ context }) => ({ categoryId: context.categoryId, scope: context.scope }),
            onDone: [
              { guard: 'isNew', target: 'drafting', actions: { type: 'applyLoaded', params: ({ event }) => ({ data: event.output }) } },
              { target: 'checkingDetail', actions: { type: 'applyLoaded', params: ({ event }) => ({ data: event.output }) } },
            ],
            onError: [
              { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
              { target: 'loadFailed', actions: { type: 'showLoadFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        /** Spec section 4: a category with no detail gets one, priced by nothing. */
        checkingDetail: {
          always: [{ guard: 'detailMissing', target: 'creatingDetail' }, { target: 'live' }],
        },
        creatingDetail: {
          invoke: {
            id: 'createDetail',
            src: 'createDetail',
            input: ({ context }): CreateDetailCall =>
              ({ categoryId: context.categoryId ?? 0, values: { ...detailValues(context), priced_by: 'none' }, scope: context.scope }),
            onDone: { target: 'live', actions: { type: 'setDetailId', params: ({ event }) => ({ detail: event.output }) } },
            onError: { target: 'loadFailed', actions: { type: 'showLoadFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loadFailed: { on: { 'load.retry': 'loading' } },
        notFound: {},
        drafting: {
          initial: 'editing',
          on: {
            'field.change': { actions: 'setField' },
            'detail.change': { actions: 'setDetail' },
            'topping.toggle': { actions: { type: 'toggleChip', params: ({ event }) => ({ list: 'toppings' as const, id: event.id }) } },
            'dressing.toggle': { actions: { type: 'toggleChip', params: ({ event }) => ({ list: 'dressings' as const, id: event.id }) } },
            'size.add': { actions: 'addRow' },
            'group.add': { actions: 'refuseNewGroup' },
            'row.change': { actions: 'changeRow' },
            'row.remove': { actions: { type: 'removeRowLocally', params: ({ event }) => ({ key: event.key }) } },
            // Nothing is saved yet, so no menu item prices a size: it goes at once.
            'size.remove': { actions: { type: 'removeRowLocally', params: ({ event }) => ({ key: event.key }) } },
          },
          states: {
            editing: {
              on: {
                'category.save': [
                  { guard: 'nameMissing', actions: 'requireName' },
                  { guard: 'restaurantKnown', target: 'creating' },
                  { guard: 'mayLookUpRestaurant', target: 'findingRestaurant' },
                  { actions: 'refuseNoRestaurant' },
                ],
              },
            },
            findingRestaurant: {
              entry: 'clearAlert',
              invoke: {
                id: 'findFirstRestaurant',
                src: 'findFirstRestaurant',
                onDone: [
                  {
                    guard: { type: 'restaurantFound', params: ({ event }) => ({ id: event.output }) },
                    target: 'creating',
                    actions: { type: 'useRestaurant', params: ({ event }) => ({ id: event.output }) },
                  },
                      { target: 'editing', actions: 'refuseNoRestaurant' },
                ],
                onError: { target: 'editing', actions: { type: 'showCreateFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            creating: {
              entry: 'clearAlert',
              invoke: {
                id: 'createCategory',
                src: 'createCategory',
                input: ({ context }) => ({ payload: deepPayload(context, context.scope.restaurantId ?? 0), scope: context.scope }),
                onDone: { target: 'created', actions: { type: 'setCreated', params: ({ event }) => ({ category: event.output }) } },
                onError: { target: 'editing', actions: { type: 'showCreateFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            created: { type: 'final' },
          },
        },
        live: {
          type: 'parallel',
          on: {
            'field.change': { actions: 'setField' },
            'field.save': { actions: 'enqueueForField' },
            'detail.change': { actions: 'setDetail' },
            'topping.toggle': { actions: { type: 'toggleChip', params: ({ event }) => ({ list: 'toppings' as const, id: event.id }) } },
            'dressing.toggle': { actions: { type: 'toggleChip', params: ({ event }) => ({ list: 'dressings' as const, id: event.id }) } },
            'size.add': { actions: 'addRow' },
            'group.add': { actions: 'addRow' },
            'selection.add': { actions: 'addRow' },
            'row.change': { actions: 'changeRow' },
            'row.save': { actions: 'saveRow' },
            'row.remove': { actions: { type: 'removeRowLive', params: ({ event }) => ({ key: event.key }) } },
          },
          states: {
            sync: {
              initial: 'idle',
              states: {
                idle: { always: { guard: 'hasJobs', target: 'dispatch', actions: 'takeJob' } },
                dispatch: {
                  always: [
                    { guard: callIs('updateCategory'), target: 'updatingCategory' },
                    { guard: callIs('updateDetail'), target: 'updatingDetail' },
                    { guard: callIs('assignChip'), target: 'assigningChip' },
                    { guard: callIs('unassignChip'), target: 'unassigningChip' },
                    { guard: callIs('createRow'), target: 'creatingRow' },
                    { guard: callIs('updateRow'), target: 'updatingRow' },
                    { guard: callIs('deleteRow'), target: 'deletingRow' },
                    // Nothing left to send (the row went, the chip is back where the server has it).
                    { target: 'idle', actions: 'dropJob' },
                  ],
                },
                updatingCategory: {
                  invoke: {
                    id: 'updateCategory',
                    src: 'updateCategory',
                    input: ({ context }) => resolveCall(context)!.input as UpdateCategoryCall,
                    onDone: { target: 'idle', actions: 'finishJob' },
                    onError: { target: 'rereading', actions: 'updateFailed' },
                  },
                },
                updatingDetail: {
                  invoke: {
                    id: 'updateDetail',
                    src: 'updateDetail',
                    input: ({ context }) => resolveCall(context)!.input as UpdateDetailCall,
                    onDone: { target: 'idle', actions: ['finishJob', { type: 'setDetailId', params: ({ event }) => ({ detail: event.output }) }] },
                    onError: [
                      { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'recreatingDetail' },
                      { target: 'rereading', actions: 'updateFailed' },
                    ],
                  },
                },
                /** Spec section 4: updating a detail the server does not have creates it instead. */
                recreatingDetail: {
                  invoke: {
                    id: 'createDetail',
                    src: 'createDetail',
                    input: ({ context }): CreateDetailCall => ({ categoryId: context.categoryId ?? 0, values: detailValues(context), scope: context.scope }),
                    onDone: { target: 'idle', actions: ['finishJob', { type: 'setDetailId', params: ({ event }) => ({ detail: event.output }) }] },
                    onError: { target: 'rereading', actions: 'updateFailed' },
                  },
                },
                assigningChip: {
                  invoke: {
                    id: 'assignChip',
                    src: 'assignChip',
                    input: ({ context }) => resolveCall(context)!.input as ChipCall,
                    onDone: { target: 'rereadingChips', actions: { type: 'chipDone', params: ({ event }) => ({ assignmentId: event.output.id }) } },
                    onError: { target: 'rereadingChips', actions: { type: 'chipRollback', params: { assign: true } } },
                  },
                },
                unassigningChip: {
                  invoke: {
                    id: 'unassignChip',
                    src: 'unassignChip',
                    input: ({ context }) => resolveCall(context)!.input as UnchipCall,
                    onDone: { target: 'rereadingChips', actions: { type: 'chipDone', params: { assignmentId: null } } },
                    onError: { target: 'rereadingChips', actions: { type: 'chipRollback', params: { assign: false } } },
                  },
                },
                /**
                 * Spec section 4: a toggle is re-read from the server once its call settles, either
                 * way, so the chips show what the server has (another tab's change included).
                 * A failed read keeps what the call's answer already showed.
                 */
                rereadingChips: {
                  invoke: {
                    id: 'rereadChips',
                    src: 'rereadChips',
                    input: ({ context }): RereadChipsCall => ({
                      list: context.current?.kind === 'chip' ? context.current.list : 'toppings',
                      categoryId: context.categoryId ?? 0,
                      scope: context.scope,
                    }),
                    onDone: { target: 'idle', actions: { type: 'applyChipReread', params: ({ event }) => ({ assignments: event.output }) } },
                    onError: { target: 'idle', actions: 'finishJob' },
                  },
                },
                creatingRow: {
                  invoke: {
                    id: 'createRow',
                    src: 'createRow',
                    input: ({ context }) => resolveCall(context)!.input as CreateRowCall,
                    onDone: { target: 'idle', actions: { type: 'rowCreated', params: ({ event }) => ({ id: event.output.id }) } },
                    onError: { target: 'idle', actions: 'rowCreateFailed' },
                  },
                },
                updatingRow: {
                  invoke: {
                    id: 'updateRow',
                    src: 'updateRow',
                    input: ({ context }) => resolveCall(context)!.input as UpdateRowCall,
                    onDone: { target: 'idle', actions: 'rowUpdated' },
                    onError: { target: 'rereading', actions: 'updateFailed' },
                  },
                },
                deletingRow: {
                  invoke: {
                    id: 'deleteRow',
                    src: 'deleteRow',
                    input: ({ context }) => resolveCall(context)!.input as DeleteRowCall,
                    onDone: { target: 'idle', actions: 'rowDeleted' },
                    onError: { target: 'idle', actions: { type: 'rowDeleteFailed', params: ({ event }) => ({ error: event.error }) } },
                  },
                },
                /** Spec section 8: 'Failed to save change' also reloads the category. */
                rereading: {
                  invoke: {
                    id: 'loadEditor',
                    src: 'loadEditor',
                    input: ({ context }) => ({ categoryId: context.categoryId, scope: context.scope }),
                    onDone: { target: 'idle', actions: { type: 'applyReread', params: ({ event }) => ({ data: event.output }) } },
                    onError: { target: 'idle' },
                  },
                },
              },
            },
            /**
             * Removing a saved size deletes the menu item prices for it (issue 10): the prices are
             * counted first, and a size that has any is removed only once the person confirms.
             */
            removal: {
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    'size.remove': [
                      {
                        guard: { type: 'sizeSaved', params: ({ event }) => ({ key: event.key }) },
                        target: 'counting',
                        actions: { type: 'askRemoval', params: ({ event }) => ({ key: event.key }) },
                      },
                      { actions: { type: 'removeRowLive', params: ({ event }) => ({ key: event.key }) } },
                    ],
                  },
                },
                counting: {
                  invoke: {
                    id: 'countSizePrices',
                    src: 'countSizePrices',
                    input: ({ context }): CountPricesCall => ({
                      categoryId: context.categoryId ?? 0,
                      sizeId: findRow(context.rows, context.sizeRemoval?.key)?.id ?? 0,
                      scope: context.scope,
                    }),
                    onDone: [
                      { guard: { type: 'unpriced', params: ({ event }) => ({ prices: event.output }) }, target: 'idle', actions: 'removeAskedSize' },
                      { target: 'confirming', actions: { type: 'setRemovalCount', params: ({ event }) => ({ prices: event.output }) } },
                    ],
                    // Not counted: ask all the same, without a number.
                    onError: { target: 'confirming' },
                  },
                },
                confirming: {
                  on: {
                    'removal.confirm': { target: 'idle', actions: 'removeAskedSize' },
                    'removal.cancel': { target: 'idle', actions: 'clearRemoval' },
                  },
                },
              },
            },
            leave: {
              initial: 'editing',
              states: {
                editing: { on: { 'category.save': { target: 'leaving', actions: 'startSave' } } },
                /** Save in edit mode: what is queued goes out, then the person returns to the list. */
                leaving: {
                  always: [
                    { guard: 'saveRefused', target: 'editing' },
                    { guard: and(['queueSettled', stateIn('#categoryEditor.editor.live.sync.idle')]), target: 'left' },
                  ],
                },
                left: { type: 'final' },
              },
            },
          },
        },
      },
    },
    upload: {
      initial: 'idle',
      states: {
        idle: { on: { 'image.upload': { guard: 'hasFile', target: 'uploading' } } },
        uploading: {
          invoke: {
            id: 'uploadHero',
            src: 'uploadHero',
            input: ({ event }) => ({ file: event.type === 'image.upload' ? event.file : new Blob() }),
            onDone: { target: 'idle', actions: { type: 'setUploadedImage', params: ({ event }) => ({ image: event.output }) } },
            onError: { target: 'idle', actions: { type: 'showUploadFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type CategoryEditorMachine = typeof categoryEditorMachine;
