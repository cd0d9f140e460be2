import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { IMAGE_BOUNDS, type UploadedImage } from '../../../contracts/shared/upload';
import { MENU_MESSAGES, type Category, type CategoryDetail } from '../../../contracts/menu';
import { countSizePrices, createCategoryDeep, findFirstRestaurantId, loadCategoryEditor } from '../../services/menu/menu';
import type { CategoryEditorData } from '../../services/menu/menu-types';
import { uploadImage } from '../../services/shared/upload';
import { categoryDetailSyncMachine, createDetailActor, type DetailOutcome } from './category-detail-sync.machine';
import { isDetailCall, isRowCall, resolveCall } from './category-editor.calls';
import type { CountPricesCall, CreateCategoryCall, LoadEditorCall } from './category-editor.calls';
import type { CategoryEditorContext, CategoryEditorEvent, CategoryEditorInput } from './category-editor.context';
import * as edits from './category-editor.edits';
import { applyChipReport, applyDetailOutcome, applyRowOutcome, dropJob } from './category-editor.outcomes';
import { removeFamily, type ChipList } from './category-editor.rows';
import { categoryRowSyncMachine, type ChipReport, type RowOutcome } from './category-row-sync.machine';
import { MENU_ALERTS, reason, statusOf } from './menu-errors';

/**
 * The category editor's implementations (category-editor.machine.ts draws the chart): its types,
 * the calls it makes, the guards it asks and the actions it takes, each a thin wrapper over the
 * pure helpers of category-editor.edits.ts and category-editor.outcomes.ts. The chart emits
 * `screen.navigate` when the person is to leave the editor (after Save, or to a new category).
 */

/** Where the screen goes once the editor is done: the list, or the new category's own editor. */
export type CategoryEditorEmitted = { type: 'screen.navigate'; to: string; replace: boolean };

export const categoryEditorSetup = setup({
  types: {
    context: {} as CategoryEditorContext,
    events: {} as CategoryEditorEvent | ChipReport,
    input: {} as CategoryEditorInput,
    emitted: {} as CategoryEditorEmitted,
  },
  actors: {
    loadEditor: fromPromise<CategoryEditorData, LoadEditorCall>(({ input }) => loadCategoryEditor(input.categoryId, input.scope)),
    createDetail: createDetailActor,
    findFirstRestaurant: fromPromise<number | null>(() => findFirstRestaurantId()),
    createCategory: fromPromise<Category, CreateCategoryCall>(({ input }) => createCategoryDeep(input.payload, input.scope)),
    countSizePrices: fromPromise<number, CountPricesCall>(({ input }) => countSizePrices(input.scope, input.categoryId, input.sizeId)),
    // Stryker disable next-line ArrowFunction: the real upload runs only in Chromium (ky never settles FormData under jsdom); e2e category tests cover it
    uploadHero: fromPromise<UploadedImage, { file: Blob }>(({ input }) => uploadImage(input.file, IMAGE_BOUNDS.categoryHero)),
    rowSync: categoryRowSyncMachine,
    detailSync: categoryDetailSyncMachine,
  },
  guards: {
    isNew: ({ context }) => context.mode === 'new',
    hasFile: ({ event }) => {
      assertEvent(event, 'image.upload');
      return event.file instanceof Blob;
    },
    detailMissing: ({ context }) => context.mode === 'edit' && context.detailId === null,
    // Opened by link while working on another restaurant: every list and write is tagged with
    // that one, so nothing here could be saved (issue 27).
    ofAnotherRestaurant: ({ context }) =>
      context.scope.restaurantId !== null && context.restaurant !== null && context.restaurant.id !== context.scope.restaurantId,
    notFound: (_, params: { error: unknown }) => statusOf(params.error) === 404,
    nameMissing: ({ context }) => context.form.name.trim() === '',
    restaurantKnown: ({ context }) => context.scope.restaurantId !== null,
    mayLookUpRestaurant: ({ context }) => context.scope.superadmin,
    restaurantFound: (_, params: { id: number | null }) => params.id !== null,
    hasJobs: ({ context }) => context.queue.length > 0,
    rowCallDue: ({ context }) => isRowCall(resolveCall(context)),
    detailCallDue: ({ context }) => isDetailCall(resolveCall(context)),
    /** The server refused a row's or the detail's update: the editor reads the category again. */
    updateFailed: (_, params: { outcome: RowOutcome | DetailOutcome }) => params.outcome.kind === 'updateFailed',
    queueSettled: ({ context }) => context.queue.length === 0 && context.current === null,
    saveRefused: ({ context }) => context.error !== null || context.nameError !== null,
    sizeSaved: ({ context }, params: { key: string }) => edits.isSavedSize(context, params.key),
    unpriced: (_, params: { prices: number }) => params.prices === 0,
  },
  actions: {
    applyLoaded: assign(({ context }, params: { data: CategoryEditorData }) => edits.applyLoaded(context, params.data)),
    applyReread: assign(({ context }, params: { data: CategoryEditorData }) => edits.applyReread(context, params.data)),
    setDetailId: assign((_, params: { detail: CategoryDetail }) => ({ detailId: params.detail.id })),
    showLoadFailure: assign((_, params: { error: unknown }) => ({ error: reason(params.error) })),
    clearAlert: assign({ error: null }),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return edits.setField(context, event.field, event.value);
    }),
    setDetail: assign(({ context, event }) => {
      assertEvent(event, 'detail.change');
      return edits.setDetail(context, event.patch);
    }),
    toggleChip: assign(({ context }, params: { list: ChipList; id: number | undefined }) => edits.toggleChip(context, params.list, params.id)),
    addRow: assign(({ context, event }) => edits.addRow(context, event)),
    changeRow: assign(({ context, event }) => {
      assertEvent(event, 'row.change');
      return edits.changeRow(context, event.key, event.patch);
    }),
    saveRow: assign(({ context, event }) => {
      assertEvent(event, 'row.save');
      return edits.saveRow(context, event.key);
    }),
    removeRowLocally: assign(({ context }, params: { key: string }) => removeFamily(context.rows, context.queue, params.key)),
    removeRowLive: assign(({ context }, params: { key: string }) => edits.removeLive(context, params.key)),
    askRemoval: assign(({ context }, params: { key: string }) => edits.askRemoval(context, params.key)),
    setRemovalCount: assign(({ context }, params: { prices: number }) => edits.setRemovalCount(context, params.prices)),
    removeAskedSize: assign(({ context }) => edits.removeAskedSize(context)),
    clearRemoval: assign({ sizeRemoval: null }),
    enqueueForField: assign(({ context, event }) => {
      assertEvent(event, 'field.save');
      return edits.enqueueForField(context, event.field);
    }),
    refuseNewGroup: assign({ error: MENU_ALERTS.saveCategoryFirst }),
    requireName: assign({ nameError: MENU_MESSAGES.categoryName }),
    refuseNoRestaurant: assign({ error: MENU_MESSAGES.noRestaurant }),
    useRestaurant: assign(({ context }, params: { id: number | null }) => ({ scope: { ...context.scope, restaurantId: params.id } })),
    showCreateFailure: assign((_, params: { error: unknown }) => ({ error: `${MENU_ALERTS.createFailed}${reason(params.error)}` })),
    setCreated: assign((_, params: { category: Category }) => ({ createdId: params.category.id })),
    startSave: assign(({ context }) => edits.startSave(context)),
    takeJob: assign(({ context }) => ({ current: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    dropJob: assign(({ context }) => dropJob(context)),
    applyChipReport: assign(({ context, event }) => {
      assertEvent(event, ['chip.saved', 'chip.refused']);
      return applyChipReport(context, event);
    }),
    applyRowOutcome: assign(({ context }, params: { outcome: RowOutcome }) => applyRowOutcome(context, params.outcome)),
    applyDetailOutcome: assign(({ context }, params: { outcome: DetailOutcome }) => applyDetailOutcome(context, params.outcome)),
    showUploadFailure: assign((_, params: { error: unknown }) => ({ error: `${MENU_ALERTS.uploadFailed}${reason(params.error)}` })),
    setUploadedImage: assign(({ context }, params: { image: UploadedImage }) => edits.setUploadedImage(context, params.image.url)),
    // Spec section 4: after saving in edit mode the person returns to the list. A new category
    // opens in edit mode, where its extra option groups and dishes can be added.
    returnToList: emit({ type: 'screen.navigate', to: '/menu/categories', replace: false } as const),
    openCreated: emit(({ context }) => ({ type: 'screen.navigate' as const, to: `/menu/categories/${context.createdId}/editor`, replace: true })),
  },
});
