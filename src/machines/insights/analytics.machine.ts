import { ANALYTICS_RANGE_DEFAULT, type AnalyticsRange, type AnalyticsStats } from '../../../contracts/insights';
import type { OrderStats, OrderStatsDays } from '../../../contracts/shared/order-figures';
import { DEFAULT_CURRENCY } from '../../../contracts/shared/restaurants';
import { loadAnalyticsStats, loadOrderStats } from '../../services/insights/stats';
import { ordersOrNone } from './order-series';
import { createRestaurantLoader } from './restaurant-loader';

/**
 * The Analytics screen: the platform's (or one restaurant's) counts, its orders per day over the
 * longest range (null when there are none to be had: order-series.ts), and the chosen range in
 * days (the loader's `choice`). The range only cuts the real series or seeds the sample, so
 * choosing one loads nothing. Section 8: a failure is only logged ('Error fetching stats') and
 * the screen shows zeros (restaurant-loader.ts).
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

export const NO_ANALYTICS_DATA: AnalyticsData = { stats: NO_ANALYTICS_STATS, orders: null };

export const analyticsMachine = createRestaurantLoader<AnalyticsData, AnalyticsRange>({
  id: 'analytics',
  load: async (restaurantId) => {
    const [stats, orders] = await Promise.all([loadAnalyticsStats(restaurantId), ordersOrNone(loadOrderStats(restaurantId, LONGEST_RANGE))]);
    return { stats, orders };
  },
  empty: NO_ANALYTICS_DATA,
  choice: ANALYTICS_RANGE_DEFAULT,
  logFailure: true,
});

export type AnalyticsMachine = typeof analyticsMachine;
