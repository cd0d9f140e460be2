import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ANALYTICS_RANGE_DEFAULT, type AnalyticsRange, type AnalyticsStats } from '../../../contracts/insights';
import type { OrderStats, OrderStatsDays } from '../../../contracts/shared/order-figures';
import { DEFAULT_CURRENCY } from '../../../contracts/shared/restaurants';
import { loadAnalyticsStats, loadOrderStats } from '../../services/insights/stats';
import { ordersOrNone } from './order-series';

/**
 * The Analytics screen: the platform's (or one restaurant's) counts, its orders per day over the
 * longest range (null when there are none to be had: order-series.ts), and the chosen range in
 * days. The range only cuts the real series or seeds the sample, so choosing one loads nothing.
 * Section 8: a failure is only logged ('Error fetching stats') and the screen shows zeros.
 *
 *   loading --done--> loaded / --error--> failed (zeros);   range.chosen anywhere
 *   restaurant.changed (another id) --> loading, from anywhere
 */
export const NO_ANALYTICS_STATS: AnalyticsStats = {
  currency: DEFAULT_CURRENCY,
  countries: 0,
  cities: 0,
  restaurants: 0,
  menuItems: 0,
  categories: 0,
  optionGroups: 0,
  options: 0,
  itemsPerCategory: [],
};

/** The orders are asked for once, for the longest range; a shorter one is its last days. */
const LONGEST_RANGE: OrderStatsDays = 90;

/** What one load brings: the counts, and the orders of the longest range. */
export type AnalyticsData = { stats: AnalyticsStats; orders: OrderStats | null };
export type AnalyticsContext = { restaurantId: number | null; range: AnalyticsRange; stats: AnalyticsStats; orders: OrderStats | null };
export type AnalyticsEvent = { type: 'restaurant.changed'; restaurantId: number | null } | { type: 'range.chosen'; range: AnalyticsRange };

export const analyticsMachine = setup({
  types: {
    context: {} as AnalyticsContext,
    events: {} as AnalyticsEvent,
    input: {} as { restaurantId: number | null },
  },
  actors: {
    loadStats: fromPromise<AnalyticsData, { restaurantId: number | null }>(async ({ input }) => {
      const [stats, orders] = await Promise.all([loadAnalyticsStats(input.restaurantId), ordersOrNone(loadOrderStats(input.restaurantId, LONGEST_RANGE))]);
      return { stats, orders };
    }),
  },
  actions: {
    logFailure: ({ event }) => console.error('Error fetching stats', (event as { error?: unknown }).error),
  },
  guards: {
    isAnotherRestaurant: ({ context, event }) => {
      assertEvent(event, 'restaurant.changed');
      return event.restaurantId !== context.restaurantId;
    },
  },
}).createMachine({
  id: 'analytics',
  context: ({ input }) => ({ restaurantId: input.restaurantId, range: ANALYTICS_RANGE_DEFAULT, stats: NO_ANALYTICS_STATS, orders: null }),
  initial: 'loading',
  on: {
    'restaurant.changed': {
      guard: 'isAnotherRestaurant',
      // The root's transition to its child exits and enters the active child, so a load under
      // way is dropped for the new restaurant's (no `reenter` needed: that would re-enter the root).
      target: '.loading',
      actions: assign({ restaurantId: ({ event }) => event.restaurantId, stats: NO_ANALYTICS_STATS, orders: null }),
    },
    'range.chosen': { actions: assign({ range: ({ event }) => event.range }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadStats',
        src: 'loadStats',
        input: ({ context }) => ({ restaurantId: context.restaurantId }),
        onDone: { target: 'loaded', actions: assign({ stats: ({ event }) => event.output.stats, orders: ({ event }) => event.output.orders }) },
        onError: { target: 'failed', actions: ['logFailure', assign({ stats: NO_ANALYTICS_STATS, orders: null })] },
      },
    },
    loaded: {},
    failed: {},
  },
});

export type AnalyticsMachine = typeof analyticsMachine;
