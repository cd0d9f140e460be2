import { and, assertEvent, assign, fromPromise, setup, stateIn } from 'xstate';
import { IMAGE_BOUNDS, type UploadedImage } from '../../../contracts/shared/upload';
import { MENU_MESSAGES, type Category, type CategoryDetail } from '../../../contracts/menu';
import { countSizePrices, createCategoryDeep, findFirstRestaurantId, loadCategoryEditor } from '../../services/menu/menu';
import type { CategoryEditorData } from '../../services/menu/menu-types';
import { uploadImage } from '../../services/shared/upload';
import { categoryDetailSyncMachine, createDetailActor, type DetailOutcome } from './category-detail-sync.machine';
import { countPricesCall, deepPayload, isDetailCall, isRowCall, missingDetailCall, resolveCall, syncInput } from './category-editor.calls';
import type { CountPricesCall, CreateCategoryCall, DetailCall, LoadEditorCall, RowCall } from './category-editor.calls';
import { initialContext, type CategoryEditorContext, type CategoryEditorEvent, type CategoryEditorInput } from './category-editor.context';
import * as edits from './category-editor.edits';
import { applyChipReport, applyDetailOutcome, applyRowOutcome, dropJob } from './category-editor.outcomes';
import { removeFamily, type ChipList } from './category-editor.rows';
import { categoryRowSyncMachine, type ChipReport, type RowOutcome } from './category-row-sync.machine';
import { MENU_ALERTS, reason, statusOf } from './menu-errors';

/**
 * The category editor (spec sections 2, 4, 5 and 8; issue 6).
 *
 *   editor.loading --done [another restaurant's]--> otherRestaurant (no write; the view offers to switch)
 *   editor.loading --done [detail missing]--> creatingDetail --done--> live
 *   editor.loading --done--> drafting (new) | live (edit) ; --error [404]--> notFound ; --error--> loadFailed
 *
 *   drafting (new mode): every change stays here until category.save
 *     editing --save [name, restaurant known]--> creating --done--> created
 *     editing --save [superadmin, no restaurant]--> findingRestaurant --done--> creating
 *
 *   live (edit mode), three regions:
 *     sync: ONE serial queue of jobs, one call out at a time, so no answer arrives out of order:
 *           idle --job queued--> dispatch --> sendingRow (child: category-row-sync.machine.ts)
 *                                         --> sendingDetail (child: category-detail-sync.machine.ts)
 *           --outcome--> idle ; a failed update --> rereading (the category read again) --> idle
 *     leave: editing --category.save--> leaving --queue settled--> left (the view returns to the list)
 *     removal: idle --size.remove [saved]--> counting --done [no prices]--> idle (removed)
 *              counting --done [prices] / error--> confirming --removal.confirm--> idle (removed) ; --removal.cancel--> idle
 *
 *   upload (beside editor): idle --image.upload--> uploading --> idle
 *
 * Row and chip statuses live in context (category-editor.rows.ts); which call is out is a state
 * of the child sending it. The children's own service actors are swapped with
 * `categoryRowSyncMachine.provide(...)` / `categoryDetailSyncMachine.provide(...)`, handed to
 * this machine's `provide` as `rowSync` / `detailSync`.
 */

/** Params read from an event, for the guards and actions that take them: a child's outcome, a restaurant, a row. */
const outcomeOf = <Outcome>({ event }: { event: { output: Outcome } }) => ({ outcome: event.output });
const restaurantOf = ({ event }: { event: { output: number | null } }) => ({ id: event.output });
const keyOf = ({ event }: { event: { key: string } }) => ({ key: event.key });

export const categoryEditorMachine = setup({
  types: {
    context: {} as CategoryEditorContext,
    events: {} as CategoryEditorEvent | ChipReport,
    input: {} as CategoryEditorInput,
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
  },
}).createMachine({
  id: 'categoryEditor',
  context: ({ input }) => initialContext(input),
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
          always: [{ guard: 'ofAnotherRestaurant', target: 'otherRestaurant' }, { guard: 'detailMissing', target: 'creatingDetail' }, { target: 'live' }],
        },
        creatingDetail: {
          invoke: {
            id: 'createDetail',
            src: 'createDetail',
            input: ({ context }) => missingDetailCall(context),
            onDone: { target: 'live', actions: { type: 'setDetailId', params: ({ event }) => ({ detail: event.output }) } },
            onError: { target: 'loadFailed', actions: { type: 'showLoadFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loadFailed: { on: { 'load.retry': 'loading' } },
        notFound: {},
        /** Another restaurant's category: the view offers to switch to it; nothing is sent. */
        otherRestaurant: {},
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
            'row.remove': { actions: { type: 'removeRowLocally', params: keyOf } },
            // Nothing is saved yet, so no menu item prices a size: it goes at once.
            'size.remove': { actions: { type: 'removeRowLocally', params: keyOf } },
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
                  { guard: { type: 'restaurantFound', params: restaurantOf }, target: 'creating', actions: { type: 'useRestaurant', params: restaurantOf } },
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
            'row.remove': { actions: { type: 'removeRowLive', params: keyOf } },
          },
          states: {
            sync: {
              initial: 'idle',
              states: {
                idle: { always: { guard: 'hasJobs', target: 'dispatch', actions: 'takeJob' } },
                dispatch: {
                  always: [
                    { guard: 'rowCallDue', target: 'sendingRow' },
                    { guard: 'detailCallDue', target: 'sendingDetail' },
                    // Nothing left to send (the row went, the chip is back where the server has it).
                    { target: 'idle', actions: 'dropJob' },
                  ],
                },
                /** A row or a chip: the child makes the call (and re-reads a chip's list). */
                sendingRow: {
                  on: { 'chip.saved': { actions: 'applyChipReport' }, 'chip.refused': { actions: 'applyChipReport' } },
                  invoke: {
                    id: 'rowSync',
                    src: 'rowSync',
                    input: ({ context, self }) => ({ ...syncInput<RowCall>(context), editor: self }),
                    onDone: [
                      { guard: { type: 'updateFailed', params: outcomeOf }, target: 'rereading', actions: { type: 'applyRowOutcome', params: outcomeOf } },
                      { target: 'idle', actions: { type: 'applyRowOutcome', params: outcomeOf } },
                    ],
                  },
                },
                /** The category's name and description, or its detail. */
                sendingDetail: {
                  invoke: {
                    id: 'detailSync',
                    src: 'detailSync',
                    input: ({ context }) => syncInput<DetailCall>(context),
                    onDone: [
                      { guard: { type: 'updateFailed', params: outcomeOf }, target: 'rereading', actions: { type: 'applyDetailOutcome', params: outcomeOf } },
                      { target: 'idle', actions: { type: 'applyDetailOutcome', params: outcomeOf } },
                    ],
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
                      { guard: { type: 'sizeSaved', params: keyOf }, target: 'counting', actions: { type: 'askRemoval', params: keyOf } },
                      { actions: { type: 'removeRowLive', params: keyOf } },
                    ],
                  },
                },
                counting: {
                  invoke: {
                    id: 'countSizePrices',
                    src: 'countSizePrices',
                    input: ({ context }) => countPricesCall(context),
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
            input: ({ event }) => {
              assertEvent(event, 'image.upload');
              return { file: event.file };
            },
            onDone: { target: 'idle', actions: { type: 'setUploadedImage', params: ({ event }) => ({ image: event.output }) } },
            onError: { target: 'idle', actions: { type: 'showUploadFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type CategoryEditorMachine = typeof categoryEditorMachine;
