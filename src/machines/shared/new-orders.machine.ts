import { assign, fromPromise, setup } from 'xstate';
import type { NewOrdersCount } from '../../../contracts/shared/new-orders';
import { loadNewOrdersCount } from '../../services/shared/new-orders';

/**
 * The count of new orders beside "Orders" in the back office's sidebar (issue 40), on every page,
 * and of unread notifications beside "Notifications" (issue 45), from the same answer.
 *
 *   loading --done--> waiting (the count) ; --error--> waiting (the last count kept)
 *   waiting --after `poll`, or newOrders.refresh (another page opened)--> loading
 *   any --page.hidden--> paused --page.visible--> loading
 *   any --restaurant.changed (another one)--> loading, the count forgotten
 *
 * A light count asked for every POLL_MS, not an event stream: every back-office tab would
 * otherwise hold a stream open beside the board's, taking a place the process-wide stream cap
 * keeps for boards, while the count is one index-only lookup any server answers. A hidden tab
 * stops asking; it asks at once when seen again, as it does when another page opens.
 */
export const NEW_ORDERS_POLL_MS = 15_000;

export type NewOrdersEvent =
  | { type: 'restaurant.changed'; restaurantId: number | null }
  | { type: 'newOrders.refresh' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' };

export type NewOrdersContext = { restaurantId: number | null; count: number | null; unread: number | null };

export const newOrdersMachine = setup({
  types: { input: {} as { restaurantId: number | null }, context: {} as NewOrdersContext, events: {} as NewOrdersEvent },
  actors: { loadNewOrdersCount: fromPromise<NewOrdersCount, { restaurantId: number | null }>(({ input }) => loadNewOrdersCount(input)) },
  delays: { poll: NEW_ORDERS_POLL_MS },
  guards: { otherRestaurant: ({ context, event }) => event.type === 'restaurant.changed' && event.restaurantId !== context.restaurantId },
}).createMachine({
  id: 'newOrders',
  context: ({ input }) => ({ restaurantId: input.restaurantId, count: null, unread: null }),
  initial: 'loading',
  on: {
    'restaurant.changed': {
      guard: 'otherRestaurant',
      target: '.loading',
      actions: assign(({ event }) => ({ restaurantId: event.restaurantId, count: null, unread: null })),
    },
    'page.hidden': '.paused',
  },
  states: {
    loading: {
      invoke: {
        id: 'loadNewOrdersCount',
        src: 'loadNewOrdersCount',
        input: ({ context }) => ({ restaurantId: context.restaurantId }),
        onDone: {
          target: 'waiting',
          actions: assign({ count: ({ event }) => event.output.count, unread: ({ event }) => event.output.unread_notifications ?? null }),
        },
        // A failed count keeps the last one shown: the next poll tries again.
        onError: { target: 'waiting' },
      },
    },
    waiting: { after: { poll: 'loading' }, on: { 'newOrders.refresh': 'loading' } },
    paused: { on: { 'page.visible': 'loading' } },
  },
});

export type NewOrdersMachine = typeof newOrdersMachine;
