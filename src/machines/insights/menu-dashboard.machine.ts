import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { MenuStats } from '../../../contracts/insights';
import type { OrderStats } from '../../../contracts/shared/order-figures';
import { checkBackend, loadMenuStats, loadOrderStats } from '../../services/insights/stats';
import { errorText } from '../../services/shared/error-text';
import { ordersOrNone } from './order-series';

/** The dashboard's orders chart covers the last 30 days. */
export const DASHBOARD_ORDER_DAYS = 30;

/**
 * The Menu dashboard: the menu's statistics, a real check that the backend answers, and the
 * last 30 days of orders (null when there are none to be had: order-series.ts), loaded together. The screen tells the machine when an administrator picks another restaurant.
 *
 *   loading --done--> loaded / --error--> failed --dashboard.retry--> loading
 *   restaurant.changed (another id) --> loading, from anywhere
 */
export type MenuDashboardData = { stats: MenuStats; backendReachable: boolean; orders: OrderStats | null };
export type MenuDashboardContext = { restaurantId: number | null; data: MenuDashboardData | null; error: string | null };
export type MenuDashboardEvent = { type: 'restaurant.changed'; restaurantId: number | null } | { type: 'dashboard.retry' };

export const menuDashboardMachine = setup({
  types: {
    context: {} as MenuDashboardContext,
    events: {} as MenuDashboardEvent,
    input: {} as { restaurantId: number | null },
  },
  actors: {
    loadDashboard: fromPromise<MenuDashboardData, { restaurantId: number | null }>(async ({ input }) => {
      const [stats, backendReachable, orders] = await Promise.all([
        loadMenuStats(input.restaurantId),
        checkBackend(),
        ordersOrNone(loadOrderStats(input.restaurantId, DASHBOARD_ORDER_DAYS)),
      ]);
      return { stats, backendReachable, orders };
    }),
  },
  guards: {
    isAnotherRestaurant: ({ context, event }) => {
      assertEvent(event, 'restaurant.changed');
      return event.restaurantId !== context.restaurantId;
    },
  },
}).createMachine({
  id: 'menuDashboard',
  context: ({ input }) => ({ restaurantId: input.restaurantId, data: null, error: null }),
  initial: 'loading',
  on: {
    'restaurant.changed': {
      guard: 'isAnotherRestaurant',
      // The root's transition to its child exits and enters the active child, so a load under
      // way is dropped for the new restaurant's (no `reenter` needed: that would re-enter the root).
      target: '.loading',
      actions: assign({ restaurantId: ({ event }) => event.restaurantId, data: null, error: null }),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadDashboard',
        src: 'loadDashboard',
        input: ({ context }) => ({ restaurantId: context.restaurantId }),
        onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error, String(event.error)).message }) },
      },
    },
    loaded: {},
    failed: { on: { 'dashboard.retry': 'loading' } },
  },
});

export type MenuDashboardMachine = typeof menuDashboardMachine;
