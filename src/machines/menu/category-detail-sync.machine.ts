import { assign, fromPromise, setup } from 'xstate';
import type { Category, CategoryDetail } from '../../../contracts/menu';
import { createCategoryDetail, updateCategory, updateCategoryDetail } from '../../services/menu/menu';
import type { CreateDetailCall, DetailCall, SyncInput, UpdateCategoryCall, UpdateDetailCall } from './category-editor.calls';
import { statusOf } from './menu-errors';

/**
 * The detail's sender (spec section 4): the category editor takes a job for the category's own
 * fields (name and description, or the detail: priced by, option sets, toppings, dressings,
 * hero image) off its queue and invokes this machine with the call it needs.
 *
 *   dispatch --> updatingCategory --done/error--> sent (final, the outcome)
 *   dispatch --> updatingDetail --done/error--> sent ; --error [404]--> recreatingDetail --done/error--> sent
 */

/** The category and its scope are for a detail the server no longer has: it is created again. */
export type DetailSyncInput = SyncInput<DetailCall>;

/** saved: the server took it (with the detail as it now has it, when the call was about the detail). */
export type DetailOutcome = { kind: 'saved'; detail: CategoryDetail | null } | { kind: 'updateFailed' };

interface DetailSyncContext extends DetailSyncInput {
  /** updateFailed until a call is taken: every failure leaves it so. */
  outcome: DetailOutcome;
}

/** Creating a category's detail: here after a 404, and in the editor when a category has none on load. */
export const createDetailActor = fromPromise<CategoryDetail, CreateDetailCall>(({ input }) =>
  createCategoryDetail({ category_id: input.categoryId, ...input.values }, input.scope),
);

const FAILED: DetailOutcome = { kind: 'updateFailed' };

export const categoryDetailSyncMachine = setup({
  types: {
    context: {} as DetailSyncContext,
    input: {} as DetailSyncInput,
    output: {} as DetailOutcome,
  },
  actors: {
    updateCategory: fromPromise<Category, UpdateCategoryCall>(({ input }) => updateCategory(input.id, { name: input.name, description: input.description })),
    updateDetail: fromPromise<CategoryDetail, UpdateDetailCall>(({ input }) => updateCategoryDetail(input.detailId, input.values)),
    createDetail: createDetailActor,
  },
  guards: {
    aboutTheCategory: ({ context }) => context.call.actor === 'updateCategory',
    notFound: (_, params: { error: unknown }) => statusOf(params.error) === 404,
  },
  actions: {
    settle: assign((_, params: { outcome: DetailOutcome }) => ({ outcome: params.outcome })),
  },
}).createMachine({
  id: 'categoryDetailSync',
  context: ({ input }) => ({ ...input, outcome: FAILED }),
  initial: 'dispatch',
  states: {
    dispatch: {
      always: [{ guard: 'aboutTheCategory', target: 'updatingCategory' }, { target: 'updatingDetail' }],
    },
    updatingCategory: {
      invoke: {
        id: 'updateCategory',
        src: 'updateCategory',
        input: ({ context }) => context.call.input as UpdateCategoryCall,
        onDone: { target: 'sent', actions: { type: 'settle', params: { outcome: { kind: 'saved', detail: null } } } },
        onError: { target: 'sent' },
      },
    },
    updatingDetail: {
      invoke: {
        id: 'updateDetail',
        src: 'updateDetail',
        input: ({ context }) => context.call.input as UpdateDetailCall,
        onDone: { target: 'sent', actions: { type: 'settle', params: ({ event }) => ({ outcome: { kind: 'saved', detail: event.output } }) } },
        onError: [{ guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'recreatingDetail' }, { target: 'sent' }],
      },
    },
    /** Spec section 4: updating a detail the server does not have creates it instead, with the new values. */
    recreatingDetail: {
      invoke: {
        id: 'createDetail',
        src: 'createDetail',
        input: ({ context }): CreateDetailCall => ({
          categoryId: context.categoryId,
          values: (context.call.input as UpdateDetailCall).values,
          scope: context.scope,
        }),
        onDone: { target: 'sent', actions: { type: 'settle', params: ({ event }) => ({ outcome: { kind: 'saved', detail: event.output } }) } },
        onError: { target: 'sent' },
      },
    },
    sent: { type: 'final' },
  },
  output: ({ context }) => context.outcome,
});

export type CategoryDetailSyncMachine = typeof categoryDetailSyncMachine;
