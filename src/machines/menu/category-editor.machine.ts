import { and, assertEvent, stateIn } from 'xstate';
import { countPricesCall, deepPayload, missingDetailCall, syncInput } from './category-editor.calls';
import type { DetailCall, RowCall } from './category-editor.calls';
import { initialContext } from './category-editor.context';
import { categoryEditorSetup } from './category-editor.setup';

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
 * Tags for the screen: `loading`, `failed`, `notFound`, `otherRestaurant`, `saving` (creating,
 * finding a restaurant, leaving), `uploading`, `countingRemoval`, `confirmingRemoval`. Entering
 * `left` or `created` emits `screen.navigate` (to the list, or to the new category's editor).
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

export const categoryEditorMachine = categoryEditorSetup.createMachine({
  id: 'categoryEditor',
  context: ({ input }) => initialContext(input),
  type: 'parallel',
  on: { 'alert.dismiss': { actions: 'clearAlert' } },
  states: {
    editor: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
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
          tags: ['loading'],
          always: [{ guard: 'ofAnotherRestaurant', target: 'otherRestaurant' }, { guard: 'detailMissing', target: 'creatingDetail' }, { target: 'live' }],
        },
        creatingDetail: {
          tags: ['loading'],
          invoke: {
            id: 'createDetail',
            src: 'createDetail',
            input: ({ context }) => missingDetailCall(context),
            onDone: { target: 'live', actions: { type: 'setDetailId', params: ({ event }) => ({ detail: event.output }) } },
            onError: { target: 'loadFailed', actions: { type: 'showLoadFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loadFailed: { tags: ['failed'], on: { 'load.retry': 'loading' } },
        notFound: { tags: ['notFound'] },
        /** Another restaurant's category: the view offers to switch to it; nothing is sent. */
        otherRestaurant: { tags: ['otherRestaurant'] },
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
              tags: ['saving'],
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
              tags: ['saving'],
              entry: 'clearAlert',
              invoke: {
                id: 'createCategory',
                src: 'createCategory',
                input: ({ context }) => ({ payload: deepPayload(context, context.scope.restaurantId ?? 0), scope: context.scope }),
                onDone: { target: 'created', actions: { type: 'setCreated', params: ({ event }) => ({ category: event.output }) } },
                onError: { target: 'editing', actions: { type: 'showCreateFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            created: { type: 'final', entry: 'openCreated' },
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
                  tags: ['countingRemoval'],
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
                  tags: ['confirmingRemoval'],
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
                  tags: ['saving'],
                  always: [
                    { guard: 'saveRefused', target: 'editing' },
                    { guard: and(['queueSettled', stateIn('#categoryEditor.editor.live.sync.idle')]), target: 'left' },
                  ],
                },
                left: { type: 'final', entry: 'returnToList' },
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
          tags: ['uploading'],
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
