import { assign, fromPromise, setup } from 'xstate';
import type { Clock } from '../../../contracts/shared/clock-format';
import type { Restaurant } from '../../../contracts/shared/restaurants';
import { loadRestaurant } from '../../services/shared/restaurants';

/**
 * The store address of the restaurant the back office works on, for the header's and sidebar's
 * "View your store" (issue 29): its slug, read from the restaurants list, again whenever the
 * restaurant changes or the Store screen saves a new one. A failed read shows no link, rather
 * than one that may lead nowhere. The same read gives the restaurant's clock (its zone and
 * country), which the back office's times are shown on.
 */

export type StoreLinkEvent = { type: 'restaurant.changed'; restaurantId: number | null } | { type: 'storeLink.refresh' };

export type StoreLinkContext = { restaurantId: number | null; slug: string | null; clock: Clock | null };

const clockOf = (restaurant: Restaurant | null): Clock | null =>
  restaurant?.time_zone ? { zone: restaurant.time_zone, country: restaurant.country ?? null } : null;

export const storeLinkMachine = setup({
  types: { input: {} as { restaurantId: number | null }, context: {} as StoreLinkContext, events: {} as StoreLinkEvent },
  actors: { loadRestaurant: fromPromise<Restaurant | null, { restaurantId: number }>(({ input }) => loadRestaurant(input.restaurantId)) },
  guards: {
    hasRestaurant: ({ context }) => context.restaurantId !== null,
    otherRestaurant: ({ context, event }) => event.type === 'restaurant.changed' && event.restaurantId !== context.restaurantId,
  },
}).createMachine({
  id: 'storeLink',
  context: ({ input }) => ({ restaurantId: input.restaurantId, slug: null, clock: null }),
  initial: 'choosing',
  on: {
    'restaurant.changed': {
      guard: 'otherRestaurant',
      target: '.choosing',
      actions: assign(({ event }) => ({ restaurantId: event.restaurantId, slug: null, clock: null })),
    },
  },
  states: {
    choosing: { always: [{ guard: 'hasRestaurant', target: 'loading' }, { target: 'none' }] },
    none: {},
    loading: {
      invoke: {
        id: 'loadRestaurant',
        src: 'loadRestaurant',
        input: ({ context }) => ({ restaurantId: context.restaurantId ?? 0 }),
        onDone: { target: 'known', actions: assign({ slug: ({ event }) => event.output?.slug ?? null, clock: ({ event }) => clockOf(event.output) }) },
        // A failed refresh keeps the clock: the restaurant's zone does not change with its address.
        onError: { target: 'none', actions: assign({ slug: null }) },
      },
    },
    known: { on: { 'storeLink.refresh': { target: 'loading' } } },
  },
});
