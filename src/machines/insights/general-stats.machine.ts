import { assign, fromPromise, setup } from 'xstate';
import type { GeneralStats } from '../../../contracts/insights';
import { loadGeneralStats } from '../../services/insights/stats';

/**
 * The Drivers and Customers screens' stat cards (/stats/general/). Section 8: a failure is only
 * logged ('Error fetching stats') and the cards show zeros, so `failed` keeps the zeros.
 *
 *   loading --done--> loaded / --error--> failed (zeros)
 *   restaurant.changed (another id) --> loading, from anywhere
 */
export const NO_GENERAL_STATS: GeneralStats = { restaurants: 0, cities: 0, menuItems: 0, categories: 0 };

export type GeneralStatsContext = { restaurantId: number | null; stats: GeneralStats };
export type GeneralStatsEvent = { type: 'restaurant.changed'; restaurantId: number | null };

export const generalStatsMachine = setup({
  types: {
    context: {} as GeneralStatsContext,
    events: {} as GeneralStatsEvent,
    input: {} as { restaurantId: number | null },
  },
  actors: {
    loadStats: fromPromise<GeneralStats, { restaurantId: number | null }>(({ input }) => loadGeneralStats(input.restaurantId)),
  },
  actions: {
    logFailure: ({ event }) => console.error('Error fetching stats', (event as { error?: unknown }).error),
  },
  guards: {
    isAnotherRestaurant: ({ context, event }) => event.restaurantId !== context.restaurantId,
  },
}).createMachine({
  id: 'generalStats',
  context: ({ input }) => ({ restaurantId: input.restaurantId, stats: NO_GENERAL_STATS }),
  initial: 'loading',
  on: {
    'restaurant.changed': {
      guard: 'isAnotherRestaurant',
      // The root's transition to its child exits and enters the active child, so a load under
      // way is dropped for the new restaurant's (no `reenter` needed: that would re-enter the root).
      target: '.loading',
      actions: assign({ restaurantId: ({ event }) => event.restaurantId, stats: NO_GENERAL_STATS }),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadStats',
        src: 'loadStats',
        input: ({ context }) => ({ restaurantId: context.restaurantId }),
        onDone: { target: 'loaded', actions: assign({ stats: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: ['logFailure', assign({ stats: NO_GENERAL_STATS })] },
      },
    },
    loaded: {},
    failed: {},
  },
});

export type GeneralStatsMachine = typeof generalStatsMachine;
