import type { MenuStats } from '../../../contracts/insights';
import type { OrderStats } from '../../../contracts/shared/order-figures';
import { checkBackend, loadMenuStats, loadOrderStats } from '../../services/insights/stats';
import { ordersOrNone } from './order-series';
import { createRestaurantLoader } from './restaurant-loader';

/** The dashboard's orders chart covers the last 30 days. */
export const DASHBOARD_ORDER_DAYS = 30;

/**
 * The Menu dashboard: the menu's statistics, a real check that the backend answers, and the
 * last 30 days of orders (null when there are none to be had: order-series.ts), loaded together.
 * A failure is said, with Retry (restaurant-loader.ts); the figures are drawn only once they came.
 */
export type MenuDashboardData = { stats: MenuStats; backendReachable: boolean; orders: OrderStats | null };

/** What the dashboard holds while nothing came: never drawn (the view draws the `ready` figures only). */
// Stryker disable ObjectLiteral,ArrayDeclaration,BooleanLiteral: never drawn (see above), so no person or caller can tell another value apart
export const NO_DASHBOARD_DATA: MenuDashboardData = {
  stats: {
    counts: { countries: 0, cities: 0, restaurants: 0, categories: 0, menuItems: 0, optionGroups: 0, options: 0 },
    restaurantsByCity: [],
    optionGroupBreakdown: [],
    itemsPerCategory: [],
  },
  backendReachable: false,
  orders: null,
};
// Stryker restore ObjectLiteral,ArrayDeclaration,BooleanLiteral

export const menuDashboardMachine = createRestaurantLoader<MenuDashboardData>({
  id: 'menuDashboard',
  load: async (restaurantId) => {
    const [stats, backendReachable, orders] = await Promise.all([
      loadMenuStats(restaurantId),
      checkBackend(),
      ordersOrNone(loadOrderStats(restaurantId, DASHBOARD_ORDER_DAYS)),
    ]);
    return { stats, backendReachable, orders };
  },
  empty: NO_DASHBOARD_DATA,
  choice: null,
  logFailure: false,
});

export type MenuDashboardMachine = typeof menuDashboardMachine;
