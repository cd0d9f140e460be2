import type { GeneralStats } from '../../../contracts/insights';
import { loadGeneralStats } from '../../services/insights/stats';
import { createRestaurantLoader } from './restaurant-loader';

/**
 * The Drivers and Customers screens' stat cards (/stats/general/). Section 8: a failure is only
 * logged ('Error fetching stats') and the cards show zeros (restaurant-loader.ts).
 */
export const NO_GENERAL_STATS: GeneralStats = { restaurants: 0, cities: 0, menuItems: 0, categories: 0 };

export const generalStatsMachine = createRestaurantLoader<GeneralStats>({
  id: 'generalStats',
  load: loadGeneralStats,
  empty: NO_GENERAL_STATS,
  choice: null,
  logFailure: true,
});

export type GeneralStatsMachine = typeof generalStatsMachine;
