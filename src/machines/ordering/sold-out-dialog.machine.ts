import { assign, fromPromise, setup } from 'xstate';
import { soldOutItems, type SoldOutItem } from '../../services/ordering/sold-out-items';
import { errorText } from '../../services/shared/error-text';

/**
 * The board's "Sold out" dialog (issue 45): the restaurant's dishes, found by typing, each with
 * the shared sold-out control (src/views/shared/sold-out-control.tsx). Each change of the search
 * reads the list again (the newest answer wins: a read in flight is dropped when another starts).
 */
type Context = { restaurantId: number; search: string; items: SoldOutItem[]; error: string | null };
type Events = { type: 'dialog.open' } | { type: 'dialog.close' } | { type: 'search.change'; value: string } | { type: 'list.reload' };

export const soldOutDialogMachine = setup({
  types: { context: {} as Context, input: {} as { restaurantId: number }, events: {} as Events },
  actors: {
    loadItems: fromPromise<SoldOutItem[], { restaurantId: number; search: string }>(({ input }) => soldOutItems(input.restaurantId, input.search)),
  },
}).createMachine({
  id: 'soldOutDialog',
  context: ({ input }) => ({ restaurantId: input.restaurantId, search: '', items: [], error: null }),
  initial: 'closed',
  states: {
    closed: { tags: ['closed'], on: { 'dialog.open': { target: 'open', actions: assign({ search: '', error: null }) } } },
    open: {
      on: {
        'dialog.close': 'closed',
        'search.change': { target: '.loading', reenter: true, actions: assign({ search: ({ event }) => event.value }) },
      },
      initial: 'loading',
      states: {
        loading: {
          tags: ['open', 'loading'],
          invoke: {
            src: 'loadItems',
            input: ({ context }) => ({ restaurantId: context.restaurantId, search: context.search }),
            onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output, error: null }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error, 'Could not load the menu.').message }) },
          },
        },
        ready: { tags: ['open', 'ready'], on: { 'list.reload': 'loading' } },
        failed: { tags: ['open', 'failed'], on: { 'list.reload': 'loading' } },
      },
    },
  },
});
